-- Ix: the Haskell 98 library module, with its export list; Data.Ix implements it.
module Ix (Ix(range, index, inRange, rangeSize)) where

import Data.Ix
