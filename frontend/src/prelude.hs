-- The dnrad Prelude: Haskell 98's Prelude for strict evaluation, written in the language itself.
-- Built-in without declarations: Int, Integer, Double, Char, (->), Bool, lists, (), tuples.
-- Primitives are the `prim*` functions (see core/src/prim.rs); only this module may use them.
-- No infinite lists: unbounded enumerations are errors.

module Prelude (
  -- Types
  Bool(False, True), Maybe(Nothing, Just), Either(Left, Right), Ordering(LT, EQ, GT),
  Char, String, Int, Integer, Double, Rational, IO, ShowS, ReadS,
  -- Classes
  Eq((==), (/=)),
  Ord(compare, (<), (<=), (>=), (>), max, min),
  Enum(succ, pred, toEnum, fromEnum, enumFrom, enumFromThen, enumFromTo, enumFromThenTo),
  Bounded(minBound, maxBound),
  Num((+), (-), (*), negate, abs, signum, fromInteger),
  Real(toRational),
  Integral(quot, rem, div, mod, quotRem, divMod, toInteger),
  Fractional((/), recip, fromRational),
  Floating(pi, exp, log, sqrt, (**), logBase, sin, cos, tan, asin, acos, atan,
           sinh, cosh, tanh, asinh, acosh, atanh),
  RealFrac(properFraction, truncate, round, ceiling, floor),
  RealFloat(floatRadix, floatDigits, floatRange, decodeFloat, encodeFloat, exponent,
            significand, scaleFloat, isNaN, isInfinite, isDenormalized, isIEEE,
            isNegativeZero, atan2),
  Show(showsPrec, show, showList), Read(readsPrec, readList),
  Functor(fmap, (<$)), Applicative(pure, (<*>), (*>), (<*)), Monad((>>=), (>>), return, fail),
  Semigroup((<>)), Monoid(mempty, mappend, mconcat),
  -- Functions
  mapM, mapM_, sequence, sequence_, (=<<), (<$>), foldMap, traverse, sequenceA,
  maybe, either, (&&), (||), not, otherwise,
  subtract, even, odd, gcd, lcm, (^), (^^), fromIntegral, realToFrac,
  fst, snd, curry, uncurry, id, const, (.), flip, ($), until, asTypeOf, error, undefined,
  seq, ($!),
  -- Lists
  map, (++), filter, concat, concatMap, head, last, tail, init, null, length, (!!),
  foldl, foldl1, scanl, scanl1, foldr, foldr1, scanr, scanr1, replicate,
  take, drop, splitAt, takeWhile, dropWhile, span, break, lines, words, unlines, unwords,
  reverse, and, or, any, all, elem, notElem, lookup, sum, product, maximum, minimum,
  zip, zip3, zipWith, zipWith3, unzip, unzip3,
  -- Text
  shows, showChar, showString, showParen, reads, read, readParen, lex,
  -- Input and output
  FilePath, IOError, putChar, putStr, putStrLn, print, getChar, getLine, getContents, interact,
  readFile, writeFile, appendFile, ioError, userError, readIO, readLn,
  -- Automatic differentiation
  grad, vjp, jvp, grad', diff, diff', jacobian, jacobianFwd, hessian, hessianVectorProduct
  ) where


infixr 9 .
infixr 8 ^, ^^, **
infixl 7 *, /, `quot`, `rem`, `div`, `mod`
infixl 6 +, -
infixr 6 <>
infixr 5 :, ++
infix 4 ==, /=, <, <=, >=, >, `elem`, `notElem`
infixr 3 &&
infixr 2 ||
infixl 4 <$>, <$, <*>, *>, <*
infixl 1 >>, >>=
infixr 1 =<<
infixr 0 $, $!, `seq`
infixl 7 %, :%

-- Types -----------------------------------------------------------------------------------------

-- | The result of a comparison: less than, equal to, greater than.
data Ordering = LT | EQ | GT
-- | An optional value: `Nothing`, or `Just` a value.
data Maybe a = Nothing | Just a
-- | A value of one of two types: `Left a` (by convention an error) or `Right b`.
data Either a b = Left a | Right b
-- | Exact fractions of an Integral type, always in lowest terms with a positive denominator
-- (build them with `%`; Data.Ratio exports the type).
data Ratio a = a :% a
-- | Exact fractions of Integers (`Ratio Integer`).
type Rational = Ratio Integer
-- | Text: a (strict, finite) list of characters.
type String = [Char]
-- | A function that prepends text to a string; `shows` and `showsPrec` build these.
type ShowS = String -> String

-- An IO action is a function run with (); effects happen only when it is run.
-- | An action that may read input, write output or touch files when it runs; `main` is one.
newtype IO a = IO (() -> a)

-- Runs `main` and hands its result to the world (the REPL keeps it as `it`).
runMainIO :: IO a -> ()
runMainIO (IO f) = primMainResult (f ())

-- Classes ---------------------------------------------------------------------------------------

-- | Types whose values can be compared for equality. Define `==` or `/=`.
class Eq a where
  -- | Equality and inequality; each is by default the negation of the other.
  (==), (/=) :: a -> a -> Bool
  x /= y = not (x == y)
  x == y = not (x /= y)

-- | Totally ordered types. Define `compare` or `<=`.
class Eq a => Ord a where
  -- | Compares two values: `LT`, `EQ` or `GT`.
  -- > compare 1 2 == LT
  compare :: a -> a -> Ordering
  -- | Comparisons, by default from `compare`.
  (<), (<=), (>), (>=) :: a -> a -> Bool
  -- | The larger and the smaller of two values (`max` returns the second when they are equal, `min`
  -- the first).
  max, min :: a -> a -> a
  compare x y = if x == y then EQ else if x <= y then LT else GT
  x < y = case compare x y of
    LT -> True
    _ -> False
  x <= y = case compare x y of
    GT -> False
    _ -> True
  x > y = case compare x y of
    GT -> True
    _ -> False
  x >= y = case compare x y of
    LT -> False
    _ -> True
  max x y = if x <= y then y else x
  min x y = if x <= y then x else y

-- | Types whose values can be shown as text. Define `show` or `showsPrec`.
class Show a where
  -- | Shows a value in a context of the given precedence (0: top level, 11: a constructor's
  -- argument), adding parentheses where needed.
  showsPrec :: Int -> a -> ShowS
  -- | The value as text, as Haskell source would write it.
  -- > show (Just (-1)) == "Just (-1)"
  show :: a -> String
  -- | Shows a list of the type's values (`Char` overrides it to show a string literal).
  showList :: [a] -> ShowS
  showsPrec _ x s = show x ++ s
  show x = showsPrec 0 x ""
  showList ls s = showListWith shows ls s

-- | Types with a least and a greatest value.
class Bounded a where
  -- | The least and the greatest value of the type.
  -- > (maxBound :: Int) == 9223372036854775807
  minBound, maxBound :: a

-- | Types whose values can be counted through: `[a ..]`, `[a, b .. c]`. Lists are strict, so an
-- unbounded enumeration (`[1 ..]` of a number) is a run-time error; of a bounded type
-- (`[False ..]`) it stops at the last value.
class Enum a where
  -- | The next and the previous value (`+ 1` and `- 1` for numbers).
  succ, pred :: a -> a
  -- | The value with the given number (an error if there is none).
  toEnum :: Int -> a
  -- | The number of a value (a Double is truncated).
  fromEnum :: a -> Int
  -- | `[x ..]`: an error for numbers (infinite); up to the last value for a bounded enumeration.
  enumFrom :: a -> [a]
  -- | `[x, y ..]`: an error for numbers (infinite); up to the first or last value for a bounded
  -- enumeration.
  enumFromThen :: a -> a -> [a]
  -- | `[x .. y]`: from x up to y (empty if y < x).
  -- > [1 .. 4] == [1,2,3,4]
  enumFromTo :: a -> a -> [a]
  -- | `[x, y .. z]`: from x in steps of y - x while not past z. A zero step is an error (the list
  -- would be infinite). On Double it goes up to z plus half a step, as in GHC.
  -- > [1, 3 .. 8] == [1,3,5,7]
  enumFromThenTo :: a -> a -> a -> [a]
  -- `take n [x ..]` and `take n [x, y ..]`, `takeWhile p [x ..]` and `takeWhile p [x, y ..]`,
  -- finite for every type where those are (the desugarer makes these of the forms, and of
  -- `zip [0 ..] xs`; not exported).
  enumFromN :: Int -> a -> [a]
  enumFromThenN :: Int -> a -> a -> [a]
  enumFromWhile :: (a -> Bool) -> a -> [a]
  enumFromThenWhile :: (a -> Bool) -> a -> a -> [a]
  succ x = toEnum (fromEnum x + 1)
  pred x = toEnum (fromEnum x - 1)
  enumFromN n x = take n (enumFrom x)
  enumFromThenN n x y = take n (enumFromThen x y)
  enumFromWhile p x = takeWhile p (enumFrom x)
  enumFromThenWhile p x y = takeWhile p (enumFromThen x y)
  enumFrom _ = error "enumFrom: infinite lists are not supported in strict dnrad"
  enumFromThen _ _ = error "enumFromThen: infinite lists are not supported in strict dnrad"
  enumFromTo x y = map toEnum (intRange (fromEnum x) 1 (fromEnum y))
  enumFromThenTo x y z = map toEnum (intRange (fromEnum x) (fromEnum y - fromEnum x) (fromEnum z))

