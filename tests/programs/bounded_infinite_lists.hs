-- Infinite lists a consumer bounds: take and takeWhile of [x ..], [x, y ..], iterate, repeat and
-- cycle, and zips of them with finite lists (each one's prefix as long as the shortest finite
-- list), at Int, Integer, Double, Char and enumerations, as GHC gives them.
import Control.Monad (zipWithM, zipWithM_)
import Data.Char (toUpper)
main :: IO ()
main = do
  print (zip [0 :: Int ..] "abc")
  print (zip "abc" [1 :: Integer ..], zip3 [1 :: Int ..] "xy" [True, False, True])
  print (zipWith (\i s -> show i ++ s) [1 :: Int ..] ["a", "b"])
  print (zipWith3 (\a b c -> a + b + c) [1 :: Int ..] [10, 20 ..] [100, 200, 300])
  print (take 5 [1 :: Int ..], take 4 [10, 7 :: Int ..], take 3 [0.1 :: Double ..], take 12 [0.1, 0.2 :: Double ..])
  print (takeWhile (< 20) [1 :: Int, 4 ..], takeWhile (\x -> x * x < 50) [1 :: Integer ..])
  print (take 5 (iterate (* 2) (1 :: Int)), takeWhile (< 100) (iterate (\x -> x * 3 + 1) (1 :: Int)))
  print (take 3 (repeat 'x'), take 7 (cycle [1, 2, 3 :: Int]), zip "abcd" (cycle [True, False]))
  print (zip [False ..] "abc", zip "ab" [LT ..], take 5 [1 :: Integer, 3 ..], take 3 ['a' ..])
  print (take 3 [maxBound - 1 :: Int ..], take 0 [1 :: Int ..], take (-1) (iterate id 'a'))
  print (zip (repeat 0) [1, 2, 3 :: Int] :: [(Int, Int)], takeWhile (< 'e') ['a' ..])
  mapM_ print (zip [1 :: Int ..] (words "the quick fox"))
  print [ (i, map toUpper w) | (i, w) <- zip [1 :: Int ..] ["x", "y"] ]
  print (take 5 $ iterate (* 2) (1 :: Int))
  print $ takeWhile (< 50) $ map (* 3) [1 .. 100 :: Int]
  print (takeWhile (< 40) $ [1 :: Int, 5 ..])
  mapM_ print $ zip [1 :: Int ..] $ words "a b"
  print (zip [0 :: Int ..] $ "xy")
  print (length $ take 3 $ repeat 'x')
  zipWithM_ (\i s -> putStrLn (show i ++ ": " ++ s)) [1 :: Int ..] ["a", "b"]
  r <- zipWithM (\i s -> return (i * 2, s)) [0 :: Int, 5 ..] "xyz"
  print r
  print (zipWithM (\a b -> if b > 0 then Just (a, b) else Nothing) [1 :: Int ..] [3, 2, 1 :: Int])
