-- Data.Array: immutable arrays indexed by any Ix type. An array is its bounds, its number of
-- elements and a balanced binary tree of the elements by position (so `!` takes O(log n), and
-- `//`, `accum` and `accumArray` O(log n) per update; an O(1)-indexed array is future work).
-- As in GHC, an element that `array` or `listArray` was not given is an error when it is used
-- ("(Array.!): undefined array element"), a later association for the same index wins, and an
-- index outside the bounds is the Ix class's error.
module Data.Array
  ( module Data.Ix, Array
  , array, listArray, accumArray, (!), bounds, indices, elems, assocs, (//), accum, ixmap
  ) where

import Data.Ix

infixl 9 !, //

data Array i e = MkArray (i, i) Int (Cells e)

-- The elements by position: a node's left subtree holds the first (n `div` 2) of its n
-- positions; a Hole is a position without an element.
data Cells e = Empty | Cell (Cells e) e (Cells e) | Hole (Cells e) (Cells e)

undefinedElement :: Int -> e
undefinedElement _ = error "(Array.!): undefined array element"

-- A tree of n positions filled from the list in order (holes once it runs out), with the
-- elements left over.
buildCells :: Int -> [e] -> (Cells e, [e])
buildCells n xs
  | n <= 0 = (Empty, xs)
  | otherwise =
      let half = n `div` 2
      in case buildCells half xs of
           (left, rest) -> case rest of
             [] -> case buildCells (n - half - 1) [] of
               (right, _) -> (Hole left right, [])
             y:ys -> case buildCells (n - half - 1) ys of
               (right, rest') -> (Cell left y right, rest')

-- The element at position k of a tree of n positions.
cellAt :: Cells e -> Int -> Int -> e
cellAt cells n k = case cells of
  Empty -> undefinedElement k
  Cell left x right -> if k == n `div` 2 then x else cellBelow left right n k
  Hole left right -> if k == n `div` 2 then undefinedElement k else cellBelow left right n k

-- The element at position k (not the root's) of the node with these subtrees.
cellBelow :: Cells e -> Cells e -> Int -> Int -> e
cellBelow left right n k =
  let half = n `div` 2
  in if k < half then cellAt left half k else cellAt right (n - half - 1) (k - half - 1)

-- The tree with position k replaced by `f` of its element (Nothing for a hole).
updateCell :: (Maybe e -> e) -> Cells e -> Int -> Int -> Cells e
updateCell f cells n k = case cells of
  Empty -> Empty
  Cell left x right ->
    if k == n `div` 2 then Cell left (f (Just x)) right
    else updateBelow f left right n k (\l r -> Cell l x r)
  Hole left right ->
    if k == n `div` 2 then Cell left (f Nothing) right
    else updateBelow f left right n k Hole

-- The node (made by `node` of its new subtrees) with position k below its root updated.
updateBelow :: (Maybe e -> e) -> Cells e -> Cells e -> Int -> Int
            -> (Cells e -> Cells e -> Cells e) -> Cells e
updateBelow f left right n k node =
  let half = n `div` 2
  in if k < half then node (updateCell f left half k) right
     else node left (updateCell f right (n - half - 1) (k - half - 1))

cellList :: Cells e -> [e] -> [e]
cellList Empty rest = rest
cellList (Cell left x right) rest = cellList left (x : cellList right rest)
cellList (Hole left _) _ = cellList left [undefinedElement 0]

mapCells :: (a -> b) -> Cells a -> Cells b
mapCells _ Empty = Empty
mapCells f (Cell left x right) = Cell (mapCells f left) (f x) (mapCells f right)
mapCells f (Hole left right) = Hole (mapCells f left) (mapCells f right)

-- Apply each (index, value) to the array's cells with `combine old value`.
updateAll :: Ix i => (Maybe e -> a -> e) -> Array i e -> [(i, a)] -> Array i e
updateAll combine (MkArray b n cells) ies =
  MkArray b n (foldl (\cs (i, a) -> updateCell (\old -> combine old a) cs n (index b i)) cells ies)

array :: Ix i => (i, i) -> [(i, e)] -> Array i e
array b ies = updateAll (\_ x -> x) (listArray b []) ies

listArray :: Ix i => (i, i) -> [e] -> Array i e
listArray b xs = let n = rangeSize b in MkArray b n (fst (buildCells n xs))

accumArray :: Ix i => (e -> a -> e) -> e -> (i, i) -> [(i, a)] -> Array i e
accumArray f z b ies = accum f (listArray b (replicate (rangeSize b) z)) ies

(!) :: Ix i => Array i e -> i -> e
(!) (MkArray b n cells) i = cellAt cells n (index b i)

bounds :: Array i e -> (i, i)
bounds (MkArray b _ _) = b

indices :: Ix i => Array i e -> [i]
indices (MkArray b _ _) = range b

elems :: Array i e -> [e]
elems (MkArray _ _ cells) = cellList cells []

assocs :: Ix i => Array i e -> [(i, e)]
assocs a = zip (indices a) (elems a)

(//) :: Ix i => Array i e -> [(i, e)] -> Array i e
a // ies = updateAll (\_ x -> x) a ies

accum :: Ix i => (e -> a -> e) -> Array i e -> [(i, a)] -> Array i e
accum f a ies = updateAll (\old x -> case old of
  Just e -> f e x
  Nothing -> undefinedElement 0) a ies

ixmap :: (Ix i, Ix j) => (i, i) -> (i -> j) -> Array j e -> Array i e
ixmap b f a = listArray b [a ! f i | i <- range b]

instance Functor (Array i) where
  fmap f (MkArray b n cells) = MkArray b n (mapCells f cells)

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
