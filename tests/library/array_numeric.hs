-- Library test of Data.Array.Numeric: each function on ordinary and edge cases (empty arrays,
-- lower bounds other than 0, Char and tuple indices, every length up to 17, which the loops
-- that take several elements a step must all get right); the expected output is GHC's.
import Data.Array
import Data.Array.Numeric
import Data.Ratio

-- Keys that compare by their number only, to see which of equal elements a fold keeps.
data Key = Key Int Char deriving Show

instance Eq Key where
  Key a _ == Key b _ = a == b

instance Ord Key where
  compare (Key a _) (Key b _) = compare a b

vec :: Int -> Int -> Array Int Double
vec seed n = generate (0, n - 1) (\i -> fromIntegral ((i * seed) `mod` 11) * 0.1 - 0.5)

mat :: Int -> (Int, Int) -> (Int, Int) -> Array (Int, Int) Double
mat seed (r0, c0) (r1, c1) = generate ((r0, c0), (r1, c1)) (\(i, j) -> fromIntegral ((i * seed + 3 * j) `mod` 13) * 0.25 - 1.5)

main :: IO ()
main = do
  let a = listArray (1, 5) [3, 1, 4, 1, 5] :: Array Int Integer
      e = fromListA [] :: Array Int Integer
  print (generate (0, 4) (\i -> i * i), generate ('a', 'e') fromEnum, generate ((1, 1), (2, 3)) (\(i, j) -> 10 * i + j))
  print (generate (5, 4) (\i -> i :: Int), generate (False, True) not)
  print (fromListA "hello", e, sizeA a, sizeA e, sizeA (generate ((0, 0), (2, 3)) fst))
  print (mapA show a, mapA (* 2) e, imap (\i x -> fromIntegral i * x) a, imap (,) (fromListA "ab"))
  print (zipWithA (,) a (fmap show a), zipWithA (-) a (listArray (1, 5) [5, 4 .. 1]), zipWithA (+) e e)
  print (foldlA (flip (:)) [] a, foldrA (:) [] a, foldlA (-) 100 a, foldrA (-) 100 a, foldlA (+) 7 e, foldrA (+) 7 e)
  print (sumA a, productA a, sumA e, productA e, maximumA a, minimumA a)
  print (sumA (generate (1, 40) (\i -> 2 ^ i :: Integer)), productA (generate (1, 25) toInteger))
  print (maximumA (fromListA [Key 1 'a', Key 3 'b', Key 2 'c', Key 3 'd']), minimumA (fromListA [Key 2 'a', Key 1 'b', Key 1 'c']))
  print (maximumA (fromListA "array"), minimumA (generate ((0, 0), (1, 1)) (\(i, j) -> i - j)))
  -- Every length from 0 to 17: folds in both directions, sums, products and dot products.
  print [ (foldlA (flip (:)) [] v, foldrA (:) [] v, sumA v, maximumA (generate (0, n) (\i -> (i * 5) `mod` 7 - i)), dotA v v)
        | n <- [0 .. 17], let v = generate (1, n) (\i -> i * 3 - 7) :: Array Int Int ]
  print [ (sumA v, productA v, dotA v w) | n <- [0 .. 17], let v = vec 3 n; w = vec 7 n ]
  print (dotA a a, dotA e e, dotA (listArray ('x', 'z') [1 % 2, 1 % 3, 1 % 4]) (listArray ('x', 'z') [2, 3, 4 :: Rational]))
  print (scaleA 3 a, scaleA 0.5 (vec 3 4), addA a a, subA (vec 3 5) (vec 7 5), addA e e)
  -- Matrices with lower bounds other than 0 and inner dimensions around the step of eight.
  let m = mat 3 (1, 0) (3, 3)
      v4 = listArray (0, 3) [1, -2, 0.5, 4]
      v3 = listArray (1, 3) [2, 0, -1]
  print (matVec m v4, vecMat v3 m)
  print [ (sumA (matVec x (vec 5 k)), sumA (vecMat (vec 2 3) x)) | k <- [0, 1, 7, 8, 9, 17], let x = mat 7 (0, 0) (2, k - 1) ]
  print (matMul m (transposeA m))
  print [ matMul (mat 3 (0, 0) (1, k - 1)) (mat 5 (0, 2) (k - 1, 3)) | k <- [0, 1, 8, 9, 16, 17] ]
  let im = listArray ((1, 1), (2, 3)) [1 .. 6] :: Array (Int, Int) Integer
  print (matMul im (listArray ((1, 0), (3, 1)) [1, 0, 0, 1, 2, 2]), matVec im (listArray (1, 3) [1, 10, 100]))
  print (outer (listArray (1, 2) [1, 2]) (fromListA [10, 20, 30 :: Int]), outer e (fromListA [1, 2]))
  print (transposeA im, transposeA (generate (('a', 0), ('c', 1)) (\(c, i) -> [c] ++ show (i :: Int))))
  print (identity 3 :: Array (Int, Int) Int, identity 1 :: Array (Int, Int) Double, identity 0 :: Array (Int, Int) Int)
  print (diagonal (matMul m (transposeA m)), diagonal im', diagonal (identity 4 :: Array (Int, Int) Integer))
  print (row 2 im, column 3 im, row 1 m, column 0 m, fmap sumA (generate (1, 2) (\i -> row i im)))
  print (sliceA (2, 4) a, sliceA (1, 5) a, sliceA (3, 3) a, sliceA (4, 3) a, sliceA (0, -1) e, sumA (sliceA (2, 9) (vec 3 12)))
  where im' = listArray ((0, 0), (2, 2)) "abcdefghi"
