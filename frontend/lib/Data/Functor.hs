-- Data.Functor: the Functor class and its operators (`void` is Control.Monad's).
module Data.Functor (Functor(fmap, (<$)), (<$>), ($>), (<&>), void) where

import Control.Monad (void)

infixl 4 $>
infixl 1 <&>

-- | The contents replaced by a value (`<$` the other way round).
-- > (Just 1 $> 'a') == Just 'a'
($>) :: Functor f => f a -> b -> f b
m $> x = fmap (\_ -> x) m

-- | `fmap` with its arguments the other way round.
-- > (Just 1 <&> (+ 1)) == Just 2
(<&>) :: Functor f => f a -> (a -> b) -> f b
m <&> f = fmap f m
