-- Data.Array.Base: the representation of Data.Array's arrays, for the library modules that
-- work on it by position (Data.Array, Data.Array.Numeric). An array is its bounds, its number
-- of elements and a run-time array of them by position (`PrimArray`, 0-based, in the order of
-- `range` of the bounds). Programs import Data.Array, which keeps the constructor abstract;
-- nothing here checks anything.
module Data.Array.Base (Array(..)) where

-- | An immutable array with indices of an Ix type between two bounds; strict: every element is
-- evaluated when the array is built. `!` is O(1). Arrays of Doubles can be differentiated.
data Array i e = MkArray (i, i) Int (PrimArray e)
