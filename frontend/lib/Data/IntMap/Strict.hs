-- Data.IntMap.Strict: evaluation is strict everywhere, so it is Data.IntMap.
module Data.IntMap.Strict (module Data.IntMap) where

import Data.IntMap
