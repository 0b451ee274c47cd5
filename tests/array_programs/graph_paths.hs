-- all-pairs shortest paths (Floyd-Warshall on a 2-D array, one new matrix per pivot) and BFS through a maze of Char cells
import Data.Array

type Dist = Array (Int, Int) (Maybe Int)

edges :: [(Int, Int, Int)]
edges = [(1, 2, 7), (1, 3, 9), (1, 6, 14), (2, 3, 10), (2, 4, 15), (3, 4, 11), (3, 6, 2), (4, 5, 6), (5, 6, 9), (7, 8, 1)]

initial :: Int -> (Dist, Array (Int, Int) Int)
initial n = (d, nxt)
  where
    both = concat [[(u, v, w), (v, u, w)] | (u, v, w) <- edges]
    d = accumArray keepMin Nothing ((1, 1), (n, n)) ([((i, i), 0) | i <- [1 .. n]] ++ [((u, v), w) | (u, v, w) <- both])
    keepMin Nothing w = Just w
    keepMin (Just a) w = Just (min a w)
    nxt = array ((1, 1), (n, n)) ([((i, j), 0) | i <- [1 .. n], j <- [1 .. n]] ++ [((u, v), v) | (u, v, _) <- both] ++ [((i, i), i) | i <- [1 .. n]])

floyd :: Int -> (Dist, Array (Int, Int) Int)
floyd n = foldl relax (initial n) [1 .. n]
  where
    relax (d, nxt) k = (listArray (bounds d) (map fst cells), listArray (bounds d) (map snd cells))
      where
        cells = [better (i, j) | (i, j) <- range (bounds d)]
        better (i, j) = case (d ! (i, k), d ! (k, j), d ! (i, j)) of
          (Just a, Just b, Nothing) -> (Just (a + b), nxt ! (i, k))
          (Just a, Just b, Just c) | a + b < c -> (Just (a + b), nxt ! (i, k))
          (_, _, c) -> (c, nxt ! (i, j))

route :: Array (Int, Int) Int -> Int -> Int -> [Int]
route nxt u v
  | nxt ! (u, v) == 0 = []
  | u == v = [v]
  | otherwise = u : route nxt (nxt ! (u, v)) v

maze :: [String]
maze =
  [ "#########"
  , "#S..#...#"
  , "#.#.#.#.#"
  , "#.#...#.#"
  , "#.#####.#"
  , "#...#..E#"
  , "#########" ]

grid :: Array (Int, Int) Char
grid = listArray ((0, 0), (length maze - 1, length (head maze) - 1)) (concat maze)

-- Breadth-first search: distances from S, one frontier at a time, recorded with (//).
bfs :: Array (Int, Int) Char -> Array (Int, Int) Int
bfs g = go [start] (fmap (const (-1)) g // [(start, 0)]) 0
  where
    start = head [ix | (ix, 'S') <- assocs g]
    go [] dist _ = dist
    go frontier dist k =
      let next = dedup [q | (r, c) <- frontier, q <- [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)], inRange (bounds g) q, g ! q /= '#', dist ! q < 0]
      in go next (dist // [(q, k + 1) | q <- next]) (k + 1)
    dedup [] = []
    dedup (x : xs) = x : dedup (filter (/= x) xs)

main :: IO ()
main = do
  let n = 8
      (d, nxt) = floyd n
  mapM_ (\i -> putStrLn (unwords [maybe "  -" (\x -> replicate (3 - length (show x)) ' ' ++ show x) (d ! (i, j)) | j <- [1 .. n]])) [1 .. n]
  print (route nxt 1 5, d ! (1, 5))
  print (route nxt 4 1, route nxt 7 8, route nxt 1 7)
  print (and [d ! (i, j) == d ! (j, i) | (i, j) <- range (bounds d)])
  let dist = bfs grid
      end = head [ix | (ix, 'E') <- assocs grid]
  print (end, dist ! end)
  mapM_ putStrLn [[cell dist (r, c) | c <- [0 .. 8]] | r <- [0 .. 6]]
  print (length [() | v <- elems dist, v >= 0], maximum (elems dist))
  where
    cell dist ix = case grid ! ix of
      '#' -> '#'
      _ -> let v = dist ! ix in if v < 0 then '?' else last (show v)
