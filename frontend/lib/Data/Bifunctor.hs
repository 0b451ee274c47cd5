-- Data.Bifunctor: mapping both sides of a pair or an Either.
module Data.Bifunctor (Bifunctor(bimap, first, second)) where

-- | Types with two parameters that can both be mapped.
-- > bimap (+ 1) show (1, 2) == (2, "2") && first negate (Left 3 :: Either Int Char) == Left (-3)
class Bifunctor p where
  -- | Maps both parameters.
  bimap :: (a -> b) -> (c -> d) -> p a c -> p b d
  -- | Maps the first parameter.
  first :: (a -> b) -> p a c -> p b c
  -- | Maps the second parameter.
  second :: (b -> c) -> p a b -> p a c
  first f x = bimap f id x
  second g x = bimap id g x

instance Bifunctor (,) where
  bimap f g (a, b) = (f a, g b)

instance Bifunctor Either where
  bimap f _ (Left a) = Left (f a)
  bimap _ g (Right b) = Right (g b)
