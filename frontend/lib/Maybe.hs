-- Maybe: the Haskell 98 library module, with its export list; Data.Maybe implements it.
module Maybe
  ( isJust, isNothing, fromJust, fromMaybe, listToMaybe, maybeToList, catMaybes, mapMaybe
  , Maybe(Nothing, Just), maybe
  ) where

import Data.Maybe
