-- Data.Semigroup: the Semigroup class (the Prelude's), the newtypes of the least and the
-- greatest value, repeated combination, and Data.Monoid's newtypes.
module Data.Semigroup
  ( Semigroup((<>)), stimes, Min(Min, getMin), Max(Max, getMax)
  , Sum(Sum, getSum), Product(Product, getProduct), All(All, getAll), Any(Any, getAny)
  , Dual(Dual, getDual), Endo(Endo, appEndo)
  ) where

import Data.Monoid

-- | Values under `min`.
-- > getMin (Min 3 <> Min 1 <> Min 2) == 1
newtype Min a = Min { getMin :: a } deriving (Eq, Ord, Show, Read)

instance Ord a => Semigroup (Min a) where
  Min a <> Min b = Min (min a b)

instance (Ord a, Bounded a) => Monoid (Min a) where
  mempty = Min maxBound

-- | Values under `max`.
-- > getMax (Max 3 <> Max 1 <> Max 2) == 3
newtype Max a = Max { getMax :: a } deriving (Eq, Ord, Show, Read)

instance Ord a => Semigroup (Max a) where
  Max a <> Max b = Max (max a b)

instance (Ord a, Bounded a) => Monoid (Max a) where
  mempty = Max minBound

-- | A value combined with itself `n` times (`n` at least 1).
-- > stimes 3 "ab" == "ababab"
stimes :: (Integral b, Semigroup a) => b -> a -> a
stimes n x
  | n <= 0 = error "stimes: positive multiplier expected"
  | n == 1 = x
  | otherwise = x <> stimes (n - 1) x
