-- bench: 200
-- Dynamic programming over Data.Array: the 0/1 knapsack (n items with pseudo-random weights
-- and values, capacity 10n) as a table built row by row, each row an array computed from the
-- previous one, with the chosen items recovered by walking back; and the longest common
-- subsequence of two generated strings, also one array per row. Argument: n (default 30).
-- Prints the best value, the chosen items' count, weight and value, and the LCS length.
module Main (main) where

import Data.Array
import System.Environment (getArgs)

next :: Int -> Int
next s = (s * 1103515245 + 12345) `mod` 2147483648

-- (weight, value) pairs.
items :: Int -> [(Int, Int)]
items n = go n 5
  where
    go 0 _ = []
    go k s =
      let s1 = next s
          s2 = next s1
       in (1 + (s1 `div` 65536) `mod` 50, 1 + (s2 `div` 65536) `mod` 100) : go (k - 1) s2

-- The rows of the table: row i (for the first i items) holds the best value for each
-- capacity 0 .. cap.
table :: Int -> [(Int, Int)] -> [Array Int Int]
table cap = scanl addItem (listArray (0, cap) (replicate (cap + 1) 0))
  where
    addItem row (w, v) = listArray (0, cap) [best c | c <- [0 .. cap]]
      where
        best c
          | c >= w = max (row ! c) (row ! (c - w) + v)
          | otherwise = row ! c

-- Walk back from the last row: the items taken.
chosen :: Int -> [(Int, Int)] -> [Array Int Int] -> [(Int, Int)]
chosen cap its rows = go cap (reverse its) (reverse rows)
  where
    go c ((w, v) : rest) (r : r' : rs)
      | r ! c /= r' ! c = (w, v) : go (c - w) rest (r' : rs)
      | otherwise = go c rest (r' : rs)
    go _ _ _ = []

-- The length of the longest common subsequence, one array per row of the table.
lcs :: String -> String -> Int
lcs xs ys = last (elems (foldl step firstRow xs))
  where
    m = length ys
    yArr = listArray (1, m) ys
    firstRow = listArray (0, m) (replicate (m + 1) 0) :: Array Int Int
    step prev x = listArray (0, m) (cells prev x)
    cells prev x = go 0 0
      where
        go j left
          | j > m = []
          | j == 0 = 0 : go 1 0
          | otherwise =
              let here = if yArr ! j == x then prev ! (j - 1) + 1 else max left (prev ! j)
               in here : go (j + 1) here

letters :: Int -> Int -> String
letters 0 _ = []
letters k s = let s' = next s in toEnum (fromEnum 'a' + (s' `div` 65536) `mod` 4) : letters (k - 1) s'

main :: IO ()
main = do
  args <- getArgs
  let n = if null args then 30 else read (head args)
      its = items n
      cap = 10 * n
      rows = table cap its
      best = last rows ! cap
      taken = chosen cap its rows
  putStrLn ("best value: " ++ show best)
  putStrLn ("items taken: " ++ show (length taken) ++ ", weight " ++ show (sum (map fst taken)) ++ ", value " ++ show (sum (map snd taken)))
  putStrLn ("lcs: " ++ show (lcs (letters (5 * n) 1) (letters (4 * n) 2)))
