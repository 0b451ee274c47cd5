-- Show, Eq and Ord of arrays exactly as GHC: negative bounds and elements, nesting, records, precedence, empty arrays
import Data.Array
import Data.Ratio ((%))

data Cell = Cell { label :: String, weight :: Double } deriving (Show, Eq, Ord)

data Grid = Grid (Array (Int, Int) Char) Int deriving (Show, Eq)

newtype Row = Row (Array Int Int) deriving (Show, Eq, Ord)

main :: IO ()
main = do
  let a = listArray (-2, 2) [-3, 0, 4, -1, 7] :: Array Int Int
  print a
  print (fmap negate a)
  print (Just a)
  print [Left a, Right (listArray (0, 0) [0])]
  print (listArray (0, 3) [0.1, -2.5, 1.0e-3, 1.5e7] :: Array Int Double)
  print (listArray ('a', 'c') ["x", "", "y\"z"])
  print (listArray (False, True) [Nothing, Just (-1 :: Int)])
  print (listArray (LT, GT) [1 % 2, -3 % 4, 5 :: Rational])
  print (listArray (1, 2) [Cell "a" 0.5, Cell { label = "b", weight = -2 }])
  print (Grid (listArray ((0, 0), (1, 1)) "ab.#") 3)
  print (Row (listArray (1, 2) [5, 6]))
  print (listArray (0, 1) [listArray (0, 1) [1, 2], listArray (5, 5) [3]] :: Array Int (Array Int Int))
  print (listArray ((0, 0), (1, 0)) [(1, 'p'), (-2, 'q')] :: Array (Int, Int) (Int, Char))
  print (listArray (1, 0) [] :: Array Int Int)
  putStrLn (showsPrec 11 a "")
  putStrLn (shows (listArray (0, 1) [True, False]) "!")
  -- Eq: elements and bounds; every empty array equals every other.
  let e1 = listArray (1, 0) [] :: Array Int Int
      e2 = listArray (5, 2) [] :: Array Int Int
  print (e1 == e2, a == a, a == fmap id a, a == (a // [(0, 1)]), listArray (0, 1) [1, 2] == (listArray (1, 2) [1, 2] :: Array Int Int))
  -- Ord: lexicographic on the associations.
  let b = a // [(2, 8)]
      c = listArray (-3, 1) (elems a)
  print (compare a b, compare b a, compare a a, a < b, max a b == b)
  print (compare a c, compare c a, c < a)
  print (compare (listArray (0, 1) [1, 2]) (listArray (0, 2) [1, 2, 0] :: Array Int Int))
  print (maximum [Row (listArray (0, 1) [3, 1]), Row (listArray (0, 1) [2, 9]), Row (listArray (0, 1) [3, 0])])
  print (listArray (1, 2) [Cell "a" 1, Cell "a" 2] < listArray (1, 2) [Cell "a" 1, Cell "b" 0])
