-- GradBench's `ode` eval: s steps of the classical Runge-Kutta method (RK4) from y = 0 to
-- t = 2 for y' = f(x, y) with f_0 = x_0 and f_i = x_i * y_(i-1), and the gradient of the
-- last component of the result with respect to x by reverse mode.

data Input = Input { x :: [Double], s :: Int }

-- The right-hand side f(x, y).
slope :: [Double] -> [Double] -> [Double]
slope xs ys = head xs : zipWith (*) (tail xs) ys

-- y + c * k, componentwise.
plus :: [Double] -> Double -> [Double] -> [Double]
plus ys c ks = zipWith (\y k -> y + c * k) ys ks

solve :: Int -> [Double] -> [Double]
solve steps xs = go steps (map (const 0) xs)
  where
    h = 2 / fromIntegral steps
    go :: Int -> [Double] -> [Double]
    go 0 ys = ys
    go i ys =
      let k1 = slope xs ys
          k2 = slope xs (plus ys (h / 2) k1)
          k3 = slope xs (plus ys (h / 2) k2)
          k4 = slope xs (plus ys h k3)
          ks = zipWith (+) (zipWith3 (\a b c -> a + 2 * b + 2 * c) k1 k2 k3) k4
      in go (i - 1) (plus ys (h / 6) ks)

primal :: Input -> [Double]
primal (Input xs steps) = solve steps xs

gradient :: Input -> [Double]
gradient (Input xs steps) = grad (last . solve steps) xs
