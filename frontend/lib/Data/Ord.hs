-- Data.Ord: orderings. `Down` reverses an order; `comparing` compares by a key.
module Data.Ord (Ord(..), Ordering(..), comparing, Down(Down), getDown) where

-- | Compares two values by a key.
-- > sortBy (comparing snd) [(1, 'b'), (2, 'a')] == [(2, 'a'), (1, 'b')]
comparing :: Ord b => (a -> b) -> a -> a -> Ordering
comparing key x y = compare (key x) (key y)

-- | A wrapper that reverses the order of its contents.
-- > sortOn Down [1, 3, 2] == [3, 2, 1]
newtype Down a = Down a

-- | The value in a Down.
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
