-- Data.Array.Numeric: bulk operations on Data.Array's arrays for numeric code — building from
-- an index function, maps, zips and folds, vector and matrix products, transposes, rows,
-- columns and slices — without association lists or Ix's `!` per element. It exports only its
-- own functions: import Data.Array for the `Array` type, `!`, `bounds`, `listArray` and the
-- rest. Operations on two arrays need equal bounds (else an error naming both); elements are
-- computed in index order and sums added from 0 in index order (`sumA a` is
-- `sum (elems a)`, `dotA a b` is `sum (zipWith (*) (elems a) (elems b))`, to the last bit).
-- It works on Data.Array.Base's representation by position, with ordinary code over the array
-- primitives and the elements' arithmetic, so everything differentiates like any other code;
-- it must not look inside elements beyond the arithmetic its types ask for.
--
-- The loops are shaped by measurement (ARCHITECTURE.md, "Arrays"): each is a local function of
-- two arguments that are computed before the call (a call of a local function of two atoms
-- builds no closure, also in differentiated code, where calls of global functions of more
-- arguments do), and takes four elements a step (eight in products), as a step costs as much
-- as several elements.
module Data.Array.Numeric
  ( generate, fromListA, sizeA
  , mapA, imap, zipWithA, foldlA, foldrA, sumA, productA, maximumA, minimumA
  , dotA, scaleA, addA, subA
  , matVec, vecMat, matMul, outer, transposeA, identity, diagonal
  , row, column, sliceA
  ) where

import Data.Ix
import Data.Array.Base (Array(MkArray))

-- Construction -----------------------------------------------------------------------------

-- | The array of `f i` for every index `i` of the bounds.
generate :: Ix i => (i, i) -> (i -> e) -> Array i e
generate b f = let n = rangeSize b in fromPositions b n (map f (range b))

-- | The list's elements at indices 0, 1, ...
fromListA :: [e] -> Array Int e
fromListA xs = let n = length xs in fromPositions (0, n - 1) n xs

-- | The number of elements.
sizeA :: Array i e -> Int
sizeA (MkArray _ n _) = n

-- The array with bounds `b` of the `n` elements of the list, by position.
fromPositions :: (i, i) -> Int -> [e] -> Array i e
fromPositions b n xs = MkArray b n (primArrFromList n xs)

-- `f k` for the positions k = 0 .. n - 1.
positionsTo :: Int -> (Int -> e) -> [e]
positionsTo n f = map f (enumFromTo 0 (n - 1))

-- The value `z` if the bounds are equal, else an error naming both.
sameBounds :: (Eq i, Show i) => String -> (i, i) -> (i, i) -> z -> z
sameBounds name b b' z = if b == b' then z else boundsDiffer name b b'

-- The error of function `name` given arrays whose bounds `b` and `b'` differ.
boundsDiffer :: Show i => String -> (i, i) -> (i, i) -> z
boundsDiffer name b b' =
  error ("Data.Array.Numeric." ++ name ++ ": bounds " ++ show b ++ " and " ++ show b' ++ " differ")

-- Maps, zips and folds ---------------------------------------------------------------------

-- | Applies the function to every element.
mapA :: (e -> f) -> Array i e -> Array i f
mapA f (MkArray b n a) = fromPositions b n (map f (primArrToList a))

-- | `f` applied to each index and its element.
imap :: Ix i => (i -> e -> f) -> Array i e -> Array i f
imap f (MkArray b n a) = fromPositions b n (zipWith f (range b) (primArrToList a))

-- | Combines the elements of two arrays with equal bounds index by index (different bounds are an
-- error naming both).
zipWithA :: (Ix i, Show i) => (e -> f -> g) -> Array i e -> Array i f -> Array i g
zipWithA f x y = zipNamed f "zipWithA" x y

-- zipWithA, whose error names the function `name`.
zipNamed :: (Ix i, Show i) => (e -> f -> g) -> String -> Array i e -> Array i f -> Array i g
zipNamed f name (MkArray b n a) (MkArray b' _ a') =
  sameBounds name b b' (fromPositions b n (zipWith f (primArrToList a) (primArrToList a')))

-- | Folds the elements from the first index (from the left).
foldlA :: (z -> e -> z) -> z -> Array i e -> z
foldlA f z (MkArray _ n a) = foldlFrom f z a 0 n

