-- GradBench's `lse` eval: log-sum-exp, shifted by the maximum for stability, and its gradient
-- by reverse mode.

data Input = Input { x :: [Double] }

logSumExp :: [Double] -> Double
logSumExp xs = log (sum [exp (v - top) | v <- xs]) + top
  where top = maximum xs

primal :: Input -> Double
primal (Input xs) = logSumExp xs

gradient :: Input -> [Double]
gradient (Input xs) = grad logSumExp xs
