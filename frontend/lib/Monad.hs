-- Monad: the Haskell 98 library module, with its export list; Control.Monad implements it.
module Monad
  ( MonadPlus(mzero, mplus), join, guard, when, unless, ap, msum, filterM, mapAndUnzipM
  , zipWithM, zipWithM_, foldM, liftM, liftM2, liftM3, liftM4, liftM5
  , Monad((>>=), (>>), return, fail), Functor(fmap), mapM, mapM_, sequence, sequence_, (=<<)
  ) where

import Control.Monad
