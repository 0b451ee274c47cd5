-- Fold-over-producer pipelines that the simplifier fuses into loops (ARCHITECTURE.md, "List
-- fusion"); tests/fusion.rs runs it fused and with --no-fusion on both backends.
import Data.List (foldl')
import Data.IORef
import Control.Monad

data Colour = Red | Green | Blue | Cyan deriving (Show, Eq, Enum, Bounded)

triangle :: Int -> Int
triangle n = sum [1 .. n]

main :: IO ()
main = do
  print (foldl' (+) 0 [1 .. 1000])
  print (sum [1 .. 1000 :: Int], product [1 .. 20 :: Integer], sum [1 .. 100 :: Integer])
  print (length (filter even [1 .. 999 :: Int]), length [10, 8 .. -7 :: Int])
  print (sum [x * x | x <- [1 .. 100 :: Int], odd x])
  print (length [(x, y) | x <- [1 .. 30 :: Int], y <- [x .. 30], (x + y) `mod` 7 == 0])
  print (sum [x * y | x <- [1 .. 12 :: Int], let y = x + 1, even y])
  print (foldr (\x acc -> x - acc) 0 [1 .. 11 :: Int], foldr (:) [] [3, 5 .. 13 :: Int])
  print (and [x < 50 | x <- [1 .. 49 :: Int]], or (map (> 48) [1 .. 48 :: Int]))
  print (any (> 5) [1 .. 10 :: Int], all odd [1, 3 .. 99 :: Int], elem 37 [1, 4 .. 100 :: Int])
  print (sum (map fromIntegral [1 .. 10 :: Int]) / (4 :: Double))
  print (sum [0, 0.1 .. 1 :: Double], length [1.0, 1.5 .. 3.2 :: Double], sum [5, 4.5 .. 1 :: Double])
  print (length ['a' .. 'z'], elem 'q' ['a', 'c' .. 'z'], [c | c <- ['a' .. 'k'], c `elem` "aeiou"])
  print (sum (replicate 7 (3 :: Int)), length (replicate 0 'x'), length (replicate (-3) True))
  print (sum [1 .. 0 :: Int], length [5, 6 .. 1 :: Int], sum [3, 1 .. 4 :: Int], sum [] + triangle 10)
  print (map fromEnum [Red .. Blue], length [minBound .. maxBound :: Colour])
  print (sum [9223372036854775800 .. maxBound :: Int] `div` 8, length [maxBound - 2 .. maxBound :: Int])
  print (length [minBound, minBound + 4611686018427387904 .. maxBound :: Int])
  print ([minBound, 0 .. maxBound :: Int], [maxBound, -2 .. minBound :: Int], [minBound, 0 .. -5 :: Int], [minBound, -1 .. maxBound :: Int])
  print (sum (concatMap (\x -> [x, x * 10]) [1 .. 5 :: Int]), maximum [3, 9, 2 :: Int])
  r <- newIORef (0 :: Int)
  forM_ [1 .. 100] $ \i -> modifyIORef r (+ i)
  mapM_ (\i -> modifyIORef r (* i)) [1, 1, 2]
  sequence_ [modifyIORef r (+ 1) | _ <- [1 .. 5 :: Int]]
  readIORef r >>= print
  forM_ [3, 2 .. 1 :: Int] print
  mapM_ putStrLn [replicate n '*' | n <- [1 .. 3]]
  let xs = [1 .. 10 :: Int]
  print (sum xs, length xs)
  print (sum (map (* 2) xs), length (filter odd xs))
  let ys = [10, 20 .. 100 :: Int]
  print (sum (zipWith (*) xs ys), length (zip xs "abc"), sum (zipWith3 (\a b c -> a * b - c) xs ys [1 .. 4]))
  print (foldr (\(a, c) acc -> c : show a ++ acc) "" (zip xs "hey"), and (zipWith (<) xs ys))
  print (sum [a * b | (a, b) <- zip xs (tail xs)], length (zip3 xs ys [True, False]))
  print (sum (map fst (zip [] xs)) + sum (zipWith (+) xs []), any (uncurry (==)) (zip xs xs))
  print (sum (zipWith (\a b -> if b == 0 then error "zero" else a `div` b) [6, 8 :: Int] [3, 2, 0]))
