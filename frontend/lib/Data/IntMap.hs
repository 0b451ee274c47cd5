-- Data.IntMap: maps from Int keys, as Data.Map at Int (the same balanced trees, not containers'
-- Patricia tries: the same results, with Data.Map's costs).
module Data.IntMap (module Data.Map, IntMap, Key) where

import Prelude hiding (lookup, map, filter, foldr, foldl, null, splitAt, take, drop)
import Data.Map

-- | A map from Int keys.
type IntMap = Map Int

-- | The keys of an IntMap.
type Key = Int
