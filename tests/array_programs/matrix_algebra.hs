-- matrices as 2-D arrays: products, transpose by ixmap, powers, Gaussian elimination (exact and Double)
import Data.Array
import Data.Ratio

type Matrix a = Array (Int, Int) a

fromRows :: [[a]] -> Matrix a
fromRows rs = listArray ((1, 1), (length rs, length (head rs))) (concat rs)

toRows :: Matrix a -> [[a]]
toRows m = [[m ! (i, j) | j <- [c0 .. c1]] | i <- [r0 .. r1]]
  where ((r0, c0), (r1, c1)) = bounds m

mmul :: Num a => Matrix a -> Matrix a -> Matrix a
mmul a b
  | ka /= kb = error "mmul: shapes"
  | otherwise = array ((1, 1), (n, m)) [((i, j), sum [a ! (i, k) * b ! (k, j) | k <- [1 .. ka]]) | i <- [1 .. n], j <- [1 .. m]]
  where
    (_, (n, ka)) = bounds a
    (_, (kb, m)) = bounds b

transpose' :: Matrix a -> Matrix a
transpose' m = ixmap ((c0, r0), (c1, r1)) (\(i, j) -> (j, i)) m
  where ((r0, c0), (r1, c1)) = bounds m

identity :: Num a => Int -> Matrix a
identity n = accumArray (+) 0 ((1, 1), (n, n)) [((i, i), 1) | i <- [1 .. n]]

mpow :: Num a => Matrix a -> Int -> Matrix a
mpow m 0 = identity (fst (snd (bounds m)))
mpow m k
  | even k = let h = mpow m (k `div` 2) in mmul h h
  | otherwise = mmul m (mpow m (k - 1))

-- Row reduction with exact arithmetic: the determinant as the product of the pivots, row
-- swaps flipping the sign.
detExact :: Matrix Rational -> Rational
detExact m0 = go 1 1 m0
  where
    (_, (n, _)) = bounds m0
    go k acc m
      | k > n = acc
      | otherwise = case [r | r <- [k .. n], m ! (r, k) /= 0] of
          [] -> 0
          (p : _) ->
            let swapped = if p == k then m else swapRows k p m
                sign = if p == k then 1 else -1
                piv = swapped ! (k, k)
                reduced = swapped // [((r, c), swapped ! (r, c) - swapped ! (r, k) / piv * swapped ! (k, c)) | r <- [k + 1 .. n], c <- [k .. n]]
            in go (k + 1) (acc * sign * piv) reduced

swapRows :: Int -> Int -> Matrix a -> Matrix a
swapRows a b m = ixmap (bounds m) (\(i, j) -> (if i == a then b else if i == b then a else i, j)) m

-- Solve A x = b by elimination with partial pivoting and back substitution, in Doubles.
solve :: Matrix Double -> Array Int Double -> Array Int Double
solve a0 b0 = back n (listArray (1, n) (replicate n 0))
  where
    (_, (n, _)) = bounds a0
    aug0 = array ((1, 1), (n, n + 1)) ([(ix, a0 ! ix) | ix <- range (bounds a0)] ++ [((i, n + 1), b0 ! i) | i <- [1 .. n]])
    eliminate k m
      | k > n = m
      | otherwise =
          let p = snd (maximum [(abs (m ! (r, k)), r) | r <- [k .. n]])
              s = swapRows k p m
              rows = [((r, c), s ! (r, c) - s ! (r, k) / s ! (k, k) * s ! (k, c)) | r <- [k + 1 .. n], c <- [k .. n + 1]]
          in eliminate (k + 1) (s // rows)
    u = eliminate 1 aug0
    back 0 x = x
    back i x = back (i - 1) (x // [(i, (u ! (i, n + 1) - sum [u ! (i, j) * x ! j | j <- [i + 1 .. n]]) / u ! (i, i))])

main :: IO ()
main = do
  let a = fromRows [[1, 2, 3], [4, 5, 6]] :: Matrix Int
      b = fromRows [[7, 8], [9, 10], [11, 12]] :: Matrix Int
  print (toRows (mmul a b))
  print (toRows (transpose' a), bounds (transpose' a))
  print (mmul a b == transpose' (mmul (transpose' b) (transpose' a)))
  let fib = mpow (fromRows [[1, 1], [1, 0]] :: Matrix Integer) 90
  print (fib ! (1, 2), fib ! (1, 1))
  print (identity 3 :: Matrix Int)
  let h = fromRows [[1 % (i + j - 1) | j <- [1 .. 4]] | i <- [1 .. 4]] :: Matrix Rational
  print (detExact h)
  print (detExact (fromRows [[0, 2, 1], [1, 0, 0], [3, 1, 1]]), detExact (fromRows [[1, 2], [2, 4]]))
  print (detExact (mmul h h) == detExact h * detExact h)
  let m = fromRows [[2, 1, -1], [-3, -1, 2], [-2, 1, 2]] :: Matrix Double
      rhs = listArray (1, 3) [8, -11, -3]
      x = solve m rhs
  print (map (\v -> fromIntegral (round (v * 1e9)) / 1e9) (elems x) :: [Double])
  let residual = [sum [m ! (i, j) * x ! j | j <- [1 .. 3]] - rhs ! i | i <- [1 .. 3]]
  print (maximum (map abs residual) < 1e-12)
  let v = fromRows [[4, -2, 1], [3, 6, -4], [2, 1, 8]] :: Matrix Double
      sol = solve v (listArray (1, 3) [12, -25, 32])
  print (map (\q -> fromIntegral (round (q * 1e9)) / 1e9) (elems sol) :: [Double])
