-- bench: 11
-- N-queens: for every board size k up to n, the number of ways to place k queens on a k×k
-- board so that none attacks another, by backtracking over lists of column numbers.
-- Argument: n (default 6). Prints one count per board size.
module Main (main) where

import System.Environment (getArgs)

-- Can a queen go in column q of the next row, given the columns of the rows above (nearest
-- first)? Not in the same column, and not on a diagonal of any of them.
safe :: Int -> [Int] -> Bool
safe q = check 1
  where
    check _ [] = True
    check d (c : cs) = q /= c && abs (q - c) /= d && check (d + 1) cs

-- The number of complete placements on an n×n board.
queens :: Int -> Int
queens n = place n []
  where
    place :: Int -> [Int] -> Int
    place 0 _ = 1
    place k qs = sum [place (k - 1) (q : qs) | q <- [1 .. n], safe q qs]

main :: IO ()
main = do
  args <- getArgs
  let n = if null args then 6 else read (head args)
  mapM_ (\k -> putStrLn (show k ++ " queens: " ++ show (queens k))) [1 .. n]