-- | Folds the elements from the last index (from the right).
foldrA :: (e -> z -> z) -> z -> Array i e -> z
foldrA f z (MkArray _ n a) = go (n - 1) z
  where
    go k acc =
      if k < 3 then one k acc
      else let k' = k - 4
               acc' = f (primArrIndex a (k - 3)) (f (primArrIndex a (k - 2))
                        (f (primArrIndex a (k - 1)) (f (primArrIndex a k) acc)))
           in go k' acc'
    one k acc = if k < 0 then acc else let k' = k - 1; acc' = f (primArrIndex a k) acc in one k' acc'

-- `z` folded with the elements at positions k0 .. n - 1 of `a`.
foldlFrom :: (z -> e -> z) -> z -> PrimArray e -> Int -> Int -> z
foldlFrom f z a k0 n = go k0 z
  where
    go k acc =
      if k + 4 > n then one k acc
      else let k' = k + 4
               acc' = f (f (f (f acc (primArrIndex a k)) (primArrIndex a (k + 1)))
                           (primArrIndex a (k + 2))) (primArrIndex a (k + 3))
           in go k' acc'
    one k acc = if k == n then acc else let k' = k + 1; acc' = f acc (primArrIndex a k) in one k' acc'

-- | The sum of the elements, added from 0 in index order (`sum (elems a)`).
sumA :: Num e => Array i e -> e
sumA (MkArray _ n x) = sumRun x n

-- | The product of the elements.
productA :: Num e => Array i e -> e
productA a = foldlA (*) 1 a

-- | The largest element; an error for an empty array.
maximumA :: Ord e => Array i e -> e
maximumA a = extremum "maximumA" max a

-- | The smallest element; an error for an empty array.
minimumA :: Ord e => Array i e -> e
minimumA a = extremum "minimumA" min a

extremum :: String -> (e -> e -> e) -> Array i e -> e
extremum name f (MkArray _ n a) =
  if n == 0 then error ("Data.Array.Numeric." ++ name ++ ": empty array")
  else foldlFrom f (primArrIndex a 0) a 1 n

-- Vectors ----------------------------------------------------------------------------------

-- `dotRun x p dp y q dq len`, Σ x[p + k·dp] · y[q + k·dq] over k < len, is the Prelude's (a
-- hidden method of `Num`: at Double one primitive, differentiated as one operation).

