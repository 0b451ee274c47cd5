-- Array: the Haskell 98 library module, with its export list; Data.Array implements it.
module Array
  ( module Ix, Array, array, listArray, (!), bounds, indices, elems, assocs
  , accumArray, (//), accum, ixmap
  ) where

import Ix
import Data.Array
