-- Data.Function: combinators on functions. `fix` is defined for functions only (its type is
-- GHC's at `a -> b`): a fixed point of a non-function value needs lazy evaluation.
module Data.Function (id, const, (.), flip, ($), (&), on, fix) where

infixl 0 `on`
infixl 1 &

-- | Reverse application: `x & f == f x`.
(&) :: a -> (a -> b) -> b
x & f = f x

-- | `(op `on` f) x y == op (f x) (f y)`.
-- > ((==) `on` fst) (1, 'a') (1, 'b') == True
on :: (b -> b -> c) -> (a -> b) -> a -> a -> c
on op f x y = op (f x) (f y)

-- | The function `f` makes of itself: `fix f x = f (fix f) x` (for functions only: a fixed point
-- of another value would need lazy evaluation).
-- > fix (\rec n -> if n == 0 then 1 else n * rec (n - 1)) 5 == 120
fix :: ((a -> b) -> a -> b) -> a -> b
fix f x = f (fix f) x
