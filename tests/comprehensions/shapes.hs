-- List comprehensions of every shape the VM's simplifier turns into walks
-- (core/src/simplify/comprehension.rs): guards, nested generators, local
-- definitions, refutable patterns, bodies of several elements and of any list,
-- comprehensions inside comprehensions and over strings; each result is also
-- consumed by something that does not fuse with it (`show`, `length`, `zip`).
module Main (main) where

import Data.Char (toUpper)

pythagorean :: Int -> [(Int, Int, Int)]
pythagorean n = [(a, b, c) | c <- [1 .. n], b <- [1 .. c], a <- [1 .. b], a * a + b * b == c * c]

evensSquared :: [Int] -> [Int]
evensSquared xs = [y | x <- xs, even x, let y = x * x, y > 10]

lefts' :: [Either Int String] -> [Int]
lefts' es = [n | Left n <- es]

pairsUp :: [Int] -> [Int]
pairsUp xs = [v | x <- xs, v <- [x, negate x]]

runs :: [Int] -> [Int]
runs xs = [r | x <- xs, r <- replicate x x ++ [0]]

table :: Int -> [[Int]]
table n = [[i * j | j <- [1 .. n]] | i <- [1 .. n]]

shout :: String -> String
shout s = [toUpper c | c <- s, c /= ' ']

divisors :: Int -> [Int]
divisors n = [d | d <- [1 .. n], n `mod` d == 0]

perfect :: Int -> [Int]
perfect n = [k | k <- [2 .. n], sum (init (divisors k)) == k]

cartesian :: [a] -> [b] -> [(a, b)]
cartesian xs ys = [(x, y) | x <- xs, y <- ys]

main :: IO ()
main = do
  print (pythagorean 30)
  print (evensSquared [1 .. 12])
  print (lefts' [Left 1, Right "a", Left 3, Right "b", Left 5])
  print (pairsUp [1, 2, 3], runs [3, 1, 2])
  print (table 4)
  putStrLn (shout "list comprehensions as walks")
  print (perfect 500)
  print (length (cartesian [1 .. 100 :: Int] "abcdefghij"), take 3 (cartesian "ab" [True, False]))
  print (zip [1 :: Int .. 10] [c | c <- "hello", c /= 'l'])
