-- bench: 50000
-- Sorting: n pseudo-random Ints from a linear congruential generator, sorted by a top-down
-- merge sort, a quicksort (first element as pivot, with partition), Data.List.sort, and an
-- insertion sort of a prefix; the results are compared. Argument: n (default 2000). Prints
-- whether the sorts agree, the minimum, median and maximum, and a position-weighted checksum.
module Main (main) where

import Data.List (foldl', partition, sort)
import System.Environment (getArgs)

randoms :: Int -> Int -> [Int]
randoms 0 _ = []
randoms k s = let s' = (s * 1103515245 + 12345) `mod` 2147483648 in (s' `div` 16) : randoms (k - 1) s'

mergeSort :: [Int] -> [Int]
mergeSort xs
  | length xs <= 1 = xs
  | otherwise = merge (mergeSort as) (mergeSort bs)
  where
    (as, bs) = splitAt (length xs `div` 2) xs

merge :: [Int] -> [Int] -> [Int]
merge [] ys = ys
merge xs [] = xs
merge (x : xs) (y : ys)
  | x <= y = x : merge xs (y : ys)
  | otherwise = y : merge (x : xs) ys

quickSort :: [Int] -> [Int]
quickSort [] = []
quickSort (p : xs) = let (small, large) = partition (< p) xs in quickSort small ++ p : quickSort large

insertionSort :: [Int] -> [Int]
insertionSort = foldr insert []
  where
    insert x [] = [x]
    insert x (y : ys)
      | x <= y = x : y : ys
      | otherwise = y : insert x ys

checksum :: [Int] -> Int
checksum = foldl' (\acc x -> (acc * 7 + x) `mod` 1000000007) 0

main :: IO ()
main = do
  args <- getArgs
  let n = if null args then 2000 else read (head args)
      xs = randoms n 12345
      m = mergeSort xs
      q = quickSort xs
      l = sort xs
      prefix = take (min 2000 (n `div` 10)) xs
  putStrLn ("merge sort = quicksort = Data.List.sort: " ++ show (m == q && q == l))
  putStrLn ("insertion sort of a prefix agrees: " ++ show (insertionSort prefix == sort prefix))
  putStrLn ("min " ++ show (head m) ++ ", median " ++ show (m !! (n `div` 2)) ++ ", max " ++ show (last m))
  putStrLn ("checksum: " ++ show (checksum m))
  putStrLn ("descending runs in the input: " ++ show (length (filter id (zipWith (>) xs (tail xs)))))
