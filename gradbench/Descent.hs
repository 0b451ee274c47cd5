-- GradBench's gradient descent for the `particle` and `saddle` evals (its C++ `gd.hpp`,
-- described in our words): from x with f x and g x = the gradient, and a step eta starting at
-- 1e-5, stop when |g x| <= 1e-5; after 10 accepted steps in a row double eta; otherwise try
-- x' = x - eta g x: stop when |x' - x| <= 1e-5, accept x' when f x' < f x (and count it),
-- else halve eta (both reset the count). The gradient is the caller's: these functions take
-- it as an argument, so each eval chooses how it is differentiated.
module Descent (argmin, argmax) where

norm :: [Double] -> Double
norm v = sqrt (sum [c * c | c <- v])

argmin :: ([Double] -> Double) -> ([Double] -> [Double]) -> [Double] -> [Double]
argmin f g x0 = search x0 (f x0) (g x0) 1.0e-5 0
  where
    search :: [Double] -> Double -> [Double] -> Double -> Int -> [Double]
    search x fx gx eta accepted
      | norm gx <= 1.0e-5 = x
      | accepted == 10 = search x fx gx (eta * 2) 0
      | norm (zipWith (-) x x') <= 1.0e-5 = x
      | f x' < fx = search x' (f x') (g x') eta (accepted + 1)
      | otherwise = search x fx gx (eta / 2) 0
      where x' = zipWith (\c d -> c - eta * d) x gx

argmax :: ([Double] -> Double) -> ([Double] -> [Double]) -> [Double] -> [Double]
argmax f g = argmin (negate . f) (map negate . g)
