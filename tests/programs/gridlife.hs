-- A bounded grid with Data.Ix and Data.Array: Conway's game of life on a torus, flood fill of
-- regions with Data.Set, and the Ix class's ranges and positions for 2- and 3-dimensional
-- indices.
import Data.Array
import Data.Ix
import qualified Data.Set as Set

type Grid = Array (Int, Int) Bool

parseGrid :: [String] -> Grid
parseGrid rows = listArray ((0, 0), (length rows - 1, length (head rows) - 1)) (map (== '#') (concat rows))

render :: Grid -> [String]
render g = [[if g ! (r, c) then '#' else '.' | c <- [c0 .. c1]] | r <- [r0 .. r1]]
  where ((r0, c0), (r1, c1)) = bounds g

-- Neighbours wrap around the edges.
step :: Grid -> Grid
step g = listArray b [rule (g ! i) (liveAround i) | i <- range b]
  where
    b@((r0, c0), (r1, c1)) = bounds g
    h = r1 - r0 + 1
    w = c1 - c0 + 1
    liveAround (r, c) = length [() | dr <- [-1, 0, 1], dc <- [-1, 0, 1], (dr, dc) /= (0, 0),
                                     g ! (r0 + (r - r0 + dr) `mod` h, c0 + (c - c0 + dc) `mod` w)]
    rule alive n = n == 3 || (alive && n == 2)

generations :: Int -> Grid -> [Grid]
generations 0 g = [g]
generations n g = g : generations (n - 1) (step g)

-- The connected regions of equal cells (4-neighbourhood), largest first by size.
regions :: Array (Int, Int) Char -> [(Char, Int)]
regions a = go (Set.fromList (indices a))
  where
    go todo = case Set.minView todo of
      Nothing -> []
      Just (i, _) -> let region = fill (a ! i) (Set.singleton i) [i]
                     in (a ! i, Set.size region) : go (Set.difference todo region)
    fill ch seen [] = seen
    fill ch seen (p : ps) =
      let next = [q | q <- around p, inRange (bounds a) q, a ! q == ch, Set.notMember q seen]
      in fill ch (foldr Set.insert seen next) (next ++ ps)
    around (r, c) = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]

main :: IO ()
main = do
  let glider = parseGrid [".#......", "..#.....", "###.....", "........", "........", "........"]
  mapM_ (\(n, g) -> do
           putStrLn ("generation " ++ show n ++ ", " ++ show (length (filter id (elems g))) ++ " alive")
           mapM_ putStrLn (render g))
        (filter ((`elem` [0, 1, 4, 24]) . fst) (zip [0 :: Int .. 24] (generations 24 glider)))
  let blinker = parseGrid [".....", "..#..", "..#..", "..#..", "....."]
  print (map (length . filter id . elems) (generations 4 blinker), step (step blinker) == blinker)
  let picture = listArray ((0, 0), (4, 7)) (concat ["aaab..cc", "abbb..cc", "aa....cc", "dddd...c", "d..ddddd"]) :: Array (Int, Int) Char
  print (regions picture)
  print (range ((0, 0), (1, 2)) :: [(Int, Int)], index ((0, 0), (3, 3)) (2, 1 :: Int), rangeSize ((1, 1), (3, 4) :: (Int, Int)))
  print (inRange ((0, 0, 0), (2, 2, 2)) (1, 2, 3 :: Int), index ((0, 0, 0), (2, 2, 2)) (1, 2, 1 :: Int), rangeSize ((0, 0, 0), (1, 2, 3 :: Int)))
  print (range ('a', 'e'), index ('a', 'z') 'k', range (False, True), index (LT, GT) GT, rangeSize (10, 5 :: Int))
  let cube = listArray ((0, 0, 0), (1, 1, 1)) [1 .. 8] :: Array (Int, Int, Int) Int
  print (cube ! (1, 0, 1), sum [cube ! (i, i, i) | i <- [0, 1]], bounds cube)
  let counts = accumArray (+) 0 ((0, 0), (2, 2)) [((x `mod` 3, y `mod` 3), 1) | x <- [0 .. 9], y <- [0 .. 4 :: Int]] :: Array (Int, Int) Int
  print counts
  print (fmap (* 10) counts ! (2, 2), maximum (elems counts), [i | (i, v) <- assocs counts, v == 8])
