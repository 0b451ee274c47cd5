-- Data.Ord: orderings. `Down` reverses an order; `comparing` compares by a key.
module Data.Ord (Ord(..), Ordering(..), comparing, Down(Down), getDown) where

comparing :: Ord b => (a -> b) -> a -> a -> Ordering
comparing key x y = compare (key x) (key y)

newtype Down a = Down a

getDown :: Down a -> a
getDown (Down x) = x

instance Eq a => Eq (Down a) where
  Down x == Down y = x == y

instance Ord a => Ord (Down a) where
  compare (Down x) (Down y) = compare y x
  Down x < Down y = y < x
  Down x <= Down y = y <= x
  Down x > Down y = y > x
  Down x >= Down y = y >= x
  min (Down x) (Down y) = Down (max x y)
  max (Down x) (Down y) = Down (min x y)

instance Show a => Show (Down a) where
  showsPrec d (Down x) = showParen (d >= 11) (showString "Down " . showsPrec 11 x)

instance Functor Down where
  fmap f (Down x) = Down (f x)
