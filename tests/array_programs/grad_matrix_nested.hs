-- matrix functions of 2-D arrays: quadratic forms, trace of a cube, determinant by elimination; gradients and nested derivatives (jvp of grad, grad of grad)
import Data.Array

type Mat = Array (Int, Int) Double
type Vec = Array Int Double

mmul :: Mat -> Mat -> Mat
mmul a b = listArray ((1, 1), (n, n)) [sum [a ! (i, k) * b ! (k, j) | k <- [1 .. n]] | i <- [1 .. n], j <- [1 .. n]]
  where (_, (n, _)) = bounds a

matVec :: Mat -> Vec -> Vec
matVec a x = listArray (bounds x) [sum [a ! (i, j) * x ! j | j <- indices x] | i <- indices x]

-- x^T A x, differentiated in both the matrix and the vector.
quadForm :: (Mat, Vec) -> Double
quadForm (a, x) = sum [x ! i * y ! i | i <- indices x]
  where y = matVec a x

traceCube :: Mat -> Double
traceCube a = sum [c ! (i, i) | i <- [1 .. n]]
  where
    c = mmul a (mmul a a)
    (_, (n, _)) = bounds a

-- Determinant by elimination without pivoting (the matrices here have non-zero pivots).
det :: Mat -> Double
det m0 = go 1 m0
  where
    (_, (n, _)) = bounds m0
    go k m
      | k == n = m ! (n, n)
      | otherwise = m ! (k, k) * go (k + 1) (m // [((r, c), m ! (r, c) - m ! (r, k) / m ! (k, k) * m ! (k, c)) | r <- [k + 1 .. n], c <- [k .. n]])

main :: IO ()
main = do
  let a = listArray ((1, 1), (3, 3)) [2, -1, 0.5, 1, 3, -2, 0, 1.5, 4] :: Mat
      x = listArray (1, 3) [1, -2, 0.5] :: Vec
      v = listArray (1, 3) [0.5, 1, -1] :: Vec
      e = listArray ((1, 1), (3, 3)) [0, 1, 0, 0, 0, 0, 1, 0, -1] :: Mat
  print (quadForm (a, x))
  print (grad quadForm (a, x))
  print (snd (jvp (\y -> grad (\z -> quadForm (a, z)) y) x v))
  print [grad (\y -> grad (\z -> quadForm (a, z)) y ! i) x | i <- [1 .. 3]]
  print (traceCube a)
  print (grad traceCube a)
  print (snd (jvp (grad traceCube) a e))
  print (det a)
  print (grad det a)
  print (snd (jvp det a e))
  print (grad (\b -> grad det b ! (1, 1)) a)
