-- Data.IntSet: sets of Ints, as Data.Set at Int (the same balanced trees, not containers'
-- Patricia tries: the same results, with Data.Set's costs).
module Data.IntSet (module Data.Set, IntSet, Key) where

import Prelude hiding (map, filter, foldr, foldl, null, splitAt, take, drop)
import Data.Set

-- | A set of Ints.
type IntSet = Set Int

-- | The elements of an IntSet.
type Key = Int
