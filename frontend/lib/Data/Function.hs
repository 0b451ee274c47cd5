-- Data.Function: combinators on functions. `fix` is defined for functions only (its type is
-- GHC's at `a -> b`): a fixed point of a non-function value needs lazy evaluation.
module Data.Function (id, const, (.), flip, ($), (&), on, fix) where

infixl 0 `on`
infixl 1 &

(&) :: a -> (a -> b) -> b
x & f = f x

on :: (b -> b -> c) -> (a -> b) -> a -> a -> c
on op f x y = op (f x) (f y)

-- The function that `f` makes of itself: `fix f x = f (fix f) x`, so the recursion unfolds
-- one call at a time.
fix :: ((a -> b) -> a -> b) -> a -> b
fix f x = f (fix f) x
