-- bench: 60
-- A constraint solver: sudoku by backtracking search, always filling the empty cell with the
-- fewest candidates (computed from its row, column and box). The puzzles are made here: a
-- solved grid from a pattern, its digits, rows and columns shuffled by a pseudo-random
-- generator, then most cells blanked. Also SEND + MORE = MONEY by choosing distinct digits.
-- Argument: n puzzles (default 1). Prints, per puzzle, the search's node count and a checksum
-- of the solution, and the SEND + MORE solution.
module Main (main) where

import Data.List (minimumBy, sortBy, transpose, (\\))
import Data.Ord (comparing)
import System.Environment (getArgs)

type Grid = [[Int]] -- 9 rows of 9 digits, 0 for an empty cell

next :: Int -> Int
next s = (s * 1103515245 + 12345) `mod` 2147483648

-- A permutation of a list, by sorting it on pseudo-random keys; and the next state.
shuffle :: Int -> [a] -> ([a], Int)
shuffle s xs = (map snd (sortBy (comparing fst) (zip keys xs)), last (s : keys))
  where
    keys = states (length xs) s
    states 0 _ = []
    states k t = let t' = next t in t' : states (k - 1) t'

-- A valid grid: row r, column c holds (3 (r mod 3) + r div 3 + c) mod 9 + 1, then shuffled.
puzzle :: Int -> (Grid, Int)
puzzle s0 = (blank s4 solved, s5)
  where
    base = [[(3 * (r `mod` 3) + r `div` 3 + c) `mod` 9 + 1 | c <- [0 .. 8]] | r <- [0 .. 8]]
    (digits, s1) = shuffle s0 [1 .. 9]
    (bands, s2) = shuffle s1 [0 .. 2]
    (inBand, s3) = shuffle s2 [0 .. 2]
    (stacks, s4) = shuffle s3 [0 .. 2]
    rowOrder = [3 * b + i | b <- bands, i <- inBand]
    colOrder = [3 * b + i | b <- stacks, i <- [0 .. 2]]
    solved = [[digits !! (((base !! r) !! c) - 1) | c <- colOrder] | r <- rowOrder]
    s5 = next (next s4)
    -- Keep a cell with probability 1/3.
    blank t g = fst (foldr keep ([], t) g)
    keep row (rows, t) = let (row', t') = foldr cell ([], t) row in (row' : rows, t')
    cell d (ds, t) = let t' = next t in ((if (t' `div` 65536) `mod` 3 == 0 then d else 0) : ds, t')

-- The digits still possible in each empty cell, from the digits already in its row, column
-- and box (the columns and boxes gathered once for the whole grid).
options :: Grid -> [(Int, Int, [Int])]
options g =
  [ (r, c, [1 .. 9] \\ (row ++ (cols !! c) ++ (boxes !! (3 * (r `div` 3) + c `div` 3))))
  | (r, row) <- zip [0 .. 8] g, (c, 0) <- zip [0 .. 8] row
  ]
  where
    cols = transpose g
    boxes = boxesOf g

-- The nine 3×3 boxes, left to right and top to bottom.
boxesOf :: Grid -> [[Int]]
boxesOf g = [concat [take 3 (drop bc row) | row <- take 3 (drop br g)] | br <- [0, 3, 6], bc <- [0, 3, 6]]

set :: Grid -> Int -> Int -> Int -> Grid
set g r c d = [if i == r then [if j == c then d else x | (j, x) <- zip [0 .. 8] row] else row | (i, row) <- zip [0 .. 8] g]

-- The first solution found and the number of search nodes visited: fill the empty cell with
-- the fewest options, trying each in turn.
solve :: Grid -> (Maybe Grid, Int)
solve g = case options g of
  [] -> (Just g, 1)
  cells ->
    let (r, c, ds) = minimumBy (comparing (\(_, _, xs) -> length xs)) cells
        try [] nodes = (Nothing, nodes)
        try (d : rest) nodes = case solve (set g r c d) of
          (Just s, k) -> (Just s, nodes + k)
          (Nothing, k) -> try rest (nodes + k)
     in try ds 1

-- The 81 digits read as one number, modulo a prime.
checksum :: Grid -> Int
checksum g = foldl (\acc d -> (10 * acc + d) `mod` 1000000007) 0 (concat g)

valid :: Grid -> Bool
valid g = all ok g && all ok (transpose g) && all ok (boxesOf g)
  where
    ok xs = null ([1 .. 9] \\ xs)

-- SEND + MORE = MONEY with distinct digits and no leading zero, choosing digits column by
-- column from the units and pruning on each column's sum.
sendMore :: [(Int, Int, Int)]
sendMore =
  [ (number [s, e, n, d], number [m, o, r, e], number [m, o, n, e, y])
  | d <- digits, e <- digits \\ [d]
  , let y = (d + e) `mod` 10, y `notElem` [d, e], let c1 = (d + e) `div` 10
  , n <- digits \\ [d, e, y], r <- digits \\ [d, e, y, n], (n + r + c1) `mod` 10 == e
  , let c2 = (n + r + c1) `div` 10
  , o <- digits \\ [d, e, y, n, r], (e + o + c2) `mod` 10 == n
  , let c3 = (e + o + c2) `div` 10
  , s <- digits \\ [0, d, e, y, n, r, o], m <- digits \\ [0, d, e, y, n, r, o, s]
  , (s + m + c3) `mod` 10 == o, (s + m + c3) `div` 10 == m
  ]
  where
    digits = [0 .. 9]
    number = foldl (\a x -> 10 * a + x) 0

main :: IO ()
main = do
  args <- getArgs
  let n = if null args then 1 else read (head args)
      puzzles = take n (gen n 2024)
      gen 0 _ = []
      gen k s = let (p, s') = puzzle s in p : gen (k - 1) s'
  mapM_
    ( \(i, p) -> case solve p of
        (Just sol, nodes) ->
          putStrLn
            ( "puzzle " ++ show i ++ ": " ++ show (length (filter (/= 0) (concat p))) ++ " givens, "
                ++ show nodes ++ " nodes, checksum " ++ show (checksum sol) ++ ", valid " ++ show (valid sol)
            )
        (Nothing, nodes) -> putStrLn ("puzzle " ++ show i ++ ": no solution after " ++ show nodes ++ " nodes")
    )
    (zip [1 .. n] puzzles)
  print sendMore