-- | Numbers: Int, Integer, Double, Ratio, and Complex (Data.Complex). An integer literal is
-- `fromInteger` of it.
class (Eq a, Show a) => Num a where
  -- | Addition, subtraction and multiplication. Int arithmetic wraps around on overflow.
  (+), (-), (*) :: a -> a -> a
  -- | Negation, absolute value and sign (-1, 0 or 1 of the type).
  negate, abs, signum :: a -> a
  -- | The number for an Integer (an integer literal); an Int keeps the low 64 bits.
  fromInteger :: Integer -> a
  -- Not Haskell 98, hidden (Data.Array.Numeric's products): Σ x[p + k·dp] · y[q + k·dq] over
  -- k = 0 .. len - 1, added from 0 in order of k — eight products a step; at Double one
  -- primitive, which differentiated code records as one operation.
  dotRun :: PrimArray a -> Int -> Int -> PrimArray a -> Int -> Int -> Int -> a
  -- Hidden too (Data.Array.Numeric's sumA): Σ x[k] over k = 0 .. len - 1, added from 0 in
  -- order of k; at Double the dot product with a 1 at every position.
  sumRun :: PrimArray a -> Int -> a
  x - y = x + negate y
  negate x = fromInteger 0 - x
  dotRun x p dp y q dq len = go 0 0
    where
      go k acc =
        if k + 8 > len then one k acc
        else let p0 = p + k * dp; p1 = p0 + dp; p2 = p1 + dp; p3 = p2 + dp
                 p4 = p3 + dp; p5 = p4 + dp; p6 = p5 + dp; p7 = p6 + dp
                 q0 = q + k * dq; q1 = q0 + dq; q2 = q1 + dq; q3 = q2 + dq
                 q4 = q3 + dq; q5 = q4 + dq; q6 = q5 + dq; q7 = q6 + dq
                 k' = k + 8
                 acc' = acc + primArrIndex x p0 * primArrIndex y q0 + primArrIndex x p1 * primArrIndex y q1
                            + primArrIndex x p2 * primArrIndex y q2 + primArrIndex x p3 * primArrIndex y q3
                            + primArrIndex x p4 * primArrIndex y q4 + primArrIndex x p5 * primArrIndex y q5
                            + primArrIndex x p6 * primArrIndex y q6 + primArrIndex x p7 * primArrIndex y q7
             in go k' acc'
      one k acc =
        if k == len then acc
        else let k' = k + 1; acc' = acc + primArrIndex x (p + k * dp) * primArrIndex y (q + k * dq) in one k' acc'
  sumRun x len = go 0 0
    where go k acc = if k == len then acc else let k' = k + 1; acc' = acc + primArrIndex x k in go k' acc'

-- | Numbers that have an exact fraction value.
class (Num a, Ord a) => Real a where
  -- | The exact value as a fraction (of a Double: its exact binary value).
  toRational :: a -> Rational
  -- realToFrac; not Haskell 98, but it keeps the derivative of Double -> Double conversions
  realToFracVia :: Fractional b => a -> b
  realToFracVia x = fromRational (toRational x)

-- | Whole numbers: Int and Integer. Dividing by zero is the run-time error "divide by zero".
class (Real a, Enum a) => Integral a where
  -- | Division: `quot`/`rem` truncate towards zero, `div`/`mod` round towards negative infinity.
  -- > (-7) `div` 2 == -4 && (-7) `quot` 2 == -3
  quot, rem, div, mod :: a -> a -> a
  -- | Quotient and remainder at once: (`quot`, `rem`) and (`div`, `mod`).
  quotRem, divMod :: a -> a -> (a, a)
  -- | The value as an Integer.
  toInteger :: a -> Integer
  n `quot` d = fst (quotRem n d)
  n `rem` d = snd (quotRem n d)
  n `div` d = fst (divMod n d)
  n `mod` d = snd (divMod n d)
  quotRem n d = (n `quot` d, n `rem` d)
  divMod n d = (n `div` d, n `mod` d)

-- | Numbers with division: Double, Ratio, Complex. A decimal literal is `fromRational` of it.
class Num a => Fractional a where
  -- | Division (Double division by zero gives Infinity or NaN; Ratio's is an error).
  (/) :: a -> a -> a
  -- | The reciprocal, `1 / x`.
  recip :: a -> a
  -- | The number for a fraction (for a Double: the nearest one).
  fromRational :: Rational -> a
  -- from a Double, exactly; not Haskell 98 (see realToFracVia)
  fromDoubleExact :: Double -> a
  fromDoubleExact x = fromRational (toRational x)
  recip x = 1 / x
  x / y = x * recip y

-- | Numbers with the elementary functions (Double, Complex). All of them are differentiable
-- (see `grad`).
class Fractional a => Floating a where
  -- | The constant pi.
  pi :: a
  -- | The exponential, the natural logarithm and the square root.
  exp, log, sqrt :: a -> a
  -- | `x ** y`: x to the power y; `logBase b x`: the logarithm of x in base b.
  (**), logBase :: a -> a -> a
  -- | Trigonometric functions and their inverses (radians).
  sin, cos, tan, asin, acos, atan :: a -> a
  -- | Hyperbolic functions and their inverses.
  sinh, cosh, tanh, asinh, acosh, atanh :: a -> a
  x ** y = exp (log x * y)
  logBase x y = log y / log x
  sqrt x = x ** 0.5
  tan x = sin x / cos x
  tanh x = sinh x / cosh x

-- | Fractions that can be rounded to whole numbers.
class (Real a, Fractional a) => RealFrac a where
  -- | The whole part (towards zero) and the fraction: `properFraction 2.5 == (2, 0.5)`.
  properFraction :: Integral b => a -> (b, a)
  -- | Rounding to a whole number: towards zero, to the nearest (halves to even), up, down. Their
  -- derivative is 0.
  -- > map round [0.5, 1.5, 2.5] == [0, 2, 2]
  truncate, round, ceiling, floor :: Integral b => a -> b
  truncate x = fst (properFraction x)
  round x = let (n, r) = properFraction x
                m = if r < 0 then n - 1 else n + 1
            in case signum (abs r - 0.5) of
                 -1 -> n
                 0 -> if even n then n else m
                 _ -> m
  ceiling x = let (n, r) = properFraction x in if r > 0 then n + 1 else n
  floor x = let (n, r) = properFraction x in if r < 0 then n - 1 else n

-- | Floating-point numbers (Double): access to their IEEE representation.
class (RealFrac a, Floating a) => RealFloat a where
  -- | The base of the representation (2).
  floatRadix :: a -> Integer
  -- | The number of digits of the significand (53 for Double).
  floatDigits :: a -> Int
  -- | The least and the greatest exponent.
  floatRange :: a -> (Int, Int)
  -- | The significand m and exponent e with x = m * 2^e.
  decodeFloat :: a -> (Integer, Int)
  -- | `encodeFloat m e` is m * 2^e.
  encodeFloat :: Integer -> Int -> a
  -- | The exponent of `decodeFloat`, counted for a significand in [0.5, 1).
  exponent :: a -> Int
  -- | The significand scaled into [0.5, 1) (keeps its derivative).
  significand :: a -> a
  -- | `scaleFloat k x` is x * 2^k (keeps its derivative).
  scaleFloat :: Int -> a -> a
  -- | Tests of a floating-point value: not a number, infinite, subnormal, minus zero, IEEE.
  isNaN, isInfinite, isDenormalized, isNegativeZero, isIEEE :: a -> Bool
  -- | `atan2 y x`: the angle of the point (x, y), in (-pi, pi].
  atan2 :: a -> a -> a
  exponent x = case decodeFloat x of
    (m, n) -> if m == 0 then 0 else n + floatDigits x
  significand x = case decodeFloat x of
    (m, _) -> encodeFloat m (negate (floatDigits x))
  scaleFloat k x = case decodeFloat x of
    (m, n) -> encodeFloat m (n + k)

-- | Types whose contents can be mapped: lists, Maybe, Either e, IO, pairs, functions' results...
class Functor f where
  -- | Applies a function inside the structure.
  -- > fmap (+ 1) (Just 1) == Just 2
  fmap :: (a -> b) -> f a -> f b
  -- | Replaces the contents by a value.
  (<$) :: a -> f b -> f a
  x <$ m = fmap (\_ -> x) m

-- Applicative is a superclass of Monad, as in GHC. A monad written in Haskell 98 style, with a
-- Monad instance only, gets its Functor and Applicative instances from its Monad methods (the
-- type checker adds them: frontend/src/typecheck/hierarchy.rs).
-- | Functors that can apply functions inside them, combining effects left to right. A type with
-- only a Monad instance gets its Functor and Applicative instances from it.
class Functor f => Applicative f where
  -- | A value without effects.
  pure :: a -> f a
  -- | Applies functions inside to values inside.
  -- > Just (+ 1) <*> Just 2 == Just 3
  (<*>) :: f (a -> b) -> f a -> f b
  -- | Combines two values inside with a function (Control.Applicative exports it).
  liftA2 :: (a -> b -> c) -> f a -> f b -> f c
  -- | Sequences two effects and keeps the second's result.
  (*>) :: f a -> f b -> f b
  -- | Sequences two effects and keeps the first's result.
  (<*) :: f a -> f b -> f a
  fs <*> xs = liftA2 id fs xs
  liftA2 f xs ys = fmap f xs <*> ys
  xs *> ys = (id <$ xs) <*> ys
  xs <* ys = liftA2 const xs ys

-- | An infix `fmap`.
-- > (+ 1) <$> [1, 2] == [2, 3]
(<$>) :: Functor f => (a -> b) -> f a -> f b
f <$> x = fmap f x

-- | Types of computations that can be chained, as `do` blocks: IO, Maybe, Either e, lists.
class Applicative m => Monad m where
  -- | Runs the computation and passes its result to the next one.
  (>>=) :: m a -> (a -> m b) -> m b
  -- | Runs two computations in order, keeping the second's result.
  (>>) :: m a -> m b -> m b
  -- | A computation that only returns the value (`pure`).
  return :: a -> m a
  -- | Failure with a message: an error in IO, `Nothing` in Maybe, `[]` in lists. A failed pattern
  -- match in `do` calls it.
  fail :: String -> m a
  m >> k = m >>= \_ -> k
  return x = pure x
  fail s = error s

-- The methods of the Functor and Applicative instances made for a monad that has only a Monad
-- instance (with `pure = return`).
fmapFromMonad :: Monad m => (a -> b) -> m a -> m b
fmapFromMonad f m = m >>= \x -> return (f x)

apFromMonad :: Monad m => m (a -> b) -> m a -> m b
apFromMonad mf mx = mf >>= \f -> mx >>= \x -> return (f x)

-- Semigroup and Monoid (as GHC's Prelude has them) -------------------------------------------

-- | Types with an associative operation: lists append, `Ordering` keeps the first that is not
-- `EQ` (so comparisons combine: `comparing fst <> comparing snd`), functions combine their
-- results, `Maybe` and tuples combine what they hold.
-- > [1, 2] <> [3] == [1, 2, 3] && (LT <> GT) == LT && (EQ <> GT) == GT
class Semigroup a where
  -- | The associative operation.
  (<>) :: a -> a -> a

-- | Semigroups with an identity for `<>`.
-- > mconcat ["ab", "", "c"] == "abc" && (mempty :: String) == ""
class Semigroup a => Monoid a where
  -- | The identity of `<>`.
  mempty :: a
  -- | `<>` (the name of Haskell's Monoid before Semigroup).
  mappend :: a -> a -> a
  -- | Combines a list from the right, `mempty` for none.
  mconcat :: [a] -> a
  mappend x y = x <> y
  mconcat xs = foldr mappend mempty xs

instance Semigroup [a] where
  xs <> ys = xs ++ ys

instance Monoid [a] where
  mempty = []

instance Semigroup Ordering where
  LT <> _ = LT
  EQ <> y = y
  GT <> _ = GT

instance Monoid Ordering where
  mempty = EQ

instance Semigroup () where
  _ <> _ = ()

instance Monoid () where
  mempty = ()

instance Semigroup b => Semigroup (a -> b) where
  f <> g = \x -> f x <> g x

instance Monoid b => Monoid (a -> b) where
  mempty = \_ -> mempty

instance Semigroup a => Semigroup (Maybe a) where
  Nothing <> y = y
  Just x <> Nothing = Just x
  Just x <> Just y = Just (x <> y)

instance Semigroup a => Monoid (Maybe a) where
  mempty = Nothing

instance (Semigroup a, Semigroup b) => Semigroup (a, b) where
  (a, b) <> (c, d) = (a <> c, b <> d)

instance (Monoid a, Monoid b) => Monoid (a, b) where
  mempty = (mempty, mempty)

instance (Semigroup a, Semigroup b, Semigroup c) => Semigroup (a, b, c) where
  (a, b, c) <> (d, e, f) = (a <> d, b <> e, c <> f)

instance (Monoid a, Monoid b, Monoid c) => Monoid (a, b, c) where
  mempty = (mempty, mempty, mempty)

instance Semigroup a => Semigroup (IO a) where
  m <> n = m >>= \x -> n >>= \y -> return (x <> y)

instance Monoid a => Monoid (IO a) where
  mempty = return mempty

-- | Maps each element to a monoid and combines the results in order (over lists).
-- > foldMap show [1, 2, 3] == "123"
foldMap :: Monoid m => (a -> m) -> [a] -> m
foldMap f xs = foldr (\x acc -> f x <> acc) mempty xs

-- | Applies an effectful function to each element, left to right, and collects the results
-- (over lists; `mapM` for any Applicative).
-- > traverse (\x -> if x > 0 then Just x else Nothing) [1, 2] == Just [1, 2]
traverse :: Applicative f => (a -> f b) -> [a] -> f [b]
traverse f xs = foldr (\x acc -> liftA2 (:) (f x) acc) (pure []) xs

-- | Runs the effects of a list in order and collects their results.
-- > sequenceA [Just 1, Just 2] == Just [1, 2]
sequenceA :: Applicative f => [f a] -> f [a]
sequenceA xs = traverse id xs

-- Bool, Ordering, unit --------------------------------------------------------------------------

instance Eq Bool where
  True == True = True
  False == False = True
  _ == _ = False

instance Ord Bool where
  compare False True = LT
  compare True False = GT
  compare _ _ = EQ

instance Show Bool where
  showsPrec _ True = showString "True"
  showsPrec _ False = showString "False"

instance Enum Bool where
  toEnum n = if n == 0 then False else if n == 1 then True else error "Prelude.Enum.Bool.toEnum: bad argument"
  fromEnum False = 0
  fromEnum True = 1
  enumFrom x = boundedEnumFrom True x
  enumFromThen x y = boundedEnumFromThen False True x y

-- `[x ..]` and `[x, y ..]` of an enumeration: finite, up to its last (or first) constructor.
-- `succ` and `pred` of a derived Enum instance of type `t` whose last tag is `top`, and the
-- error of its `toEnum`, in GHC's words.
derivedSucc :: Enum a => String -> Int -> a -> a
derivedSucc t top x =
  let n = fromEnum x
  in if n == top then error ("succ{" ++ t ++ "}: tried to take `succ' of last tag in enumeration")
     else toEnum (n + 1)

derivedPred :: Enum a => String -> a -> a
derivedPred t x =
  let n = fromEnum x
  in if n == 0 then error ("pred{" ++ t ++ "}: tried to take `pred' of first tag in enumeration")
     else toEnum (n - 1)

derivedToEnumError :: String -> Int -> Int -> a
derivedToEnumError t n top =
  error ("toEnum{" ++ t ++ "}: tag (" ++ show n ++ ") is outside of enumeration's range (0,"
         ++ show top ++ ")")

boundedEnumFrom :: Enum a => a -> a -> [a]
boundedEnumFrom lastCon x = enumFromTo x lastCon

boundedEnumFromThen :: Enum a => a -> a -> a -> a -> [a]
boundedEnumFromThen firstCon lastCon x y =
  enumFromThenTo x y (if fromEnum y >= fromEnum x then lastCon else firstCon)

instance Bounded Bool where
  minBound = False
  maxBound = True

instance Eq Ordering where
  x == y = fromEnum x == fromEnum y

instance Ord Ordering where
  compare x y = compare (fromEnum x) (fromEnum y)

instance Show Ordering where
  showsPrec _ LT = showString "LT"
  showsPrec _ EQ = showString "EQ"
  showsPrec _ GT = showString "GT"

instance Enum Ordering where
  toEnum n = if n == 0 then LT else if n == 1 then EQ else if n == 2 then GT else error "Prelude.Enum.Ordering.toEnum: bad argument"
  fromEnum LT = 0
  fromEnum EQ = 1
  fromEnum GT = 2
  enumFrom x = boundedEnumFrom GT x
  enumFromThen x y = boundedEnumFromThen LT GT x y

instance Bounded Ordering where
  minBound = LT
  maxBound = GT

instance Eq () where
  _ == _ = True

instance Ord () where
  compare _ _ = EQ

instance Show () where
  showsPrec _ _ = showString "()"

instance Enum () where
  toEnum n = if n == 0 then () else error "Prelude.Enum.().toEnum: bad argument"
  fromEnum _ = 0
  enumFrom x = boundedEnumFrom () x
  enumFromThen x y = boundedEnumFromThen () () x y

instance Bounded () where
  minBound = ()
  maxBound = ()

-- Int -------------------------------------------------------------------------------------------

instance Eq Int where
  (==) = primIntEq
  (/=) = primIntNe

instance Ord Int where
  (<) = primIntLt
  (<=) = primIntLe
  (>) = primIntGt
  (>=) = primIntGe
  compare x y = if primIntLt x y then LT else if primIntEq x y then EQ else GT
  max x y = if primIntLe x y then y else x
  min x y = if primIntLe x y then x else y

instance Show Int where
  showsPrec p n = showSignedDigits (primIntLt n 0) p (primIntShow n)

instance Num Int where
  (+) = primIntAdd
  (-) = primIntSub
  (*) = primIntMul
  negate = primIntNegate
  abs n = if primIntLt n 0 then primIntNegate n else n
  signum n = if primIntLt n 0 then negate 1 else if primIntEq n 0 then 0 else 1
  fromInteger = primIntegerToInt

instance Real Int where
  toRational n = primIntToInteger n :% 1

instance Enum Int where
  succ n = n + 1
  pred n = n - 1
  toEnum n = n
  fromEnum n = n
  enumFromTo a b = intRange a 1 b
  enumFromThenTo a b c = intRangeThen a b c
  enumFromN n x = intStepN n x 1
  enumFromThenN n x y = intStepN n x (y - x)
  enumFromWhile p x = intStepWhile p x 1
  enumFromThenWhile p x y = intStepWhile p x (y - x)

-- The first `n` of `[x, x + d ..]` at Int, and its elements while `p` holds; as GHC's `[x ..]`,
-- the list ends before it would overflow.
intStepN :: Int -> Int -> Int -> [Int]
intStepN n x d =
  if n <= 0 then [] else x : (if n == 1 || stepOverflows x d then [] else intStepN (n - 1) (x + d) d)

intStepWhile :: (Int -> Bool) -> Int -> Int -> [Int]
intStepWhile p x d =
  if p x then x : (if stepOverflows x d then [] else intStepWhile p (x + d) d) else []

stepOverflows :: Int -> Int -> Bool
stepOverflows x d = if d >= 0 then x > maxBound - d else x < minBound - d

-- The first `n` of `[x, x + d ..]` as GHC's numericEnumFrom makes it (`x + k * d`), and its
-- elements while `p` holds.
numStepN :: Num a => Int -> a -> a -> [a]
numStepN n x d = numStepFrom 0 n x d

numStepFrom :: Num a => Int -> Int -> a -> a -> [a]
numStepFrom k n x d = if k >= n then [] else (x + fromIntegral k * d) : numStepFrom (k + 1) n x d

numStepWhile :: Num a => (a -> Bool) -> a -> a -> [a]
numStepWhile p x d = numStepWhileFrom 0 p x d

numStepWhileFrom :: Num a => Int -> (a -> Bool) -> a -> a -> [a]
numStepWhileFrom k p x d =
  let v = x + fromIntegral k * d in if p v then v : numStepWhileFrom (k + 1) p x d else []

-- `take n (iterate f x)`, `takeWhile p (iterate f x)` and `take n (cycle xs)`, which the
-- desugarer makes of those forms (`iterate` and `cycle` themselves are infinite lists).
iterateN :: Int -> (a -> a) -> a -> [a]
iterateN n f x = if n <= 0 then [] else x : (if n == 1 then [] else iterateN (n - 1) f (f x))

iterateWhile :: (a -> Bool) -> (a -> a) -> a -> [a]
iterateWhile p f x = if p x then x : iterateWhile p f (f x) else []

cycleN :: Int -> [a] -> [a]
cycleN n xs = if null xs then error "Prelude.cycle: empty list" else cycleFrom n xs xs

cycleFrom :: Int -> [a] -> [a] -> [a]
cycleFrom n ys xs =
  if n <= 0 then [] else case ys of
    [] -> cycleFrom n xs xs
    y : rest -> y : cycleFrom (n - 1) rest xs

instance Bounded Int where
  minBound = primIntegerToInt (negate 9223372036854775808)
  maxBound = primIntegerToInt 9223372036854775807

instance Integral Int where
  quot = primIntQuot
  rem = primIntRem
  div = primIntDiv
  mod = primIntMod
  quotRem a b = (primIntQuot a b, primIntRem a b)
  divMod a b = (primIntDiv a b, primIntMod a b)
  toInteger = primIntToInteger

-- `[from, from + step .. to]` on Int, built from the end so that it is a loop. The simplifier's
-- fusion (core/src/simplify/fusion) runs the same range as a loop from `from` to
-- `intRangeLast` when a fold consumes it, so both use these two helpers.
intRange :: Int -> Int -> Int -> [Int]
intRange from step to =
  if intRangeEmpty from step to then [] else intRangeUp from step (intRangeLast from step to) []

intRangeEmpty :: Int -> Int -> Int -> Bool
intRangeEmpty from step to = if step >= 0 then to < from else to > from

-- The last element of a range that is not empty: `to` less the distance from `from` to `to`
-- modulo the step. The distance may not fit in an Int when `from` and `to` have opposite signs
-- (the last element does): then it is `a + b + 1` with `a` and `b` the two ends' magnitudes
-- less one, each taken modulo the step apart (all in Int, so native code runs ranges).
intRangeLast :: Int -> Int -> Int -> Int
intRangeLast from step to
  | step == 0 = error "enumFromThenTo: a zero step gives an infinite list"
  | (from >= 0) == (to >= 0) = to - (to - from) `rem` step
  | step > 0 = to - intRangeWrap (to `rem` step) (negate (from + 1) `rem` step) step
  | otherwise = to + intRangeWrap (from `rem` step) (negate (to + 1) `rem` step) step

-- `(ra + rb + 1) mod |step|` for remainders `0 <= ra, rb < |step|`, without overflow.
intRangeWrap :: Int -> Int -> Int -> Int
intRangeWrap ra rb step =
  let over = if step > 0 then ra - step + rb + 1 else ra + step + rb + 1
  in if over >= 0 then over else ra + rb + 1

-- `[a, b .. c]`: from `a` by the step `b - a`. A step past Int's range (from near minBound to a
-- positive number, say) wraps around to the other sign; such a range has at most `a` and `b`,
-- and `a` plus the wrapped step is still `b`, so the walk is the same.
intRangeThen :: Int -> Int -> Int -> [Int]
intRangeThen a b c =
  if intThenEmpty a b c then [] else intRangeUp a (b - a) (intThenLast a b c) []

intThenEmpty :: Int -> Int -> Int -> Bool
intThenEmpty a b c = if b >= a then c < a else c > a

-- The last element of `[a, b .. c]` when it is not empty.
intThenLast :: Int -> Int -> Int -> Int
intThenLast a b c
  | (b >= a) == (b - a >= 0) = intRangeLast a (b - a) c
  | if b >= a then b <= c else b >= c = b
  | otherwise = a

intRangeUp :: Int -> Int -> Int -> [Int] -> [Int]
intRangeUp from step x acc = if x == from then x : acc else intRangeUp from step (x - step) (x : acc)

-- Integer ---------------------------------------------------------------------------------------

instance Eq Integer where
  (==) = primIntegerEq
  (/=) = primIntegerNe

instance Ord Integer where
  (<) = primIntegerLt
  (<=) = primIntegerLe
  (>) = primIntegerGt
  (>=) = primIntegerGe
  compare x y = if primIntegerLt x y then LT else if primIntegerEq x y then EQ else GT

instance Show Integer where
  showsPrec p n = showSignedDigits (primIntegerLt n 0) p (primIntegerShow n)

instance Num Integer where
  (+) = primIntegerAdd
  (-) = primIntegerSub
  (*) = primIntegerMul
  negate = primIntegerNegate
  abs n = if primIntegerLt n 0 then primIntegerNegate n else n
  signum n = if primIntegerLt n 0 then negate 1 else if primIntegerEq n 0 then 0 else 1
  fromInteger n = n

instance Real Integer where
  toRational n = n :% 1

instance Enum Integer where
  succ n = n + 1
  pred n = n - 1
  toEnum = primIntToInteger
  fromEnum = primIntegerToInt
  enumFromTo a b = integerRange a 1 b
  enumFromThenTo a b c = integerRange a (b - a) c
  enumFromN n x = numStepN n x 1
  enumFromThenN n x y = numStepN n x (y - x)
  enumFromWhile p x = numStepWhile p x 1
  enumFromThenWhile p x y = numStepWhile p x (y - x)

integerRange :: Integer -> Integer -> Integer -> [Integer]
integerRange from step to =
  if integerRangeEmpty from step to then []
  else integerRangeUp from step (integerRangeLast from step to) []

integerRangeEmpty :: Integer -> Integer -> Integer -> Bool
integerRangeEmpty from step to = if step >= 0 then to < from else to > from

-- The last element of a range that is not empty.
integerRangeLast :: Integer -> Integer -> Integer -> Integer
integerRangeLast from step to
  | step == 0 = error "enumFromThenTo: a zero step gives an infinite list"
  | step > 0 = from + ((to - from) `quot` step) * step
  | otherwise = from + ((from - to) `quot` negate step) * step

integerRangeUp :: Integer -> Integer -> Integer -> [Integer] -> [Integer]
integerRangeUp from step x acc = if x == from then x : acc else integerRangeUp from step (x - step) (x : acc)

instance Integral Integer where
  quot = primIntegerQuot
  rem = primIntegerRem
  div = primIntegerDiv
  mod = primIntegerMod
  quotRem a b = (primIntegerQuot a b, primIntegerRem a b)
  divMod a b = (primIntegerDiv a b, primIntegerMod a b)
  toInteger n = n

-- Double ----------------------------------------------------------------------------------------

instance Eq Double where
  (==) = primDoubleEq
  (/=) = primDoubleNe

instance Ord Double where
  (<) = primDoubleLt
  (<=) = primDoubleLe
  (>) = primDoubleGt
  (>=) = primDoubleGe
  compare x y = if primDoubleLt x y then LT else if primDoubleEq x y then EQ else GT

instance Show Double where
  showsPrec p x = showSignedDigits (primDoubleLt x 0 || primDoubleIsNegativeZero x) p (primDoubleShow x)

instance Num Double where
  (+) = primDoubleAdd
  (-) = primDoubleSub
  (*) = primDoubleMul
  negate = primDoubleNegate
  abs = primDoubleAbs
  signum x = if x > 0 then 1 else if x < 0 then negate 1 else x * 0 -- keeps -0.0 and NaN; derivative 0
  fromInteger = primIntegerToDouble
  dotRun x p dp y q dq len = primDoubleDot x p dp y q dq len
  sumRun x len = primDoubleDot x 0 1 onesArray 0 0 len

-- A 1 for `sumRun` at Double to multiply every element by (exactly: x * 1 is x).
onesArray :: PrimArray Double
onesArray = primArrFromList 1 [1]

instance Real Double where
  toRational x = case primDoubleDecode x of
    (m, e) -> if e >= 0 then (m * 2 ^ e) :% 1 else reduce m (2 ^ negate e)
  realToFracVia x = fromDoubleExact x

instance Fractional Double where
  (/) = primDoubleDiv
  recip x = primDoubleDiv 1 x
  fromRational (n :% d) = primDoubleFromRational n d
  fromDoubleExact x = x

instance Floating Double where
  pi = 3.141592653589793
  exp = primDoubleExp
  log = primDoubleLog
  sqrt = primDoubleSqrt
  (**) = primDoublePow
  logBase b x = primDoubleLog x / primDoubleLog b
  sin = primDoubleSin
  cos = primDoubleCos
  tan = primDoubleTan
  asin = primDoubleAsin
  acos = primDoubleAcos
  atan = primDoubleAtan
  sinh = primDoubleSinh
  cosh = primDoubleCosh
  tanh = primDoubleTanh
  asinh = primDoubleAsinh
  acosh = primDoubleAcosh
  atanh = primDoubleAtanh

instance RealFrac Double where
  -- An infinity or NaN has the integer part of its decodeFloat and fraction 0, as in GHC.
  properFraction x =
    let n = primDoubleTruncate x
    in (fromInteger n, if primDoubleIsNaN x || primDoubleIsInfinite x then 0 else x - primIntegerToDouble n)
  truncate x = fromInteger (primDoubleTruncate x)
  round x = fromInteger (primDoubleRound x)
  ceiling x = fromInteger (primDoubleCeiling x)
  floor x = fromInteger (primDoubleFloor x)

instance RealFloat Double where
  floatRadix _ = 2
  floatDigits _ = 53
  floatRange _ = (negate 1021, 1024)
  decodeFloat = primDoubleDecode
  encodeFloat = primDoubleEncode
  isNaN = primDoubleIsNaN
  isInfinite = primDoubleIsInfinite
  isDenormalized x = x /= 0 && abs x < 2.2250738585072014e-308
  isNegativeZero = primDoubleIsNegativeZero
  isIEEE _ = True
  atan2 = primDoubleAtan2
  -- x * 2^-(exponent x) and x * 2^k as products, so that they differentiate (by 2^-(exponent x),
  -- exponent being piecewise constant, and by 2^k); the values are GHC's, rounded once.
  significand x =
    if x == 0 then 0
    else if primDoubleIsNaN x || primDoubleIsInfinite x
    then case primDoubleDecode x of
      (m, _) -> primDoubleEncode m (negate 53)
    else timesPowerOfTwo x (negate (exponent x))
  -- k is clamped as GHC does. Zeros, infinities and NaN stay themselves under the products.
  -- Scaling down, the first product stops at the smallest normal exponent, so it is exact and
  -- only the last one, into the subnormal range, rounds.
  scaleFloat k x =
    let n = max (negate 2257) (min 2257 k)
        exact = max n (min 0 (negate 1021 - exponent x))
    in if n >= 0 then timesPowerOfTwo x n
       else timesPowerOfTwo (timesPowerOfTwo x exact) (n - exact)

-- x * 2^n by products with powers of two that are Doubles (2^-1074 .. 2^1023), each exact
-- unless its result overflows or is subnormal.
timesPowerOfTwo :: Double -> Int -> Double
timesPowerOfTwo x n =
  if n > 1023 then timesPowerOfTwo (x * primDoubleEncode 1 1023) (n - 1023)
  else if n < negate 1074 then timesPowerOfTwo (x * primDoubleEncode 1 (negate 1074)) (n + 1074)
  else x * primDoubleEncode 1 n

instance Enum Double where
  succ x = x + 1
  pred x = x - 1
  toEnum = primIntToDouble
  fromEnum x = primIntegerToInt (primDoubleTruncate x)
  enumFromTo a b = doubleRange a 1 b
  enumFromThenTo a b c = doubleRange a (b - a) c
  enumFromN n x = numStepN n x 1
  enumFromThenN n x y = numStepN n x (y - x)
  enumFromWhile p x = numStepWhile p x 1
  enumFromThenWhile p x y = numStepWhile p x (y - x)

-- GHC's numericEnumFromThenTo: from + k * step for k = 0, 1, ... while within the limit plus
-- half a step (a NaN is never within: the list ends). A zero step or an infinite limit that the
-- list never passes would give an infinite list: an error (evaluation is strict).
-- The fusion runs the same loop (`doubleRangeLimit`, then `doubleRangeWithin` of each element).
doubleRange :: Double -> Double -> Double -> [Double]
doubleRange from step to = go 0 []
  where
    limit = doubleRangeLimit from step to
    go k acc = let x = from + k * step in if doubleRangeWithin step limit x then go (k + 1) (x : acc) else reverse acc

doubleRangeLimit :: Double -> Double -> Double -> Double
doubleRangeLimit from step to =
  let limit = to + step / 2 in
  if doubleRangeWithin step limit (from + 0 * step) && (step == 0 || isInfinite limit)
  then error "enumFromThenTo: the list is infinite (a zero step, or an infinite limit)"
  else limit

doubleRangeWithin :: Double -> Double -> Double -> Bool
doubleRangeWithin step limit x = if step >= 0 then x <= limit else x >= limit

-- Char ------------------------------------------------------------------------------------------

instance Eq Char where
  (==) = primCharEq
  (/=) = primCharNe

instance Ord Char where
  (<) = primCharLt
  (<=) = primCharLe
  (>) = primCharGt
  (>=) = primCharGe
  compare x y = if primCharLt x y then LT else if primCharEq x y then EQ else GT

instance Show Char where
  showsPrec _ c = showString (primShowCharLit c)
  showList cs = showString (primShowStringLit cs)

instance Enum Char where
  toEnum = primCharChr
  fromEnum = primCharOrd
  enumFromTo a b = map primCharChr (intRange (primCharOrd a) 1 (primCharOrd b))
  enumFromN n c = map primCharChr (intStepN (min n (1114112 - primCharOrd c)) (primCharOrd c) 1)
  enumFromWhile p c = charFromWhile p (primCharOrd c)
  enumFromThenTo a b c = map primCharChr (intRange (primCharOrd a) (primCharOrd b - primCharOrd a) (primCharOrd c))

-- The characters from code point `k` on while `p` holds, up to the last.
charFromWhile :: (Char -> Bool) -> Int -> [Char]
charFromWhile p k =
  if k > 1114111 then [] else
    let c = primCharChr k in if p c then c : charFromWhile p (k + 1) else []

instance Bounded Char where
  minBound = '\0'
  maxBound = '\1114111'

-- Ratio -----------------------------------------------------------------------------------------

-- | The fraction x/y in lowest terms; a zero denominator is an error.
(%) :: Integral a => a -> a -> Ratio a
x % y = reduce (x * signum y) (abs y)

reduce :: Integral a => a -> a -> Ratio a
reduce x y
  | y == 0 = error "Ratio has zero denominator"
  | otherwise = let d = gcd x y in (x `quot` d) :% (y `quot` d)

-- | The numerator of a fraction in lowest terms.
numerator :: Ratio a -> a
numerator (x :% _) = x

-- | The denominator of a fraction in lowest terms (positive).
denominator :: Ratio a -> a
denominator (_ :% y) = y

instance Eq a => Eq (Ratio a) where
  (a :% b) == (c :% d) = a == c && b == d

instance Integral a => Ord (Ratio a) where
  compare (a :% b) (c :% d) = compare (a * d) (c * b)

instance (Integral a, Show a) => Show (Ratio a) where
  showsPrec p (x :% y) = showParen (p > 7) (showsPrec 8 x . showString " % " . showsPrec 8 y)

instance Integral a => Num (Ratio a) where
  (a :% b) + (c :% d) = reduce (a * d + c * b) (b * d)
  (a :% b) - (c :% d) = reduce (a * d - c * b) (b * d)
  (a :% b) * (c :% d) = reduce (a * c) (b * d)
  negate (a :% b) = negate a :% b
  abs (a :% b) = abs a :% b
  signum (a :% _) = signum a :% 1
  fromInteger n = fromInteger n :% 1

instance Integral a => Fractional (Ratio a) where
  (a :% b) / (c :% d) = (a * d) % (b * c)
  recip (a :% b) = b % a
  fromRational (a :% b) = fromInteger a % fromInteger b

instance Integral a => Real (Ratio a) where
  toRational (x :% y) = toInteger x :% toInteger y

instance Integral a => RealFrac (Ratio a) where
  properFraction (x :% y) = case quotRem x y of
    (q, r) -> (fromIntegral q, r :% y)

instance Integral a => Enum (Ratio a) where
  succ x = x + 1
  pred x = x - 1
  toEnum n = fromIntegral n :% 1
  fromEnum x = fromInteger (truncate x)
  enumFromTo a b = fractionalRange a 1 b
  enumFromThenTo a b c = fractionalRange a (b - a) c
  enumFromN n x = numStepN n x 1
  enumFromThenN n x y = numStepN n x (y - x)
  enumFromWhile p x = numStepWhile p x 1
  enumFromThenWhile p x y = numStepWhile p x (y - x)

-- GHC's numericEnumFromThenTo on exact numbers: from, from + step, ... while within half a
-- step past the limit.
fractionalRange :: (Ord a, Fractional a) => a -> a -> a -> [a]
fractionalRange from step to
  | step == 0 = error "enumFromThenTo: a zero step gives an infinite list"
  | otherwise = go from []
  where
    limit = to + step / 2
    go x acc = if (if step > 0 then x > limit else x < limit) then reverse acc else go (x + step) (x : acc)

-- Lists, tuples, Maybe, Either ------------------------------------------------------------------

instance Eq a => Eq [a] where
  [] == [] = True
  (x:xs) == (y:ys) = x == y && xs == ys
  _ == _ = False

instance Ord a => Ord [a] where
  compare [] [] = EQ
  compare [] (_:_) = LT
  compare (_:_) [] = GT
  compare (x:xs) (y:ys) = case compare x y of
    EQ -> compare xs ys
    other -> other

instance Show a => Show [a] where
  showsPrec _ = showList

instance Functor [] where
  fmap = map

instance Applicative [] where
  pure x = [x]
  fs <*> xs = concatMap (\f -> map f xs) fs

instance Monad [] where
  xs >>= f = concatMap f xs
  return x = [x]
  fail _ = []

instance Functor ((,) a) where
  fmap f (x, y) = (x, f y)

-- Lexicographic order: the first comparison that is not EQ (tuple instances use it).
lexOrder :: Ordering -> Ordering -> Ordering
lexOrder EQ o = o
lexOrder o _ = o

instance Eq a => Eq (Maybe a) where
  Nothing == Nothing = True
  Just x == Just y = x == y
  _ == _ = False

instance Ord a => Ord (Maybe a) where
  compare Nothing Nothing = EQ
  compare Nothing (Just _) = LT
  compare (Just _) Nothing = GT
  compare (Just x) (Just y) = compare x y

instance Show a => Show (Maybe a) where
  showsPrec _ Nothing = showString "Nothing"
  showsPrec d (Just x) = showParen (d >= 11) (showString "Just " . showsPrec 11 x)

instance Functor Maybe where
  fmap _ Nothing = Nothing
  fmap f (Just x) = Just (f x)

instance Applicative Maybe where
  pure = Just
  Just f <*> m = fmap f m
  Nothing <*> _ = Nothing

instance Monad Maybe where
  Nothing >>= _ = Nothing
  Just x >>= k = k x
  return = Just
  fail _ = Nothing

instance (Eq a, Eq b) => Eq (Either a b) where
  Left x == Left y = x == y
  Right x == Right y = x == y
  _ == _ = False

instance (Ord a, Ord b) => Ord (Either a b) where
  compare (Left x) (Left y) = compare x y
  compare (Left _) (Right _) = LT
  compare (Right _) (Left _) = GT
  compare (Right x) (Right y) = compare x y

instance (Show a, Show b) => Show (Either a b) where
  showsPrec d (Left x) = showParen (d >= 11) (showString "Left " . showsPrec 11 x)
  showsPrec d (Right x) = showParen (d >= 11) (showString "Right " . showsPrec 11 x)

instance Functor (Either e) where
  fmap _ (Left e) = Left e
  fmap f (Right x) = Right (f x)

instance Applicative (Either e) where
  pure = Right
  Left e <*> _ = Left e
  Right f <*> r = fmap f r

instance Monad (Either e) where
  Left e >>= _ = Left e
  Right x >>= k = k x
  return = Right

-- IO --------------------------------------------------------------------------------------------

instance Functor IO where
  fmap f (IO m) = IO (\w -> f (m w))

instance Applicative IO where
  pure x = IO (\_ -> x)
  IO f <*> IO x = IO (\w -> case f w of
    g -> g (x w))

instance Monad IO where
  IO m >>= k = IO (\w -> case k (m w) of
    IO n -> n w)
  return x = IO (\_ -> x)
  fail s = ioError (userError s)

-- Input and output. Every primitive below that acts on the world takes the action's () last
-- (see core/src/prim.rs), so it runs when, and as often as, its action runs. A Handle is the
-- runtime's number for an open stream (0, 1, 2: the standard ones) and its name. Names that are
-- not Haskell 98 Prelude names (Handle, hPutStr, getArgs, exitWith, IORef, trace, ...) are
-- here because they need primitives; System.IO, System.Environment, System.Exit, Data.IORef
-- and Debug.Trace export them, with what they build on them.

-- | A file's name or path.
type FilePath = String

-- | An open stream: `stdin`, `stdout`, `stderr` or a file opened with `openFile` (System.IO).
data Handle = Handle Int String
-- | How `openFile` opens a file.
data IOMode = ReadMode | WriteMode | AppendMode | ReadWriteMode deriving (Eq, Ord, Enum, Show)
-- | A handle's buffering (`hSetBuffering`).
data BufferMode = NoBuffering | LineBuffering | BlockBuffering (Maybe Int) deriving (Eq, Ord, Show)
-- | How a program ends: success, or failure with a code (System.Exit).
data ExitCode = ExitSuccess | ExitFailure Int deriving (Eq, Ord, Show)

instance Eq Handle where
  Handle a _ == Handle b _ = a == b

instance Show Handle where
  showsPrec _ (Handle _ name) = showString "{handle: " . showString name . showChar '}'

-- | dnrad has no `catch`: an IOError raised with ioError ends the program.
newtype IOError = IOError String

instance Show IOError where
  showsPrec _ (IOError s) = showString "user error (" . showString s . showChar ')'

-- | An IOError with the message; `ioError (userError s)` shows "user error (s)".
userError :: String -> IOError
userError s = IOError s

-- | Raises the IOError: ends the program with it (there is no `catch`).
ioError :: IOError -> IO a
ioError e = IO (\w -> primIoError (show e) w)

-- | The standard input, output and error streams.
stdin, stdout, stderr :: Handle
stdin = Handle 0 "<stdin>"
stdout = Handle 1 "<stdout>"
stderr = Handle 2 "<stderr>"

-- | Writes the string to the handle.
hPutStr :: Handle -> String -> IO ()
hPutStr (Handle h _) s = IO (\w -> primHPutStr h s w)

-- | Reads a line from the handle, without its newline (an error at the end of input).
hGetLine :: Handle -> IO String
hGetLine (Handle h _) = IO (\w -> primHGetLine h w)

-- | Reads a character from the handle (an error at the end of input).
hGetChar :: Handle -> IO Char
hGetChar (Handle h _) = IO (\w -> primHGetChar h w)

-- | Strict: reads everything left on the handle at once and closes it.
hGetContents :: Handle -> IO String
hGetContents (Handle h _) = IO (\w -> primHGetContents h w)

-- | Whether the handle has no more input.
hIsEOF :: Handle -> IO Bool
hIsEOF (Handle h _) = IO (\w -> primHIsEOF h w)

-- | Writes out what the handle has buffered.
hFlush :: Handle -> IO ()
hFlush (Handle h _) = IO (\w -> primHFlush h w)

-- | Closes the handle (flushing it first).
hClose :: Handle -> IO ()
hClose (Handle h _) = IO (\w -> primHClose h w)

-- | Sets the handle's buffering.
hSetBuffering :: Handle -> BufferMode -> IO ()
hSetBuffering (Handle h _) mode = IO (\w -> primHSetBuffering h (bufferCode mode) w)

bufferCode :: BufferMode -> Int
bufferCode NoBuffering = 0
bufferCode LineBuffering = 1
bufferCode (BlockBuffering _) = 2

-- | Opens the file in the mode; an error if it cannot be opened.
openFile :: FilePath -> IOMode -> IO Handle
openFile path mode = IO (\w -> Handle (primOpenFile path (modeCode mode) w) path)

modeCode :: IOMode -> Int
modeCode ReadMode = 0
modeCode WriteMode = 1
modeCode AppendMode = 2
modeCode ReadWriteMode = 3

-- | Writes a character to standard output.
putChar :: Char -> IO ()
putChar c = hPutStr stdout [c]

-- | Writes the string to standard output.
putStr :: String -> IO ()
putStr s = hPutStr stdout s

-- | Writes the string and a newline to standard output.
putStrLn :: String -> IO ()
putStrLn s = IO (\w -> case primHPutStr 1 s w of
  _ -> primHPutStr 1 "\n" w)

-- | Writes the value's `show` and a newline to standard output.
print :: Show a => a -> IO ()
print x = putStrLn (show x)

-- | Reads a character from standard input (an error at the end of input).
getChar :: IO Char
getChar = hGetChar stdin

-- | Reads a line from standard input, without its newline (an error at the end of input).
getLine :: IO String
getLine = hGetLine stdin

-- | Strict: reads the whole of standard input at once.
getContents :: IO String
getContents = hGetContents stdin

-- | Reads the whole of standard input, applies the function and writes the result (strict: no
-- output before all input is read).
interact :: (String -> String) -> IO ()
interact f = getContents >>= \s -> putStr (f s)

-- | Reads the whole file.
readFile :: FilePath -> IO String
readFile path = openFile path ReadMode >>= hGetContents

-- | Writes the string to the file, replacing its contents.
writeFile :: FilePath -> String -> IO ()
writeFile path s = writeVia WriteMode path s

-- | Adds the string to the end of the file.
appendFile :: FilePath -> String -> IO ()
appendFile path s = writeVia AppendMode path s

writeVia :: IOMode -> FilePath -> String -> IO ()
writeVia mode path s = openFile path mode >>= \h -> hPutStr h s >>= \_ -> hClose h

-- | The program's command-line arguments (`dnrad run prog.hs -- ARGS`).
getArgs :: IO [String]
getArgs = IO (\w -> primGetArgs w)

-- | The program's name: its file's name without the extension.
getProgName :: IO String
getProgName = IO (\w -> primGetProgName w)

-- | Ends the program at once with the exit code (in the REPL, only the expression);
-- `ExitFailure 0` is an error.
exitWith :: ExitCode -> IO a
exitWith ExitSuccess = IO (\w -> primExit 0 w)
exitWith (ExitFailure n)
  | n == 0 = IO (\w -> primIoError "exitWith: invalid argument (ExitFailure 0)" w)
  | otherwise = IO (\w -> primExit n w)

-- | A mutable cell holding a value, used in IO (Data.IORef).
newtype IORef a = IORef (Ref a)

-- | A new cell holding the value.
newIORef :: a -> IO (IORef a)
newIORef x = IO (\w -> IORef (primNewRef x w))

-- | The cell's value.
readIORef :: IORef a -> IO a
readIORef (IORef r) = IO (\w -> primReadRef r w)

-- | Puts the value in the cell.
writeIORef :: IORef a -> a -> IO ()
writeIORef (IORef r) x = IO (\w -> primWriteRef r x w)

-- | Returns the second argument, writing the message to standard error when the call is
-- evaluated (Debug.Trace; evaluation is strict, so the arguments come first).
trace :: String -> a -> a
trace s x = primTrace s x

-- | Runs the action on each element in order, discarding the results.
mapM_ :: Monad m => (a -> m b) -> [a] -> m ()
mapM_ f [] = return ()
mapM_ f (x:xs) = f x >>= \_ -> mapM_ f xs

-- | Runs the action on each element in order and collects the results.
mapM :: Monad m => (a -> m b) -> [a] -> m [b]
mapM f [] = return []
mapM f (x:xs) = f x >>= \y -> mapM f xs >>= \ys -> return (y : ys)

-- | Runs the actions in order, discarding the results.
sequence_ :: Monad m => [m a] -> m ()
sequence_ [] = return ()
sequence_ (m:ms) = m >>= \_ -> sequence_ ms

-- | Runs the actions in order and collects the results.
sequence :: Monad m => [m a] -> m [a]
sequence = mapM id

-- | `>>=` with its arguments swapped.
(=<<) :: Monad m => (a -> m b) -> m a -> m b
f =<< m = m >>= f

-- Functions -------------------------------------------------------------------------------------

-- | Stops the evaluation with the message: a run-time error (in the REPL, only the expression
-- stops).
error :: String -> a
error s = primError s

-- | A run-time error ("Prelude.undefined") if it is evaluated; evaluation is strict, so even an
-- unused argument `undefined` is.
undefined :: a
undefined = error "Prelude.undefined"

-- | The identity function.
id :: a -> a
id x = x

-- | `const x` ignores its argument and returns x.
const :: a -> b -> a
const x _ = x

-- | Function composition: `(f . g) x == f (g x)`.
(.) :: (b -> c) -> (a -> b) -> a -> c
(f . g) x = f (g x)

-- | The function with its two arguments swapped.
-- > flip (-) 1 10 == 9
flip :: (a -> b -> c) -> b -> a -> c
flip f x y = f y x

-- | Application, `f $ x == f x`, of the lowest precedence: `f $ g x` is `f (g x)`.
($) :: (a -> b) -> a -> b
f $ x = f x

-- | Strict application; dnrad evaluates every argument anyway, so it is `$`.
($!) :: (a -> b) -> a -> b
f $! x = f x

-- | Returns the second argument; evaluation is strict, so both are evaluated already.
seq :: a -> b -> b
seq _ y = y

-- | Its first argument, at the type of the second.
asTypeOf :: a -> a -> a
asTypeOf x _ = x

-- | Applies the function until the predicate holds.
-- > until (> 100) (* 2) 1 == 128
until :: (a -> Bool) -> (a -> a) -> a -> a
until p f x = if p x then x else until p f (f x)

-- | Boolean negation.
not :: Bool -> Bool
not True = False
not False = True

-- | Boolean and; short-circuits: the second operand is evaluated only if the first is True.
(&&) :: Bool -> Bool -> Bool
True && x = x
False && _ = False

-- | Boolean or; short-circuits: the second operand is evaluated only if the first is False.
(||) :: Bool -> Bool -> Bool
True || _ = True
False || x = x

-- | True: the last guard of a list of guards.
otherwise :: Bool
otherwise = True

-- | `maybe d f m`: d for Nothing, f x for Just x.
maybe :: b -> (a -> b) -> Maybe a -> b
maybe n _ Nothing = n
maybe _ f (Just x) = f x

-- | Applies the first function to a Left, the second to a Right.
either :: (a -> c) -> (b -> c) -> Either a b -> c
either f _ (Left x) = f x
either _ g (Right y) = g y

-- | The first component of a pair.
fst :: (a, b) -> a
fst (x, _) = x

-- | The second component of a pair.
snd :: (a, b) -> b
snd (_, y) = y

-- | The function of two arguments made from a function on pairs.
curry :: ((a, b) -> c) -> a -> b -> c
curry f x y = f (x, y)

-- | The function on pairs made from a function of two arguments.
uncurry :: (a -> b -> c) -> (a, b) -> c
uncurry f p = f (fst p) (snd p)

-- Numeric functions -----------------------------------------------------------------------------

-- | `subtract x y` is y - x (for sections: `subtract 1`).
subtract :: Num a => a -> a -> a
subtract x y = y - x

-- | Whether an integer is even, or odd.
even, odd :: Integral a => a -> Bool
even n = n `rem` 2 == 0
odd n = not (even n)

-- | The greatest common divisor, non-negative (`gcd 0 0 == 0`).
gcd :: Integral a => a -> a -> a
gcd x y = gcdAbs (abs x) (abs y)

gcdAbs :: Integral a => a -> a -> a
gcdAbs a b = if b == 0 then a else gcdAbs b (a `rem` b)

-- | The least common multiple, non-negative.
lcm :: Integral a => a -> a -> a
lcm x y = if x == 0 || y == 0 then 0 else abs ((x `quot` gcd x y) * y)

-- | A number to a non-negative integer power, by repeated squaring; a negative exponent is the
-- error "Negative exponent".
-- > 2 ^ 10 == 1024
(^) :: (Num a, Integral b) => a -> b -> a
x ^ n
  | n < 0 = error "Negative exponent"
  | n == 0 = 1
  | otherwise = powAcc x n 1

powAcc :: (Num a, Integral b) => a -> b -> a -> a
powAcc x n acc
  | n == 1 = x * acc
  | even n = powAcc (x * x) (n `quot` 2) acc
  | otherwise = powAcc (x * x) (n `quot` 2) (x * acc)

-- | A fractional number to any integer power.
(^^) :: (Fractional a, Integral b) => a -> b -> a
x ^^ n = if n >= 0 then x ^ n else recip (x ^ negate n)

-- | Converts an integer to any number type (a constant: its derivative is 0).
fromIntegral :: (Integral a, Num b) => a -> b
fromIntegral x = fromInteger (toInteger x)

-- | Converts between fractional types; Double -> Double keeps the derivative.
realToFrac :: (Real a, Fractional b) => a -> b
realToFrac x = realToFracVia x

-- The test of an n+k pattern (Haskell 98), which matches values of integral types only.
nPlusKMatches :: Integral a => a -> a -> Bool
nPlusKMatches k v = v >= k

-- Lists -----------------------------------------------------------------------------------------

-- | Applies the function to every element.
-- > map (* 2) [1, 2, 3] == [2, 4, 6]
map :: (a -> b) -> [a] -> [b]
map _ [] = []
map f (x:xs) = f x : map f xs

-- | Appends two lists.
(++) :: [a] -> [a] -> [a]
[] ++ ys = ys
(x:xs) ++ ys = x : (xs ++ ys)

-- | The elements that satisfy the predicate, in order.
filter :: (a -> Bool) -> [a] -> [a]
filter _ [] = []
filter p (x:xs) = if p x then x : filter p xs else filter p xs

-- | Appends a list of lists.
concat :: [[a]] -> [a]
concat xss = foldr (++) [] xss

-- | Maps the function over the list and appends the results.
concatMap :: (a -> [b]) -> [a] -> [b]
concatMap _ [] = []
concatMap f (x:xs) = f x ++ concatMap f xs

-- | The first element; the error "Prelude.head: empty list" for [].
head :: [a] -> a
head (x:_) = x
head [] = error "Prelude.head: empty list"

-- | The last element; an error for [].
last :: [a] -> a
last [x] = x
last (_:xs) = last xs
last [] = error "Prelude.last: empty list"

-- | Everything after the first element; an error for [].
tail :: [a] -> [a]
tail (_:xs) = xs
tail [] = error "Prelude.tail: empty list"

-- | Everything but the last element; an error for [].
init :: [a] -> [a]
init [x] = []
init (x:xs) = x : init xs
init [] = error "Prelude.init: empty list"

-- | Whether the list is empty.
null :: [a] -> Bool
null [] = True
null _ = False

-- | The number of elements.
length :: [a] -> Int
length xs = lengthAcc xs 0

lengthAcc :: [a] -> Int -> Int
lengthAcc [] n = n
lengthAcc (_:xs) n = lengthAcc xs (primIntAdd n 1)

-- | The element at a 0-based index; an error for a negative or too large index.
-- > "abc" !! 1 == 'b'
(!!) :: [a] -> Int -> a
xs !! n = if n < 0 then error "Prelude.!!: negative index" else index xs n

index :: [a] -> Int -> a
index [] _ = error "Prelude.!!: index too large"
index (x:xs) n = if n == 0 then x else index xs (n - 1)

-- | Combines the elements from the left, `f (f (f z x1) x2) x3`; the accumulator is evaluated at
-- each step (as `foldl'`).
-- > foldl (-) 10 [1, 2] == 7
foldl :: (a -> b -> a) -> a -> [b] -> a
foldl _ z [] = z
foldl f z (x:xs) = foldl f (f z x) xs

-- | `foldl` starting from the first element; an error for [].
foldl1 :: (a -> a -> a) -> [a] -> a
foldl1 f (x:xs) = foldl f x xs
foldl1 _ [] = error "Prelude.foldl1: empty list"

-- | Combines the elements from the right, `f x1 (f x2 (f x3 z))`. Lists are strict, so it cannot
-- stop early on an infinite list (there are none).
foldr :: (a -> b -> b) -> b -> [a] -> b
foldr _ z [] = z
foldr f z (x:xs) = f x (foldr f z xs)

-- | `foldr` starting from the last element; an error for [].
foldr1 :: (a -> a -> a) -> [a] -> a
foldr1 _ [x] = x
foldr1 f (x:xs) = f x (foldr1 f xs)
foldr1 _ [] = error "Prelude.foldr1: empty list"

-- | The list of `foldl`'s successive accumulators, z first.
-- > scanl (+) 0 [1, 2, 3] == [0, 1, 3, 6]
scanl :: (a -> b -> a) -> a -> [b] -> [a]
scanl f q ls = q : (case ls of
  [] -> []
  x:xs -> scanl f (f q x) xs)

-- | `scanl` starting from the first element ([] for []).
scanl1 :: (a -> a -> a) -> [a] -> [a]
scanl1 f (x:xs) = scanl f x xs
scanl1 _ [] = []

-- | The list of `foldr`'s successive results, the final one first.
scanr :: (a -> b -> b) -> b -> [a] -> [b]
scanr _ q0 [] = [q0]
scanr f q0 (x:xs) = case scanr f q0 xs of
  qs@(q:_) -> f x q : qs

-- | `scanr` starting from the last element ([] for []).
scanr1 :: (a -> a -> a) -> [a] -> [a]
scanr1 _ [] = []
scanr1 _ [x] = [x]
scanr1 f (x:xs) = case scanr1 f xs of
  qs@(q:_) -> f x q : qs

-- | The sum of the elements, added from the left (0 for []).
sum :: Num a => [a] -> a
sum xs = foldl (+) 0 xs

-- | The product of the elements (1 for []).
product :: Num a => [a] -> a
product xs = foldl (*) 1 xs

-- | The greatest element; an error for [].
maximum :: Ord a => [a] -> a
maximum [] = error "Prelude.maximum: empty list"
maximum (x:xs) = foldl max x xs

-- | The least element; an error for [].
minimum :: Ord a => [a] -> a
minimum [] = error "Prelude.minimum: empty list"
minimum (x:xs) = foldl min x xs

-- | Whether all elements are True.
and :: [Bool] -> Bool
and [] = True
and (x:xs) = x && and xs

-- | Whether any element is True.
or :: [Bool] -> Bool
or [] = False
or (x:xs) = x || or xs

-- | Whether any element satisfies the predicate.
any :: (a -> Bool) -> [a] -> Bool
any _ [] = False
any p (x:xs) = p x || any p xs

-- | Whether all elements satisfy the predicate.
all :: (a -> Bool) -> [a] -> Bool
all _ [] = True
all p (x:xs) = p x && all p xs

-- | Whether the value is an element of the list.
elem :: Eq a => a -> [a] -> Bool
elem _ [] = False
elem x (y:ys) = x == y || elem x ys

-- | Whether the value is not an element of the list.
notElem :: Eq a => a -> [a] -> Bool
notElem x ys = not (elem x ys)

-- | The value paired with the first occurrence of the key in a list of pairs.
-- > lookup 2 [(1, "a"), (2, "b")] == Just "b"
lookup :: Eq a => a -> [(a, b)] -> Maybe b
lookup _ [] = Nothing
lookup k ((k', v):rest) = if k == k' then Just v else lookup k rest

-- | The elements in reverse order.
reverse :: [a] -> [a]
reverse xs = reverseAcc xs []

reverseAcc :: [a] -> [a] -> [a]
reverseAcc [] acc = acc
reverseAcc (x:xs) acc = reverseAcc xs (x : acc)

-- | The first n elements (all if there are fewer).
-- > take 2 [1, 2, 3] == [1, 2]
take :: Int -> [a] -> [a]
take n xs = if n <= 0 then [] else case xs of
  [] -> []
  y:ys -> y : take (n - 1) ys

-- | The list without its first n elements.
drop :: Int -> [a] -> [a]
drop n xs = if n <= 0 then xs else case xs of
  [] -> []
  _:ys -> drop (n - 1) ys

-- | `splitAt n xs == (take n xs, drop n xs)`.
splitAt :: Int -> [a] -> ([a], [a])
splitAt n xs = (take n xs, drop n xs)

-- | The longest prefix whose elements satisfy the predicate.
takeWhile :: (a -> Bool) -> [a] -> [a]
takeWhile _ [] = []
takeWhile p (x:xs) = if p x then x : takeWhile p xs else []

-- | The rest after `takeWhile`.
dropWhile :: (a -> Bool) -> [a] -> [a]
dropWhile _ [] = []
dropWhile p (x:xs) = if p x then dropWhile p xs else x : xs

-- | `span p xs == (takeWhile p xs, dropWhile p xs)`.
span :: (a -> Bool) -> [a] -> ([a], [a])
span _ [] = ([], [])
span p (x:xs) = if p x then (case span p xs of
  (ys, zs) -> (x : ys, zs)) else ([], x : xs)

-- | `span` of the negated predicate: splits at the first element that satisfies it.
break :: (a -> Bool) -> [a] -> ([a], [a])
break p xs = span (not . p) xs

-- | A list of n copies of the value.
replicate :: Int -> a -> [a]
replicate n x = replicateAcc n x []

replicateAcc :: Int -> a -> [a] -> [a]
replicateAcc n x acc = if n <= 0 then acc else replicateAcc (n - 1) x (x : acc)

-- | Pairs the elements at the same positions; as long as the shorter list.
zip :: [a] -> [b] -> [(a, b)]
zip (a:as) (b:bs) = (a, b) : zip as bs
zip _ _ = []

-- | `zip` of three lists.
zip3 :: [a] -> [b] -> [c] -> [(a, b, c)]
zip3 (a:as) (b:bs) (c:cs) = (a, b, c) : zip3 as bs cs
zip3 _ _ _ = []

-- | Combines the elements at the same positions with the function; as long as the shorter list.
-- > zipWith (+) [1, 2] [10, 20, 30] == [11, 22]
zipWith :: (a -> b -> c) -> [a] -> [b] -> [c]
zipWith f (a:as) (b:bs) = f a b : zipWith f as bs
zipWith _ _ _ = []

-- | `zipWith` of three lists.
zipWith3 :: (a -> b -> c -> d) -> [a] -> [b] -> [c] -> [d]
zipWith3 f (a:as) (b:bs) (c:cs) = f a b c : zipWith3 f as bs cs
zipWith3 _ _ _ _ = []

-- | Splits a list of pairs into two lists.
unzip :: [(a, b)] -> ([a], [b])
unzip [] = ([], [])
unzip ((a, b):rest) = case unzip rest of
  (as, bs) -> (a : as, b : bs)

-- | Splits a list of triples into three lists.
unzip3 :: [(a, b, c)] -> ([a], [b], [c])
unzip3 [] = ([], [], [])
unzip3 ((a, b, c):rest) = case unzip3 rest of
  (as, bs, cs) -> (a : as, b : bs, c : cs)

-- Strings ---------------------------------------------------------------------------------------

-- | Whether the character is white space (ASCII spaces and Unicode space separators; Data.Char).
isSpace :: Char -> Bool
isSpace c = if c <= ' ' then c == ' ' || (c >= '\t' && c <= '\r')
  else c == '\xa0' || (c > '\x377' && primCharCategory c == 22)

-- | Splits text at newlines (without them).
-- > lines "a\nb\n" == ["a", "b"]
lines :: String -> [String]
lines "" = []
lines s = case break (== '\n') s of
  (l, rest) -> l : (case rest of
    [] -> []
    _:s' -> lines s')

-- | Splits text at runs of white space.
words :: String -> [String]
words s = case dropWhile isSpace s of
  "" -> []
  s' -> case break isSpace s' of
    (w, s'') -> w : words s''

-- | Joins lines, each followed by a newline.
unlines :: [String] -> String
unlines [] = ""
unlines (l:ls) = l ++ '\n' : unlines ls

-- | Joins words with single spaces.
unwords :: [String] -> String
unwords [] = ""
unwords [w] = w
unwords (w:ws) = w ++ ' ' : unwords ws

-- Showing ---------------------------------------------------------------------------------------

-- | `showsPrec 0`: the value shown in front of a string.
shows :: Show a => a -> ShowS
shows x = showsPrec 0 x

-- | Prepends a character.
showChar :: Char -> ShowS
showChar c s = c : s

-- | Prepends a string.
showString :: String -> ShowS
showString str s = str ++ s

-- | Puts parentheses around the text if the flag is True.
showParen :: Bool -> ShowS -> ShowS
showParen b p = if b then showChar '(' . p . showChar ')' else p

-- A number's digits, in parentheses when negative and in an argument position (precedence > 6).
showSignedDigits :: Bool -> Int -> String -> ShowS
showSignedDigits negative p digits = showParen (negative && p > 6) (showString digits)

showListWith :: (a -> ShowS) -> [a] -> ShowS
showListWith _ [] s = "[]" ++ s
showListWith showx (x:xs) s = '[' : showx x (showListRest showx xs s)

showListRest :: (a -> ShowS) -> [a] -> ShowS
showListRest _ [] s = ']' : s
showListRest showx (y:ys) s = ',' : showx y (showListRest showx ys s)

-- Reading ---------------------------------------------------------------------------------------
-- `read` accepts exactly what GHC's does: GHC's lexemes (Text.Read.Lex), parentheses around any
-- value, parentheses required around a constructor application in an argument position, a `-`
-- token before any number; `reads` lists its parses by how much input they consume, fewest first.

-- | A parser: the parses of a prefix of the string, each with the rest of the string.
type ReadS a = String -> [(a, String)]

-- | Types whose values can be read from text, in the syntax `show` writes them.
class Read a where
  -- | The parses of a value at a precedence (as `showsPrec`), with the rest of the input.
  readsPrec :: Int -> ReadS a
  -- | The parses of a list of the type's values (`Char`: also a string literal).
  readList :: ReadS [a]
  readList = readListWith reads

-- | The parses of a value at the start of the string.
-- > reads "12 rest" :: [(Int, String)]  gives [(12, " rest")]
reads :: Read a => ReadS a
reads = readsPrec 0

-- | The value the whole string denotes (spaces around it allowed); the error "Prelude.read: no
-- parse" if there is none (Text.Read's readMaybe does not fail).
-- > read "[1,2]" :: [Int]
read :: Read a => String -> a
read s = either error id (readEither s)

-- | The value the whole string denotes, or why there is none (Text.Read).
readEither :: Read a => String -> Either String a
readEither s = case readsComplete (reads s) of
  [x] -> Right x
  [] -> Left "Prelude.read: no parse"
  _ -> Left "Prelude.read: ambiguous parse"

-- | `read` in IO: a malformed string fails the action with an IOError.
readIO :: Read a => String -> IO a
readIO s = case readsComplete (reads s) of
  [x] -> return x
  [] -> ioError (userError "Prelude.readIO: no parse")
  _ -> ioError (userError "Prelude.readIO: ambiguous parse")

-- | Reads a line from standard input and `readIO`s it.
readLn :: Read a => IO a
readLn = getLine >>= readIO

-- The parses that leave only spaces.
readsComplete :: [(a, String)] -> [a]
readsComplete rs = case rs of
  [] -> []
  (x, t) : more -> if all isSpace t then x : readsComplete more else readsComplete more

-- | `readParen True p` reads p in parentheses, `readParen False p` with or without them.
readParen :: Bool -> ReadS a -> ReadS a
readParen b g = if b then readParenthesized optional else optional
  where
    optional r = g r ++ readParenthesized optional r

-- `p` between `(` and `)`.
readParenthesized :: ReadS a -> ReadS a
readParenthesized p = readsPunc '(' (readsBind p (\x -> readsPunc ')' (readsReturn x)))

-- GHC's `parens`: `p d`, or `p 0` inside parentheses.
readPrecParens :: (Int -> ReadS a) -> Int -> ReadS a
readPrecParens p d r = readsByConsumed (p d r ++ readParenthesized (readPrecParens p 0) r)

-- The parses that consume less input first, as GHC's parsers produce them (a stable sort).
readsByConsumed :: [(a, String)] -> [(a, String)]
readsByConsumed rs = case rs of
  _ : _ : _ -> map snd (foldr insertByRest [] (map (\r -> (length (snd r), r)) rs))
  _ -> rs

insertByRest :: (Int, b) -> [(Int, b)] -> [(Int, b)]
insertByRest x [] = [x]
insertByRest x (y : ys) = if fst x >= fst y then x : y : ys else y : insertByRest x ys

-- The combinators of derived Read instances (and of the Prelude's, written like them).
readsReturn :: a -> ReadS a
readsReturn x s = [(x, s)]

readsBind :: ReadS a -> (a -> ReadS b) -> ReadS b
readsBind p k s = concatMap (\(x, t) -> k x t) (p s)

-- The token `tok` (as `lex` returns it), then `p`.
readsToken :: String -> ReadS a -> ReadS a
readsToken tok p s = case lex s of
  [(x, t)] -> if x == tok then p t else []
  _ -> []

-- The punctuation character `c` (a token of its own), then `p`.
readsPunc :: Char -> ReadS a -> ReadS a
readsPunc c p s = case skipSpaces s of
  d : t -> if d == c then p t else []
  [] -> []

readsAlt :: ReadS a -> ReadS a -> ReadS a
readsAlt p q s = p s ++ q s

-- `p` when the context's precedence `d` is at most `limit` (GHC's `prec`).
readsUpTo :: Int -> Int -> ReadS a -> ReadS a
readsUpTo limit d p s = if d > limit then [] else p s

-- `[x1, ..., xn]` with each item read by `item` at precedence 0 (GHC's `list`).
readListWith :: ReadS a -> ReadS [a]
readListWith item = readParen False (readsPunc '[' (readListStart item))

readListStart :: ReadS a -> String -> [([a], String)]
readListStart item s = readsPunc ']' (readsReturn []) s ++ readListItem item [] s

-- `acc`: the items so far, reversed. A single parse of an item continues in a tail call.
readListItem :: ReadS a -> [a] -> String -> [([a], String)]
readListItem item acc s = case item s of
  [(x, t)] -> readListNext item (x : acc) t
  rs -> concatMap (\(x, t) -> readListNext item (x : acc) t) rs

readListNext :: ReadS a -> [a] -> String -> [([a], String)]
readListNext item acc s = case skipSpaces s of
  ']' : t -> [(reverse acc, t)]
  ',' : t -> readListItem item acc t
  _ -> []

-- A number, maybe after a `-` token, in any precedence context (GHC's readNumber). The first
-- character tells parentheses, a sign and the number apart, so nothing is tried in vain and a
-- number needs no lexeme list. (This is the path of `map read (words s)`.)
readNumber :: Num a => (Lexeme -> [a]) -> ReadS a
readNumber conv r = case skipSpaces r of
  [] -> []
  s@(c : t)
    | lexIsDigit c -> case primLexNumber s of
        (kind, _, u) -> readNumberValue id (conv (LexNumber kind s)) u
    | c == '(' -> readsBind (readNumber conv) (\x -> readsPunc ')' (readsReturn x)) t
    | c == '-' -> if startsWithSymbol t then [] else case lexToken t of
        [(l, _, u)] -> readNumberValue negate (conv l) u
        _ -> []
    | otherwise -> case lexAt s of
        [(l, _, u)] -> readNumberValue id (conv l) u
        _ -> []

-- Whether a `-` before this would be part of a longer operator.
startsWithSymbol :: String -> Bool
startsWithSymbol s = case s of
  c : _ -> lexIsSymbol c
  [] -> False

readNumberValue :: (a -> a) -> [a] -> String -> [(a, String)]
readNumberValue sign xs s = case xs of
  [] -> []
  x : _ -> [(sign x, s)]

-- An integer lexeme's value (none for a fraction or exponent).
lexemeInteger :: Lexeme -> [Integer]
lexemeInteger l = case l of
  LexNumber kind s -> if kind > 0 then [primNumberInteger s] else []
  _ -> []

lexemeInt :: Lexeme -> [Int]
lexemeInt l = case l of
  LexNumber kind s -> if kind > 0 then [primIntegerToInt (primNumberInteger s)] else []
  _ -> []

lexemeDouble :: Lexeme -> [Double]
lexemeDouble l = case l of
  LexIdent "NaN" -> [0 / 0]
  LexIdent "Infinity" -> [1 / 0]
  LexNumber _ s -> [primNumberDouble s]
  _ -> []

instance Read Int where
  readsPrec _ = readNumber lexemeInt

instance Read Integer where
  readsPrec _ = readNumber lexemeInteger

instance Read Double where
  readsPrec _ = readNumber lexemeDouble

instance Read Char where
  readsPrec _ = readParen False (\r -> case lexToken r of
    [(LexChar c, _, t)] -> [(c, t)]
    _ -> [])
  readList = readParen False (\r -> readsString (lexToken r) ++ readListWith reads r)

readsString :: [(Lexeme, Int, String)] -> [(String, String)]
readsString toks = case toks of
  [(LexString cs, _, t)] -> [(cs, t)]
  _ -> []

instance Read Bool where
  readsPrec = readPrecParens (\_ -> readsAlt (readsToken "False" (readsReturn False)) (readsToken "True" (readsReturn True)))

instance Read Ordering where
  readsPrec = readPrecParens (\_ -> readsAlt (readsToken "LT" (readsReturn LT))
    (readsAlt (readsToken "EQ" (readsReturn EQ)) (readsToken "GT" (readsReturn GT))))

instance Read () where
  readsPrec _ = readParen False (readsPunc '(' (readsPunc ')' (readsReturn ())))

instance Read a => Read [a] where
  readsPrec _ = readList

instance Read a => Read (Maybe a) where
  readsPrec = readPrecParens (\d -> readsAlt (readsToken "Nothing" (readsReturn Nothing))
    (readsUpTo 10 d (readsToken "Just" (readsBind (readsPrec 11) (\x -> readsReturn (Just x))))))

instance (Read a, Read b) => Read (Either a b) where
  readsPrec = readPrecParens (\d -> readsUpTo 10 d (readsAlt
    (readsToken "Left" (readsBind (readsPrec 11) (\x -> readsReturn (Left x))))
    (readsToken "Right" (readsBind (readsPrec 11) (\x -> readsReturn (Right x))))))

instance (Integral a, Read a) => Read (Ratio a) where
  readsPrec = readPrecParens (\d -> readsUpTo 7 d (readsBind (readsPrec 8) (\x ->
    readsToken "%" (readsBind (readsPrec 8) (\y -> readsReturn (x % y))))))

-- Lexing (GHC's Text.Read.Lex) --------------------------------------------------------------------

-- A number keeps its kind (primLexNumber's) and the string from its first character on.
data Lexeme = LexChar Char | LexString String | LexPunc Char | LexIdent String | LexSymbol String
  | LexNumber Int String | LexEOF

-- | The first Haskell token of the string (after spaces) and the rest; [("", "")] at the end.
lex :: ReadS String
lex s = case skipSpaces s of
  s' -> case lexAt s' of
    [(_, n, t)] -> [(take n s', t)]
    _ -> []

-- The first token after any spaces: its lexeme, its length and the rest.
lexToken :: String -> [(Lexeme, Int, String)]
lexToken s = lexAt (skipSpaces s)

skipSpaces :: String -> String
skipSpaces s = case s of
  c : t -> if isSpace c then skipSpaces t else s
  [] -> s

lexAt :: String -> [(Lexeme, Int, String)]
lexAt s = case s of
  [] -> [(LexEOF, 0, [])]
  c : t
    | c == '\'' || c == '"' -> case primLexLiteral s of
        (n, cs, u) -> if n < 0 then [] else [(if c == '"' then LexString cs else LexChar (head cs), n, u)]
    | lexIsDigit c -> case primLexNumber s of
        (kind, n, u) -> [(LexNumber kind s, n, u)]
    | lexIsIdStart c -> case span lexIsIdChar t of
        (cs, u) -> [(LexIdent (c : cs), 1 + length cs, u)]
    | lexIsSymbol c -> case span lexIsSymbol t of
        (cs, u) -> [(LexSymbol (c : cs), 1 + length cs, u)]
    | elem c ",;()[]{}`" -> [(LexPunc c, 1, t)]
    | otherwise -> []

-- GHC's character classes (its Unicode general categories), with range tests first for ASCII:
-- these run per character of the input.
lexIsDigit :: Char -> Bool
lexIsDigit c = c >= '0' && c <= '9'

lexIsIdStart :: Char -> Bool
lexIsIdStart c
  | c <= 'Z' = c >= 'A'
  | c <= 'z' = c >= 'a' || c == '_'
  | otherwise = c > '\DEL' && primCharCategory c <= 4

lexIsIdChar :: Char -> Bool
lexIsIdChar c
  | c < '\DEL' = lexIsIdStart c || lexIsDigit c || c == '\''
  | otherwise = c > '\DEL' && (primCharCategory c <= 4 || (primCharCategory c >= 8 && primCharCategory c <= 10))

lexIsSymbol :: Char -> Bool
lexIsSymbol c
  | c < '0' = c == '!' || (c >= '#' && c <= '&') || c == '*' || c == '+' || c >= '-'
  | c <= '9' = False
  | c <= '@' = c == ':' || c >= '<'
  | c <= 'Z' = False
  | c <= '`' = c == '\\' || c == '^'
  | c <= 'z' = False
  | c <= '~' = c == '|' || c == '~'
  | c == '\DEL' = False
  | otherwise = lexSymbolCategory (primCharCategory c)

-- Math, currency, modifier and other symbols, dashes, and other and connector punctuation (the
-- ASCII quotes and `_` are handled above).
lexSymbolCategory :: Int -> Bool
lexSymbolCategory k = (k >= 17 && k <= 21) || k == 11 || k == 12

