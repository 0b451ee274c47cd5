-- Data.Set: finite sets of ordered elements, as the size-balanced trees of Data.Map with unit
-- values. The API is containers' Data.Set for what programs use; not here: the Foldable
-- instance (use toList, foldr, size), cartesianProduct, powerSet and showTree.
module Data.Set
  ( Set
  , empty, singleton, fromList, fromAscList, fromDistinctAscList
  , insert, delete, member, notMember, lookupLT, lookupGT, lookupLE, lookupGE, null, size
  , isSubsetOf, isProperSubsetOf, disjoint
  , union, unions, difference, (\\), intersection
  , filter, partition, split, splitMember, map, mapMonotonic
  , foldr, foldl, foldr', foldl', elems, toList, toAscList, toDescList
  , lookupIndex, findIndex, elemAt, deleteAt, take, drop, splitAt
  , lookupMin, lookupMax, findMin, findMax, deleteMin, deleteMax, deleteFindMin, deleteFindMax
  , minView, maxView
  ) where

import Prelude hiding (map, filter, foldr, foldl, null, splitAt, take, drop)
import qualified Prelude as L
import qualified Data.Map.Internal as M

infixl 9 \\

-- | A finite set of values of an Ord type (a balanced tree: O(log n) membership, insertion and
-- deletion). Import Data.Set qualified: many names clash with the Prelude's.
newtype Set a = Set (M.Map a ())

-- The elements of a list of (element, ()) entries.
firsts :: [(a, ())] -> [a]
firsts ps = L.map fst ps

units :: [a] -> [(a, ())]
units xs = L.map (\x -> (x, ())) xs

-- | The empty set.
empty :: Set a
empty = Set M.empty

-- | The set of one element.
singleton :: a -> Set a
singleton x = Set (M.singleton x ())

-- | The set of a list's elements.
-- > toList (fromList [3, 1, 3]) == [1, 3]
fromList :: Ord a => [a] -> Set a
fromList xs = Set (M.fromList (units xs))

-- | The set of a list in ascending order (repeats allowed).
fromAscList :: Eq a => [a] -> Set a
fromAscList xs = Set (M.fromAscList (units xs))

-- | The set of a list in strictly ascending order, in linear time.
fromDistinctAscList :: [a] -> Set a
fromDistinctAscList xs = Set (M.fromDistinctAscList (units xs))

-- | The set with the element.
insert :: Ord a => a -> Set a -> Set a
insert x (Set m) = Set (M.insert x () m)

-- | The set without the element.
delete :: Ord a => a -> Set a -> Set a
delete x (Set m) = Set (M.delete x m)

-- | Whether the element is in the set.
member :: Ord a => a -> Set a -> Bool
member x (Set m) = M.member x m

-- | Whether the element is not in the set.
notMember :: Ord a => a -> Set a -> Bool
notMember x (Set m) = M.notMember x m

-- | The greatest element below, the least above, the greatest at most, the least at least the
-- value.
lookupLT, lookupGT, lookupLE, lookupGE :: Ord a => a -> Set a -> Maybe a
lookupLT x (Set m) = fmap fst (M.lookupLT x m)
lookupGT x (Set m) = fmap fst (M.lookupGT x m)
lookupLE x (Set m) = fmap fst (M.lookupLE x m)
lookupGE x (Set m) = fmap fst (M.lookupGE x m)

-- | Whether the set is empty.
null :: Set a -> Bool
null (Set m) = M.null m

-- | The number of elements (O(1)).
size :: Set a -> Int
size (Set m) = M.size m

-- | Whether every element of the first set is in the second.
isSubsetOf :: Ord a => Set a -> Set a -> Bool
isSubsetOf (Set m1) (Set m2) = M.isSubmapOfBy (\_ _ -> True) m1 m2

-- | `isSubsetOf`, and the sets differ.
isProperSubsetOf :: Ord a => Set a -> Set a -> Bool
isProperSubsetOf s1 s2 = size s1 < size s2 && isSubsetOf s1 s2

-- | Whether the sets have no element in common.
disjoint :: Ord a => Set a -> Set a -> Bool
disjoint (Set m1) (Set m2) = M.disjoint m1 m2

-- | The elements of either set.
union :: Ord a => Set a -> Set a -> Set a
union (Set m1) (Set m2) = Set (M.union m1 m2)

-- | The union of all the sets.
unions :: Ord a => [Set a] -> Set a
unions ss = L.foldl union empty ss

-- | The elements of the first set not in the second.
difference :: Ord a => Set a -> Set a -> Set a
difference (Set m1) (Set m2) = Set (M.difference m1 m2)

-- | `difference`.
(\\) :: Ord a => Set a -> Set a -> Set a
s1 \\ s2 = difference s1 s2

-- | The elements in both sets.
intersection :: Ord a => Set a -> Set a -> Set a
intersection (Set m1) (Set m2) = Set (M.intersection m1 m2)

-- | The elements that satisfy the predicate.
filter :: (a -> Bool) -> Set a -> Set a
filter p (Set m) = Set (M.filterWithKey (\x _ -> p x) m)

-- | The elements that satisfy the predicate and the others.
partition :: (a -> Bool) -> Set a -> (Set a, Set a)
partition p (Set m) = case M.partitionWithKey (\x _ -> p x) m of
  (yes, no) -> (Set yes, Set no)

-- | The elements below and above the value.
split :: Ord a => a -> Set a -> (Set a, Set a)
split x (Set m) = case M.split x m of
  (lt, gt) -> (Set lt, Set gt)

