-- bench: 200000
-- Records and type classes: a small class hierarchy (Shape, and Solid extending it) with
-- instances for record types, a sum type dispatching to them, a user Num instance for 2-D
-- vectors, and derived Eq/Ord/Show. Shapes come from a deterministic pseudo-random generator.
-- Argument: n shapes (default 1000). Prints totals by kind, the largest shape and a centroid.
module Main (main) where

import Data.List (foldl', maximumBy)
import Data.Ord (comparing)
import System.Environment (getArgs)
import Text.Printf (printf)

data V2 = V2 {px :: Double, py :: Double} deriving (Eq, Ord, Show)

instance Num V2 where
  V2 a b + V2 c d = V2 (a + c) (b + d)
  V2 a b - V2 c d = V2 (a - c) (b - d)
  V2 a b * V2 c d = V2 (a * c) (b * d)
  negate (V2 a b) = V2 (negate a) (negate b)
  abs (V2 a b) = V2 (abs a) (abs b)
  signum (V2 a b) = V2 (signum a) (signum b)
  fromInteger k = V2 (fromInteger k) (fromInteger k)

norm :: V2 -> Double
norm (V2 a b) = sqrt (a * a + b * b)

class Shape s where
  area :: s -> Double
  perimeter :: s -> Double
  centroid :: s -> V2
  kind :: s -> String

-- A shape that can be extruded into a prism of a given height.
class Shape s => Solid s where
  volume :: Double -> s -> Double
  volume h s = h * area s
  surface :: Double -> s -> Double
  surface h s = 2 * area s + h * perimeter s

data Circle = Circle {centre :: V2, radius :: Double} deriving (Eq, Show)

data Rect = Rect {corner :: V2, width :: Double, height :: Double} deriving (Eq, Show)

data Triangle = Triangle {ta :: V2, tb :: V2, tc :: V2} deriving (Eq, Show)

instance Shape Circle where
  area c = pi * radius c * radius c
  perimeter c = 2 * pi * radius c
  centroid = centre
  kind _ = "circle"

instance Shape Rect where
  area r = width r * height r
  perimeter r = 2 * (width r + height r)
  centroid r = corner r + V2 (width r / 2) (height r / 2)
  kind _ = "rect"

instance Shape Triangle where
  area (Triangle a b c) =
    let V2 x1 y1 = b - a
        V2 x2 y2 = c - a
     in abs (x1 * y2 - x2 * y1) / 2
  perimeter (Triangle a b c) = norm (b - a) + norm (c - b) + norm (a - c)
  centroid (Triangle a b c) = let V2 x y = a + b + c in V2 (x / 3) (y / 3)
  kind _ = "triangle"

instance Solid Circle

instance Solid Rect where
  volume h r = h * width r * height r

instance Solid Triangle

data AnyShape = C Circle | R Rect | T Triangle deriving (Eq, Show)

instance Shape AnyShape where
  area = onShape area area area
  perimeter = onShape perimeter perimeter perimeter
  centroid = onShape centroid centroid centroid
  kind = onShape kind kind kind

instance Solid AnyShape where
  volume h = onShape (volume h) (volume h) (volume h)

onShape :: (Circle -> a) -> (Rect -> a) -> (Triangle -> a) -> AnyShape -> a
onShape f _ _ (C c) = f c
onShape _ g _ (R r) = g r
onShape _ _ k (T t) = k t

-- A linear congruential generator's next state, and a number in [0, 1) from a state.
next :: Int -> Int
next s = (s * 1103515245 + 12345) `mod` 2147483648

unit :: Int -> Double
unit s = fromIntegral s / 2147483648

-- n shapes from the generator's states.
shapes :: Int -> [AnyShape]
shapes n = go n 42
  where
    go 0 _ = []
    go k s =
      let s1 = next s; s2 = next s1; s3 = next s2; s4 = next s3; s5 = next s4; s6 = next s5
          p = V2 (10 * unit s2) (10 * unit s3)
          q = V2 (10 * unit s4) (10 * unit s5)
          shape = case s1 `mod` 3 of
            0 -> C (Circle p (0.1 + unit s4))
            1 -> R (Rect p (0.1 + 2 * unit s4) (0.1 + 2 * unit s5))
            _ -> T (Triangle p q (p + V2 (unit s6) 1))
       in shape : go (k - 1) s6

-- Total area, perimeter and volume (height 2) and the count of shapes of one kind.
data Totals = Totals {count :: !Int, areas :: !Double, perimeters :: !Double, volumes :: !Double}

tally :: Totals -> AnyShape -> Totals
tally t s =
  t {count = count t + 1, areas = areas t + area s, perimeters = perimeters t + perimeter s, volumes = volumes t + volume 2 s}

main :: IO ()
main = do
  args <- getArgs
  let n = if null args then 1000 else read (head args)
      ss = shapes n
      zero = Totals 0 0 0 0
  mapM_
    ( \k -> do
        let t = foldl' tally zero (filter ((== k) . kind) ss)
        printf "%-8s %6d  area %.6f  perimeter %.6f  volume %.6f\n" k (count t) (areas t) (perimeters t) (volumes t)
    )
    ["circle", "rect", "triangle"]
  let biggest = maximumBy (comparing area) ss
      V2 cx cy = foldl' (+) 0 (map centroid ss)
  printf "largest: %s of area %.6f\n" (kind biggest) (area biggest)
  printf "mean centroid: %.6f %.6f\n" (cx / fromIntegral n) (cy / fromIntegral n)
  putStrLn ("distinct: " ++ show (length (filter (\(a, b) -> a /= b) (zip ss (drop 1 ss)))))
  print (head ss)
