-- Gradients of ordinary functions: grad, vjp and jvp, and a gradient-descent helper that
-- differentiates whatever loss function it is given.

-- The Rosenbrock function; its minimum is at (1, 1).
rosenbrock :: (Double, Double) -> Double
rosenbrock (x, y) = (1.0 - x) ^ 2 + 100.0 * (y - x * x) ^ 2

-- A model with a list of parameters: least squares of a line through data points.
data Point = Point Double Double deriving (Show)

points :: [Point]
points = [Point 0.0 1.1, Point 1.0 2.9, Point 2.0 5.2, Point 3.0 6.8]

squaredError :: [Double] -> Double
squaredError [a, b] = sum [ (a * x + b - y) ^ 2 | Point x y <- points ]
squaredError _ = error "two parameters expected"

-- Gradient descent on any parameter list: `grad` is applied to the function parameter.
gd :: ([Double] -> Double) -> [Double] -> Int -> [Double]
gd loss p n
  | n == 0 = p
  | otherwise = gd loss (zipWith (\w g -> w - 0.02 * g) p (grad loss p)) (n - 1)

main :: IO ()
main = do
  print (grad rosenbrock (1.5, 2.0))
  let (y, back) = vjp (\(x, z) -> (x * z, sin x)) (2.0, 3.0)
  print y
  print (back (1.0, 0.0))
  print (jvp rosenbrock (1.5, 2.0) (1.0, 0.0))
  let fit = gd squaredError [0.0, 0.0] 2000
  print (map (\w -> fromIntegral (round (w * 1000.0)) / 1000.0) fit)
