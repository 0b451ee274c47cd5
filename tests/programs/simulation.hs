-- simulations: particle system with Double physics, bank queue with Int clock, 1-D cellular automaton; records, list comprehensions, mapM_, zipWith3, foldr, explicit loops
module Main where

-- Deterministic pseudo-random numbers (linear congruential, Int arithmetic) ----

data Rng = Rng { seed :: Int } deriving Show

nextInt :: Rng -> (Int, Rng)
nextInt (Rng s) = (s' `div` 65536, Rng s')
  where s' = (s * 1103515245 + 12345) `mod` 2147483648

nextDouble :: Rng -> (Double, Rng)
nextDouble g = (fromIntegral (n `mod` 10000) / 10000.0, g')
  where (n, g') = nextInt g

randoms :: Int -> Rng -> ([Double], Rng)
randoms 0 g = ([], g)
randoms k g = (x : xs, g'')
  where (x, g') = nextDouble g
        (xs, g'') = randoms (k - 1) g'

-- Particle system -------------------------------------------------------------

data Vec = Vec { vx :: Double, vy :: Double } deriving (Eq, Show)

vadd :: Vec -> Vec -> Vec
vadd (Vec a b) (Vec c d) = Vec (a + c) (b + d)

vscale :: Double -> Vec -> Vec
vscale k (Vec a b) = Vec (k * a) (k * b)

norm :: Vec -> Double
norm (Vec a b) = sqrt (a * a + b * b)

data Particle = Particle
  { pid  :: Int
  , pos  :: Vec
  , vel  :: Vec
  , mass :: Double
  } deriving Show

gravity :: Vec
gravity = Vec 0 (-9.81)

-- one Euler step with a floor at y = 0 that bounces with damping
stepParticle :: Double -> Particle -> Particle
stepParticle dt p =
  let v1 = vadd (vel p) (vscale dt gravity)
      Vec x y = vadd (pos p) (vscale dt v1)
  in if y < 0
       then p { pos = Vec x (negate y * 0.5), vel = Vec (vx v1 * 0.9) (negate (vy v1) * 0.5) }
       else p { pos = Vec x y, vel = v1 }

simulate :: Int -> Double -> [Particle] -> [Particle]
simulate 0 _ ps = ps
simulate n dt ps = simulate (n - 1) dt (map (stepParticle dt) ps)

kinetic :: Particle -> Double
kinetic p = 0.5 * mass p * norm (vel p) ^ (2 :: Int)

potential :: Particle -> Double
potential p = mass p * 9.81 * vy (pos p)

centroid :: [Particle] -> Vec
centroid ps = vscale (1 / total) (foldr vadd (Vec 0 0) [ vscale (mass p) (pos p) | p <- ps ])
  where total = sum (map mass ps)

mkParticles :: Rng -> [Particle]
mkParticles g =
  let (xs, g1) = randoms 4 g
      (ys, g2) = randoms 4 g1
      (ms, _)  = randoms 4 g2
  in zipWith3 (\i (x, y) m -> Particle i (Vec (10 * x) (5 + 10 * y)) (Vec (x - 0.5) 0) (1 + m))
              [1 ..  4] (zip xs ys) ms

round2 :: Double -> Double
round2 x = fromIntegral (round (x * 100) :: Integer) / 100

showParticle :: Particle -> String
showParticle p = "#" ++ show (pid p) ++ " pos=(" ++ show (round2 (vx (pos p))) ++ "," ++ show (round2 (vy (pos p)))
  ++ ") speed=" ++ show (round2 (norm (vel p)))

-- Bank queue: customers arrive, tellers serve --------------------------------------

data Customer = Customer { cid :: Int, arrival :: Int, service :: Int } deriving Show

data Teller = Teller { tid :: Int, busyUntil :: Int, served :: [Int] } deriving Show

data Bank = Bank { clock :: Int, waiting :: [Customer], tellers :: [Teller], waits :: [Int] }

mkCustomers :: Int -> Rng -> [Customer]
mkCustomers n g0 = go 1 0 g0
  where
    go i t g
      | i > n = []
      | otherwise =
          let (a, g1) = nextInt g
              (s, g2) = nextInt g1
              t' = t + a `mod` 4
          in Customer i t' (2 + s `mod` 5) : go (i + 1) t' g2

-- assign the head of the queue to every free teller at the current tick
assign :: Bank -> Bank
assign b = foldl serve b { tellers = [] } (tellers b)
  where
    serve acc t = case waiting acc of
      (c:cs) | busyUntil t <= clock acc && arrival c <= clock acc ->
        acc { waiting = cs
            , tellers = tellers acc ++ [t { busyUntil = clock acc + service c, served = cid c : served t }]
            , waits = waits acc ++ [clock acc - arrival c] }
      _ -> acc { tellers = tellers acc ++ [t] }

runBank :: Bank -> Bank
runBank b
  | null (waiting b) = b
  | clock b > 1000 = b
  | otherwise = runBank (let b' = assign b in b' { clock = clock b' + 1 })

-- Cellular automaton (rule number as in Wolfram's numbering) --------------------

ruleBit :: Int -> Bool -> Bool -> Bool -> Bool
ruleBit rule l c r = odd (rule `div` (2 ^ idx))
  where idx = (if l then 4 else 0) + (if c then 2 else 0) + (if r then 1 else 0) :: Int

stepCA :: Int -> [Bool] -> [Bool]
stepCA rule cells = zipWith3 (ruleBit rule) (False : cells) cells (tail cells ++ [False])

runCA :: Int -> Int -> [Bool] -> [[Bool]]
runCA _ 0 cells = [cells]
runCA rule n cells = cells : runCA rule (n - 1) (stepCA rule cells)

render :: [Bool] -> String
render = map (\b -> if b then '#' else '.')

-- Statistics over Doubles -----------------------------------------------------

mean :: [Double] -> Double
mean xs = sum xs / fromIntegral (length xs)

variance :: [Double] -> Double
variance xs = sum [ (x - m) * (x - m) | x <- xs ] / fromIntegral (length xs)
  where m = mean xs

histogram :: Int -> [Double] -> [Int]
histogram buckets xs = [ length [ x | x <- xs, bucket x == b ] | b <- [0 .. buckets - 1] ]
  where bucket x = min (buckets - 1) (floor (x * fromIntegral buckets))

main :: IO ()
main = do
  let g = Rng 42
      ps = mkParticles g
  mapM_ print (take 2 ps)
  mapM_ (putStrLn . showParticle) ps
  let energy qs = sum (map kinetic qs) + sum (map potential qs)
  print (energy ps)
  let after = simulate 100 0.01 ps
  mapM_ (putStrLn . showParticle) after
  print (centroid ps, centroid after)
  putStrLn ("energy ratio " ++ show (round2 (energy after / energy ps)))
  print [ (pid p, vy (pos p) > 1) | p <- after ]
  print (map (round2 . kinetic) after)
  print (Vec 1.0e-3 1.5e7, Vec 0.1 (-0.0), norm (Vec 3 4), 1 / 3 :: Double)
  print (sqrt 2 :: Double, pi :: Double, exp 1 :: Double, 2 ** 0.5 :: Double)
  print (fromIntegral (maxBound :: Int) :: Double, 123456789.125 :: Double, 0.1 + 0.2 :: Double)
  print (truncate (-2.5 :: Double) :: Int, round (2.5 :: Double) :: Int, round (3.5 :: Double) :: Int, ceiling (2.1 :: Double) :: Int, floor (-2.1 :: Double) :: Int)
  -- bank
  let cs = mkCustomers 12 (Rng 7)
  mapM_ print (take 3 cs)
  let bank = Bank { clock = 0, waiting = cs, tellers = [ Teller i 0 [] | i <- [1 .. 3] ], waits = [] }
      done = runBank bank
  putStrLn ("finished at tick " ++ show (clock done))
  mapM_ (\t -> putStrLn ("teller " ++ show (tid t) ++ " served " ++ show (reverse (served t)))) (tellers done)
  print (waits done)
  let ws = map fromIntegral (waits done) :: [Double]
  putStrLn ("mean wait " ++ show (mean ws) ++ ", variance " ++ show (variance ws))
  print (maximum (waits done), sum (waits done) `div` length (waits done), sum (waits done) `mod` length (waits done))
  -- automaton
  let width = 31
      start = [ i == width `div` 2 | i <- [0 .. width - 1] ]
  mapM_ (putStrLn . render) (runCA 90 15 start)
  putStrLn ""
  let gens = runCA 30 20 start
  mapM_ (putStrLn . render) (drop 16 gens)
  print (map (length . filter id) gens)
  -- random statistics
  let (rs, g') = randoms 1000 (Rng 2024)
  print (round2 (mean rs), round2 (variance rs), seed g')
  print (histogram 10 rs)
  print (foldr (\x acc -> if x > 0.99 then acc + 1 else acc) (0 :: Int) rs)
  print (zipWith3 (\a b c -> a * b + c) [1.5, 2.5] [2, 4] [0.25, -10 :: Double])
