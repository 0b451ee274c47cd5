-- Data.Array: immutable arrays indexed by any Ix type, strict. An array is its bounds, its
-- number of elements and a run-time array of them by position (`PrimArray`; the type is
-- Data.Array.Base's, exported abstract), so `!` is O(1),
-- `listArray`, `array`, `elems` and `fmap` O(n), and `//`, `accum` and `accumArray` O(n +
-- updates). As in GHC, an element that `array` or `listArray` was not given is an error when
-- it is used ("(Array.!): undefined array element"), a later association for the same index
-- wins, and an index outside the bounds is the Ix class's error naming the index and the
-- bounds. The primitives only move elements, so arrays of dual numbers differentiate like any
-- other data.
module Data.Array
  ( module Data.Ix, Array
  , array, listArray, accumArray, (!), bounds, indices, elems, assocs, (//), accum, ixmap
  ) where

import Data.Ix
import Data.Array.Base (Array(MkArray))

infixl 9 !, //

-- The associations with their indices turned into positions.
positions :: Ix i => (i, i) -> [(i, a)] -> [(Int, a)]
positions b ies = [(index b i, x) | (i, x) <- ies]

-- | The array of the bounds with the elements of the (index, element) associations; using an
-- element not given is an error, a later association for an index wins.
-- > array (0, 1) [(0, 'a'), (1, 'b')] ! 1 == 'b'
array :: Ix i => (i, i) -> [(i, e)] -> Array i e
array b ies =
  let n = rangeSize b
  in MkArray b n (primArrUpdate (primArrFromList n []) (positions b ies))

-- | The array of the bounds with the list's elements in index order.
-- > listArray (0, 2) [1.0, 2.0, 3.0]
listArray :: Ix i => (i, i) -> [e] -> Array i e
listArray b xs = let n = rangeSize b in MkArray b n (primArrFromList n xs)

-- | The array whose elements fold, from the initial value, the associations' values for their
-- index.
-- > accumArray (+) 0 (0, 2) [(0, 1), (2, 5), (0, 1)] == listArray (0, 2) [2, 0, 5]
accumArray :: Ix i => (e -> a -> e) -> e -> (i, i) -> [(i, a)] -> Array i e
accumArray f z b ies =
  let n = rangeSize b
  in MkArray b n (primArrFromList n (map (foldl f z) (primArrToList (primArrBuckets n (positions b ies)))))

-- | The element at an index; an error naming the index and the bounds outside them.
(!) :: Ix i => Array i e -> i -> e
(!) (MkArray b _ a) i = primArrIndex a (index b i)

-- | The array's bounds.
bounds :: Array i e -> (i, i)
bounds (MkArray b _ _) = b

-- | The array's indices, in order.
indices :: Ix i => Array i e -> [i]
indices (MkArray b _ _) = range b

-- | The array's elements, in index order.
elems :: Array i e -> [e]
elems (MkArray _ _ a) = primArrToList a

-- | The array's (index, element) pairs, in index order.
assocs :: Ix i => Array i e -> [(i, e)]
assocs a = zip (indices a) (elems a)

-- | The array with the associations' elements replacing those at their indices (a copy: O(n)).
(//) :: Ix i => Array i e -> [(i, e)] -> Array i e
(//) (MkArray b n a) ies = MkArray b n (primArrUpdate a (positions b ies))

-- | The array with the associations' values folded into the elements at their indices.
-- The positions that get values, each with its old element and the values folded in (a
-- position no association names keeps its element, even an undefined one).
accum :: Ix i => (e -> a -> e) -> Array i e -> [(i, a)] -> Array i e
accum f (MkArray b n a) ies =
  let buckets = primArrToList (primArrBuckets n (positions b ies))
  in MkArray b n (primArrUpdate a
       [(k, foldl f (primArrIndex a k) xs) | (k, xs) <- zip (enumFromTo 0 (n - 1)) buckets, not (null xs)])

-- | The array over new bounds whose element at i is the old array's at `f i`.
ixmap :: (Ix i, Ix j) => (i, i) -> (i -> j) -> Array j e -> Array i e
ixmap b f a = listArray b [a ! f i | i <- range b]

instance Functor (Array i) where
  fmap f (MkArray b n a) = MkArray b n (primArrFromList n (map f (primArrToList a)))

-- Empty arrays are equal whatever their bounds, as in GHC.
instance (Ix i, Eq e) => Eq (Array i e) where
  a == a' = case (a, a') of
    (MkArray b n _, MkArray b' n' _) ->
      if n == 0 then n' == 0 else b == b' && elems a == elems a'

instance (Ix i, Ord e) => Ord (Array i e) where
  compare a a' = compare (assocs a) (assocs a')

instance (Ix i, Show i, Show e) => Show (Array i e) where
  showsPrec p a = showParen (p > 10)
    (showString "array " . showsPrec 11 (bounds a) . showChar ' ' . showsPrec 11 (assocs a))
