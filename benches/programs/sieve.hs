-- bench: 40000
-- Primes over lists: the classic filtering "sieve" (each prime removes its multiples from the
-- rest of the list by `mod`), checked against trial division by those primes.
-- Argument: n (default 2000). Prints the count of primes up to n, their sum, the largest, and
-- the number of twin-prime pairs.
module Main (main) where

import System.Environment (getArgs)

-- The filtering sieve on [2 .. n].
sieve :: [Int] -> [Int]
sieve [] = []
sieve (p : xs) = p : sieve [x | x <- xs, x `mod` p /= 0]

-- The numbers in [2 .. n] with no divisor among the given primes (in increasing order) up to
-- their square root.
trial :: Int -> [Int] -> [Int]
trial n ps = [k | k <- [2 .. n], isPrime k ps]
  where
    isPrime _ [] = True
    isPrime k (p : rest)
      | p * p > k = True
      | k `mod` p == 0 = False
      | otherwise = isPrime k rest

twins :: [Int] -> Int
twins (a : b : rest) = (if b - a == 2 then 1 else 0) + twins (b : rest)
twins _ = 0

main :: IO ()
main = do
  args <- getArgs
  let n = if null args then 2000 else read (head args)
      ps = sieve [2 .. n]
  putStrLn ("primes up to " ++ show n ++ ": " ++ show (length ps))
  putStrLn ("sum: " ++ show (sum ps))
  putStrLn ("largest: " ++ show (last ps))
  putStrLn ("twin pairs: " ++ show (twins ps))
  putStrLn ("trial division agrees: " ++ show (trial n ps == ps))
