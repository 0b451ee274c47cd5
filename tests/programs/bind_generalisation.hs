-- A `do` statement `x <- e` whose action's type still has a free type variable besides its
-- monad (`xs <- return []`): the monad is fixed by the block, the element type by the uses.
newtype Reader s m a = Reader (s -> m a)

instance Monad m => Functor (Reader s m) where
  fmap f (Reader g) = Reader (\s -> g s >>= return . f)

instance Monad m => Applicative (Reader s m) where
  pure a = Reader (\_ -> return a)
  Reader f <*> Reader a = Reader (\s -> f s >>= \g -> a s >>= return . g)

instance Monad m => Monad (Reader s m) where
  Reader m >>= k = Reader (\s -> m s >>= \a -> let Reader r = k a in r s)

ask :: Monad m => Reader s m s
ask = Reader return

runReader :: Reader s m a -> s -> m a
runReader (Reader f) = f

lengthOfEnv :: Reader [Int] Maybe Int
lengthOfEnv = do
  env <- ask
  return (length env)

sums :: [Int]
sums = do
  xs <- return []
  (n, ys) <- return (1 :: Int, [])
  return (sum xs + n + length ys)

main :: IO ()
main = do
  xs <- return []
  print (sum xs :: Int)
  ys <- pure []
  print (length ys, null (ys ++ "a"))
  zs <- mapM return []
  print (zs :: [Bool])
  print (runReader lengthOfEnv [1, 2, 3])
  print sums
