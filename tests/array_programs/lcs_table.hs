-- longest common subsequence: a 2-D table filled cell by cell with (//) in row-major order, then traced back
import Data.Array
import Data.List (foldl')

lcsTable :: String -> String -> Array (Int, Int) Int
lcsTable s t = foldl' fill start [(i, j) | i <- [1 .. m], j <- [1 .. n]]
  where
    m = length s
    n = length t
    sa = listArray (1, m) s
    ta = listArray (1, n) t
    start = listArray ((0, 0), (m, n)) (replicate ((m + 1) * (n + 1)) 0)
    fill tbl (i, j) = tbl // [((i, j), cell)]
      where
        cell
          | sa ! i == ta ! j = tbl ! (i - 1, j - 1) + 1
          | otherwise = max (tbl ! (i - 1, j)) (tbl ! (i, j - 1))

lcs :: String -> String -> String
lcs s t = reverse (back (length s) (length t))
  where
    tbl = lcsTable s t
    sa = listArray (1, length s) s
    ta = listArray (1, length t) t
    back i j
      | i == 0 || j == 0 = []
      | sa ! i == ta ! j = sa ! i : back (i - 1) (j - 1)
      | tbl ! (i - 1, j) >= tbl ! (i, j - 1) = back (i - 1) j
      | otherwise = back i (j - 1)

-- The same length from a table of suffixes, one row array at a time, filled from the last row
-- upwards and each row from its right end (cell j needs the cell to its right and the row below).
lcsLengthSuffix :: String -> String -> Int
lcsLengthSuffix s t = rowsFrom m (listArray (1, n + 1) (replicate (n + 1) 0)) ! 1
  where
    m = length s
    n = length t
    sa = listArray (1, m) s
    ta = listArray (1, n) t
    rowsFrom :: Int -> Array Int Int -> Array Int Int
    rowsFrom 0 below = below
    rowsFrom i below = rowsFrom (i - 1) (listArray (1, n + 1) (cells n [0]))
      where
        cells 0 acc = acc
        cells j acc =
          let v = if sa ! i == ta ! j then below ! (j + 1) + 1 else max (below ! j) (head acc)
          in cells (j - 1) (v : acc)

main :: IO ()
main = do
  let s = "AGGTAB"
      t = "GXTXAYB"
      tbl = lcsTable s t
  mapM_ (\i -> putStrLn (concatMap (\j -> show (tbl ! (i, j))) [0 .. length t])) [0 .. length s]
  print (lcs s t, tbl ! (length s, length t))
  let pairs = [("ABCBDAB", "BDCABA"), ("dynamic", "programming"), ("haskell", "pascal"), ("", "abc"), ("abc", "abc")]
  mapM_ (\(a, b) -> print (a, b, lcs a b, length (lcs a b))) pairs
  print [lcsLengthSuffix a b == length (lcs a b) | (a, b) <- (s, t) : pairs]
  print (bounds tbl, sum (elems tbl), maximum (elems tbl))
