-- a small greyscale image as a 2-D array: flips, rotations, crops and subsampling by ixmap; box blur and Sobel edges
import Data.Array

type Image = Array (Int, Int) Int

image :: Image
image = listArray ((0, 0), (4, 5))
  [ 0, 0, 10, 10, 0, 0
  , 0, 50, 90, 90, 50, 0
  , 10, 90, 255, 255, 90, 10
  , 0, 50, 90, 90, 50, 0
  , 0, 0, 10, 10, 0, 9 ]

render :: Image -> [String]
render img = [unwords [pad (img ! (r, c)) | c <- [c0 .. c1]] | r <- [r0 .. r1]]
  where
    ((r0, c0), (r1, c1)) = bounds img
    pad v = replicate (3 - length (show v)) ' ' ++ show v

flipH, flipV, rotate90, transposeI :: Image -> Image
flipH img = ixmap b (\(r, c) -> (r, c0 + c1 - c)) img where b@((_, c0), (_, c1)) = bounds img
flipV img = ixmap b (\(r, c) -> (r0 + r1 - r, c)) img where b@((r0, _), (r1, _)) = bounds img
transposeI img = ixmap ((c0, r0), (c1, r1)) (\(c, r) -> (r, c)) img where ((r0, c0), (r1, c1)) = bounds img
-- Clockwise: the new row is the old column, the new column counts the old rows from the bottom.
rotate90 img = ixmap ((c0, r0), (c1, r1)) (\(c, r) -> (r0 + r1 - r, c)) img where ((r0, c0), (r1, c1)) = bounds img

crop :: (Int, Int) -> (Int, Int) -> Image -> Image
crop (r0, c0) (r1, c1) img = ixmap ((0, 0), (r1 - r0, c1 - c0)) (\(r, c) -> (r + r0, c + c0)) img

subsample :: Image -> Image
subsample img = ixmap ((0, 0), (r1 `div` 2, c1 `div` 2)) (\(r, c) -> (2 * r, 2 * c)) img
  where (_, (r1, c1)) = bounds img

-- Convolution with a 3x3 kernel, the border clamped.
convolve :: Array (Int, Int) Int -> Image -> Image
convolve k img = listArray (bounds img) [sum [k ! (dr, dc) * at (r + dr) (c + dc) | (dr, dc) <- range (bounds k)] | (r, c) <- range (bounds img)]
  where
    ((r0, c0), (r1, c1)) = bounds img
    at r c = img ! (max r0 (min r1 r), max c0 (min c1 c))

kernel :: [Int] -> Array (Int, Int) Int
kernel = listArray ((-1, -1), (1, 1))

main :: IO ()
main = do
  mapM_ putStrLn (render image)
  putStrLn "flipped:"
  mapM_ putStrLn (render (flipH image))
  putStrLn "rotated:"
  mapM_ putStrLn (render (rotate90 image))
  print (bounds (rotate90 image), rotate90 (rotate90 (rotate90 (rotate90 image))) == image)
  print (rotate90 (rotate90 image) == flipH (flipV image), transposeI (transposeI image) == image)
  print (flipH (rotate90 image) == transposeI image, flipV (rotate90 image) == transposeI image)
  print (crop (1, 1) (3, 4) image)
  print (elems (subsample image), bounds (subsample image))
  let blur = fmap (`div` 9) (convolve (kernel (replicate 9 1)) image)
  mapM_ putStrLn (render blur)
  let gx = convolve (kernel [-1, 0, 1, -2, 0, 2, -1, 0, 1]) image
      gy = convolve (kernel [-1, -2, -1, 0, 0, 0, 1, 2, 1]) image
      mag = listArray (bounds image) [abs a + abs b | (a, b) <- zip (elems gx) (elems gy)] :: Image
  mapM_ putStrLn (render mag)
  print (maximum (elems mag), [ix | (ix, v) <- assocs mag, v == maximum (elems mag)])
