-- stencil energies: a 1-D chain with fixed ends and a 2-D membrane; gradients, Hessian rows (grad of grad), Hessian-vector products, a relaxation
import Data.Array

type Vec = Array Int Double
type Grid = Array (Int, Int) Double

leftEnd, rightEnd, stiffness :: Double
leftEnd = 1.0
rightEnd = -0.5
stiffness = 0.3

load :: Vec
load = listArray (1, 6) [0.2, -0.1, 0.0, 0.4, -0.3, 0.1]

-- Springs between neighbours (the ends held at leftEnd and rightEnd), a quartic on-site term and a load.
chainEnergy :: Vec -> Double
chainEnergy u = springs + sum [stiffness * (u ! i) ^ 4 / 4 - load ! i * u ! i | i <- [lo .. hi]]
  where
    (lo, hi) = bounds u
    at i
      | i < lo = leftEnd
      | i > hi = rightEnd
      | otherwise = u ! i
    springs = sum [(at (i + 1) - at i) ^ 2 / 2 | i <- [lo - 1 .. hi]]

chainForce :: Vec -> Vec
chainForce = grad chainEnergy

chainHessianRow :: Int -> Vec -> Vec
chainHessianRow k = grad (\u -> chainForce u ! k)

chainHessianTimes :: Vec -> Vec -> Vec
chainHessianTimes u v = snd (jvp chainForce u v)

-- The membrane: squared differences across every horizontal and vertical edge of the grid,
-- weighted by the cell's row, plus a tilt.
membrane :: Grid -> Double
membrane g = sum [fromIntegral r * (g ! (r, c) - g ! (r, c + 1)) ^ 2 | r <- [r0 .. r1], c <- [c0 .. c1 - 1]]
           + sum [(g ! (r, c) - g ! (r + 1, c)) ^ 2 | r <- [r0 .. r1 - 1], c <- [c0 .. c1]]
           + sum [0.1 * fromIntegral c * x | ((_, c), x) <- assocs g]
  where ((r0, c0), (r1, c1)) = bounds g

relax :: Int -> Vec -> Vec
relax 0 u = u
relax k u = relax (k - 1) (listArray (bounds u) [x - 0.3 * f | (x, f) <- zip (elems u) (elems (chainForce u))])

main :: IO ()
main = do
  let u0 = listArray (1, 6) [0.5, 0.0, -0.25, 1.0, 0.75, -1.0] :: Vec
      v = listArray (1, 6) [1, 0, -1, 0.5, 0, 2] :: Vec
  print (chainEnergy u0)
  print (chainForce u0)
  print (chainHessianRow 4 u0)
  print [chainHessianRow k u0 ! 1 | k <- [1 .. 6]]
  print (chainHessianTimes u0 v)
  print (jvp chainEnergy u0 v)
  let settled = relax 300 u0
  print (chainEnergy settled < chainEnergy u0, maximum (map abs (elems (chainForce settled))) < 1e-8)
  print settled
  let g = listArray ((1, 1), (3, 4)) [0.1 * fromIntegral (r * c) - 0.05 * fromIntegral (c * c) | r <- [1 .. 3], c <- [1 .. 4]] :: Grid
  print (membrane g)
  print (grad membrane g)
  let dg = listArray ((1, 1), (3, 4)) [if r == 2 then 1 else 0 | r <- [1 .. 3], c <- [1 .. 4 :: Int]] :: Grid
  print (snd (jvp (grad membrane) g dg))
