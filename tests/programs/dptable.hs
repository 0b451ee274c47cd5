-- Dynamic programming with Data.Array: edit distance and longest common subsequence tables
-- (built row by row, each row from the previous one, then indexed for the traceback), a 0/1
-- knapsack, coin change counted with accumArray, and Pascal's triangle as a 2-D array.
import Data.Array

-- The (m+1) x (n+1) table of edit distances between prefixes.
editTable :: String -> String -> Array (Int, Int) Int
editTable a b = listArray ((0, 0), (m, n)) (concat rows)
  where
    m = length a
    n = length b
    bs = listArray (1, n) b
    rows = scanl nextRow [0 .. n] (zip [1 .. m] a)
    nextRow prev (i, ca) = reverse (foldl step [i] (zip3 [1 .. n] prev (tail prev)))
      where
        step acc@(left : _) (j, diag, up) =
          let cost = if ca == bs ! j then 0 else 1
          in minimum [left + 1, up + 1, diag + cost] : acc
        step [] _ = []

-- One optimal alignment as a list of edit operations.
alignment :: String -> String -> [String]
alignment a b = reverse (go m n)
  where
    t = editTable a b
    (_, (m, n)) = bounds t
    as = listArray (1, max 1 m) a
    bs = listArray (1, max 1 n) b
    go i j
      | i == 0 && j == 0 = []
      | i > 0 && j > 0 && as ! i == bs ! j && t ! (i, j) == t ! (i - 1, j - 1) = ("keep " ++ [as ! i]) : go (i - 1) (j - 1)
      | i > 0 && j > 0 && t ! (i, j) == t ! (i - 1, j - 1) + 1 = ("replace " ++ [as ! i] ++ " by " ++ [bs ! j]) : go (i - 1) (j - 1)
      | i > 0 && t ! (i, j) == t ! (i - 1, j) + 1 = ("delete " ++ [as ! i]) : go (i - 1) j
      | otherwise = ("insert " ++ [bs ! j]) : go i (j - 1)

lcsLength :: Eq a => [a] -> [a] -> Int
lcsLength xs ys = last (foldl row (replicate (length ys + 1) 0) xs)
  where
    row prev x = scanl (\left (y, diag, up) -> if x == y then diag + 1 else max left up) 0 (zip3 ys prev (tail prev))

-- Best value of items (weight, value) within a capacity: one array per item considered.
knapsack :: Int -> [(Int, Int)] -> Int
knapsack cap items = final ! cap
  where
    start = listArray (0, cap) (replicate (cap + 1) 0)
    final = foldl addItem start items
    addItem best (w, v) = listArray (0, cap) [if c >= w then max (best ! c) (best ! (c - w) + v) else best ! c | c <- [0 .. cap]]

-- Ways to pay each amount up to n with the coins, one coin kind at a time.
coinWays :: Int -> [Int] -> Array Int Integer
coinWays n coins = foldl addCoin (accumArray (+) 0 (0, n) [(0, 1)]) coins
  where
    addCoin ways c = listArray (0, n) (reverse (foldl (\acc k -> (ways ! k + (if k >= c then head (drop (c - 1) acc) else 0)) : acc) [] [0 .. n]))

pascal :: Int -> Array (Int, Int) Integer
pascal n = accumArray (+) 0 ((0, 0), (n, n)) [((r, k), choose r k) | r <- [0 .. n], k <- [0 .. r]]
  where choose r k = product [fromIntegral (r - k + 1) .. fromIntegral r] `div` product [1 .. fromIntegral k]

main :: IO ()
main = do
  let t = editTable "kitten" "sitting"
  print (t ! snd (bounds t), bounds t)
  mapM_ (\i -> putStrLn (unwords [show (t ! (i, j)) | j <- [0 .. 7]])) [0 .. 6]
  mapM_ putStrLn (alignment "intention" "execution")
  print [editTable a b ! snd (bounds (editTable a b)) | (a, b) <- [("", "abc"), ("abc", ""), ("flaw", "lawn"), ("same", "same")]]
  print (lcsLength "AGGTAB" "GXTXAYB", lcsLength "the quick brown fox" "a quick brown dog", lcsLength [1, 3, 5, 7, 9 :: Int] [1, 2, 3, 4, 5])
  print (knapsack 10 [(5, 10), (4, 40), (6, 30), (3, 50)], knapsack 50 [(10, 60), (20, 100), (30, 120)])
  let ways = coinWays 100 [1, 5, 10, 25, 50]
  print (ways ! 100, [ways ! k | k <- [0, 5 .. 50]])
  let p = pascal 10
  mapM_ (\r -> putStrLn (unwords [show (p ! (r, k)) | k <- [0 .. r]])) [0 .. 6]
  print (sum (elems p), p ! (10, 5), fmap (`mod` 2) p ! (9, 4))
  print (accumArray (flip (:)) [] ('a', 'e') [(c, i) | (i, c) <- zip [1 .. 9 :: Int] "abcdeedba"] :: Array Char [Int])
  let squares = listArray (1, 5) [i * i | i <- [1 .. 5]] :: Array Int Int
  print (squares, squares // [(2, 0), (4, -1)], ixmap (1, 3) (\i -> 6 - i) squares, indices squares)
