-- Library test of Data.Complex (arithmetic and every Floating method, infinities and NaN included): each function on ordinary and edge cases; the expected output is GHC's.
import Data.Complex

zs :: [Complex Double]
zs = [1 :+ 2, (-3) :+ 0.5, 0 :+ 0, 0 :+ (-1), 2.5 :+ (-4), 1e300 :+ 1e300, 1e-310 :+ 3e-310, (-1) :+ 0, 0.3 :+ 0.4]

main :: IO ()
main = do
  print zs
  print [(realPart z, imagPart z, magnitude z, phase z, polar z, conjugate z) | z <- zs]
  print [(z + w, z - w, z * w) | z <- zs, w <- zs]
  print [z / w | z <- zs, w <- zs, w /= 0]
  print [(abs z, signum z, negate z) | z <- zs]
  print [(exp z, log z, sqrt z) | z <- zs]
  print [(sin z, cos z, tan z) | z <- take 5 zs]
  print [(sinh z, cosh z, tanh z) | z <- take 5 zs]
  print [(asin z, acos z, atan z) | z <- zs]
  print [(asinh z, acosh z, atanh z) | z <- zs]
  print [z ** w | z <- take 5 zs, w <- take 5 zs]
  print (mkPolar 2 (pi / 3) :: Complex Double, cis 1.0 :: Complex Double, fromInteger 3 :: Complex Double, 1.5 :: Complex Double)
  print (Just (1 :+ (-2) :: Complex Double), [fmap (* 2) (1 :+ 2 :: Complex Double)], (2 :+ 3) == (2 :+ (3 :: Double)))
  print (sum (map (\k -> cis (2 * pi * fromIntegral k / 8)) [0 .. 7 :: Int]) :: Complex Double)
  print (pi :: Complex Double, (0 :+ 0) ** (2 :+ 0) :: Complex Double, (0 :+ 0) ** ((-1) :+ 0) :: Complex Double)
