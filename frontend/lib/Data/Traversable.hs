-- Data.Traversable: effectful maps over lists (dnrad's only Traversable; GHC's class is not
-- here).
module Data.Traversable (traverse, sequenceA, mapM, sequence, for, forM) where

import Control.Monad (forM)

-- | `traverse` with its arguments the other way round.
-- > for [1, 2] Just == Just [1, 2]
for :: Applicative f => [a] -> (a -> f b) -> f [b]
for xs f = traverse f xs
