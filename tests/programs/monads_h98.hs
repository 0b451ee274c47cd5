-- Monads in Haskell 98 style: only `instance Monad` with `return` and `>>=` (no Functor or
-- Applicative instance). dnrad makes the missing instances from the Monad methods, so `fmap`,
-- `<$>`, `<*>` and `pure` work on these types too.
-- GHC 9 requires the Functor and Applicative instances: the expected output comes from GHC
-- running this file with `instance Functor M where fmap = liftM` and
-- `instance Applicative M where pure = return; (<*>) = ap` added for each monad.
module Main where

-- An evaluator that counts its steps and can fail.
newtype Eval a = Eval (Int -> Either String (a, Int))

runEval :: Eval a -> Either String (a, Int)
runEval (Eval f) = f 0

instance Monad Eval where
  return x = Eval (\n -> Right (x, n))
  Eval m >>= k = Eval (\n -> case m n of
    Left err -> Left err
    Right (a, n') -> case k a of Eval m' -> m' n')

tick :: Eval ()
tick = Eval (\n -> Right ((), n + 1))

failWith :: String -> Eval a
failWith msg = Eval (\_ -> Left msg)

data Expr = Lit Int | Add Expr Expr | Div Expr Expr | Neg Expr

eval :: Expr -> Eval Int
eval (Lit n) = tick >> return n
eval (Add a b) = do
  tick
  x <- eval a
  y <- eval b
  return (x + y)
eval (Div a b) = do
  tick
  x <- eval a
  y <- eval b
  if y == 0 then failWith "division by zero" else return (x `div` y)
eval (Neg a) = negate <$> eval a

-- A logging monad whose log type is a parameter with a context.
newtype Logger w a = Logger (a, [w])

runLogger :: Logger w a -> (a, [w])
runLogger (Logger p) = p

instance Show w => Monad (Logger w) where
  return x = Logger (x, [])
  Logger (a, w) >>= k = case k a of Logger (b, w') -> Logger (b, w ++ w')

logMsg :: w -> Logger w ()
logMsg w = Logger ((), [w])

collatz :: Int -> Logger Int Int
collatz 1 = return 0
collatz n = do
  logMsg n
  steps <- collatz (if even n then n `div` 2 else 3 * n + 1)
  return (steps + 1)

-- A reader-like environment monad.
newtype Env a = Env ([(String, Int)] -> a)

runEnv :: Env a -> [(String, Int)] -> a
runEnv (Env f) = f

instance Monad Env where
  return x = Env (\_ -> x)
  Env f >>= k = Env (\env -> runEnv (k (f env)) env)

ask :: String -> Env Int
ask name = Env (\env -> maybe 0 id (lookup name env))

total :: [String] -> Env Int
total names = sum <$> mapM ask names

main :: IO ()
main = do
  print (runEval (eval (Add (Lit 3) (Div (Lit 10) (Lit 2)))))
  print (runEval (eval (Div (Lit 1) (Add (Lit 1) (Neg (Lit 1))))))
  print (runEval (fmap (* 2) (eval (Neg (Lit 21)))))
  print (runEval ((,) <$> eval (Lit 1) <*> eval (Lit 2)))
  print (runEval (pure 'x' >>= \c -> return [c, c]))
  print (runEval (sequence [eval (Lit 1), eval (Add (Lit 2) (Lit 3))]))
  print (runLogger (collatz 6))
  print (runLogger (mapM collatz [1, 2, 3]))
  print (fst (runLogger (length <$> mapM (\x -> logMsg x >> return x) "abc")))
  let env = [("x", 4), ("y", 7)]
  print (runEnv (total ["x", "y", "z", "x"]) env)
  print (runEnv ((+) <$> ask "x" <*> ask "y") env)
  print (runEnv (sequence (map ask ["y", "x"])) env)
  mapM_ (\e -> print (either (const 0) fst (runEval (eval e)))) [Lit 5, Neg (Lit 5)]