-- | The sum of the products of the elements at the same index (equal bounds, else an error).
-- > dotA (fromListA [1, 2]) (fromListA [3, 4]) == 11
dotA :: (Ix i, Show i, Num e) => Array i e -> Array i e -> e
dotA (MkArray b n x) (MkArray b' _ y) =
  if b == b' then dotRun x 0 1 y 0 1 n else boundsDiffer "dotA" b b'

-- | Every element multiplied by the number.
scaleA :: Num e => e -> Array i e -> Array i e
scaleA c a = mapA (c *) a

-- | Elementwise sum of two arrays with equal bounds.
addA :: (Ix i, Show i, Num e) => Array i e -> Array i e -> Array i e
addA x y = zipNamed (+) "addA" x y

-- | Elementwise difference of two arrays with equal bounds.
subA :: (Ix i, Show i, Num e) => Array i e -> Array i e -> Array i e
subA x y = zipNamed (-) "subA" x y

-- Matrices: arrays indexed by (row, column), row after row by position ---------------------

-- The number of rows and of columns of a matrix's bounds.
shape :: (Ix i, Ix j) => ((i, j), (i, j)) -> (Int, Int)
shape ((r0, c0), (r1, c1)) = (rangeSize (r0, r1), rangeSize (c0, c1))

-- | The matrix times a vector indexed like its columns.
matVec :: (Ix i, Ix j, Show j, Num e) => Array (i, j) e -> Array j e -> Array i e
matVec (MkArray b@((r0, c0), (r1, c1)) _ m) (MkArray bv _ v) =
  sameBounds "matVec" (c0, c1) bv
    (let (nr, nc) = shape b
     in fromPositions (r0, r1) nr (positionsTo nr (\r -> dotRun m (r * nc) 1 v 0 1 nc)))

-- | A vector indexed like the matrix's rows times the matrix.
vecMat :: (Ix i, Ix j, Show i, Num e) => Array i e -> Array (i, j) e -> Array j e
vecMat (MkArray bv _ v) (MkArray b@((r0, c0), (r1, c1)) _ m) =
  sameBounds "vecMat" bv (r0, r1)
    (let (nr, nc) = shape b
     in fromPositions (c0, c1) nc (positionsTo nc (\c -> dotRun v 0 1 m c nc nr)))

-- | The matrix product; the first matrix's columns and the second's rows must have equal bounds.
matMul :: (Ix i, Ix j, Ix k, Show j, Num e) => Array (i, j) e -> Array (j, k) e -> Array (i, k) e
matMul (MkArray bx@((r0, j0), (r1, j1)) _ x) (MkArray by@((j0', c0), (j1', c1)) _ y) =
  sameBounds "matMul" (j0, j1) (j0', j1')
    (let (nr, nj) = shape bx
         nc = snd (shape by)
         entry p = let (r, c) = divMod p nc in dotRun x (r * nj) 1 y c nc nj
     in fromPositions ((r0, c0), (r1, c1)) (nr * nc) (positionsTo (nr * nc) entry))

-- | The matrix of the products of an element of each vector.
outer :: (Ix i, Ix j, Num e) => Array i e -> Array j e -> Array (i, j) e
outer (MkArray (r0, r1) nr x) (MkArray (c0, c1) nc y) =
  fromPositions ((r0, c0), (r1, c1)) (nr * nc)
    [primArrIndex x r * primArrIndex y c | r <- enumFromTo 0 (nr - 1), c <- enumFromTo 0 (nc - 1)]

-- | The transposed matrix.
transposeA :: (Ix i, Ix j) => Array (i, j) e -> Array (j, i) e
transposeA (MkArray b@((r0, c0), (r1, c1)) n m) =
  let (nr, nc) = shape b
  in fromPositions ((c0, r0), (c1, r1)) n
       [primArrIndex m (r * nc + c) | c <- enumFromTo 0 (nc - 1), r <- enumFromTo 0 (nr - 1)]

-- | The n × n identity matrix, indexed from (0, 0).
identity :: Num e => Int -> Array (Int, Int) e
identity n =
  let m = max n 0
      entry p = if p `mod` (m + 1) == 0 then 1 else 0
  in fromPositions ((0, 0), (n - 1, n - 1)) (m * m) (positionsTo (m * m) entry)

-- | The elements (i, i) of a matrix whose rows and columns have equal bounds.
diagonal :: (Ix i, Show i) => Array (i, i) e -> Array i e
diagonal (MkArray ((r0, c0), (r1, c1)) _ m) =
  sameBounds "diagonal" (r0, r1) (c0, c1)
    (let n = rangeSize (r0, r1)
     in fromPositions (r0, r1) n (positionsTo n (\k -> primArrIndex m (k * (n + 1)))))

-- Rows, columns and slices -----------------------------------------------------------------

-- | Row `i` of a matrix, indexed like its columns.
row :: (Ix i, Ix j) => i -> Array (i, j) e -> Array j e
row i (MkArray b@((r0, c0), (r1, c1)) _ m) =
  let r = index (r0, r1) i
      nc = snd (shape b)
  in fromPositions (c0, c1) nc (positionsTo nc (\c -> primArrIndex m (r * nc + c)))

-- | Column `j` of a matrix, indexed like its rows.
column :: (Ix i, Ix j) => j -> Array (i, j) e -> Array i e
column j (MkArray b@((r0, c0), (r1, c1)) _ m) =
  let c = index (c0, c1) j
      (nr, nc) = shape b
  in fromPositions (r0, r1) nr (positionsTo nr (\r -> primArrIndex m (r * nc + c)))

-- | The elements at indices l .. h of a vector, indexed from 0 (empty when h < l; otherwise both
-- ends must be indices of the vector).
sliceA :: (Int, Int) -> Array Int e -> Array Int e
sliceA (l, h) (MkArray b _ a) =
  if h < l then fromPositions (0, -1) 0 []
  else let p = index b l
           n = index b h - p + 1
       in fromPositions (0, n - 1) n (positionsTo n (\k -> primArrIndex a (p + k)))
