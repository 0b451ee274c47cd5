-- an array of particle records (position, velocity, mass): the energy's gradient is an array of records; forces, a vjp of a step, jvp
import Data.Array

data Particle = Particle { px :: Double, py :: Double, vx :: Double, vy :: Double, mass :: Double }
  deriving (Show, Eq)

type System = Array Int Particle

restLength, springK, gravity :: Double
restLength = 1.0
springK = 4.0
gravity = 9.81

-- Kinetic energy, gravity, and springs between consecutive particles.
energy :: System -> Double
energy s = kinetic + potential + springs
  where
    (lo, hi) = bounds s
    kinetic = sum [mass p * (vx p * vx p + vy p * vy p) / 2 | p <- elems s]
    potential = sum [mass p * gravity * py p | p <- elems s]
    springs = sum [springK / 2 * (len (s ! i) (s ! (i + 1)) - restLength) ^ 2 | i <- [lo .. hi - 1]]
    len p q = sqrt ((px p - px q) ^ 2 + (py p - py q) ^ 2)

-- Forces are minus the gradient's position components.
forces :: System -> Array Int (Double, Double)
forces s = fmap (\g -> (negate (px g), negate (py g))) (grad energy s)

-- One explicit Euler step of the positions from the velocities.
drift :: Double -> System -> System
drift dt = fmap (\p -> p { px = px p + dt * vx p, py = py p + dt * vy p })

main :: IO ()
main = do
  let s = listArray (0, 2) [ Particle 0 0 1 0 2, Particle 1.5 0 0 0.5 1, Particle 2.0 1.0 (-1) 0 0.5 ] :: System
  print (energy s)
  print (grad energy s)
  print (forces s)
  let (s1, back) = vjp (drift 0.1) s
  print (s1 ! 2)
  print (back (listArray (0, 2) [Particle 1 0 0 0 0, Particle 0 1 0 0 0, Particle 0 0 1 1 1]))
  let tangent = listArray (0, 2) [Particle 0 0 1 0 0, Particle 0.5 0 0 0 0, Particle 0 0 0 0 1] :: System
  print (jvp energy s tangent)
  print (grad (energy . drift 0.1) s ! 1)
