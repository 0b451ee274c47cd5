-- Data.Monoid: the Monoid class (the Prelude's) and the newtypes that pick a monoid for a type:
-- sums, products, conjunction, disjunction, the first or last `Just`, the dual, composition.
module Data.Monoid
  ( Monoid(mempty, mappend, mconcat), (<>)
  , Sum(Sum, getSum), Product(Product, getProduct), All(All, getAll), Any(Any, getAny)
  , First(First, getFirst), Last(Last, getLast), Dual(Dual, getDual), Endo(Endo, appEndo)
  ) where

-- | Numbers under addition.
-- > getSum (foldMap Sum [1, 2, 3]) == 6
newtype Sum a = Sum { getSum :: a } deriving (Eq, Ord, Show, Read)

instance Num a => Semigroup (Sum a) where
  Sum a <> Sum b = Sum (a + b)

instance Num a => Monoid (Sum a) where
  mempty = Sum 0

-- | Numbers under multiplication.
-- > getProduct (foldMap Product [1, 2, 3, 4]) == 24
newtype Product a = Product { getProduct :: a } deriving (Eq, Ord, Show, Read)

instance Num a => Semigroup (Product a) where
  Product a <> Product b = Product (a * b)

instance Num a => Monoid (Product a) where
  mempty = Product 1

-- | Booleans under `&&`.
-- > getAll (foldMap (All . even) [2, 4]) == True
newtype All = All { getAll :: Bool } deriving (Eq, Ord, Show, Read)

instance Semigroup All where
  All a <> All b = All (a && b)

instance Monoid All where
  mempty = All True

-- | Booleans under `||`.
-- > getAny (foldMap (Any . odd) [2, 4]) == False
newtype Any = Any { getAny :: Bool } deriving (Eq, Ord, Show, Read)

instance Semigroup Any where
  Any a <> Any b = Any (a || b)

instance Monoid Any where
  mempty = Any False

-- | The first `Just`.
-- > getFirst (First Nothing <> First (Just 1) <> First (Just 2)) == Just 1
newtype First a = First { getFirst :: Maybe a } deriving (Eq, Ord, Show, Read)

instance Semigroup (First a) where
  First Nothing <> y = y
  x <> _ = x

instance Monoid (First a) where
  mempty = First Nothing

-- | The last `Just`.
-- > getLast (Last (Just 1) <> Last (Just 2) <> Last Nothing) == Just 2
newtype Last a = Last { getLast :: Maybe a } deriving (Eq, Ord, Show, Read)

instance Semigroup (Last a) where
  x <> Last Nothing = x
  _ <> y = y

instance Monoid (Last a) where
  mempty = Last Nothing

-- | A monoid with its operation the other way round.
-- > getDual (Dual "a" <> Dual "b") == "ba"
newtype Dual a = Dual { getDual :: a } deriving (Eq, Ord, Show, Read)

instance Semigroup a => Semigroup (Dual a) where
  Dual a <> Dual b = Dual (b <> a)

instance Monoid a => Monoid (Dual a) where
  mempty = Dual mempty

-- | Functions from a type to itself under composition.
-- > appEndo (Endo (+ 1) <> Endo (* 2)) 5 == 11
newtype Endo a = Endo { appEndo :: a -> a }

instance Semigroup (Endo a) where
  Endo f <> Endo g = Endo (f . g)

instance Monoid (Endo a) where
  mempty = Endo id
