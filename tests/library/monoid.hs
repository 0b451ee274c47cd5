-- The Prelude's Semigroup and Monoid: lists, Ordering (comparisons combined), functions,
-- Maybe, tuples, unit and IO; mconcat, foldMap, traverse and sequenceA over lists.
import Data.List (sortBy)
import Data.Ord (comparing)

data P = P { name :: String, age :: Int } deriving Show

byAgeThenName :: P -> P -> Ordering
byAgeThenName = comparing age <> comparing name

main :: IO ()
main = do
  print (sortBy (comparing snd <> comparing fst) [(2, 1), (1, 1), (0, 3)] :: [(Int, Int)])
  print (map name (sortBy byAgeThenName [P "b" 3, P "a" 3, P "c" 1]))
  print (compare 1 2 `mappend` compare 3 (3 :: Int), mempty :: Ordering)
  print (mconcat ["ab", "cd"], mempty :: String, [1, 2] <> [3 :: Int])
  print (Just [1] <> Nothing <> Just [2 :: Int], (mempty :: Maybe [Int]))
  print (foldMap show [1, 2, 3 :: Int], foldMap (\x -> [x, x]) "ab")
  print (traverse (\x -> if x > 0 then Just x else Nothing) [1, 2, 3 :: Int])
  print (traverse (\x -> if x > 0 then Right x else Left x) [1, -2, 3 :: Int])
  print (sequenceA [Just 1, Nothing :: Maybe Int], sequenceA [[1, 2], [3 :: Int]])
  print (("a", [1 :: Int]) <> ("b", [2]), ("x", "y", "z") <> ("1", "2", "3"), () <> ())
  print ((show <> const "!") (42 :: Int), (mempty :: Int -> String) 3)
  r <- return "x" <> return "y"
  putStrLn r
  u <- mempty :: IO String
  print u
  print (mconcat (map Just ["a", "b"]), mconcat [[1], [2, 3 :: Int]])
