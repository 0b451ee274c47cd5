-- Data.Map: finite maps from ordered keys to values, as size-balanced trees (the tree code is
-- in Data.Map.Internal). The API is containers' Data.Map (Data.Map.Lazy) for what programs use;
-- evaluation is strict, so it is also Data.Map.Strict's. Not here: the Foldable and
-- Traversable instances (use elems, foldr, mapM over toList), traverseWithKey, foldMapWithKey,
-- the merge tactics and showTree.
module Data.Map
  ( Map
  , empty, singleton, fromSet, fromList, fromListWith, fromListWithKey
  , fromAscList, fromAscListWith, fromAscListWithKey, fromDistinctAscList
  , insert, insertWith, insertWithKey, delete, adjust, adjustWithKey, update, updateWithKey, alter
  , lookup, (!?), (!), findWithDefault, member, notMember, lookupLT, lookupGT, lookupLE, lookupGE
  , null, size
  , union, unionWith, unionWithKey, unions, unionsWith
  , difference, (\\), differenceWith, intersection, intersectionWith, intersectionWithKey, disjoint
  , mergeWithKey
  , map, mapWithKey, mapAccum, mapAccumWithKey, mapKeys, mapKeysWith, mapKeysMonotonic
  , foldr, foldl, foldrWithKey, foldlWithKey, foldr', foldl', foldrWithKey', foldlWithKey'
  , elems, keys, assocs, keysSet, toList, toAscList, toDescList
  , filter, filterWithKey, restrictKeys, withoutKeys, partition, partitionWithKey
  , mapMaybe, mapMaybeWithKey, mapEither, mapEitherWithKey, split, splitLookup
  , isSubmapOf, isSubmapOfBy
  , lookupIndex, findIndex, elemAt, deleteAt, take, drop, splitAt
  , lookupMin, lookupMax, findMin, findMax, deleteMin, deleteMax, deleteFindMin, deleteFindMax
  , minView, maxView, minViewWithKey, maxViewWithKey
  ) where

import Prelude hiding (lookup, map, filter, foldr, foldl, null, splitAt, take, drop)
import Data.Map.Internal
import qualified Data.Set as Set

-- | The set of the map's keys.
keysSet :: Map k a -> Set.Set k
keysSet m = Set.fromDistinctAscList (keys m)

-- | The map of each element of the set to `f` of it.
fromSet :: (k -> a) -> Set.Set k -> Map k a
fromSet f s = fromDistinctAscList [(k, f k) | k <- Set.toAscList s]

-- | The entries whose keys are in the set.
restrictKeys :: Ord k => Map k a -> Set.Set k -> Map k a
restrictKeys m s = filterWithKey (\k _ -> Set.member k s) m

-- | The entries whose keys are not in the set.
withoutKeys :: Ord k => Map k a -> Set.Set k -> Map k a
withoutKeys m s = filterWithKey (\k _ -> Set.notMember k s) m
