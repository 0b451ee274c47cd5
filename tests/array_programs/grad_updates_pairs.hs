-- arrays of pairs (a polygon's vertices: area and perimeter gradients) and (//) updates (Gauss-Seidel sweeps, overwritten elements) under grad and jvp
import Data.Array

type Polygon = Array Int (Double, Double)

-- Signed area by the shoelace formula (counter-clockwise positive).
area :: Polygon -> Double
area p = sum [x i * y (next i) - x (next i) * y i | i <- [lo .. hi]] / 2
  where
    (lo, hi) = bounds p
    next i = if i == hi then lo else i + 1
    x i = fst (p ! i)
    y i = snd (p ! i)

perimeter :: Polygon -> Double
perimeter p = sum [dist (p ! i) (p ! (if i == hi then lo else i + 1)) | i <- [lo .. hi]]
  where
    (lo, hi) = bounds p
    dist (a, b) (c, d) = sqrt ((a - c) ^ 2 + (b - d) ^ 2)

-- Isoperimetric quotient: 4 pi A / P^2 (1 for a circle).
roundness :: Polygon -> Double
roundness p = 4 * pi * area p / perimeter p ^ 2

-- One Gauss-Seidel sweep for -u'' = f with u = 0 at both ends: each interior point is replaced,
-- in order, by the average of its (already updated) left and (old) right neighbours plus the source.
sweep :: Array Int Double -> Array Int Double -> Array Int Double
sweep f u = foldl (\w i -> w // [(i, (w ! (i - 1) + w ! (i + 1) + h * h * f ! i) / 2)]) u [lo + 1 .. hi - 1]
  where
    (lo, hi) = bounds u
    h = 1 / fromIntegral (hi - lo)

sweeps :: Int -> Array Int Double -> Array Int Double -> Array Int Double
sweeps 0 _ u = u
sweeps k f u = sweeps (k - 1) f (sweep f u)

-- The value at the middle after three sweeps, as a function of the source and the start.
middle :: (Array Int Double, Array Int Double) -> Double
middle (f, u) = sweeps 3 f u ! 3

-- An element that (//) overwrites with a constant no longer depends on the input; one it
-- overwrites with a function of others depends on those instead.
overwritten :: Array Int Double -> Double
overwritten a = sum [x * x | x <- elems (a // [(1, 5.0), (2, a ! 0 * a ! 3)])]

main :: IO ()
main = do
  let square = listArray (0, 3) [(0, 0), (2, 0), (2, 2), (0, 2)] :: Polygon
      quad = listArray (1, 5) [(0, 0), (3, -0.5), (4, 2), (1.5, 3), (-0.5, 1.5)] :: Polygon
  print (area square, perimeter square, roundness square)
  print (grad area square)
  print (area quad, perimeter quad)
  print (grad area quad)
  print (grad perimeter quad)
  print (grad roundness quad)
  print (jvp area quad (listArray (1, 5) [(1, 0), (0, 0), (0, 1), (0, 0), (-1, -1)]))
  let f = listArray (0, 6) [0, 1, 2, 3, 2, 1, 0] :: Array Int Double
      u0 = listArray (0, 6) [0, 0.5, -0.5, 1, 0.25, 0, 0] :: Array Int Double
  print (sweeps 3 f u0)
  print (middle (f, u0))
  print (grad middle (f, u0))
  print (snd (jvp (sweeps 2 f) u0 (listArray (0, 6) [0, 0, 1, 0, 0, 0, 0])))
  let a = listArray (0, 3) [1.5, -2.0, 0.5, 3.0] :: Array Int Double
  print (overwritten a, grad overwritten a)
