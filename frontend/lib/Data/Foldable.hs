-- Data.Foldable: folds and effectful traversals, over lists (dnrad's only Foldable; GHC's class
-- is not here). The folds are the Prelude's and Data.List's.
module Data.Foldable
  ( foldr, foldl, foldl', foldr1, foldl1, foldMap, toList, null, length, elem, notElem
  , sum, product, maximum, minimum, maximumBy, minimumBy, concat, concatMap
  , and, or, any, all, find
  , mapM_, forM_, sequence_, traverse_, for_, sequenceA_, asum
  ) where

import Data.List (foldl', maximumBy, minimumBy, find)
import Control.Monad (forM_)
import Control.Applicative (Alternative(empty, (<|>)))

-- | The list itself (the elements of a Foldable, in order).
toList :: [a] -> [a]
toList xs = xs

-- | Applies an effectful function to each element, left to right, and drops the results.
-- > traverse_ (\x -> if x > 0 then Just () else Nothing) [1, 2] == Just ()
traverse_ :: Applicative f => (a -> f b) -> [a] -> f ()
traverse_ f xs = foldr (\x acc -> f x *> acc) (pure ()) xs

-- | `traverse_` with its arguments the other way round.
for_ :: Applicative f => [a] -> (a -> f b) -> f ()
for_ xs f = traverse_ f xs

-- | Runs the effects of a list in order and drops their results.
sequenceA_ :: Applicative f => [f a] -> f ()
sequenceA_ xs = traverse_ id xs

-- | The first of a list of choices that succeeds (Control.Applicative's `<|>` over the list).
-- > asum [Nothing, Just 1, Just 2] == Just 1
asum :: Alternative f => [f a] -> f a
asum xs = foldr (<|>) empty xs