-- | The elements below the value, whether it is in the set, and the elements above.
splitMember :: Ord a => a -> Set a -> (Set a, Bool, Set a)
splitMember x (Set m) = case M.splitLookup x m of
  (lt, found, gt) -> (Set lt, maybe False (const True) found, Set gt)

-- | The set of the function's results.
map :: Ord b => (a -> b) -> Set a -> Set b
map f s = fromList (L.map f (toAscList s))

-- | `map` for a function that keeps the order (not checked), O(n).
mapMonotonic :: (a -> b) -> Set a -> Set b
mapMonotonic f (Set m) = Set (M.mapKeysMonotonic f m)

-- | Folds the elements in ascending order, from the right.
foldr :: (a -> b -> b) -> b -> Set a -> b
foldr f z (Set m) = M.foldrWithKey (\x _ acc -> f x acc) z m

-- | Folds the elements in ascending order, from the left.
foldl :: (b -> a -> b) -> b -> Set a -> b
foldl f z (Set m) = M.foldlWithKey (\acc x _ -> f acc x) z m

-- | `foldr` (evaluation is strict).
foldr' :: (a -> b -> b) -> b -> Set a -> b
foldr' f z s = foldr f z s

-- | `foldl` (evaluation is strict).
foldl' :: (b -> a -> b) -> b -> Set a -> b
foldl' f z s = foldl f z s

-- | The elements in ascending order.
elems :: Set a -> [a]
elems s = toAscList s

-- | The elements in ascending order.
toList :: Set a -> [a]
toList s = toAscList s

-- | The elements in ascending order.
toAscList :: Set a -> [a]
toAscList (Set m) = M.keys m

-- | The elements in descending order.
toDescList :: Set a -> [a]
toDescList (Set m) = firsts (M.toDescList m)

-- | The position of the element in ascending order, if present.
lookupIndex :: Ord a => a -> Set a -> Maybe Int
lookupIndex x (Set m) = M.lookupIndex x m

-- | The position of the element in ascending order; an error when absent.
findIndex :: Ord a => a -> Set a -> Int
findIndex x (Set m) = case M.lookupIndex x m of
  Just i -> i
  Nothing -> error "Set.findIndex: element is not in the set"

-- | The element at a position in ascending order; an error when out of range.
elemAt :: Int -> Set a -> a
elemAt i (Set m) =
  if i < 0 || i >= M.size m then error "Set.elemAt: index out of range" else fst (M.elemAt i m)

-- | The set without the element at a position; an error when out of range.
deleteAt :: Int -> Set a -> Set a
deleteAt i (Set m) =
  if i < 0 || i >= M.size m then error "Set.deleteAt: index out of range" else Set (M.deleteAt i m)

-- | The n least elements.
take :: Int -> Set a -> Set a
take n (Set m) = Set (M.take n m)

-- | The set without its n least elements.
drop :: Int -> Set a -> Set a
drop n (Set m) = Set (M.drop n m)

-- | `(take n s, drop n s)`.
splitAt :: Int -> Set a -> (Set a, Set a)
splitAt n s = (take n s, drop n s)

-- | The least element, if any.
lookupMin :: Set a -> Maybe a
lookupMin (Set m) = fmap fst (M.lookupMin m)

-- | The greatest element, if any.
lookupMax :: Set a -> Maybe a
lookupMax (Set m) = fmap fst (M.lookupMax m)

-- | The least element; an error for an empty set.
findMin :: Set a -> a
findMin s = case lookupMin s of
  Just x -> x
  Nothing -> error "Set.findMin: empty set has no minimal element"

-- | The greatest element; an error for an empty set.
findMax :: Set a -> a
findMax s = case lookupMax s of
  Just x -> x
  Nothing -> error "Set.findMax: empty set has no maximal element"

-- | The set without its least element (empty stays empty).
deleteMin :: Set a -> Set a
deleteMin (Set m) = Set (M.deleteMin m)

-- | The set without its greatest element (empty stays empty).
deleteMax :: Set a -> Set a
deleteMax (Set m) = Set (M.deleteMax m)

-- | The least element and the set without it; an error for an empty set.
deleteFindMin :: Set a -> (a, Set a)
deleteFindMin s = case minView s of
  Just r -> r
  Nothing -> error "Set.deleteFindMin: can not return the minimal element of an empty set"

-- | The greatest element and the set without it; an error for an empty set.
deleteFindMax :: Set a -> (a, Set a)
deleteFindMax s = case maxView s of
  Just r -> r
  Nothing -> error "Set.deleteFindMax: can not return the maximal element of an empty set"

-- | The least element and the rest, if not empty.
minView :: Set a -> Maybe (a, Set a)
minView (Set m) = case M.minViewWithKey m of
  Nothing -> Nothing
  Just ((x, _), m') -> Just (x, Set m')

-- | The greatest element and the rest, if not empty.
maxView :: Set a -> Maybe (a, Set a)
maxView (Set m) = case M.maxViewWithKey m of
  Nothing -> Nothing
  Just ((x, _), m') -> Just (x, Set m')

instance Eq a => Eq (Set a) where
  s1 == s2 = size s1 == size s2 && toAscList s1 == toAscList s2

instance Ord a => Ord (Set a) where
  compare s1 s2 = compare (toAscList s1) (toAscList s2)

instance Ord a => Semigroup (Set a) where
  s <> t = union s t

instance Ord a => Monoid (Set a) where
  mempty = empty

instance (Ord a, Read a) => Read (Set a) where
  readsPrec d = readParen (d > 10) (\s ->
    [(fromList xs, t) | ("fromList", r) <- lex s, (xs, t) <- readsPrec 11 r])

instance Show a => Show (Set a) where
  showsPrec d s = showParen (d > 10) (showString "fromList " . shows (toAscList s))
