-- Exact matrices for linsolve.hs: a newtype over rows with a Num-style interface written as
-- ordinary functions, Gauss-Jordan elimination over any Fractional type, and a pretty printer.
module Linear.Matrix
  ( Matrix
  , fromRows
  , rows
  , identity
  , mmul
  , transposeM
  , inverse
  , determinant
  , solve
  , render
  ) where

import Data.List (transpose, intercalate)

newtype Matrix a = Matrix [[a]] deriving Eq

fromRows :: [[a]] -> Matrix a
fromRows rs
  | null rs = error "fromRows: no rows"
  | any ((/= length (head rs)) . length) rs = error "fromRows: ragged rows"
  | otherwise = Matrix rs

rows :: Matrix a -> [[a]]
rows (Matrix rs) = rs

identity :: Num a => Int -> Matrix a
identity n = Matrix [[if i == j then 1 else 0 | j <- [1 .. n]] | i <- [1 .. n]]

mmul :: Num a => Matrix a -> Matrix a -> Matrix a
mmul (Matrix a) (Matrix b) = Matrix [[sum (zipWith (*) r c) | c <- transpose b] | r <- a]

transposeM :: Matrix a -> Matrix a
transposeM (Matrix a) = Matrix (transpose a)

-- Row reduction of an augmented matrix; Nothing when a pivot column is all zero.
reduce :: (Eq a, Fractional a) => Int -> [[a]] -> Maybe ([[a]], a)
reduce n = go 0 1
  where
    go k det m
      | k == n = Just (m, det)
      | otherwise = case [i | i <- [k .. n - 1], (m !! i) !! k /= 0] of
          [] -> Nothing
          (p : _) ->
            let swapped = swap k p m
                sign = if p == k then 1 else -1
                pivotRow = swapped !! k
                pv = pivotRow !! k
                normal = map (/ pv) pivotRow
                eliminate i r
                  | i == k = normal
                  | otherwise = zipWith (\x y -> x - (r !! k) * y) r normal
                m' = zipWith eliminate [0 .. n - 1] swapped
             in go (k + 1) (det * pv * sign) m'
    swap i j xs
      | i == j = xs
      | otherwise = [pick t x | (t, x) <- zip [0 .. length xs - 1] xs]
      where
        pick t x
          | t == i = xs !! j
          | t == j = xs !! i
          | otherwise = x

determinant :: (Eq a, Fractional a) => Matrix a -> a
determinant (Matrix a) = maybe 0 snd (reduce (length a) a)

inverse :: (Eq a, Fractional a) => Matrix a -> Maybe (Matrix a)
inverse (Matrix a) = do
  let n = length a
      Matrix i = identity n
  (m, _) <- reduce n (zipWith (++) a i)
  return (Matrix (map (drop n) m))

solve :: (Eq a, Fractional a) => Matrix a -> [a] -> Maybe [a]
solve (Matrix a) b = do
  (m, _) <- reduce (length a) (zipWith (\r x -> r ++ [x]) a b)
  return (map last m)

render :: (a -> String) -> Matrix a -> String
render sh (Matrix a) = intercalate "\n" (map line cells)
  where
    cells = map (map sh) a
    width = maximum (map length (concat cells))
    pad s = replicate (width - length s) ' ' ++ s
    line = unwords . map pad
