-- 2-D vectors for geometry.hs: a record type exported with its fields, operators with fixities,
-- a type synonym over a type that is not exported, and a helper that stays private.
module Geometry.Vector
  ( Vector(..)
  , Scalar
  , (^+^), (^-^), (*^)
  , dot, norm, normalize
  , zeroV
  , Polyline
  , polylineLength
  ) where

infixl 6 ^+^, ^-^
infixl 7 *^

type Scalar = Double

data Vector = Vector { vx :: Scalar, vy :: Scalar } deriving (Eq, Show)

-- Not exported: Polyline's representation.
newtype Path = Path [Vector] deriving Show

type Polyline = Path

(^+^) :: Vector -> Vector -> Vector
Vector a b ^+^ Vector c d = Vector (a + c) (b + d)

(^-^) :: Vector -> Vector -> Vector
u ^-^ v = u ^+^ ((-1) *^ v)

(*^) :: Scalar -> Vector -> Vector
k *^ Vector a b = Vector (k * a) (k * b)

dot :: Vector -> Vector -> Scalar
dot (Vector a b) (Vector c d) = a * c + b * d

norm :: Vector -> Scalar
norm v = sqrt (dot v v)

normalize :: Vector -> Vector
normalize v
  | n == 0 = v
  | otherwise = (1 / n) *^ v
  where n = norm v

zeroV :: Vector
zeroV = Vector 0 0

polylineLength :: [Vector] -> Scalar
polylineLength ps = segments (Path ps)

segments :: Path -> Scalar
segments (Path (p : q : rest)) = norm (q ^-^ p) + segments (Path (q : rest))
segments _ = 0
