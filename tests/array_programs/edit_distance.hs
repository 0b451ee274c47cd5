-- Levenshtein distance: the DP table filled row by row into a 2-D array, then an alignment traced back
import Data.Array

-- The whole table, rows 0..m and columns 0..n; each row is computed from the previous one
-- left to right, so the table is complete before anything reads it.
table :: String -> String -> Array (Int, Int) Int
table s t = listArray ((0, 0), (m, n)) (concat (rows 0 [0 .. n]))
  where
    m = length s
    n = length t
    sa = listArray (1, m) s
    ta = listArray (1, n) t
    rows i prev
      | i == m = [prev]
      | otherwise = prev : rows (i + 1) (nextRow (i + 1) prev)
    nextRow i prev = i : scanRow 1 i
      where
        prevA = listArray (0, n) prev :: Array Int Int
        scanRow j leftVal
          | j > n = []
          | otherwise =
              let cost = if sa ! i == ta ! j then 0 else 1
                  v = minimum [prevA ! j + 1, leftVal + 1, prevA ! (j - 1) + cost]
              in v : scanRow (j + 1) v

distance :: String -> String -> Int
distance s t = table s t ! (length s, length t)

data Op = Keep Char | Sub Char Char | Del Char | Ins Char deriving (Show, Eq)

alignment :: String -> String -> [Op]
alignment s t = reverse (walk (length s) (length t))
  where
    d = table s t
    sa = listArray (1, length s) s
    ta = listArray (1, length t) t
    walk 0 0 = []
    walk i 0 = Del (sa ! i) : walk (i - 1) 0
    walk 0 j = Ins (ta ! j) : walk 0 (j - 1)
    walk i j
      | sa ! i == ta ! j && d ! (i, j) == d ! (i - 1, j - 1) = Keep (sa ! i) : walk (i - 1) (j - 1)
      | d ! (i, j) == d ! (i - 1, j - 1) + 1 = Sub (sa ! i) (ta ! j) : walk (i - 1) (j - 1)
      | d ! (i, j) == d ! (i - 1, j) + 1 = Del (sa ! i) : walk (i - 1) j
      | otherwise = Ins (ta ! j) : walk i (j - 1)

render :: [Op] -> (String, String, String)
render ops = (map top ops, map mid ops, map bot ops)
  where
    top (Keep c) = c
    top (Sub c _) = c
    top (Del c) = c
    top (Ins _) = '-'
    mid (Keep _) = '|'
    mid (Sub _ _) = '*'
    mid _ = ' '
    bot (Keep c) = c
    bot (Sub _ c) = c
    bot (Del _) = '-'
    bot (Ins c) = c

main :: IO ()
main = do
  let d = table "kitten" "sitting"
      ((_, _), (m, n)) = bounds d
  mapM_ (\i -> putStrLn (unwords [pad (d ! (i, j)) | j <- [0 .. n]])) [0 .. m]
  let pairs = [("kitten", "sitting"), ("flaw", "lawn"), ("intention", "execution"), ("", "abc"), ("same", "same"), ("gumbo", "gambol")]
  mapM_ (\(a, b) -> putStrLn (a ++ " -> " ++ b ++ ": " ++ show (distance a b))) pairs
  mapM_ (\(a, b) -> let (x, y, z) = render (alignment a b) in mapM_ putStrLn [x, y, z, ""]) (take 3 pairs)
  print (alignment "flaw" "lawn")
  print (and [distance a b == distance b a | (a, b) <- pairs])
  print (length (filter (/= Keep 'x') (alignment "abcdef" "azced")) , distance "abcdef" "azced")
  where pad k = replicate (2 - length (show k)) ' ' ++ show k
