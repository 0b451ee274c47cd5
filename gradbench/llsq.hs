-- GradBench's `llsq` eval: the least-squares error of a polynomial with coefficients x fitted
-- to the sign function at n points of [-1, 1], and its gradient with respect to x by reverse
-- mode.

data Input = Input { x :: [Double], n :: Int }

-- The i-th of n points evenly spaced in [-1, 1].
point :: Int -> Int -> Double
point n i = -1 + fromIntegral i * 2 / fromIntegral (n - 1)

-- The sum of cs_j * t^j.
polynomial :: [Double] -> Double -> Double
polynomial cs t = fst (foldl step (0, 1) cs)
  where step (acc, power) c = (acc + c * power, power * t)

loss :: Int -> [Double] -> Double
loss n cs = sum [r * r | i <- [0 .. n - 1], let t = point n i, let r = signum t - polynomial cs t] / 2

primal :: Input -> Double
primal (Input cs n) = loss n cs

gradient :: Input -> [Double]
gradient (Input cs n) = grad (loss n) cs
