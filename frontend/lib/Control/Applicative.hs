-- Control.Applicative: the Applicative class with all its methods (the Prelude exports all but
-- liftA2), the lifting functions, and Alternative without `many`/`some` (under strict
-- evaluation they would build their parsers for ever: write the recursion with a base case).
module Control.Applicative
  ( Applicative(pure, (<*>), (*>), (<*), liftA2)
  , Functor(fmap, (<$))
  , Alternative(empty, (<|>))
  , (<$>)
  , (<**>)
  , liftA
  , liftA3
  , optional
  ) where

infixl 4 <**>
infixl 3 <|>

-- | Applicatives with a choice: the first that succeeds, for Maybe; both, for lists.
-- > (Nothing <|> Just 2 <|> Just 3) == Just 2 && ([1, 2] <|> [3]) == [1, 2, 3]
class Applicative f => Alternative f where
  -- | The failure every choice skips.
  empty :: f a
  -- | The first choice, or the second if it fails.
  (<|>) :: f a -> f a -> f a

instance Alternative Maybe where
  empty = Nothing
  Nothing <|> r = r
  l <|> _ = l

instance Alternative [] where
  empty = []
  xs <|> ys = xs ++ ys

-- | `Just` the value if it succeeds, `Nothing` if it fails.
-- > optional (Just 1) == Just (Just 1) && optional (Nothing :: Maybe Int) == Just Nothing
optional :: Alternative f => f a -> f (Maybe a)
optional v = fmap Just v <|> pure Nothing

-- | The arguments of '<*>' the other way round: effects still run left to right.
(<**>) :: Applicative f => f a -> f (a -> b) -> f b
a <**> f = liftA2 (\x g -> g x) a f

-- | `fmap`, by `pure` and `<*>`.
liftA :: Applicative f => (a -> b) -> f a -> f b
liftA f a = pure f <*> a

-- | Combines three values inside with a function.
liftA3 :: Applicative f => (a -> b -> c -> d) -> f a -> f b -> f c -> f d
liftA3 f a b c = liftA2 f a b <*> c
