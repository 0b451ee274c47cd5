-- Control.Applicative: the Applicative class with all its methods (the Prelude exports all but
-- liftA2), and the lifting functions.
module Control.Applicative
  ( Applicative(pure, (<*>), (*>), (<*), liftA2)
  , Functor(fmap, (<$))
  , (<$>)
  , (<**>)
  , liftA
  , liftA3
  ) where

infixl 4 <**>

-- | The arguments of '<*>' the other way round: effects still run left to right.
(<**>) :: Applicative f => f a -> f (a -> b) -> f b
a <**> f = liftA2 (\x g -> g x) a f

-- | `fmap`, by `pure` and `<*>`.
liftA :: Applicative f => (a -> b) -> f a -> f b
liftA f a = pure f <*> a

-- | Combines three values inside with a function.
liftA3 :: Applicative f => (a -> b -> c -> d) -> f a -> f b -> f c -> f d
liftA3 f a b c = liftA2 f a b <*> c
