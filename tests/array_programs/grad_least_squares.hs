-- least squares on Array Int Double: grad, vjp, jvp, Hessian-vector products (jvp of grad, grad of grad) and gradient descent to the normal equations
import Data.Array

type Vec = Array Int Double
type Mat = Array (Int, Int) Double

times :: [Double]
times = [-1.25, -0.75, -0.25, 0.25, 0.75, 1.25]

-- The design matrix of a quadratic fit in centred time: rows (1, t, t^2).
design :: Mat
design = listArray ((1, 1), (6, 3)) (concat [[1, t, t * t] | t <- times])

observed :: Vec
observed = listArray (1, 6) [1.1, 1.4, 2.2, 3.1, 4.8, 6.9]

predict :: Vec -> Vec
predict w = listArray (1, n) [sum [design ! (i, j) * w ! j | j <- [1 .. p]] | i <- [1 .. n]]
  where (_, (n, p)) = bounds design

loss :: Vec -> Double
loss w = sum [(y ! i - observed ! i) ^ 2 | i <- indices observed]
  where y = predict w

-- Derivatives of the model.
gradient :: Vec -> Vec
gradient = grad loss

hessianTimes :: Vec -> Vec -> Vec
hessianTimes w v = snd (jvp gradient w v)

hessianRow :: Int -> Vec -> Vec
hessianRow k = grad (\w -> gradient w ! k)

descend :: Int -> Double -> Vec -> Vec
descend 0 _ w = w
descend k rate w = descend (k - 1) rate (listArray (bounds w) [w ! j - rate * g ! j | j <- indices w])
  where g = gradient w

-- The exact minimiser from the normal equations (X^T X) w = X^T y, by Cramer's rule.
normalSolution :: Vec
normalSolution = listArray (1, 3) [det3 (replaceCol j) / det3 xtx | j <- [1 .. 3]]
  where
    xtx = listArray ((1, 1), (3, 3)) [sum [design ! (i, a) * design ! (i, b) | i <- [1 .. 6]] | a <- [1 .. 3], b <- [1 .. 3]] :: Mat
    xty = listArray (1, 3) [sum [design ! (i, a) * observed ! i | i <- [1 .. 6]] | a <- [1 .. 3]] :: Vec
    replaceCol j = xtx // [((r, j), xty ! r) | r <- [1 .. 3]]
    det3 m = m ! (1, 1) * (m ! (2, 2) * m ! (3, 3) - m ! (2, 3) * m ! (3, 2))
           - m ! (1, 2) * (m ! (2, 1) * m ! (3, 3) - m ! (2, 3) * m ! (3, 1))
           + m ! (1, 3) * (m ! (2, 1) * m ! (3, 2) - m ! (2, 2) * m ! (3, 1))

main :: IO ()
main = do
  let w0 = listArray (1, 3) [0.5, -0.25, 1.0] :: Vec
      v = listArray (1, 3) [1.0, -2.0, 0.5] :: Vec
  print (loss w0)
  print (gradient w0)
  let (p, back) = vjp predict w0
  print p
  print (back (listArray (1, 6) [1, 0, -1, 0.5, 0, 2]))
  print (jvp predict w0 v)
  print (hessianTimes w0 v)
  print [elems (hessianRow k w0) | k <- [1 .. 3]]
  print (grad (\w -> loss w * loss w) w0)
  let fitted = descend 200 0.05 w0
  print (elems normalSolution, loss normalSolution)
  print (maximum [abs (fitted ! j - normalSolution ! j) | j <- [1 .. 3]] < 1e-6)
  print (maximum (map abs (elems (gradient normalSolution))) < 1e-9)
