-- Library test of the Prelude's scaleFloat, significand and exponent on Double: zeros, negative
-- numbers, subnormals, the largest Double, scalings that overflow, underflow or round into the
-- subnormal range (ties included), clamped scales, infinities and NaN under scaleFloat, and
-- pseudo-random Doubles at scales around the subnormal boundary; the expected output is GHC's.

finite :: [Double]
finite = [0, -0.0, 1.25, -1.25, 12, 0.75, 1.5, 5e-324, -5e-324, 1.0e-310, 2.2250738585072014e-308,
          2.225073858507201e-308, 3.0e-300, 1.7976931348623157e308, -1.7976931348623157e308]

nonFinite :: [Double]
nonFinite = [1 / 0, -1 / 0, 0 / 0]

scales :: [Int]
scales = [0, 1, -1, 3, -3, 52, -52, 1023, 1024, -1022, -1023, -1073, -1074, -1075, -1076, 1100,
          -1100, 2000, -2000, -2098, -2099, 2257, -2257, 2258, -2258, 100000, -100000]

-- A 64-bit linear congruential generator and a Double from each state: normal (any sign and
-- exponent) or subnormal.
next :: Integer -> Integer
next s = (s * 6364136223846793005 + 1442695040888963407) `mod` 18446744073709551616

sample :: Integer -> Double
sample s =
  let m = 4503599627370496 + s `mod` 4503599627370496
      e = fromInteger ((s `div` 4503599627370496) `mod` 2046) - 1074
      sign = if s `div` 9223372036854775808 == 1 then negate 1 else 1
  in if (s `div` 1125899906842624) `mod` 4 == 0
     then encodeFloat (sign * (s `mod` 4503599627370496)) (negate 1074)
     else encodeFloat (sign * m) e

-- Scales of every size, and ones whose result lands in or near the subnormal range.
randomScales :: Double -> Integer -> [Int]
randomScales x s =
  [fromInteger (s `mod` 4700) - 2350, fromInteger (s `mod` 60) - 30]
  ++ [negate (exponent x) - 1018 - fromInteger (s `mod` 60) - j | j <- [0, 20]]

randomLines :: Int -> Integer -> [String]
randomLines n s =
  if n == 0 then []
  else let x = sample s
           s' = next s
       in show (x, significand x, exponent x, map (\k -> scaleFloat k x) (randomScales x s'))
          : randomLines (n - 1) (next s')

main :: IO ()
main = do
  print (map significand finite)
  print (map exponent finite)
  print (map (isNegativeZero . significand) [0, -0.0])
  mapM_ (\k -> print (k, map (scaleFloat k) (finite ++ nonFinite))) scales
  print (map (isNegativeZero . scaleFloat 3) [0, -0.0], isNegativeZero (scaleFloat (-3000) (-1.0)))
  print [scaleFloat k x | x <- [0.75, 1.5, 1.25, 2.5], k <- [-1073, -1074, -1075, -1076]]
  print [scaleFloat k 1.0e-310 | k <- [-10, -20, -30, -40, -50, 100, 1000, 2000]]
  mapM_ putStrLn (randomLines 600 12345)
