-- Conway's Game of Life on a torus: a 2-D Bool array, neighbour counts by indexing and by accumArray
import Data.Array

type Board = Array (Int, Int) Bool

fromPicture :: [String] -> Board
fromPicture rows = listArray ((0, 0), (h - 1, w - 1)) (map (== '#') (concat rows))
  where
    h = length rows
    w = length (head rows)

picture :: Board -> [String]
picture b = [[if b ! (r, c) then '#' else '.' | c <- [c0 .. c1]] | r <- [r0 .. r1]]
  where ((r0, c0), (r1, c1)) = bounds b

offsets :: [(Int, Int)]
offsets = [(dr, dc) | dr <- [-1, 0, 1], dc <- [-1, 0, 1], (dr, dc) /= (0, 0)]

wrap :: Board -> (Int, Int) -> (Int, Int)
wrap b (r, c) = (r `mod` (r1 + 1), c `mod` (c1 + 1))
  where (_, (r1, c1)) = bounds b

-- Gather: every cell reads its eight neighbours.
neighboursGather :: Board -> Array (Int, Int) Int
neighboursGather b = listArray (bounds b) [length [() | (dr, dc) <- offsets, b ! wrap b (r + dr, c + dc)] | (r, c) <- range (bounds b)]

-- Scatter: every live cell adds one to its eight neighbours.
neighboursScatter :: Board -> Array (Int, Int) Int
neighboursScatter b = accumArray (+) 0 (bounds b) [(wrap b (r + dr, c + dc), 1) | ((r, c), True) <- assocs b, (dr, dc) <- offsets]

step :: Board -> Board
step b = listArray (bounds b) [rule alive (n ! ix) | (ix, alive) <- assocs b]
  where
    n = neighboursGather b
    rule True k = k == 2 || k == 3
    rule False k = k == 3

population :: Board -> Int
population = length . filter id . elems

generations :: Int -> Board -> [Board]
generations 0 b = [b]
generations k b = b : generations (k - 1) (step b)

main :: IO ()
main = do
  let glider = fromPicture [".#....", "..#...", "###...", "......", "......", "......"]
      gens = generations 24 glider
  mapM_ (\(k, b) -> do putStrLn ("generation " ++ show k); mapM_ putStrLn (picture b)) (zip [0 :: Int, 1, 2, 3, 4] gens)
  print (map population gens)
  print (last gens == glider, gens !! 12 == glider, population (gens !! 12))
  print (and [neighboursGather b == neighboursScatter b | b <- take 6 gens])
  let blinker = fromPicture [".....", "..#..", "..#..", "..#..", "....."]
  mapM_ putStrLn (picture (step blinker))
  print (step (step blinker) == blinker, step blinker == blinker)
  print (neighboursScatter blinker ! (2, 1), neighboursGather blinker ! (2, 2))
  let rpent = fromPicture ["........", "........", "....##..", "...##...", "....#...", "........", "........", "........"]
  print (map population (generations 12 rpent))
