-- bench: 28 20 10
-- The Takeuchi function: a deeply recursive Int function, plus its cousin on three lists
-- (the recursion steered by list lengths). Arguments: x y z (default 12 8 4).
-- Prints tak x y z, and the list version's result's length for the sizes x/2 y/2 z/2.
module Main (main) where

import System.Environment (getArgs)

tak :: Int -> Int -> Int -> Int
tak x y z
  | y < x = tak (tak (x - 1) y z) (tak (y - 1) z x) (tak (z - 1) x y)
  | otherwise = z

-- The same recursion with numbers written as lists (a number is a list's length).
takList :: [Int] -> [Int] -> [Int] -> [Int]
takList x y z
  | shorter y x = takList (takList (tail x) y z) (takList (tail y) z x) (takList (tail z) x y)
  | otherwise = z

-- Is the first list shorter than the second?
shorter :: [a] -> [a] -> Bool
shorter _ [] = False
shorter [] _ = True
shorter (_ : xs) (_ : ys) = shorter xs ys

main :: IO ()
main = do
  args <- getArgs
  let [x, y, z] = case args of
        [a, b, c] -> map read [a, b, c]
        _ -> [12, 8, 4]
      list k = [1 .. k `div` 2]
  putStrLn ("tak " ++ unwords (map show [x, y, z]) ++ " = " ++ show (tak x y z))
  putStrLn ("takList: " ++ show (length (takList (list x) (list y) (list z))))
