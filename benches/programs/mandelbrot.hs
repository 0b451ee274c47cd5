-- bench: 600
-- Mandelbrot: for a w×w grid over [-2, 0.5] × [-1.25, 1.25], iterate z ← z² + c (as two
-- Doubles, up to 100 times) and count the points that stay bounded, with an Int loop per
-- point. Argument: w (default 30). Prints the count, a checksum of iteration counts, and, for
-- the default size, a coarse picture.
module Main (main) where

import System.Environment (getArgs)

maxIter :: Int
maxIter = 100

-- The iterations before |z| > 2, or maxIter.
escape :: Double -> Double -> Int
escape cr ci = go 0 0 0
  where
    go :: Double -> Double -> Int -> Int
    go zr zi i
      | i >= maxIter = maxIter
      | zr2 + zi2 > 4 = i
      | otherwise = go (zr2 - zi2 + cr) (2 * zr * zi + ci) (i + 1)
      where
        zr2 = zr * zr
        zi2 = zi * zi

point :: Int -> Int -> Int -> (Double, Double)
point w x y = (-2 + 2.5 * fromIntegral x / fromIntegral w, -1.25 + 2.5 * fromIntegral y / fromIntegral w)

row :: Int -> Int -> [Int]
row w y = [uncurry escape (point w x y) | x <- [0 .. w - 1]]

main :: IO ()
main = do
  args <- getArgs
  let w = if null args then 30 else read (head args)
      rows = map (row w) [0 .. w - 1]
      inside = length (filter (== maxIter) (concat rows))
      check = foldl (\acc k -> (acc * 31 + k) `mod` 1000000007) 0 (concat rows)
  putStrLn ("inside: " ++ show inside ++ " of " ++ show (w * w))
  putStrLn ("checksum: " ++ show check)
  if w <= 60
    then mapM_ (\r -> putStrLn [if k == maxIter then '#' else if k > 10 then '+' else '.' | k <- r]) (everyOther rows)
    else return ()
  where
    everyOther (a : _ : rest) = a : everyOther rest
    everyOther xs = xs
