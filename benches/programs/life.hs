-- bench: 150
-- A simulation: Conway's Game of Life on an unbounded board, the live cells kept in a Data.Set
-- and the neighbour counts gathered in a Data.Map each generation. The start is a few
-- R-pentominoes and a pseudo-random soup in a 20×20 square. Argument: generations (default
-- 5). Prints the population every fifth generation and the final bounding box.
module Main (main) where

import qualified Data.Map as Map
import qualified Data.Set as Set
import System.Environment (getArgs)

type Cell = (Int, Int)

neighbours :: Cell -> [Cell]
neighbours (x, y) = [(x + dx, y + dy) | dx <- [-1, 0, 1], dy <- [-1, 0, 1], (dx, dy) /= (0, 0)]

generation :: Set.Set Cell -> Set.Set Cell
generation live = Set.fromDistinctAscList (Map.keys (Map.filterWithKey alive counts))
  where
    counts = Map.fromListWith (+) [(n, 1 :: Int) | c <- Set.toList live, n <- neighbours c]
    alive c k = k == 3 || (k == 2 && Set.member c live)

next :: Int -> Int
next s = (s * 1103515245 + 12345) `mod` 2147483648

start :: Set.Set Cell
start = Set.fromList (pentominoes ++ soup 400 7)
  where
    pentominoes = [(x + ox, y + oy) | (ox, oy) <- [(-40, -40), (45, 10), (0, 60)], (x, y) <- [(1, 0), (2, 0), (0, 1), (1, 1), (1, 2)]]
    soup :: Int -> Int -> [Cell]
    soup 0 _ = []
    soup k s =
      let s' = next s
          rest = soup (k - 1) s'
       in if (s' `div` 65536) `mod` 3 == 0 then (k `mod` 20, k `div` 20) : rest else rest

run :: Int -> Int -> Set.Set Cell -> IO (Set.Set Cell)
run g n live
  | g > n = return live
  | otherwise = do
      if g `mod` 5 == 0 then putStrLn ("generation " ++ show g ++ ": " ++ show (Set.size live) ++ " cells") else return ()
      run (g + 1) n (generation live)

main :: IO ()
main = do
  args <- getArgs
  let n = if null args then 5 else read (head args)
  final <- run 0 n start
  let xs = map fst (Set.toList final)
      ys = map snd (Set.toList final)
  if Set.null final
    then putStrLn "empty"
    else putStrLn ("box: " ++ show ((minimum xs, minimum ys), (maximum xs, maximum ys)))
