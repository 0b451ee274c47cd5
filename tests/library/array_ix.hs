-- Library test of Data.Array and Data.Ix: each function on ordinary and edge cases; the expected output is GHC's.
import Data.Array

fibs :: Int -> Array Int Integer
fibs n = foldl step (listArray (0, n) (replicate (n + 1) 0) // [(1, 1)]) [2 .. n]
  where step a i = a // [(i, a ! (i - 1) + a ! (i - 2))]

main :: IO ()
main = do
  let a = listArray (0, 4) [10, 20, 30, 40, 50] :: Array Int Int
  print a
  print (a ! 2, bounds a, indices a, elems a, assocs a)
  print (a // [(1, 99), (3, 77), (1, 55)])
  print (fmap (* 2) a, fmap show a)
  let g = listArray ((0, 0), (2, 3)) [1 .. 12] :: Array (Int, Int) Int
  print g
  print (g ! (1, 2), [g ! (i, j) | i <- [0 .. 2], j <- [0 .. 3], i == j])
  print (accumArray (+) 0 (0, 4) [(i `mod` 5, i) | i <- [1 .. 20]] :: Array Int Int)
  print (accumArray (flip (:)) [] ('a', 'r') [(c, i) | (i, c) <- zip [1 :: Int .. 11] "abracadabra"] :: Array Char [Int])
  print (accum (+) a [(0, 1), (0, 2), (4, 100)])
  print (array (1, 3) [(3, 'c'), (1, 'a'), (2, 'b')], array (0, 2) [(0, 1.5), (1, -2), (2, 3)] :: Array Int Double)
  print (ixmap (0, 4) (\i -> 4 - i) a, ixmap ((0,0),(1,1)) (\(i,j) -> (j,i)) (listArray ((0,0),(1,1)) "abcd"))
  print (fibs 90 ! 90, sum (elems (fibs 50)))
  print (a == a, a == fmap id a, a == (a // [(0, 0)]), compare a (a // [(0, 0)]), listArray (0, -1) [] == (listArray (5, 4) [] :: Array Int Int))
  print (listArray (False, True) "xy", listArray (LT, GT) [1, 2, 3 :: Int], listArray ((0, 0, 0), (1, 1, 1)) [1 .. 8 :: Int] ! (1, 0, 1))
  print (range ((0, 0), (1, 2 :: Int)), index ((0, 0), (2, 2)) (1, 1 :: Int), inRange (1, 5) (6 :: Int), rangeSize ((0, 0), (2, 3 :: Int)), rangeSize (5, 4 :: Int))
  print (range ('a', 'd'), index ('a', 'z') 'c', index (10, 20 :: Integer) 15, range ((), ()), range (False, True))
  print (Just (listArray (0, 1) [1, 2 :: Int]), listArray (1, 3) "abcdef", [listArray (0, 0) [Just (-1 :: Int)]])
  let big = listArray (1, 20000) [1 .. 20000] :: Array Int Int
  print (sum [big ! i | i <- [1, 7 .. 20000]], big ! 20000, length (elems big))
  print (listArray (0, 3) [1, 2 :: Int] ! 1)
