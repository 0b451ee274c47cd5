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

newtype Set a = Set (M.Map a ())

-- The elements of a list of (element, ()) entries.
firsts :: [(a, ())] -> [a]
firsts ps = L.map fst ps

units :: [a] -> [(a, ())]
units xs = L.map (\x -> (x, ())) xs

empty :: Set a
empty = Set M.empty

singleton :: a -> Set a
singleton x = Set (M.singleton x ())

fromList :: Ord a => [a] -> Set a
fromList xs = Set (M.fromList (units xs))

fromAscList :: Eq a => [a] -> Set a
fromAscList xs = Set (M.fromAscList (units xs))

fromDistinctAscList :: [a] -> Set a
fromDistinctAscList xs = Set (M.fromDistinctAscList (units xs))

insert :: Ord a => a -> Set a -> Set a
insert x (Set m) = Set (M.insert x () m)

delete :: Ord a => a -> Set a -> Set a
delete x (Set m) = Set (M.delete x m)

member :: Ord a => a -> Set a -> Bool
member x (Set m) = M.member x m

notMember :: Ord a => a -> Set a -> Bool
notMember x (Set m) = M.notMember x m

lookupLT, lookupGT, lookupLE, lookupGE :: Ord a => a -> Set a -> Maybe a
lookupLT x (Set m) = fmap fst (M.lookupLT x m)
lookupGT x (Set m) = fmap fst (M.lookupGT x m)
lookupLE x (Set m) = fmap fst (M.lookupLE x m)
lookupGE x (Set m) = fmap fst (M.lookupGE x m)

null :: Set a -> Bool
null (Set m) = M.null m

size :: Set a -> Int
size (Set m) = M.size m

isSubsetOf :: Ord a => Set a -> Set a -> Bool
isSubsetOf (Set m1) (Set m2) = M.isSubmapOfBy (\_ _ -> True) m1 m2

isProperSubsetOf :: Ord a => Set a -> Set a -> Bool
isProperSubsetOf s1 s2 = size s1 < size s2 && isSubsetOf s1 s2

disjoint :: Ord a => Set a -> Set a -> Bool
disjoint (Set m1) (Set m2) = M.disjoint m1 m2

union :: Ord a => Set a -> Set a -> Set a
union (Set m1) (Set m2) = Set (M.union m1 m2)

unions :: Ord a => [Set a] -> Set a
unions ss = L.foldl union empty ss

difference :: Ord a => Set a -> Set a -> Set a
difference (Set m1) (Set m2) = Set (M.difference m1 m2)

(\\) :: Ord a => Set a -> Set a -> Set a
s1 \\ s2 = difference s1 s2

intersection :: Ord a => Set a -> Set a -> Set a
intersection (Set m1) (Set m2) = Set (M.intersection m1 m2)

filter :: (a -> Bool) -> Set a -> Set a
filter p (Set m) = Set (M.filterWithKey (\x _ -> p x) m)

partition :: (a -> Bool) -> Set a -> (Set a, Set a)
partition p (Set m) = case M.partitionWithKey (\x _ -> p x) m of
  (yes, no) -> (Set yes, Set no)

split :: Ord a => a -> Set a -> (Set a, Set a)
split x (Set m) = case M.split x m of
  (lt, gt) -> (Set lt, Set gt)

splitMember :: Ord a => a -> Set a -> (Set a, Bool, Set a)
splitMember x (Set m) = case M.splitLookup x m of
  (lt, found, gt) -> (Set lt, maybe False (const True) found, Set gt)

map :: Ord b => (a -> b) -> Set a -> Set b
map f s = fromList (L.map f (toAscList s))

mapMonotonic :: (a -> b) -> Set a -> Set b
mapMonotonic f (Set m) = Set (M.mapKeysMonotonic f m)

foldr :: (a -> b -> b) -> b -> Set a -> b
foldr f z (Set m) = M.foldrWithKey (\x _ acc -> f x acc) z m

foldl :: (b -> a -> b) -> b -> Set a -> b
foldl f z (Set m) = M.foldlWithKey (\acc x _ -> f acc x) z m

foldr' :: (a -> b -> b) -> b -> Set a -> b
foldr' f z s = foldr f z s

foldl' :: (b -> a -> b) -> b -> Set a -> b
foldl' f z s = foldl f z s

elems :: Set a -> [a]
elems s = toAscList s

toList :: Set a -> [a]
toList s = toAscList s

toAscList :: Set a -> [a]
toAscList (Set m) = M.keys m

toDescList :: Set a -> [a]
toDescList (Set m) = firsts (M.toDescList m)

lookupIndex :: Ord a => a -> Set a -> Maybe Int
lookupIndex x (Set m) = M.lookupIndex x m

findIndex :: Ord a => a -> Set a -> Int
findIndex x (Set m) = case M.lookupIndex x m of
  Just i -> i
  Nothing -> error "Set.findIndex: element is not in the set"

elemAt :: Int -> Set a -> a
elemAt i (Set m) =
  if i < 0 || i >= M.size m then error "Set.elemAt: index out of range" else fst (M.elemAt i m)

deleteAt :: Int -> Set a -> Set a
deleteAt i (Set m) =
  if i < 0 || i >= M.size m then error "Set.deleteAt: index out of range" else Set (M.deleteAt i m)

take :: Int -> Set a -> Set a
take n (Set m) = Set (M.take n m)

drop :: Int -> Set a -> Set a
drop n (Set m) = Set (M.drop n m)

splitAt :: Int -> Set a -> (Set a, Set a)
splitAt n s = (take n s, drop n s)

lookupMin :: Set a -> Maybe a
lookupMin (Set m) = fmap fst (M.lookupMin m)

lookupMax :: Set a -> Maybe a
lookupMax (Set m) = fmap fst (M.lookupMax m)

findMin :: Set a -> a
findMin s = case lookupMin s of
  Just x -> x
  Nothing -> error "Set.findMin: empty set has no minimal element"

findMax :: Set a -> a
findMax s = case lookupMax s of
  Just x -> x
  Nothing -> error "Set.findMax: empty set has no maximal element"

deleteMin :: Set a -> Set a
deleteMin (Set m) = Set (M.deleteMin m)

deleteMax :: Set a -> Set a
deleteMax (Set m) = Set (M.deleteMax m)

deleteFindMin :: Set a -> (a, Set a)
deleteFindMin s = case minView s of
  Just r -> r
  Nothing -> error "Set.deleteFindMin: can not return the minimal element of an empty set"

deleteFindMax :: Set a -> (a, Set a)
deleteFindMax s = case maxView s of
  Just r -> r
  Nothing -> error "Set.deleteFindMax: can not return the maximal element of an empty set"

minView :: Set a -> Maybe (a, Set a)
minView (Set m) = case M.minViewWithKey m of
  Nothing -> Nothing
  Just ((x, _), m') -> Just (x, Set m')

maxView :: Set a -> Maybe (a, Set a)
maxView (Set m) = case M.maxViewWithKey m of
  Nothing -> Nothing
  Just ((x, _), m') -> Just (x, Set m')

instance Eq a => Eq (Set a) where
  s1 == s2 = size s1 == size s2 && toAscList s1 == toAscList s2

instance Ord a => Ord (Set a) where
  compare s1 s2 = compare (toAscList s1) (toAscList s2)

instance Show a => Show (Set a) where
  showsPrec d s = showParen (d > 10) (showString "fromList " . shows (toAscList s))
