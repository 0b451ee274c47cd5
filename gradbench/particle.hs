-- GradBench's `particle` eval (Siskind and Pearlmutter's charged particle): a particle starts
-- at (0, 8) with velocity (0.75, 0) and moves by Euler steps of 0.1 in the field of unit
-- charges at (10, 10 - w) and (10, 0) until it would cross the x-axis; gradient descent finds
-- the w for which it crosses at the origin. The acceleration is the gradient of the potential
-- with respect to the position (the inner derivative) and the descent needs the derivative of
-- the whole flight with respect to w (the outer one): nested differentiation, with each of
-- the four functions named by its outer and inner mode (r: reverse, grad; f: forward, jvp).

import Descent (argmin)

data Input = Input { w :: Double }

data Point = Point Double Double

-- The potential at a position of unit charges at the given points.
potential :: [Point] -> Point -> Double
potential charges (Point px py) = sum [1 / sqrt ((px - cx) * (px - cx) + (py - cy) * (py - cy)) | Point cx cy <- charges]

-- The gradient of the potential at a position, by reverse or forward mode.
type Field = [Point] -> Point -> Point

reverseField, forwardField :: Field
reverseField charges p = grad (potential charges) p
forwardField charges p = Point (along (Point 1 0)) (along (Point 0 1))
  where along dir = snd (jvp (potential charges) p dir)

-- The square of where the particle crosses the x-axis: Euler steps while the next position
-- is above the axis, then the straight line from the last one.
flight :: Field -> Double -> Double
flight field control = go (Point 0 8) (Point 0.75 0)
  where
    charges = [Point 10 (10 - control), Point 10 0]
    dt = 0.1
    go (Point px py) (Point vx vy)
      | py + dt * vy > 0 =
          let Point gx gy = field charges (Point px py)
          in go (Point (px + dt * vx) (py + dt * vy)) (Point (vx - dt * gx) (vy - dt * gy))
      | otherwise = let cross = px + negate py / vy * vx in cross * cross

-- The optimal w from the input's, the outer derivative by reverse (grad) or forward mode (jvp).
optimal :: ((Double -> Double) -> Double -> Double) -> Field -> Input -> Double
optimal derivative field (Input w0) = head (argmin (loss . head) (\ws -> [derivative loss (head ws)]) [w0])
  where loss = flight field

outerReverse, outerForward :: (Double -> Double) -> Double -> Double
outerReverse = grad
outerForward f v = snd (jvp f v 1)

rr, rf, fr, ff :: Input -> Double
rr = optimal outerReverse reverseField
rf = optimal outerReverse forwardField
fr = optimal outerForward reverseField
ff = optimal outerForward forwardField
