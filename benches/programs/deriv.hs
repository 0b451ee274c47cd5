-- bench: 2000
-- A term rewriter: symbolic differentiation of expression trees followed by bottom-up
-- simplification to a fixed point (constant folding, units, zeros, collecting constant
-- factors), to the fourth derivative of n pseudo-random expressions, and evaluation with
-- exact Integer arithmetic. Argument: n (default 30). Prints the derivatives' total sizes and
-- values at x = 2, and one function with its derivative.
module Main (main) where

import System.Environment (getArgs)

data Expr
  = Const Integer
  | Var
  | Add Expr Expr
  | Mul Expr Expr
  | Pow Expr Integer
  | Neg Expr
  | Sq Expr -- a function whose derivative is Dsq, to have an unknown function's chain rule
  | Dsq Expr
  deriving (Eq, Show)

-- d/dx of an expression (of the single variable x).
diff :: Expr -> Expr
diff (Const _) = Const 0
diff Var = Const 1
diff (Add a b) = Add (diff a) (diff b)
diff (Mul a b) = Add (Mul (diff a) b) (Mul a (diff b))
diff (Pow a n) = Mul (Mul (Const n) (Pow a (n - 1))) (diff a)
diff (Neg a) = Neg (diff a)
diff (Sq a) = Mul (Dsq a) (diff a)
diff (Dsq a) = Mul (Const 2) (diff a)

-- One bottom-up pass of rewriting.
simplify :: Expr -> Expr
simplify (Add a b) = addS (simplify a) (simplify b)
simplify (Mul a b) = mulS (simplify a) (simplify b)
simplify (Pow a n) = powS (simplify a) n
simplify (Neg a) = negS (simplify a)
simplify (Sq a) = Sq (simplify a)
simplify (Dsq a) = Dsq (simplify a)
simplify e = e

addS :: Expr -> Expr -> Expr
addS (Const 0) b = b
addS a (Const 0) = a
addS (Const m) (Const n) = Const (m + n)
addS a (Neg b) | a == b = Const 0
addS (Const m) (Add (Const n) b) = Add (Const (m + n)) b
addS a (Const n) = Add (Const n) a
addS a b
  | a == b = Mul (Const 2) a
  | otherwise = Add a b

mulS :: Expr -> Expr -> Expr
mulS (Const 0) _ = Const 0
mulS _ (Const 0) = Const 0
mulS (Const 1) b = b
mulS a (Const 1) = a
mulS (Const m) (Const n) = Const (m * n)
mulS (Const m) (Mul (Const n) b) = Mul (Const (m * n)) b
mulS a (Const n) = mulS (Const n) a
mulS a (Mul (Const n) b) = mulS (Const n) (Mul a b)
mulS (Mul (Const m) a) b = mulS (Const m) (Mul a b)
mulS a b
  | a == b = Pow a 2
  | otherwise = Mul a b

powS :: Expr -> Integer -> Expr
powS _ 0 = Const 1
powS a 1 = a
powS (Const m) n = Const (m ^ n)
powS (Pow a m) n = Pow a (m * n)
powS a n = Pow a n

negS :: Expr -> Expr
negS (Const m) = Const (negate m)
negS (Neg a) = a
negS a = Neg a

-- Simplify until nothing changes.
normalise :: Expr -> Expr
normalise e = let e' = simplify e in if e' == e then e else normalise e'

size :: Expr -> Int
size (Add a b) = 1 + size a + size b
size (Mul a b) = 1 + size a + size b
size (Pow a _) = 1 + size a
size (Neg a) = 1 + size a
size (Sq a) = 1 + size a
size (Dsq a) = 1 + size a
size _ = 1

-- The value at x, with sq y = y*y + 1 and dsq y = 2y (so the rules above are consistent).
eval :: Integer -> Expr -> Integer
eval _ (Const n) = n
eval x Var = x
eval x (Add a b) = eval x a + eval x b
eval x (Mul a b) = eval x a * eval x b
eval x (Pow a n) = eval x a ^ n
eval x (Neg a) = negate (eval x a)
eval x (Sq a) = let y = eval x a in y * y + 1
eval x (Dsq a) = 2 * eval x a

next :: Int -> Int
next s = (s * 1103515245 + 12345) `mod` 2147483648

-- A pseudo-random expression of at most the given depth, and the generator's next state.
generate :: Int -> Int -> (Expr, Int)
generate depth s0
  | depth == 0 || r < 2 = (if even s1 then Var else Const (toInteger (s1 `mod` 7) - 2), next s1)
  | r < 4 = binary Add
  | r < 7 = binary Mul
  | r == 7 = let (a, s2) = generate (depth - 1) s1 in (Pow a (toInteger (2 + s2 `mod` 3)), next s2)
  | r == 8 = let (a, s2) = generate (depth - 1) s1 in (Neg a, s2)
  | otherwise = let (a, s2) = generate (depth - 1) s1 in (Sq a, s2)
  where
    s1 = next s0
    r = (s1 `div` 65536) `mod` 10
    binary op =
      let (a, s2) = generate (depth - 1) s1
          (b, s3) = generate (depth - 1) s2
       in (op a b, s3)

-- The first to fourth derivatives, each simplified.
derivatives :: Expr -> [Expr]
derivatives e = go (4 :: Int) e
  where
    go 0 _ = []
    go k f = let d = normalise (diff f) in d : go (k - 1) d

main :: IO ()
main = do
  args <- getArgs
  let n = if null args then 30 else read (head args)
      functions = take n (gen n 11)
      gen 0 _ = []
      gen k s = let (f, s') = generate 6 s in normalise f : gen (k - 1) s'
      table = map derivatives functions
  putStrLn ("functions: " ++ show n ++ ", total size " ++ show (sum (map size functions)))
  mapM_
    ( \i -> do
        let ds = map (!! (i - 1)) table
        putStrLn
          ( "derivative " ++ show i ++ ": total size " ++ show (sum (map size ds))
              ++ ", sum of values at 2: " ++ show (sum (map (eval 2) ds))
          )
    )
    [1 .. 4]
  let (f, d) = head [(g, head ds) | (g, ds) <- zip functions table, size g > 10]
  putStrLn ("f  = " ++ show f)
  putStrLn ("f' = " ++ show d)
