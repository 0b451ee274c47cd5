-- Pearlmutter & Siskind's charged particle (GradBench's `particle` eval): a particle of unit mass
-- and charge starts at (0, 8) with velocity (0.75, 0) and moves, by Euler steps of 0.1, in the
-- field of two unit charges at (10, 10 - w) and (10, 0) until it crosses the x-axis; gradient
-- descent finds the control w for which it crosses at the origin. The force is the gradient of
-- the potential (inner derivative), the descent needs the derivative of the whole simulation
-- with respect to w (outer derivative): nested differentiation, here in all four pairings of
-- reverse (grad) and forward (jvp) mode.

data Point = Point Double Double

sqr :: Double -> Double
sqr a = a * a

-- The potential at p of unit charges at the given points.
potential :: [Point] -> Point -> Double
potential charges (Point x y) = sum [1 / sqrt (sqr (x - cx) + sqr (y - cy)) | Point cx cy <- charges]

-- The gradient of the potential with respect to the position, by reverse or forward mode.
type Field = [Point] -> Point -> Point

fieldReverse, fieldForward :: Field
fieldReverse charges p = grad (potential charges) p
fieldForward charges p =
  Point (snd (jvp (potential charges) p (Point 1 0))) (snd (jvp (potential charges) p (Point 0 1)))

-- The square of where the particle crosses the x-axis, linearly interpolated after the last
-- Euler step above it.
miss :: Field -> Double -> Double
miss field w = fly (Point 0 8) (Point 0.75 0)
  where
    charges = [Point 10 (10 - w), Point 10 0]
    dt = 0.1
    fly (Point x y) (Point vx vy) =
      let Point gx gy = field charges (Point x y)
          y' = y + dt * vy
      in if y' > 0
           then fly (Point (x + dt * vx) y') (Point (vx - dt * gx) (vy - dt * gy))
           else sqr (x + negate y / vy * vx)

-- GradBench's gradient descent: from x with f x and g x and eta = 1e-5, stop when |g x| <= 1e-5;
-- after 10 accepted steps in a row double eta; otherwise try x' = x - eta * g x: stop when
-- |x' - x| <= 1e-5, accept x' when f x' < f x, else halve eta (both reset the count).
argmin :: ([Double] -> Double) -> ([Double] -> [Double]) -> [Double] -> [Double]
argmin f g x0 = search x0 (f x0) (g x0) 1.0e-5 (0 :: Int)
  where
    norm v = sqrt (sum (map sqr v))
    search x fx gx eta run
      | norm gx <= 1.0e-5 = x
      | run == 10 = search x fx gx (eta * 2) 0
      | norm (zipWith (-) x x') <= 1.0e-5 = x
      | fx' < fx = search x' fx' (g x') eta (run + 1)
      | otherwise = search x fx gx (eta / 2) 0
      where
        x' = zipWith (\a b -> a - eta * b) x gx
        fx' = f x'

-- The optimal w from w0, the outer derivative by reverse (True) or forward mode.
control :: Bool -> Field -> Double -> Double
control outerReverse field w0 = head (argmin f g [w0])
  where
    f ws = miss field (head ws)
    g ws = if outerReverse then [grad (miss field) (head ws)]
           else [snd (jvp (miss field) (head ws) 1)]

main :: IO ()
main = mapM_ (\(name, outer, field) -> putStrLn (name ++ " " ++ show (control outer field 0)))
  [("rr", True, fieldReverse), ("rf", True, fieldForward), ("fr", False, fieldReverse), ("ff", False, fieldForward)]
