-- GradBench's `det` eval: the determinant of an ell x ell matrix (given row-major) by
-- expansion along the first row of minors, O(ell!), and its gradient by reverse mode.

import Data.Array

data Input = Input { _A :: [Double], ell :: Int }

-- The determinant of the minor of `a` on the given rows and columns.
minor :: Array (Int, Int) Double -> [Int] -> [Int] -> Double
minor a [r] [c] = a ! (r, c)
minor a (r : rows) cols =
  sum [sign j (a ! (r, c) * minor a rows (without j cols)) | (j, c) <- zip [0 .. length cols - 1] cols]
  where
    sign :: Int -> Double -> Double
    sign j = if even j then id else negate
    without j cs = take j cs ++ drop (j + 1) cs
minor _ _ _ = error "minor: no rows"

determinant :: Int -> [Double] -> Double
determinant ell xs = minor (listArray ((0, 0), (ell - 1, ell - 1)) xs) [0 .. ell - 1] [0 .. ell - 1]

primal :: Input -> Double
primal (Input xs ell) = determinant ell xs

gradient :: Input -> [Double]
gradient (Input xs ell) = grad (determinant ell) xs
