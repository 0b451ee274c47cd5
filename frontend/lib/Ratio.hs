-- Ratio: the Haskell 98 library module, with its export list; Data.Ratio implements it.
module Ratio (Ratio, Rational, (%), numerator, denominator, approxRational) where

import Data.Ratio
