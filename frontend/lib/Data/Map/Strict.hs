-- Data.Map.Strict: evaluation is strict everywhere, so it is Data.Map.
module Data.Map.Strict (module Data.Map) where

import Data.Map
