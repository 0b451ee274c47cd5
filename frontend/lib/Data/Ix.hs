-- Data.Ix: the class of types whose values index arrays: a range of values between two bounds,
-- each at a position in the range. Instances for Int, Integer, Char, Bool, Ordering, () and
-- tuples of up to five Ix types (in row-major order, the last component varying fastest).
-- An index outside its range is an error naming the index and the range, as in GHC
-- ("Error in array index" for tuples).
module Data.Ix (Ix(range, index, inRange, rangeSize)) where

-- | Types whose values index arrays: Int, Integer, Char, Bool, Ordering, () and tuples of up to
-- five of them (the last component varying fastest).
class Ord a => Ix a where
  -- | The values between the bounds, in order.
  -- > range ((0, 0), (1, 1)) == [(0, 0), (0, 1), (1, 0), (1, 1)]
  range :: (a, a) -> [a]
  -- | The position of a value in the range; an error naming the index and the range outside it.
  index :: (a, a) -> a -> Int
  -- | Whether the value is within the bounds.
  inRange :: (a, a) -> a -> Bool
  -- | The number of values in the range.
  rangeSize :: (a, a) -> Int
  rangeSize b = case b of
    (_, h) -> if inRange b h then index b h + 1 else 0

-- GHC's message for an index out of range of a type whose values it can show.
indexError :: Show a => String -> (a, a) -> a -> b
indexError ty b i =
  error ("Ix{" ++ ty ++ "}.index: Index " ++ showParen True (showsPrec 0 i) ""
         ++ " out of range " ++ showParen True (showsPrec 0 b) "")

-- The position of `i` in an enumeration type's range (by fromEnum).
enumIndex :: (Enum a, Ord a, Show a) => String -> (a, a) -> a -> Int
enumIndex ty b i = case b of
  (l, h) -> if l <= i && i <= h then fromEnum i - fromEnum l else indexError ty b i

instance Ix Int where
  range (l, h) = enumFromTo l h
  index b i = case b of
    (l, h) -> if l <= i && i <= h then i - l else indexError "Int" b i
  inRange (l, h) i = l <= i && i <= h
  rangeSize (l, h) = if h >= l then h - l + 1 else 0

instance Ix Integer where
  range (l, h) = enumFromTo l h
  index b i = case b of
    (l, h) -> if l <= i && i <= h then fromInteger (i - l) else indexError "Integer" b i
  inRange (l, h) i = l <= i && i <= h

instance Ix Char where
  range (l, h) = enumFromTo l h
  index b i = enumIndex "Char" b i
  inRange (l, h) i = l <= i && i <= h

instance Ix Bool where
  range (l, h) = enumFromTo l h
  index b i = enumIndex "Bool" b i
  inRange (l, h) i = l <= i && i <= h

instance Ix Ordering where
  range (l, h) = enumFromTo l h
  index b i = enumIndex "Ordering" b i
  inRange (l, h) i = l <= i && i <= h

instance Ix () where
  range _ = [()]
  index _ _ = 0
  inRange _ _ = True

instance (Ix a, Ix b) => Ix (a, b) where
  range ((l1, l2), (h1, h2)) = [(i1, i2) | i1 <- range (l1, h1), i2 <- range (l2, h2)]
  index b@((l1, l2), (h1, h2)) i@(i1, i2) =
    if inRange b i then index (l1, h1) i1 * rangeSize (l2, h2) + index (l2, h2) i2
    else error "Error in array index"
  inRange ((l1, l2), (h1, h2)) (i1, i2) = inRange (l1, h1) i1 && inRange (l2, h2) i2

instance (Ix a, Ix b, Ix c) => Ix (a, b, c) where
  range ((l1, l2, l3), (h1, h2, h3)) =
    [(i1, i2, i3) | i1 <- range (l1, h1), i2 <- range (l2, h2), i3 <- range (l3, h3)]
  index b@((l1, l2, l3), (h1, h2, h3)) i@(i1, i2, i3) =
    if inRange b i
    then (index (l1, h1) i1 * rangeSize (l2, h2) + index (l2, h2) i2) * rangeSize (l3, h3)
         + index (l3, h3) i3
    else error "Error in array index"
  inRange ((l1, l2, l3), (h1, h2, h3)) (i1, i2, i3) =
    inRange (l1, h1) i1 && inRange (l2, h2) i2 && inRange (l3, h3) i3

instance (Ix a, Ix b, Ix c, Ix d) => Ix (a, b, c, d) where
  range ((l1, l2, l3, l4), (h1, h2, h3, h4)) =
    [(i1, i2, i3, i4) | i1 <- range (l1, h1), i2 <- range (l2, h2), i3 <- range (l3, h3),
                        i4 <- range (l4, h4)]
  index b@((l1, l2, l3, l4), (h1, h2, h3, h4)) i@(i1, i2, i3, i4) =
    if inRange b i
    then ((index (l1, h1) i1 * rangeSize (l2, h2) + index (l2, h2) i2) * rangeSize (l3, h3)
          + index (l3, h3) i3) * rangeSize (l4, h4) + index (l4, h4) i4
    else error "Error in array index"
  inRange ((l1, l2, l3, l4), (h1, h2, h3, h4)) (i1, i2, i3, i4) =
    inRange (l1, h1) i1 && inRange (l2, h2) i2 && inRange (l3, h3) i3 && inRange (l4, h4) i4

instance (Ix a, Ix b, Ix c, Ix d, Ix e) => Ix (a, b, c, d, e) where
  range ((l1, l2, l3, l4, l5), (h1, h2, h3, h4, h5)) =
    [(i1, i2, i3, i4, i5) | i1 <- range (l1, h1), i2 <- range (l2, h2), i3 <- range (l3, h3),
                            i4 <- range (l4, h4), i5 <- range (l5, h5)]
  index b@((l1, l2, l3, l4, l5), (h1, h2, h3, h4, h5)) i@(i1, i2, i3, i4, i5) =
    if inRange b i
    then (((index (l1, h1) i1 * rangeSize (l2, h2) + index (l2, h2) i2) * rangeSize (l3, h3)
           + index (l3, h3) i3) * rangeSize (l4, h4) + index (l4, h4) i4) * rangeSize (l5, h5)
         + index (l5, h5) i5
    else error "Error in array index"
  inRange ((l1, l2, l3, l4, l5), (h1, h2, h3, h4, h5)) (i1, i2, i3, i4, i5) =
    inRange (l1, h1) i1 && inRange (l2, h2) i2 && inRange (l3, h3) i3 && inRange (l4, h4) i4
    && inRange (l5, h5) i5
