-- Library test of decodeFloat and encodeFloat on Double at the edges: infinities and NaNs of
-- both signs (decoded as their bits are: exponent 972), and exponent, significand, truncate,
-- round, floor, ceiling and properFraction of them; zeros and subnormals; encodeFloat of a zero
-- mantissa at huge exponents, results that overflow, underflow or round into the subnormal
-- range (ties included), mantissas beyond the range of Double and of Int (GHC truncates those
-- to 53 bits before scaling, and converts one of more than 53 bits that fits in an Int to the
-- nearest Double first), and pseudo-random mantissas and exponents; the expected output is GHC's.
-- Left out, GHC 9.0's overflows in C: encodeFloat of minBound (its absolute value wraps, so the
-- result is positive) and exponents beyond 32 bits with a mantissa beyond Int (they wrap).

inf, nan :: Double
inf = 1 / 0
nan = 0 / 0

-- NaNs of both signs, made by several operations.
nonFinite :: [Double]
nonFinite = [inf, negate inf, nan, negate nan, sqrt (negate 1), inf - inf, 0 * inf, abs nan,
             negate (abs nan), read "NaN"]

finite :: [Double]
finite = [0, -0.0, 1, -1.5, 0.1, 5e-324, -5e-324, 1.0e-310, 2.2250738585072014e-308,
          2.225073858507201e-308, 1.7976931348623157e308, -1.7976931348623157e308]

mantissas :: [Integer]
mantissas = [0, 1, -1, 3, -3, 5, 4503599627370496, 9007199254740991, 9007199254740993,
             18014398509481995, 2 ^ 62 + 2 ^ 9 + 1, 2 ^ 63 - 1, negate (2 ^ 63) + 1, 2 ^ 63 + 2 ^ 10 + 1,
             negate (2 ^ 63) - 1, 2 ^ 64 + 2 ^ 11 + 1, 2 ^ 1024 - 1, negate (2 ^ 1024 - 2 ^ 970),
             2 ^ 2000 + 1, 3 ^ 1000, negate (7 ^ 700)]

exponents :: [Int]
exponents = [0, 1, -1, 971, 972, 1023, 1024, -1022, -1074, -1075, -1076, -1077, -1100, -1126,
             2000, -2000, -3074, -4000, 100000, -100000]

-- A 64-bit linear congruential generator.
next :: Integer -> Integer
next s = (s * 6364136223846793005 + 1442695040888963407) `mod` 18446744073709551616

-- A mantissa of 1 to 256 bits (any sign) and an exponent that puts the result anywhere from
-- below the subnormal range to above the largest Double.
randomCase :: Integer -> Integer -> (Integer, Int)
randomCase s t =
  let bits = 1 + s `mod` 256
      m = (s * t * 48271 + t) `mod` (2 ^ bits)
      sign = if t `mod` 2 == 0 then 1 else negate 1
      e = fromInteger (t `mod` 2400) - 1200 - fromInteger bits
  in (sign * m, e)

randomLines :: Int -> Integer -> [String]
randomLines n s =
  if n == 0 then []
  else let s' = next s
           (m, e) = randomCase s s'
           x = encodeFloat m e :: Double
       in show (m, e, x, decodeFloat x, encodeFloat (fst (decodeFloat x)) (snd (decodeFloat x)) == x)
          : randomLines (n - 1) (next s')

main :: IO ()
main = do
  mapM_ (\x -> print (decodeFloat x, exponent x, significand x, isNaN (significand x))) nonFinite
  print (map (\x -> truncate x :: Integer) nonFinite)
  print (map (\x -> (round x :: Integer) == truncate x && floor x == (ceiling x :: Integer)) nonFinite)
  print (map (\x -> properFraction x :: (Integer, Double)) nonFinite)
  print (map (\x -> fromInteger (truncate x) :: Double) nonFinite)
  print (map (\x -> toRational x) [inf, nan])
  print (map (\x -> uncurry encodeFloat (decodeFloat x) :: Double) nonFinite)
  mapM_ (\x -> print (x, decodeFloat x, exponent x, significand x)) finite
  print (map (\x -> uncurry encodeFloat (decodeFloat x) :: Double) finite)
  mapM_ (\m -> print (m `mod` 1000, [encodeFloat m e :: Double | e <- exponents])) mantissas
  -- (Not with mantissas beyond Int: GHC 9.0 passes their exponent to C's ldexp as a 32-bit int.)
  print [encodeFloat m e :: Double | m <- [1, -3, 2 ^ 63 - 1], e <- [2 ^ 40, negate (2 ^ 40), maxBound, minBound]]
  print (map (isNegativeZero . encodeFloat (negate 1)) [negate 2000, negate 1076, negate 1075])
  print (map (isNegativeZero . encodeFloat 0) [2000, negate 2000])
  print [encodeFloat m e :: Double | m <- [1, 3, 5, 7, 2 ^ 54 + 11, 2 ^ 54 + 3], e <- [-1074, -1075, -1076, -1077]]
  mapM_ putStrLn (randomLines 800 2024)
