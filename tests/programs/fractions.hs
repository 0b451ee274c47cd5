-- Exact rational arithmetic with Data.Ratio: Egyptian fractions, continued fractions and their
-- convergents, best approximations of pi and e with approxRational, harmonic numbers and the
-- Bernoulli numbers.
import Data.Ratio

-- Greedy (Fibonacci-Sylvester) decomposition into distinct unit fractions.
egyptian :: Rational -> [Rational]
egyptian r
  | r <= 0 = []
  | numerator r == 1 = [r]
  | otherwise = let d = (denominator r + numerator r - 1) `div` numerator r
                    u = 1 % d
                in u : egyptian (r - u)

continuedFraction :: Rational -> [Integer]
continuedFraction r =
  let (q, rest) = properFraction r
  in if rest == 0 then [q] else q : continuedFraction (recip rest)

convergents :: [Integer] -> [Rational]
convergents as = [foldr (\a acc -> fromInteger a + recip acc) (fromInteger (last pre)) (init pre) | n <- [1 .. length as], let pre = take n as]

harmonic :: Integer -> Rational
harmonic n = sum [1 % k | k <- [1 .. n]]

-- B_0 .. B_n from the recurrence sum_{k=0}^{m} C(m+1, k) B_k = 0.
bernoulli :: Int -> [Rational]
bernoulli n = reverse (foldl next [1] [1 .. n])
  where
    next bs m = let known = reverse bs
                    s = sum [fromInteger (choose (m + 1) k) * b | (k, b) <- zip [0 .. m - 1] known]
                in (negate s / fromIntegral (m + 1)) : bs
    choose a b = product [toInteger (a - b + 1) .. toInteger a] `div` product [1 .. toInteger b]

showR :: Rational -> String
showR r = if denominator r == 1 then show (numerator r) else show (numerator r) ++ "/" ++ show (denominator r)

main :: IO ()
main = do
  let x = 3 % 4 :: Rational
      y = 5 % 6
  print (x + y, x - y, x * y, x / y, negate x, abs (negate y), signum (negate y), recip x)
  print (numerator (x + y), denominator (x + y), compare x y, max x y, x == 6 % 8, (-3) % 6 :: Rational)
  print (truncate (7 % 2 :: Rational) :: Integer, floor ((-7) % 2 :: Rational) :: Integer, ceiling (7 % 3 :: Rational) :: Integer, round (5 % 2 :: Rational) :: Integer, round (7 % 2 :: Rational) :: Integer)
  print (fromRational (1 % 3) :: Double, toRational (0.75 :: Double), realToFrac (1 % 8 :: Rational) :: Double)
  mapM_ (\r -> putStrLn (showR r ++ " = " ++ unwords (map showR (egyptian r)))) [4 % 13, 5 % 121, 2 % 3, 7 % 15]
  let piApprox = toRational (pi :: Double)
  print (take 8 (continuedFraction piApprox))
  putStrLn (unwords (map showR (take 6 (convergents (continuedFraction piApprox)))))
  print [approxRational (pi :: Double) eps | eps <- [0.1, 0.01, 0.001, 1.0e-6, 1.0e-9]]
  print [approxRational (exp 1 :: Double) eps | eps <- [0.1, 0.01, 0.0001]]
  print (approxRational (0.333 :: Double) 0.001, approxRational (-1.75 :: Double) 0.01, approxRational (5 % 7 :: Rational) 0)
  print (map harmonic [1 .. 8])
  print (harmonic 30, fromRational (harmonic 30) :: Double)
  putStrLn (unwords (map showR (bernoulli 12)))
  print ([1 % 2, 3 % 4 .. 2 :: Rational], [1 % 3 .. 2 :: Rational], sum [1 % (k * (k + 1)) | k <- [1 .. 99 :: Integer]])
  print (map (\k -> 1 % k :: Ratio Int) [1 .. 5], (2 % 3 :: Ratio Int) ^ (5 :: Int), (2 % 3 :: Rational) ^^ (-3 :: Int))
