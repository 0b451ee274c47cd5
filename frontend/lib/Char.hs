-- Char: the Haskell 98 library module, with its export list; Data.Char implements it
-- (readLitChar and lexLitChar are not here).
module Char
  ( isAscii, isLatin1, isControl, isPrint, isSpace, isUpper, isLower, isAlpha, isDigit
  , isOctDigit, isHexDigit, isAlphaNum, digitToInt, intToDigit, toUpper, toLower, ord, chr
  , showLitChar, Char, String
  ) where

import Data.Char
