-- GradBench's `saddle` eval: the saddle point of (x1^2 + y1^2) - (x2^2 + y2^2) by gradient
-- descent from the input's start, for p1 = (x1, y1) over the maximum over p2 = (x2, y2),
-- itself found by gradient ascent from the same start; the answer is p1 and then the p2 that
-- maximises for it. The outer descent differentiates through the inner ascent: nested
-- differentiation, with each of the four functions named by its outer and inner mode (r:
-- reverse, grad; f: forward, one jvp a coordinate).

import Descent (argmin, argmax)

data Input = Input { start :: [Double] }

objective :: [Double] -> [Double] -> Double
objective [x1, y1] [x2, y2] = (x1 * x1 + y1 * y1) - (x2 * x2 + y2 * y2)
objective _ _ = error "objective: points have two coordinates"

type Gradient = ([Double] -> Double) -> [Double] -> [Double]

reverseGradient, forwardGradient :: Gradient
reverseGradient = grad
forwardGradient f v = [snd (jvp f v dir) | dir <- [[1, 0], [0, 1]]]

-- The point p2 that maximises the objective for p1, from the start.
inner :: Gradient -> [Double] -> [Double] -> [Double]
inner gradient from p1 = argmax (objective p1) (gradient (objective p1)) from

saddle :: Gradient -> Gradient -> Input -> [Double]
saddle outer innerGradient (Input from) = p1 ++ inner innerGradient from p1
  where
    best p = objective p (inner innerGradient from p)
    p1 = argmin best (outer best) from

rr, rf, fr, ff :: Input -> [Double]
rr = saddle reverseGradient reverseGradient
rf = saddle reverseGradient forwardGradient
fr = saddle forwardGradient reverseGradient
ff = saddle forwardGradient forwardGradient
