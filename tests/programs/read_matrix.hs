-- Matrices given as text: rows of numbers read with `read` (negative numbers, exponents,
-- Haskell list syntax), solved exactly over Rational and summarised over Double.

matrixText :: String
matrixText = unlines
  [ "# coefficients and right-hand side"
  , "  2   1  -1    8"
  , " -3  -1   2  -11"
  , " -2   1   2   -3"
  ]

samples :: String
samples = "1.5 -2.25e1 3e-2 0.125 -0 1e3 42 -7.5"

listText :: String
listText = "[[1,2,3],[4,5,6],[-7,8,-9]]"

parseRows :: String -> [[Integer]]
parseRows txt = [map read (words l) | l <- lines txt, not (null (words l)), head (head (words l)) /= '#']

toRational' :: Integer -> Rational
toRational' n = fromInteger n

-- Gauss-Jordan elimination on an augmented matrix; Nothing when singular.
solve :: [[Rational]] -> Maybe [Rational]
solve rows = go 0 rows
  where
    n = length rows
    go k m
      | k == n = Just (map last m)
      | otherwise = case [r | r <- drop k m, r !! k /= 0] of
          [] -> Nothing
          (p:_) ->
            let others = [r | r <- take k m ++ drop k m, r /= p]
                pivot = map (/ (p !! k)) p
                clear r = zipWith (\a b -> a - (r !! k) * b) r pivot
                above = map clear (take k others)
                below = map clear (drop k others)
            in go (k + 1) (above ++ [pivot] ++ below)

det :: [[Integer]] -> Integer
det [] = 1
det m = sum [(-1) ^ j * head m !! j * det (minor j) | j <- [0 .. length m - 1]]
  where minor j = [take j r ++ drop (j + 1) r | r <- tail m]

mean :: [Double] -> Double
mean xs = sum xs / fromIntegral (length xs)

stddev :: [Double] -> Double
stddev xs = sqrt (sum [(x - m) * (x - m) | x <- xs] / fromIntegral (length xs))
  where m = mean xs

transpose' :: [[a]] -> [[a]]
transpose' [] = []
transpose' ([] : _) = []
transpose' xss = map head xss : transpose' (map tail xss)

main :: IO ()
main = do
  let rows = parseRows matrixText
  print rows
  print (solve (map (map toRational') rows))
  print (solve [[1, 2, 3], [2, 4, 6 :: Rational]])
  let xs = map read (words samples) :: [Double]
  print xs
  print (mean xs, stddev xs, maximum xs, minimum xs)
  let m = read listText :: [[Integer]]
  print (m, det m, transpose' m)
  print (read "[(1,-2.5),(3,4.0e-1)]" :: [(Int, Double)])
  print (sum (map (read :: String -> Rational) ["3 % 4", "(-1) % 2", "5 % 10"]))
  print (read "  [ 1 , -2 , 3 ]  " :: [Integer], read "(-5)" :: Int, read "((7))" :: Integer)
