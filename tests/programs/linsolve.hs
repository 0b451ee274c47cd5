-- Exact linear algebra over Rational with a module of our own (Linear.Matrix): determinants,
-- inverses and solutions of small systems, checked by multiplying back; Data.Ratio's % and
-- numerator/denominator, a Double matrix through the same polymorphic code.
module Main (main) where

import Linear.Matrix
import Data.Ratio ((%), numerator, denominator)

showQ :: Rational -> String
showQ q
  | denominator q == 1 = show (numerator q)
  | otherwise = show (numerator q) ++ "/" ++ show (denominator q)

hilbert :: Int -> Matrix Rational
hilbert n = fromRows [[1 % fromIntegral (i + j - 1) | j <- [1 .. n]] | i <- [1 .. n]]

system :: Matrix Rational
system = fromRows [[2, 1, -1], [-3, -1, 2], [-2, 1, 2]]

main :: IO ()
main = do
  let h = hilbert 4
  putStrLn (render showQ h)
  putStrLn ("det = " ++ showQ (determinant h))
  case inverse h of
    Nothing -> putStrLn "singular"
    Just inv -> do
      putStrLn (render showQ inv)
      print (mmul h inv == identity 4)
  print (fmap (map showQ) (solve system [8, -11, -3]))
  print (determinant (fromRows [[1, 2], [2, 4 :: Rational]]))
  print (inverse (fromRows [[1, 2], [2, 4 :: Rational]]) == Nothing)
  let d = fromRows [[4, 3], [6, 3 :: Double]]
  print (determinant d, fmap rows (inverse d))
  putStrLn (render show (transposeM (fromRows [[1, 2, 3], [4, 5, 6 :: Int]])))
