-- The finite maps of Data.Map (and, through a newtype, the sets of Data.Set): size-balanced
-- binary search trees (Adams' weight-balanced trees with the parameters delta = 3, ratio = 2),
-- so lookups, insertions and deletions take O(log n) and the set operations work by splitting
-- and joining trees. Programs import Data.Map, Data.Map.Strict or Data.Set, which export the
-- API; this module has everything, the tree's constructors included.
module Data.Map.Internal where

import Prelude hiding (lookup, map, filter, foldr, foldl, null, splitAt, take, drop)
import qualified Prelude as L

infixl 9 !, !?, \\

-- A node holds its size, key, value and the subtrees of smaller and greater keys.
-- | A finite map from keys of an Ord type to values (a balanced tree: lookups, insertions and
-- deletions O(log n)). Import Data.Map qualified: many names clash with the Prelude's.
data Map k a = Tip | Bin Int k a (Map k a) (Map k a)

-- Construction and queries ---------------------------------------------------------------------

-- | The empty map.
empty :: Map k a
empty = Tip

-- | The map of one key and value.
singleton :: k -> a -> Map k a
singleton k x = Bin 1 k x Tip Tip

-- | The number of entries (O(1)).
size :: Map k a -> Int
size Tip = 0
size (Bin n _ _ _ _) = n

-- | Whether the map is empty.
null :: Map k a -> Bool
null Tip = True
null (Bin _ _ _ _ _) = False

-- | The value of the key, if present.
-- > Map.lookup 1 (Map.fromList [(1, "a")]) == Just "a"
lookup :: Ord k => k -> Map k a -> Maybe a
lookup _ Tip = Nothing
lookup k (Bin _ kx x l r) = case compare k kx of
  LT -> lookup k l
  GT -> lookup k r
  EQ -> Just x

-- | Whether the key is present.
member :: Ord k => k -> Map k a -> Bool
member _ Tip = False
member k (Bin _ kx _ l r) = case compare k kx of
  LT -> member k l
  GT -> member k r
  EQ -> True

-- | Whether the key is absent.
notMember :: Ord k => k -> Map k a -> Bool
notMember k m = not (member k m)

-- | The value of the key, or the default when absent.
findWithDefault :: Ord k => a -> k -> Map k a -> a
findWithDefault d _ Tip = d
findWithDefault d k (Bin _ kx x l r) = case compare k kx of
  LT -> findWithDefault d k l
  GT -> findWithDefault d k r
  EQ -> x

-- | The value of the key; the error "Map.!: given key is not an element in the map" when absent.
(!) :: Ord k => Map k a -> k -> a
m ! k = case lookup k m of
  Nothing -> error "Map.!: given key is not an element in the map"
  Just x -> x

-- | The value of the key, if present (`lookup` with the arguments swapped).
(!?) :: Ord k => Map k a -> k -> Maybe a
m !? k = lookup k m

-- | The entry with the greatest key below k (lookupLT), and its three relatives.
lookupLT :: Ord k => k -> Map k v -> Maybe (k, v)
lookupLT k m = goLT Nothing m
  where
    goLT best Tip = best
    goLT best (Bin _ kx x l r) = if kx < k then goLT (Just (kx, x)) r else goLT best l

-- | The entry with the least key above k.
lookupGT :: Ord k => k -> Map k v -> Maybe (k, v)
lookupGT k m = goGT Nothing m
  where
    goGT best Tip = best
    goGT best (Bin _ kx x l r) = if kx > k then goGT (Just (kx, x)) l else goGT best r

-- | The entry with the greatest key at most k.
lookupLE :: Ord k => k -> Map k v -> Maybe (k, v)
lookupLE k m = goLE Nothing m
  where
    goLE best Tip = best
    goLE best (Bin _ kx x l r) = case compare k kx of
      LT -> goLE best l
      EQ -> Just (kx, x)
      GT -> goLE (Just (kx, x)) r

-- | The entry with the least key at least k.
lookupGE :: Ord k => k -> Map k v -> Maybe (k, v)
lookupGE k m = goGE Nothing m
  where
    goGE best Tip = best
    goGE best (Bin _ kx x l r) = case compare k kx of
      LT -> goGE (Just (kx, x)) l
      EQ -> Just (kx, x)
      GT -> goGE best r

-- Balancing ------------------------------------------------------------------------------------

-- A node of the two subtrees, whose sizes are within the balance bounds.
bin :: k -> a -> Map k a -> Map k a -> Map k a
bin k x l r = Bin (size l + size r + 1) k x l r

-- A node of two subtrees that were balanced until one of them changed a little (an insertion,
-- a deletion, or a join one level down): one single or double rotation restores the balance.
balance :: k -> a -> Map k a -> Map k a -> Map k a
balance k x l r
  | sl + sr <= 1 = Bin (sl + sr + 1) k x l r
  | sr > 3 * sl = rotateLeft k x l r
  | sl > 3 * sr = rotateRight k x l r
  | otherwise = Bin (sl + sr + 1) k x l r
  where
    sl = size l
    sr = size r

rotateLeft :: k -> a -> Map k a -> Map k a -> Map k a
rotateLeft k x l r = case r of
  Bin _ kr xr rl rr
    | size rl < 2 * size rr -> bin kr xr (bin k x l rl) rr
    | otherwise -> case rl of
        Bin _ km xm rll rlr -> bin km xm (bin k x l rll) (bin kr xr rlr rr)
        Tip -> bin k x l r
  Tip -> bin k x l r

rotateRight :: k -> a -> Map k a -> Map k a -> Map k a
rotateRight k x l r = case l of
  Bin _ kl xl ll lr
    | size lr < 2 * size ll -> bin kl xl ll (bin k x lr r)
    | otherwise -> case lr of
        Bin _ km xm lrl lrr -> bin km xm (bin kl xl ll lrl) (bin k x lrr r)
        Tip -> bin k x l r
  Tip -> bin k x l r

-- The tree of l, the entry and r, where every key of l is below k and every key of r above,
-- whatever their sizes.
link :: k -> a -> Map k a -> Map k a -> Map k a
link k x Tip r = insertMin k x r
link k x l Tip = insertMax k x l
link k x l@(Bin sl kl xl ll lr) r@(Bin sr kr xr rl rr)
  | 3 * sl < sr = balance kr xr (link k x l rl) rr
  | 3 * sr < sl = balance kl xl ll (link k x lr r)
  | otherwise = Bin (sl + sr + 1) k x l r

insertMin :: k -> a -> Map k a -> Map k a
insertMin k x Tip = singleton k x
insertMin k x (Bin _ ky y l r) = balance ky y (insertMin k x l) r

insertMax :: k -> a -> Map k a -> Map k a
insertMax k x Tip = singleton k x
insertMax k x (Bin _ ky y l r) = balance ky y l (insertMax k x r)

-- The tree of l and r, every key of l below every key of r, whatever their sizes.
merge :: Map k a -> Map k a -> Map k a
merge Tip r = r
merge l Tip = l
merge l@(Bin sl kl xl ll lr) r@(Bin sr kr xr rl rr)
  | 3 * sl < sr = balance kr xr (merge l rl) rr
  | 3 * sr < sl = balance kl xl ll (merge lr r)
  | otherwise = glue l r

-- The tree of two balanced neighbours: the root is taken from the bigger one.
glue :: Map k a -> Map k a -> Map k a
glue Tip r = r
glue l Tip = l
glue l r
  | size l > size r = case deleteFindMax l of
      ((k, x), l') -> balance k x l' r
  | otherwise = case deleteFindMin r of
      ((k, x), r') -> balance k x l r'

-- Insertion and deletion -----------------------------------------------------------------------

-- | The map with the key's value set (replacing any).
insert :: Ord k => k -> a -> Map k a -> Map k a
insert k x Tip = singleton k x
insert k x (Bin n ky y l r) = case compare k ky of
  LT -> balance ky y (insert k x l) r
  GT -> balance ky y l (insert k x r)
  EQ -> Bin n k x l r

-- | Inserts a value; if the key is present, stores `f new old`.
-- > insertWith (++) 1 "x" (fromList [(1, "a")]) == fromList [(1, "xa")]
insertWith :: Ord k => (a -> a -> a) -> k -> a -> Map k a -> Map k a
insertWith f k x m = insertWithKey (\_ new old -> f new old) k x m

-- | `insertWith` whose function also gets the key.
insertWithKey :: Ord k => (k -> a -> a -> a) -> k -> a -> Map k a -> Map k a
insertWithKey _ k x Tip = singleton k x
insertWithKey f k x (Bin n ky y l r) = case compare k ky of
  LT -> balance ky y (insertWithKey f k x l) r
  GT -> balance ky y l (insertWithKey f k x r)
  EQ -> Bin n ky (f ky x y) l r

-- | The map without the key.
delete :: Ord k => k -> Map k a -> Map k a
delete _ Tip = Tip
delete k (Bin _ kx x l r) = case compare k kx of
  LT -> balance kx x (delete k l) r
  GT -> balance kx x l (delete k r)
  EQ -> glue l r

-- | Applies the function to the key's value, if present.
adjust :: Ord k => (a -> a) -> k -> Map k a -> Map k a
adjust f k m = adjustWithKey (\_ x -> f x) k m

-- | `adjust` whose function also gets the key.
adjustWithKey :: Ord k => (k -> a -> a) -> k -> Map k a -> Map k a
adjustWithKey _ _ Tip = Tip
adjustWithKey f k (Bin n kx x l r) = case compare k kx of
  LT -> Bin n kx x (adjustWithKey f k l) r
  GT -> Bin n kx x l (adjustWithKey f k r)
  EQ -> Bin n kx (f kx x) l r

-- | Applies the function to the key's value, if present; Nothing deletes the entry.
update :: Ord k => (a -> Maybe a) -> k -> Map k a -> Map k a
update f k m = alter (\old -> case old of
  Nothing -> Nothing
  Just x -> f x) k m

-- | `update` whose function also gets the key.
updateWithKey :: Ord k => (k -> a -> Maybe a) -> k -> Map k a -> Map k a
updateWithKey f k m = update (f k) k m

-- | The entry of k becomes `f` of what it was (Nothing: absent).
alter :: Ord k => (Maybe a -> Maybe a) -> k -> Map k a -> Map k a
alter f k Tip = case f Nothing of
  Nothing -> Tip
  Just x -> singleton k x
alter f k (Bin n kx x l r) = case compare k kx of
  LT -> balance kx x (alter f k l) r
  GT -> balance kx x l (alter f k r)
  EQ -> case f (Just x) of
    Just x' -> Bin n kx x' l r
    Nothing -> glue l r

-- Minimum and maximum --------------------------------------------------------------------------

-- | The entry with the least key, if any.
lookupMin :: Map k a -> Maybe (k, a)
lookupMin Tip = Nothing
lookupMin (Bin _ k x Tip _) = Just (k, x)
lookupMin (Bin _ _ _ l _) = lookupMin l

-- | The entry with the greatest key, if any.
lookupMax :: Map k a -> Maybe (k, a)
lookupMax Tip = Nothing
lookupMax (Bin _ k x _ Tip) = Just (k, x)
lookupMax (Bin _ _ _ _ r) = lookupMax r

-- | The entry with the least key; an error for an empty map.
findMin :: Map k a -> (k, a)
findMin m = case lookupMin m of
  Just e -> e
  Nothing -> error "Map.findMin: empty map has no minimal element"

-- | The entry with the greatest key; an error for an empty map.
findMax :: Map k a -> (k, a)
findMax m = case lookupMax m of
  Just e -> e
  Nothing -> error "Map.findMax: empty map has no maximal element"

-- | The map without its least key (empty stays empty).
deleteMin :: Map k a -> Map k a
deleteMin Tip = Tip
deleteMin (Bin _ _ _ Tip r) = r
deleteMin (Bin _ k x l r) = balance k x (deleteMin l) r

-- | The map without its greatest key (empty stays empty).
deleteMax :: Map k a -> Map k a
deleteMax Tip = Tip
deleteMax (Bin _ _ _ l Tip) = l
deleteMax (Bin _ k x l r) = balance k x l (deleteMax r)

-- | The least entry and the map without it; an error for an empty map.
deleteFindMin :: Map k a -> ((k, a), Map k a)
deleteFindMin t = case t of
  Bin _ k x Tip r -> ((k, x), r)
  Bin _ k x l r -> case deleteFindMin l of
    (e, l') -> (e, balance k x l' r)
  Tip -> error "Map.deleteFindMin: can not return the minimal element of an empty map"

-- | The greatest entry and the map without it; an error for an empty map.
deleteFindMax :: Map k a -> ((k, a), Map k a)
deleteFindMax t = case t of
  Bin _ k x l Tip -> ((k, x), l)
  Bin _ k x l r -> case deleteFindMax r of
    (e, r') -> (e, balance k x l r')
  Tip -> error "Map.deleteFindMax: can not return the maximal element of an empty map"

-- | The least entry and the rest, if not empty.
minViewWithKey :: Map k a -> Maybe ((k, a), Map k a)
minViewWithKey Tip = Nothing
minViewWithKey m = Just (deleteFindMin m)

-- | The greatest entry and the rest, if not empty.
maxViewWithKey :: Map k a -> Maybe ((k, a), Map k a)
maxViewWithKey Tip = Nothing
maxViewWithKey m = Just (deleteFindMax m)

-- | The value of the least key and the rest, if not empty.
minView :: Map k a -> Maybe (a, Map k a)
minView m = case minViewWithKey m of
  Nothing -> Nothing
  Just ((_, x), m') -> Just (x, m')

-- | The value of the greatest key and the rest, if not empty.
maxView :: Map k a -> Maybe (a, Map k a)
maxView m = case maxViewWithKey m of
  Nothing -> Nothing
  Just ((_, x), m') -> Just (x, m')

-- Splitting and combining ----------------------------------------------------------------------

-- | The entries below k and those above it.
split :: Ord k => k -> Map k a -> (Map k a, Map k a)
split k m = case splitLookup k m of
  (lt, _, gt) -> (lt, gt)

-- | The entries below k, k's value if present, and the entries above k.
splitLookup :: Ord k => k -> Map k a -> (Map k a, Maybe a, Map k a)
splitLookup _ Tip = (Tip, Nothing, Tip)
splitLookup k (Bin _ kx x l r) = case compare k kx of
  LT -> case splitLookup k l of
    (lt, found, gt) -> (lt, found, link kx x gt r)
  GT -> case splitLookup k r of
    (lt, found, gt) -> (link kx x l lt, found, gt)
  EQ -> (l, Just x, r)

-- | The general combination: `both` decides the entry of a key in the two maps (Nothing drops
-- it), `only1`/`only2` map the parts of the first/second map whose keys the other lacks.
mergeWithKey :: Ord k => (k -> a -> b -> Maybe c) -> (Map k a -> Map k c) -> (Map k b -> Map k c)
             -> Map k a -> Map k b -> Map k c
mergeWithKey _ _ only2 Tip t2 = only2 t2
mergeWithKey _ only1 _ t1 Tip = only1 t1
mergeWithKey both only1 only2 (Bin _ k x l r) t2 = case splitLookup k t2 of
  (l2, found, r2) ->
    let l' = mergeWithKey both only1 only2 l l2
        r' = mergeWithKey both only1 only2 r r2
        entry = case found of
          Just y -> fmap (\z -> (k, z)) (both k x y)
          Nothing -> lookupMin (only1 (singleton k x))
    in case entry of
         Just (k', z) -> link k' z l' r'
         Nothing -> merge l' r'

-- | Left-biased: the entries of the first map win.
union :: Ord k => Map k a -> Map k a -> Map k a
union t1 t2 = unionWithKey (\_ x _ -> x) t1 t2

-- | The union, combining the values of a key in both maps with the function.
unionWith :: Ord k => (a -> a -> a) -> Map k a -> Map k a -> Map k a
unionWith f t1 t2 = unionWithKey (\_ x y -> f x y) t1 t2

-- | `unionWith` whose function also gets the key.
unionWithKey :: Ord k => (k -> a -> a -> a) -> Map k a -> Map k a -> Map k a
unionWithKey f t1 t2 = mergeWithKey (\k x y -> Just (f k x y)) id id t1 t2

-- | The left-biased union of all the maps.
unions :: Ord k => [Map k a] -> Map k a
unions ts = L.foldl union empty ts

-- | The union of all the maps, combining values with the function.
unionsWith :: Ord k => (a -> a -> a) -> [Map k a] -> Map k a
unionsWith f ts = L.foldl (unionWith f) empty ts

-- | The entries of the first map whose keys are not in the second.
difference :: Ord k => Map k a -> Map k b -> Map k a
difference t1 t2 = differenceWith (\_ _ -> Nothing) t1 t2

-- | `difference`.
(\\) :: Ord k => Map k a -> Map k b -> Map k a
m1 \\ m2 = difference m1 m2

-- | For a key in both maps, `f` says what (if anything) stays.
differenceWith :: Ord k => (a -> b -> Maybe a) -> Map k a -> Map k b -> Map k a
differenceWith f t1 t2 = mergeWithKey (\_ x y -> f x y) id (const Tip) t1 t2

-- | The entries of the first map whose keys are in the second.
intersection :: Ord k => Map k a -> Map k b -> Map k a
intersection t1 t2 = intersectionWithKey (\_ x _ -> x) t1 t2

-- | The keys in both maps, with their values combined by the function.
intersectionWith :: Ord k => (a -> b -> c) -> Map k a -> Map k b -> Map k c
intersectionWith f t1 t2 = intersectionWithKey (\_ x y -> f x y) t1 t2

-- | `intersectionWith` whose function also gets the key.
intersectionWithKey :: Ord k => (k -> a -> b -> c) -> Map k a -> Map k b -> Map k c
intersectionWithKey f t1 t2 = mergeWithKey (\k x y -> Just (f k x y)) (const Tip) (const Tip) t1 t2

-- | Whether the maps have no key in common.
disjoint :: Ord k => Map k a -> Map k b -> Bool
disjoint t1 t2 = null (intersection t1 t2)

-- | Whether every entry of the first map is in the second (with an equal value).
isSubmapOf :: (Ord k, Eq a) => Map k a -> Map k a -> Bool
isSubmapOf t1 t2 = isSubmapOfBy (==) t1 t2

-- | `isSubmapOf` with the given comparison of values.
isSubmapOfBy :: Ord k => (a -> b -> Bool) -> Map k a -> Map k b -> Bool
isSubmapOfBy f t1 t2 = size t1 <= size t2 && L.all (\(k, x) -> case lookup k t2 of
  Just y -> f x y
  Nothing -> False) (toAscList t1)

-- Filtering ------------------------------------------------------------------------------------

-- | The entries whose values satisfy the predicate.
filter :: (a -> Bool) -> Map k a -> Map k a
filter p m = filterWithKey (\_ x -> p x) m

-- | The entries whose key and value satisfy the predicate.
filterWithKey :: (k -> a -> Bool) -> Map k a -> Map k a
filterWithKey _ Tip = Tip
filterWithKey p (Bin _ k x l r) =
  let l' = filterWithKey p l
      r' = filterWithKey p r
  in if p k x then link k x l' r' else merge l' r'

-- | The entries whose values satisfy the predicate and the others.
partition :: (a -> Bool) -> Map k a -> (Map k a, Map k a)
partition p m = partitionWithKey (\_ x -> p x) m

-- | `partition` by key and value.
partitionWithKey :: (k -> a -> Bool) -> Map k a -> (Map k a, Map k a)
partitionWithKey p m = (filterWithKey p m, filterWithKey (\k x -> not (p k x)) m)

-- | Maps the values, keeping the Justs.
mapMaybe :: (a -> Maybe b) -> Map k a -> Map k b
mapMaybe f m = mapMaybeWithKey (\_ x -> f x) m

-- | `mapMaybe` whose function also gets the key.
mapMaybeWithKey :: (k -> a -> Maybe b) -> Map k a -> Map k b
mapMaybeWithKey _ Tip = Tip
mapMaybeWithKey f (Bin _ k x l r) =
  let l' = mapMaybeWithKey f l
      r' = mapMaybeWithKey f r
  in case f k x of
       Just y -> link k y l' r'
       Nothing -> merge l' r'

-- | Maps the values, splitting the Lefts from the Rights.
mapEither :: (a -> Either b c) -> Map k a -> (Map k b, Map k c)
mapEither f m = mapEitherWithKey (\_ x -> f x) m

-- | `mapEither` whose function also gets the key.
mapEitherWithKey :: (k -> a -> Either b c) -> Map k a -> (Map k b, Map k c)
mapEitherWithKey f m =
  ( mapMaybeWithKey (\k x -> either Just (const Nothing) (f k x)) m
  , mapMaybeWithKey (\k x -> either (const Nothing) Just (f k x)) m )

-- Mapping --------------------------------------------------------------------------------------

-- | Applies the function to every value.
map :: (a -> b) -> Map k a -> Map k b
map f m = mapWithKey (\_ x -> f x) m

-- | Applies the function to every key and value.
mapWithKey :: (k -> a -> b) -> Map k a -> Map k b
mapWithKey _ Tip = Tip
mapWithKey f (Bin n k x l r) = Bin n k (f k x) (mapWithKey f l) (mapWithKey f r)

-- | Maps the values with an accumulator threaded in ascending key order.
mapAccum :: (a -> b -> (a, c)) -> a -> Map k b -> (a, Map k c)
mapAccum f a m = mapAccumWithKey (\a' _ x -> f a' x) a m

-- | Threads the accumulator through the entries in ascending key order.
mapAccumWithKey :: (a -> k -> b -> (a, c)) -> a -> Map k b -> (a, Map k c)
mapAccumWithKey _ a Tip = (a, Tip)
mapAccumWithKey f a (Bin n k x l r) = case mapAccumWithKey f a l of
  (a1, l') -> case f a1 k x of
    (a2, x') -> case mapAccumWithKey f a2 r of
      (a3, r') -> (a3, Bin n k x' l' r')

-- | Applies the function to every key; when two keys map to the same new key, the value of the
-- greater original key stays.
mapKeys :: Ord k2 => (k1 -> k2) -> Map k1 a -> Map k2 a
mapKeys f m = fromList [(f k, x) | (k, x) <- toAscList m]

-- | `mapKeys`, combining the values of keys that map to the same new key.
mapKeysWith :: Ord k2 => (a -> a -> a) -> (k1 -> k2) -> Map k1 a -> Map k2 a
mapKeysWith c f m = fromListWith c [(f k, x) | (k, x) <- toAscList m]

-- | `mapKeys` for a function that keeps the order of keys (not checked), O(n).
mapKeysMonotonic :: (k1 -> k2) -> Map k1 a -> Map k2 a
mapKeysMonotonic _ Tip = Tip
mapKeysMonotonic f (Bin n k x l r) = Bin n (f k) x (mapKeysMonotonic f l) (mapKeysMonotonic f r)

-- Folds (in key order) -------------------------------------------------------------------------

-- | Folds the values in ascending key order, from the right.
foldr :: (a -> b -> b) -> b -> Map k a -> b
foldr f z m = foldrWithKey (\_ x acc -> f x acc) z m

-- | Folds the values in ascending key order, from the left.
foldl :: (b -> a -> b) -> b -> Map k a -> b
foldl f z m = foldlWithKey (\acc _ x -> f acc x) z m

-- | Folds the keys and values from the right.
foldrWithKey :: (k -> a -> b -> b) -> b -> Map k a -> b
foldrWithKey _ z Tip = z
foldrWithKey f z (Bin _ k x l r) = foldrWithKey f (f k x (foldrWithKey f z r)) l

-- | Folds the keys and values from the left.
foldlWithKey :: (b -> k -> a -> b) -> b -> Map k a -> b
foldlWithKey _ z Tip = z
foldlWithKey f z (Bin _ k x l r) = foldlWithKey f (f (foldlWithKey f z l) k x) r

-- | `foldr` (evaluation is strict, so the primed folds are the plain ones).
foldr' :: (a -> b -> b) -> b -> Map k a -> b
foldr' f z m = foldr f z m

-- | `foldl`.
foldl' :: (b -> a -> b) -> b -> Map k a -> b
foldl' f z m = foldl f z m

-- | `foldrWithKey`.
foldrWithKey' :: (k -> a -> b -> b) -> b -> Map k a -> b
foldrWithKey' f z m = foldrWithKey f z m

-- | `foldlWithKey`.
foldlWithKey' :: (b -> k -> a -> b) -> b -> Map k a -> b
foldlWithKey' f z m = foldlWithKey f z m

-- Lists ----------------------------------------------------------------------------------------

-- | The values in ascending key order.
elems :: Map k a -> [a]
elems m = foldr (:) [] m

-- | The keys in ascending order.
keys :: Map k a -> [k]
keys m = foldrWithKey (\k _ ks -> k : ks) [] m

-- | The entries in ascending key order.
assocs :: Map k a -> [(k, a)]
assocs m = toAscList m

-- | The entries in ascending key order.
toList :: Map k a -> [(k, a)]
toList m = toAscList m

-- | The entries in ascending key order.
toAscList :: Map k a -> [(k, a)]
toAscList m = foldrWithKey (\k x xs -> (k, x) : xs) [] m

-- | The entries in descending key order.
toDescList :: Map k a -> [(k, a)]
toDescList m = foldlWithKey (\xs k x -> (k, x) : xs) [] m

-- | The map of a list of (key, value) pairs; a later entry for the same key wins. Input in
-- strictly ascending key order is built in linear time.
-- > toList (fromList [(2, 'b'), (1, 'a'), (2, 'c')]) == [(1, 'a'), (2, 'c')]
fromList :: Ord k => [(k, a)] -> Map k a
fromList xs = if strictlyAscending xs then fromDistinctAscList xs
              else L.foldl (\t (k, x) -> insert k x t) empty xs

strictlyAscending :: Ord k => [(k, a)] -> Bool
strictlyAscending ((k1, _) : rest@((k2, _) : _)) = k1 < k2 && strictlyAscending rest
strictlyAscending _ = True

-- | For a repeated key, `f new old` (the later entry is `new`).
fromListWith :: Ord k => (a -> a -> a) -> [(k, a)] -> Map k a
fromListWith f xs = fromListWithKey (\_ new old -> f new old) xs

-- | `fromListWith` whose function also gets the key.
fromListWithKey :: Ord k => (k -> a -> a -> a) -> [(k, a)] -> Map k a
fromListWithKey f xs = L.foldl (\t (k, x) -> insertWithKey f k x t) empty xs

-- | From a list in ascending key order (repeated keys allowed: the last entry wins).
fromAscList :: Eq k => [(k, a)] -> Map k a
fromAscList xs = fromAscListWithKey (\_ x _ -> x) xs

-- | `fromAscList`, combining the values of repeated keys as `fromListWith` does.
fromAscListWith :: Eq k => (a -> a -> a) -> [(k, a)] -> Map k a
fromAscListWith f xs = fromAscListWithKey (\_ x y -> f x y) xs

-- | `fromAscListWith` whose function also gets the key.
fromAscListWithKey :: Eq k => (k -> a -> a -> a) -> [(k, a)] -> Map k a
fromAscListWithKey f xs = fromDistinctAscList (combineRuns xs)
  where
    combineRuns ((k, x) : rest) = run k x rest
    combineRuns [] = []
    run k x ((k', y) : rest) | k' == k = run k (f k y x) rest
    run k x rest = (k, x) : combineRuns rest

-- | From a list in strictly ascending key order, in linear time.
fromDistinctAscList :: [(k, a)] -> Map k a
fromDistinctAscList xs = fst (build (L.length xs) xs)
  where
    build n ys
      | n <= 0 = (Tip, ys)
      | otherwise = case build (n `div` 2) ys of
          (l, (k, x) : rest) -> case build (n - n `div` 2 - 1) rest of
            (r, rest') -> (bin k x l r, rest')
          (l, []) -> (l, [])

-- Indexed (by position in key order) -----------------------------------------------------------

-- | The position of the key in key order, if present.
lookupIndex :: Ord k => k -> Map k a -> Maybe Int
lookupIndex k m = go 0 m
  where
    go _ Tip = Nothing
    go i (Bin _ kx _ l r) = case compare k kx of
      LT -> go i l
      GT -> go (i + size l + 1) r
      EQ -> Just (i + size l)

-- | The position of the key in key order; an error when absent.
findIndex :: Ord k => k -> Map k a -> Int
findIndex k m = case lookupIndex k m of
  Just i -> i
  Nothing -> error "Map.findIndex: element is not in the map"

-- | The entry at a position in key order; an error when out of range.
elemAt :: Int -> Map k a -> (k, a)
elemAt _ Tip = error "Map.elemAt: index out of range"
elemAt i (Bin _ k x l r) = case compare i (size l) of
  LT -> elemAt i l
  GT -> elemAt (i - size l - 1) r
  EQ -> (k, x)

-- | The map without the entry at a position; an error when out of range.
deleteAt :: Int -> Map k a -> Map k a
deleteAt i m = case m of
  Tip -> error "Map.deleteAt: index out of range"
  Bin _ k x l r -> case compare i (size l) of
    LT -> balance k x (deleteAt i l) r
    GT -> balance k x l (deleteAt (i - size l - 1) r)
    EQ -> glue l r

-- | The first n entries in key order.
take :: Int -> Map k a -> Map k a
take n m = fromDistinctAscList (L.take n (toAscList m))

-- | The map without its first n entries in key order.
drop :: Int -> Map k a -> Map k a
drop n m = fromDistinctAscList (L.drop n (toAscList m))

-- | `(take n m, drop n m)`.
splitAt :: Int -> Map k a -> (Map k a, Map k a)
splitAt n m = (take n m, drop n m)

-- Instances ------------------------------------------------------------------------------------

instance (Eq k, Eq a) => Eq (Map k a) where
  m1 == m2 = size m1 == size m2 && toAscList m1 == toAscList m2

instance (Ord k, Ord a) => Ord (Map k a) where
  compare m1 m2 = compare (toAscList m1) (toAscList m2)

instance (Show k, Show a) => Show (Map k a) where
  showsPrec d m = showParen (d > 10) (showString "fromList " . shows (toAscList m))

instance Ord k => Semigroup (Map k a) where
  m <> n = union m n

instance Ord k => Monoid (Map k a) where
  mempty = empty

instance (Ord k, Read k, Read a) => Read (Map k a) where
  readsPrec d = readParen (d > 10) (\s ->
    [(fromList xs, t) | ("fromList", r) <- lex s, (xs, t) <- readsPrec 11 r])

instance Functor (Map k) where
  fmap f m = map f m
