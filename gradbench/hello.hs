-- GradBench's `hello` eval: `square` and its derivative `double`, by reverse mode.

square :: Double -> Double
square x = x * x

double :: Double -> Double
double = grad square
