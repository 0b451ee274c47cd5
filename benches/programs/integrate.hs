-- bench: 1000000
-- A Double arithmetic loop: definite integrals by the composite Simpson and trapezoid rules on
-- n intervals, in tail-recursive loops with accumulators, of polynomials, a rational function
-- and transcendental functions (whose exact values are known).
-- Argument: n (default 1000, even). Prints each integral and its error to 10 decimals.
module Main (main) where

import System.Environment (getArgs)
import Text.Printf (printf)

-- Simpson's rule on n (even) intervals of [a, b].
simpson :: (Double -> Double) -> Double -> Double -> Int -> Double
simpson f a b n = go 1 (f a + f b)
  where
    h = (b - a) / fromIntegral n
    go i acc
      | i >= n = acc * h / 3
      | otherwise =
          let w = if odd i then 4 else 2
           in go (i + 1) (acc + w * f (a + h * fromIntegral i))

-- The trapezoid rule on n intervals of [a, b].
trapezoid :: (Double -> Double) -> Double -> Double -> Int -> Double
trapezoid f a b n = go 1 ((f a + f b) / 2)
  where
    h = (b - a) / fromIntegral n
    go i acc
      | i >= n = acc * h
      | otherwise = go (i + 1) (acc + f (a + h * fromIntegral i))

-- (name, function, a, b, exact integral)
problems :: [(String, Double -> Double, Double, Double, Double)]
problems =
  [ ("x^3 - 2x", \x -> x * x * x - 2 * x, 0, 2, 0)
  , ("1/(1+x^2)", \x -> 1 / (1 + x * x), 0, 1, pi / 4)
  , ("sin x", sin, 0, pi, 2)
  , ("exp(-x) cos x", \x -> exp (negate x) * cos x, 0, 3, (1 + exp (-3) * (sin 3 - cos 3)) / 2)
  , ("sqrt x", sqrt, 1, 4, 14 / 3)
  ]

main :: IO ()
main = do
  args <- getArgs
  let n = if null args then 1000 else read (head args)
  mapM_
    ( \(name, f, a, b, exact) -> do
        let s = simpson f a b n
            t = trapezoid f a b n
        printf "%-14s simpson %.10f (error %.3e)  trapezoid %.10f (error %.3e)\n" name s (abs (s - exact)) t (abs (t - exact))
    )
    problems
