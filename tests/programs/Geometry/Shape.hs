-- Shapes for geometry.hs: imports Geometry.Vector qualified and unqualified, defines a class
-- with instances, re-exports the vector module and hides its own helper.
module Geometry.Shape
  ( Shape(Circle, Polygon)
  , HasArea(..)
  , centroid
  , describe
  , module Geometry.Vector
  ) where

import Geometry.Vector
import qualified Geometry.Vector as V

data Shape = Circle Vector Double | Polygon [Vector]
  deriving Show

class HasArea a where
  area :: a -> Double
  perimeter :: a -> Double

instance HasArea Shape where
  area (Circle _ r) = pi * r * r
  area (Polygon ps) = abs (shoelace ps) / 2
  perimeter (Circle _ r) = 2 * pi * r
  perimeter (Polygon ps) = V.polylineLength (ps ++ take 1 ps)

shoelace :: [Vector] -> Double
shoelace ps = sum (zipWith cross ps (tail ps ++ take 1 ps))
  where cross (Vector a b) (Vector c d) = a * d - b * c

centroid :: Shape -> Vector
centroid (Circle c _) = c
centroid (Polygon ps) = (1 / fromIntegral (length ps)) *^ foldr (^+^) V.zeroV ps

describe :: Shape -> String
describe s = kind s ++ " with area " ++ show (area s)
  where
    kind (Circle _ _) = "circle"
    kind (Polygon ps) = show (length ps) ++ "-gon"
