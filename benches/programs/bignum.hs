-- bench: 5000
-- Integer arithmetic on big numbers: the digits of π by Machin's formula
-- (π = 16·arctan(1/5) − 4·arctan(1/239)) in fixed point with n + 10 guard digits, the digit sum
-- of n! and of the n-th Fibonacci number, and a modular power.
-- Argument: n (default 200). Prints digit counts, digit sums and π's last ten digits.
module Main (main) where

import Data.Char (digitToInt)
import System.Environment (getArgs)

-- arctan(1/x) scaled by `unity`, by its Taylor series: the sum of (-1)^k / ((2k+1) x^(2k+1)).
arctanInv :: Integer -> Integer -> Integer
arctanInv unity x = go (unity `div` x) 1 0 True
  where
    x2 = x * x
    go power k acc positive
      | power == 0 = acc
      | otherwise =
          let term = power `div` k
              acc' = if positive then acc + term else acc - term
           in go (power `div` x2) (k + 2) acc' (not positive)

-- The first n decimal digits of π (3 then n - 1 after the point), as a string.
piDigits :: Int -> String
piDigits n = take n (show (scaled `div` (10 ^ guard)))
  where
    guard = 10 :: Int
    unity = 10 ^ (n - 1 + guard)
    scaled = 16 * arctanInv unity 5 - 4 * arctanInv unity 239

factorial :: Integer -> Integer
factorial n = product [1 .. n]

fibonacci :: Int -> Integer
fibonacci n = go n 0 1
  where
    go 0 a _ = a
    go k a b = go (k - 1) b (a + b)

-- b^e mod m by repeated squaring.
powMod :: Integer -> Integer -> Integer -> Integer
powMod b e m
  | e == 0 = 1
  | even e = let h = powMod b (e `div` 2) m in h * h `mod` m
  | otherwise = b * powMod b (e - 1) m `mod` m

digitSum :: Integer -> Int
digitSum = sum . map digitToInt . show

main :: IO ()
main = do
  args <- getArgs
  let n = if null args then 200 else read (head args)
      ds = piDigits n
      f = factorial (toInteger n)
      fib = fibonacci (10 * n)
  putStrLn ("pi: " ++ show (length ds) ++ " digits, sum " ++ show (sum (map digitToInt ds)) ++ ", last ten " ++ drop (n - 10) ds)
  putStrLn (show n ++ "!: " ++ show (length (show f)) ++ " digits, sum " ++ show (digitSum f))
  putStrLn ("fib " ++ show (10 * n) ++ ": " ++ show (length (show fib)) ++ " digits, sum " ++ show (digitSum fib))
  putStrLn ("3^(n!) mod (2^127-1): " ++ show (powMod 3 f (2 ^ (127 :: Int) - 1)))
