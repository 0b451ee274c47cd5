-- bench: 100000
-- A Double simulation with records: five bodies attracting each other by gravity, advanced
-- with a fixed time step (velocities from all pairwise forces, then positions); the bodies are
-- records updated with record syntax. Argument: steps (default 1000). Prints the total energy
-- before and after, and the first body's position, to 9 decimals.
module Main (main) where

import System.Environment (getArgs)
import Text.Printf (printf)

data Vec = Vec {vx :: !Double, vy :: !Double, vz :: !Double}

data Body = Body {pos :: !Vec, vel :: !Vec, mass :: !Double}

add, sub :: Vec -> Vec -> Vec
add (Vec a b c) (Vec d e f) = Vec (a + d) (b + e) (c + f)
sub (Vec a b c) (Vec d e f) = Vec (a - d) (b - e) (c - f)

scale :: Double -> Vec -> Vec
scale k (Vec a b c) = Vec (k * a) (k * b) (k * c)

dot :: Vec -> Vec -> Double
dot (Vec a b c) (Vec d e f) = a * d + b * e + c * f

-- A made-up system: a heavy central body and four lighter ones on rough orbits.
initial :: [Body]
initial =
  [ Body (Vec 0 0 0) (Vec 0 0 0) 40.0
  , Body (Vec 1.5 0 0.1) (Vec 0 5.1 0.05) 0.04
  , Body (Vec 0 (-3.2) 0) (Vec 3.4 0 (-0.1)) 0.09
  , Body (Vec (-5.0) 0.5 (-0.2)) (Vec (-0.2) (-2.8) 0) 0.3
  , Body (Vec 0.3 8.1 0.4) (Vec (-2.2) 0.1 0.02) 0.12
  ]

-- Move the whole system so that its total momentum is zero.
centre :: [Body] -> [Body]
centre bs = [b {vel = sub (vel b) drift} | b <- bs]
  where
    total = sum (map mass bs)
    momentum = foldr add (Vec 0 0 0) [scale (mass b) (vel b) | b <- bs]
    drift = scale (1 / total) momentum

energy :: [Body] -> Double
energy bs = kinetic - potential bs
  where
    kinetic = sum [0.5 * mass b * dot (vel b) (vel b) | b <- bs]
    potential [] = 0
    potential (b : rest) =
      sum [mass b * mass c / sqrt (dot d d) | c <- rest, let d = sub (pos b) (pos c)]
        + potential rest

-- One step: each body's velocity changes by the forces of all the others, then every body
-- moves with its new velocity.
step :: Double -> [Body] -> [Body]
step dt bs = map move (map accelerate bs)
  where
    accelerate b = b {vel = foldl pull (vel b) bs}
      where
        pull v c =
          let d = sub (pos c) (pos b)
              r2 = dot d d
           in if r2 == 0 then v else add v (scale (dt * mass c / (r2 * sqrt r2)) d)
    move b = b {pos = add (pos b) (scale dt (vel b))}

run :: Int -> [Body] -> [Body]
run 0 bs = bs
run n bs = run (n - 1) (step 0.001 bs)

main :: IO ()
main = do
  args <- getArgs
  let n = if null args then 1000 else read (head args)
      start = centre initial
      end = run n start
      Vec x y z = pos (head end)
  printf "energy before: %.9f\n" (energy start)
  printf "energy after %d steps: %.9f\n" n (energy end)
  printf "first body at: %.9f %.9f %.9f\n" x y z
