-- Complex: the Haskell 98 library module, with its export list; Data.Complex implements it.
module Complex
  ( Complex((:+)), realPart, imagPart, conjugate, mkPolar, cis, polar, magnitude, phase
  ) where

import Data.Complex
