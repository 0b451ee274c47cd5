-- Data.Either, Data.Tuple, Data.Functor, Data.Foldable, Data.Traversable, Data.Bifunctor,
-- Data.Monoid and Data.Semigroup, and the Semigroup and Monoid instances of Data.Map and Data.Set.
import Data.Either (partitionEithers, lefts, rights, isLeft, fromRight)
import Data.Tuple (swap)
import Data.Functor ((<&>), ($>), void)
import Data.Foldable (for_, traverse_, foldl', toList)
import Data.Traversable (for)
import Data.Bifunctor (bimap, first, second)
import Data.Monoid
import qualified Data.Semigroup as S
import qualified Data.Map as M
import qualified Data.Set as Set

main :: IO ()
main = do
  print (partitionEithers [Left 1, Right 'a', Left (2 :: Int)])
  print (lefts [Left 'x', Right True], rights [Left 'x', Right True], isLeft (Left 'a' :: Either Char Int), fromRight 0 (Left 'a' :: Either Char Int))
  print (swap (1 :: Int, "a"))
  print (Just 2 <&> (+ (1 :: Int)), Just 'a' $> True)
  for_ [1, 2, 3 :: Int] print
  traverse_ print "ab"
  r <- for [1, 2 :: Int] (\x -> return (x * 10))
  print (r, foldl' (+) 0 [1 .. 10 :: Int], toList "xyz")
  print (bimap (+ 1) show (1 :: Int, 2 :: Int), first negate (Left 3 :: Either Int Char), second length (Right "abc" :: Either Int String))
  print (getSum (foldMap Sum [1 .. 10 :: Int]), getProduct (foldMap Product [1 .. 5 :: Int]))
  print (Sum (3 :: Int), getAll (foldMap (All . even) [2, 4 :: Int]), getAny (foldMap (Any . odd) [2, 4 :: Int]))
  print (getFirst (First Nothing <> First (Just 1) <> First (Just (2 :: Int))), getLast (Last (Just 'a') <> Last Nothing))
  print (appEndo (Endo (+ 1) <> Endo (* 2)) (5 :: Int), getDual (Dual "a" <> Dual "b"))
  print (S.getMin (S.Min 3 <> S.Min (1 :: Int)), S.getMax (S.Max 'a' <> S.Max 'z'), S.stimes (3 :: Int) "ab")
  print (M.fromList [(1 :: Int, "a")] <> M.fromList [(1, "b"), (2, "c")], mempty :: M.Map Int Int)
  print (Set.fromList "abc" <> Set.fromList "cd")
  void (return (3 :: Int))
  print (mconcat [Just [1 :: Int], Nothing, Just [2]])
