-- Library test of Control.Monad, Data.Maybe, Data.Function and Data.Ord: each function on ordinary and edge cases; the expected output is GHC's.
import Control.Monad
import Data.Maybe
import Data.Function
import Data.Ord
import Data.List (sortBy)

safeDiv :: Int -> Int -> Maybe Int
safeDiv _ 0 = Nothing
safeDiv a b = Just (a `div` b)

main :: IO ()
main = do
  forM_ [1, 2, 3 :: Int] $ \i -> when (odd i) (print i)
  xs <- forM [1, 2, 3 :: Int] (\i -> return (i * i))
  print xs
  r <- foldM (\acc x -> do { unless (x < 3) (putStrLn ("big " ++ show x)); return (acc + x) }) 0 [1 .. 5 :: Int]
  print r
  replicateM_ 3 (putStr "x")
  putStrLn ""
  print (replicateM 2 "ab", replicateM 0 [1 :: Int], sequence [Just 1, Just (2 :: Int)])
  print (filterM (const [True, False]) [1, 2, 3 :: Int])
  print (zipWithM safeDiv [10, 20] [2, 5], zipWithM safeDiv [1] [0])
  zipWithM_ (\a b -> print (a + b)) [1, 2 :: Int] [10, 20]
  print (foldM safeDiv 1000 [2, 5], foldM safeDiv 1000 [2, 0, 5])
  print (liftM (+ 1) (Just (3 :: Int)), liftM2 (+) (Just 1) (Just (2 :: Int)), liftM3 (,,) [1 :: Int] "ab" [True])
  print (ap [(+ 1), (* 2)] [10, 20 :: Int], join [[1], [2, 3 :: Int]], join (Just (Just 'x')))
  print (msum [Nothing, Just 1, Just (2 :: Int)], mplus [1, 2] [3 :: Int], (mzero :: Maybe Int))
  print (do { x <- [1 .. 10 :: Int]; guard (x * x > 50); return x }, mfilter even (Just (4 :: Int)))
  print ((safeDiv 100 >=> safeDiv 50) 5, (safeDiv 100 <=< safeDiv 50) 5)
  v <- void (return (3 :: Int))
  print v
  print (mapAndUnzipM (\x -> Just (x, x * 2)) [1, 2 :: Int], (+ 1) <$!> Just (1 :: Int), liftM4 (\a b c d -> a + b + c + d) (Just 1) (Just 2) (Just 3) (Just (4 :: Int)))
  print (isJust (Just 1), isNothing (Just 1), fromMaybe 0 Nothing, listToMaybe [1, 2 :: Int], maybeToList (Just 'a'))
  print (catMaybes [Just 1, Nothing, Just (3 :: Int)], mapMaybe (\x -> if x > 1 then Just (x * 10) else Nothing) [1, 2, 3 :: Int], fromJust (Just 'q'))
  print (((==) `on` fst) (1 :: Int, 'a') (1, 'b'), [3, 1, 2 :: Int] & map (* 2), fix (\rec n -> if n <= 1 then 1 else n * rec (n - 1)) (10 :: Integer))
  print (sortBy (comparing snd) [(1 :: Int, 'c'), (2, 'a'), (3, 'b')], sortBy (comparing Down) [3, 1, 2 :: Int])
  print (Down 3, Just (Down (-3 :: Int)), getDown (Down 'x'), compare (Down 1) (Down (2 :: Int)), max (Down 1) (Down (2 :: Int)), Down 1 < Down (2 :: Int))
