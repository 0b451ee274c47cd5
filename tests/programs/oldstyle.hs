-- A Haskell 98 program written against the report's library module names (List, Char, Maybe,
-- Monad, Ratio, Complex, Ix, Array): a matrix of exact fractions reduced to row echelon form,
-- a polynomial's complex roots by Durand-Kerner, and a text index.
-- (GHC no longer ships these names: its expected output comes from the same program with the
-- hierarchical names Data.List, Data.Char, ...)
module Main (main) where

import List (sortBy, groupBy, nub, transpose, intersperse)
import Char (toLower, isAlpha)
import Maybe (fromMaybe, mapMaybe)
import Monad (foldM, when, zipWithM_)
import Ratio ((%), numerator, denominator)
import Complex (Complex((:+)), magnitude, realPart, imagPart)
import Array (Array, listArray, bounds, (!), elems, (//))
import Ix (range)

type Matrix = Array (Int, Int) Rational

matrix :: [[Rational]] -> Matrix
matrix rows = listArray ((1, 1), (length rows, length (head rows))) (concat rows)

rowsOf :: Matrix -> [[Rational]]
rowsOf m = [[m ! (r, c) | c <- [c0 .. c1]] | r <- [r0 .. r1]]
  where ((r0, c0), (r1, c1)) = bounds m

-- Gauss-Jordan elimination to reduced row echelon form: for each column, the first row at or
-- below the next pivot position with a nonzero entry becomes the pivot row, scaled to a leading
-- 1, and that column is cleared in every other row.
rref :: [[Rational]] -> [[Rational]]
rref rows = go 0 0 rows
  where
    width = length (head rows)
    height = length rows
    go col r rs
      | col >= width || r >= height = rs
      | otherwise = case [i | i <- [r .. height - 1], rs !! i !! col /= 0] of
          [] -> go (col + 1) r rs
          (i : _) ->
            let p = map (/ (rs !! i !! col)) (rs !! i)
                swapped = [if k == r then p else if k == i then rs !! r else rs !! k | k <- [0 .. height - 1]]
                cleared = [if k == r then row else zipWith (\a b -> a - (row !! col) * b) row p | (k, row) <- zip [0 .. height - 1] swapped]
            in go (col + 1) (r + 1) cleared

showQ :: Rational -> String
showQ q = if denominator q == 1 then show (numerator q) else show (numerator q) ++ "/" ++ show (denominator q)

-- Roots of a monic polynomial (coefficients from the highest power down) by Durand-Kerner.
roots :: [Complex Double] -> [Complex Double]
roots cs = iterateRoots (50 :: Int) start
  where
    n = length cs - 1
    start = [(0.4 :+ 0.9) ^ k | k <- [0 .. n - 1]]
    p z = foldl (\acc c -> acc * z + c) 0 cs
    iterateRoots 0 zs = zs
    iterateRoots k zs = iterateRoots (k - 1) [z - p z / product [z - w | (j, w) <- zip [0 .. n - 1] zs, j /= i] | (i, z) <- zip [0 .. n - 1] zs]

index :: String -> [(String, [Int])]
index text = map (\g -> (fst (head g), nub (map snd g))) (groupBy (\a b -> fst a == fst b) (sortBy (\a b -> compare (fst a) (fst b)) pairs))
  where pairs = [(map toLower w, n) | (n, l) <- zip [1 .. length (lines text)] (lines text), w <- words (map (\c -> if isAlpha c then c else ' ') l), length w > 3]

main :: IO ()
main = do
  let m = matrix [[2, 1, -1, 8], [-3, -1, 2, -11], [-2, 1, 2, -3]]
  mapM_ (putStrLn . unwords . map showQ) (rref (rowsOf m))
  print (transpose (rowsOf (m // [((1, 1), 1 % 2)])))
  print (sum (elems m), range ((1, 1), (2, 2)))
  let rs = roots [1, (-6), 11, (-6)]
  mapM_ (\z -> putStrLn (show (fromIntegral (round (realPart z * 1000)) / 1000 :: Double) ++ " " ++ show (abs (imagPart z) < 1e-9))) rs
  print (magnitude (3 :+ 4 :: Complex Double))
  let text = "Strict evaluation computes arguments first.\nLazy evaluation computes arguments when needed.\nBoth compute the same answers here."
  mapM_ (\(w, ls) -> putStrLn (w ++ ": " ++ concat (intersperse "," (map show ls)))) (index text)
  total <- foldM (\acc x -> do { when (x > 2) (putStrLn ("adding " ++ show x)); return (acc + x) }) 0 [1, 2, 3, 4 :: Int]
  print (total, fromMaybe 0 (lookup 'b' (zip "abc" [1 :: Int ..3])), mapMaybe (\x -> if x > 1 then Just (x * x) else Nothing) [1, 2, 3 :: Int])
  zipWithM_ (\i s -> putStrLn (show i ++ ": " ++ s)) [1 :: Int .. 2] ["one", "two"]
