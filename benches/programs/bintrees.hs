-- bench: 16
-- Binary trees: allocate many perfect binary trees and walk them. For each depth d from 4 to
-- n in steps of 2, build 2^(n - d + 4) trees of depth d and add up their node counts; one
-- tree of depth n lives throughout and is checked at the end. Argument: n (default 8).
-- Prints one line per depth and the long-lived tree's check.
module Main (main) where

import System.Environment (getArgs)

data Tree = Leaf | Node Tree Int Tree

-- A perfect tree of the given depth whose labels start at k.
make :: Int -> Int -> Tree
make k 0 = Node Leaf k Leaf
make k d = Node (make (2 * k) (d - 1)) k (make (2 * k + 1) (d - 1))

-- Nodes, plus the labels' alternating sum (so the walk must visit every label).
check :: Tree -> Int
check Leaf = 0
check (Node l k r) = 1 + k `mod` 3 + check l - check r

nodes :: Tree -> Int
nodes Leaf = 0
nodes (Node l _ r) = 1 + nodes l + nodes r

-- Build and check `count` trees of depth d, one at a time.
sweep :: Int -> Int -> Int
sweep count d = go count 0
  where
    go 0 acc = acc
    go i acc = let t = make i d in go (i - 1) (acc + nodes t + check t)

main :: IO ()
main = do
  args <- getArgs
  let n = if null args then 8 else read (head args)
      longLived = make 1 n
  putStrLn ("long-lived tree of depth " ++ show n ++ ": " ++ show (nodes longLived) ++ " nodes")
  mapM_
    ( \d -> do
        let count = 2 ^ (n - d + 4) :: Int
        putStrLn (show count ++ " trees of depth " ++ show d ++ ": total " ++ show (sweep count d))
    )
    [4, 6 .. n]
  putStrLn ("long-lived check: " ++ show (check longLived))
