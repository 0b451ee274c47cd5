-- Library test of Data.Ratio and the Prelude's Ratio instances: each function on ordinary and edge cases; the expected output is GHC's.
import Data.Ratio

main :: IO ()
main = do
  print [approxRational x e | x <- [3.14159265, 0.1, -2.71828, 0, 1.5, 100.001 :: Double], e <- [0, 0.1, 0.001, 1]]
  print (approxRational (3 % 7 :: Rational) 0, approxRational (22 % 7 :: Rational) (1 % 100))
  print ([1 % 2, 2 % 3 .. 2 :: Rational], [1 % 2 .. 3 :: Rational], [5 % 1, 4 % 1 .. 1 :: Rational])
  print (floor (-7 % 2 :: Rational) :: Integer, round (5 % 2 :: Rational) :: Integer, ceiling (7 % 3 :: Rational) :: Int, truncate (-7 % 3 :: Rational) :: Int)
  print (properFraction (-7 % 2 :: Rational) :: (Integer, Rational), fromEnum (7 % 2 :: Rational), toRational (3 % 4 :: Ratio Int))
  print (numerator (6 % 8 :: Rational), denominator (6 % (-8) :: Ratio Int), realToFrac (3 % 8 :: Rational) :: Double)
  print (sum [1 % n | n <- [1 .. 20 :: Integer]], succ (1 % 2 :: Rational), toEnum 3 :: Rational)
