-- Data.Either: functions on Either (the type and `either` are the Prelude's).
module Data.Either
  ( Either(Left, Right), either
  , lefts, rights, partitionEithers, isLeft, isRight, fromLeft, fromRight
  ) where

-- | The values of the `Left`s, in order.
-- > lefts [Left 1, Right 'a', Left 2] == [1, 2]
lefts :: [Either a b] -> [a]
lefts xs = [x | Left x <- xs]

-- | The values of the `Right`s, in order.
-- > rights [Left 1, Right 'a', Left 2] == "a"
rights :: [Either a b] -> [b]
rights xs = [x | Right x <- xs]

-- | The `Left`s' values and the `Right`s' values, each in order.
-- > partitionEithers [Left 1, Right 'a', Left 2] == ([1, 2], "a")
partitionEithers :: [Either a b] -> ([a], [b])
partitionEithers xs = (lefts xs, rights xs)

-- | Whether the value is a `Left`.
isLeft :: Either a b -> Bool
isLeft (Left _) = True
isLeft (Right _) = False

-- | Whether the value is a `Right`.
isRight :: Either a b -> Bool
isRight (Left _) = False
isRight (Right _) = True

-- | The value of a `Left`, else the default.
-- > fromLeft 0 (Left 3) == 3 && fromLeft 0 (Right 'x') == 0
fromLeft :: a -> Either a b -> a
fromLeft _ (Left x) = x
fromLeft d (Right _) = d

-- | The value of a `Right`, else the default.
fromRight :: b -> Either a b -> b
fromRight _ (Right x) = x
fromRight d (Left _) = d
