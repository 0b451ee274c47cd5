-- bench: 1000000
-- Primes over Data.Array: the sieve of Eratosthenes as one accumArray marking the multiples of
-- every prime up to √n (the small primes found by the same sieve on [2 .. √n]), then a
-- count of primes by last digit, the sum, and the gaps between consecutive primes.
-- Argument: n (default 10000). Prints the count, sum, largest gap and counts by last digit.
module Main (main) where

import Data.Array
import System.Environment (getArgs)

-- Is each number of [0 .. n] composite (0 and 1 count as composite)?
composite :: Int -> Array Int Bool
composite n =
  accumArray (\_ b -> b) False (0, n) ([(0, True), (1, True)] ++ multiples)
  where
    small = primesUpTo (isqrt n)
    multiples = [(m, True) | p <- small, m <- [p * p, p * p + p .. n]]

primesUpTo :: Int -> [Int]
primesUpTo n
  | n < 2 = []
  | otherwise = [i | (i, False) <- assocs (composite n)]

isqrt :: Int -> Int
isqrt n = go n
  where
    go r
      | r * r > n = go ((r + n `div` r) `div` 2)
      | otherwise = r

maxGap :: [Int] -> Int
maxGap (a : b : rest) = max (b - a) (maxGap (b : rest))
maxGap _ = 0

main :: IO ()
main = do
  args <- getArgs
  let n = if null args then 10000 else read (head args)
      ps = primesUpTo n
      byDigit = accumArray (+) 0 (0, 9) [(p `mod` 10, 1 :: Int) | p <- ps]
  putStrLn ("primes up to " ++ show n ++ ": " ++ show (length ps))
  putStrLn ("sum: " ++ show (sum ps))
  putStrLn ("largest gap: " ++ show (maxGap ps))
  putStrLn ("by last digit: " ++ show (elems byDigit))
