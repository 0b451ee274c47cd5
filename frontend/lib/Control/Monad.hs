-- Control.Monad: general monadic combinators, over the Prelude's Monad class, and the
-- MonadPlus class with instances for Maybe and lists. Everything runs its actions in order and
-- strictly; `forever` ends only when an action stops the program (an error or exitWith).
module Control.Monad
  ( Functor(fmap), Monad((>>=), (>>), return, fail), MonadPlus(mzero, mplus)
  , mapM, mapM_, forM, forM_, sequence, sequence_, (=<<), (>=>), (<=<), forever, void
  , join, msum, mfilter, filterM, mapAndUnzipM, zipWithM, zipWithM_, foldM, foldM_
  , replicateM, replicateM_, guard, when, unless
  , liftM, liftM2, liftM3, liftM4, liftM5, ap, (<$!>), (<$>)
  ) where

infixr 1 >=>, <=<
infixl 4 <$!>

-- | Monads with a failure (`mzero`) and a choice (`mplus`): Maybe and lists.
class Monad m => MonadPlus m where
  -- | The failure: Nothing, [].
  mzero :: m a
  -- | The choice: the first Just; the concatenation of lists.
  mplus :: m a -> m a -> m a

instance MonadPlus Maybe where
  mzero = Nothing
  mplus Nothing r = r
  mplus l _ = l

instance MonadPlus [] where
  mzero = []
  mplus xs ys = xs ++ ys

-- | `mapM` with its arguments swapped.
forM :: Monad m => [a] -> (a -> m b) -> m [b]
forM xs f = mapM f xs

-- | `mapM_` with its arguments swapped.
-- > forM_ [1, 2] print
forM_ :: Monad m => [a] -> (a -> m b) -> m ()
forM_ xs f = mapM_ f xs

-- | Composition of monadic functions, left to right.
(>=>) :: Monad m => (a -> m b) -> (b -> m c) -> a -> m c
(f >=> g) x = f x >>= g

-- | Composition of monadic functions, right to left.
(<=<) :: Monad m => (b -> m c) -> (a -> m b) -> a -> m c
(g <=< f) x = f x >>= g

-- | Repeats the action; it ends only when an action stops the program (an error or exitWith).
forever :: Monad m => m a -> m b
forever m = m >>= \_ -> forever m

-- | Discards the result.
void :: Functor f => f a -> f ()
void x = fmap (const ()) x

-- | Flattens one level of the monad.
join :: Monad m => m (m a) -> m a
join mm = mm >>= id

-- | The `mplus` of all the values (`mzero` for []).
msum :: MonadPlus m => [m a] -> m a
msum ms = foldr mplus mzero ms

-- | Keeps the value if it satisfies the predicate, else `mzero`.
mfilter :: MonadPlus m => (a -> Bool) -> m a -> m a
mfilter p m = m >>= \x -> if p x then return x else mzero

-- | `filter` with a monadic predicate, run on the elements in order.
filterM :: Monad m => (a -> m Bool) -> [a] -> m [a]
filterM _ [] = return []
filterM p (x:xs) = p x >>= \keep -> filterM p xs >>= \ys -> return (if keep then x : ys else ys)

-- | `mapM` of a function returning pairs, unzipped.
mapAndUnzipM :: Monad m => (a -> m (b, c)) -> [a] -> m ([b], [c])
mapAndUnzipM f xs = mapM f xs >>= \ps -> return (unzip ps)

-- | `zipWith` of a monadic function, run in order.
zipWithM :: Monad m => (a -> b -> m c) -> [a] -> [b] -> m [c]
zipWithM f xs ys = sequence (zipWith f xs ys)

-- | `zipWithM`, discarding the results.
zipWithM_ :: Monad m => (a -> b -> m c) -> [a] -> [b] -> m ()
zipWithM_ f xs ys = sequence_ (zipWith f xs ys)

-- | `foldl` with a monadic function, run in order.
foldM :: Monad m => (b -> a -> m b) -> b -> [a] -> m b
foldM _ z [] = return z
foldM f z (x:xs) = f z x >>= \z' -> foldM f z' xs

-- | `foldM`, discarding the result.
foldM_ :: Monad m => (b -> a -> m b) -> b -> [a] -> m ()
foldM_ f z xs = foldM f z xs >>= \_ -> return ()

-- | Runs the action n times and collects the results.
replicateM :: Monad m => Int -> m a -> m [a]
replicateM n m
  | n <= 0 = return []
  | otherwise = m >>= \x -> replicateM (n - 1) m >>= \xs -> return (x : xs)

-- | Runs the action n times.
replicateM_ :: Monad m => Int -> m a -> m ()
replicateM_ n m
  | n <= 0 = return ()
  | otherwise = m >>= \_ -> replicateM_ (n - 1) m

-- | `pure ()` when the condition holds, else `mzero` (stops a list comprehension branch).
guard :: MonadPlus m => Bool -> m ()
guard True = return ()
guard False = mzero

-- | Runs the action only when the condition holds.
when :: Monad m => Bool -> m () -> m ()
when b m = if b then m else return ()

-- | Runs the action only when the condition does not hold.
unless :: Monad m => Bool -> m () -> m ()
unless b m = if b then return () else m

-- | `fmap` for monads.
liftM :: Monad m => (a -> r) -> m a -> m r
liftM f m = m >>= \x -> return (f x)

-- | Combines the results of two actions, run in order, with the function.
liftM2 :: Monad m => (a -> b -> r) -> m a -> m b -> m r
liftM2 f ma mb = ma >>= \a -> mb >>= \b -> return (f a b)

-- | `liftM2` for three actions.
liftM3 :: Monad m => (a -> b -> c -> r) -> m a -> m b -> m c -> m r
liftM3 f ma mb mc = ma >>= \a -> mb >>= \b -> mc >>= \c -> return (f a b c)

-- | `liftM2` for four actions.
liftM4 :: Monad m => (a -> b -> c -> d -> r) -> m a -> m b -> m c -> m d -> m r
liftM4 f ma mb mc md = ma >>= \a -> mb >>= \b -> mc >>= \c -> md >>= \d -> return (f a b c d)

-- | `liftM2` for five actions.
liftM5 :: Monad m => (a -> b -> c -> d -> e -> r) -> m a -> m b -> m c -> m d -> m e -> m r
liftM5 f ma mb mc md me =
  ma >>= \a -> mb >>= \b -> mc >>= \c -> md >>= \d -> me >>= \e -> return (f a b c d e)

-- | `<*>` for monads.
ap :: Monad m => m (a -> b) -> m a -> m b
ap mf mx = mf >>= \f -> mx >>= \x -> return (f x)

-- | `fmap` that evaluates the result (it is always evaluated in dnrad).
(<$!>) :: Monad m => (a -> b) -> m a -> m b
f <$!> m = m >>= \x -> return (f x)
