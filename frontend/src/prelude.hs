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
  -- Functions
  mapM, mapM_, sequence, sequence_, (=<<), (<$>),
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

data Ordering = LT | EQ | GT
data Maybe a = Nothing | Just a
data Either a b = Left a | Right b
data Ratio a = a :% a
type Rational = Ratio Integer
type String = [Char]
type ShowS = String -> String

-- An IO action is a function run with (); effects happen only when it is run.
newtype IO a = IO (() -> a)

-- Runs `main` and hands its result to the world (the REPL keeps it as `it`).
runMainIO :: IO a -> ()
runMainIO (IO f) = primMainResult (f ())

-- Classes ---------------------------------------------------------------------------------------

class Eq a where
  (==), (/=) :: a -> a -> Bool
  x /= y = not (x == y)
  x == y = not (x /= y)

class Eq a => Ord a where
  compare :: a -> a -> Ordering
  (<), (<=), (>), (>=) :: a -> a -> Bool
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

class Show a where
  showsPrec :: Int -> a -> ShowS
  show :: a -> String
  showList :: [a] -> ShowS
  showsPrec _ x s = show x ++ s
  show x = showsPrec 0 x ""
  showList ls s = showListWith shows ls s

class Bounded a where
  minBound, maxBound :: a

class Enum a where
  succ, pred :: a -> a
  toEnum :: Int -> a
  fromEnum :: a -> Int
  enumFrom :: a -> [a]
  enumFromThen :: a -> a -> [a]
  enumFromTo :: a -> a -> [a]
  enumFromThenTo :: a -> a -> a -> [a]
  succ x = toEnum (fromEnum x + 1)
  pred x = toEnum (fromEnum x - 1)
  enumFrom _ = error "enumFrom: infinite lists are not supported in strict dnrad"
  enumFromThen _ _ = error "enumFromThen: infinite lists are not supported in strict dnrad"
  enumFromTo x y = map toEnum (intRange (fromEnum x) 1 (fromEnum y))
  enumFromThenTo x y z = map toEnum (intRange (fromEnum x) (fromEnum y - fromEnum x) (fromEnum z))

class (Eq a, Show a) => Num a where
  (+), (-), (*) :: a -> a -> a
  negate, abs, signum :: a -> a
  fromInteger :: Integer -> a
  x - y = x + negate y
  negate x = fromInteger 0 - x

class (Num a, Ord a) => Real a where
  toRational :: a -> Rational
  -- realToFrac; not Haskell 98, but it keeps the derivative of Double -> Double conversions
  realToFracVia :: Fractional b => a -> b
  realToFracVia x = fromRational (toRational x)

class (Real a, Enum a) => Integral a where
  quot, rem, div, mod :: a -> a -> a
  quotRem, divMod :: a -> a -> (a, a)
  toInteger :: a -> Integer
  n `quot` d = fst (quotRem n d)
  n `rem` d = snd (quotRem n d)
  n `div` d = fst (divMod n d)
  n `mod` d = snd (divMod n d)
  quotRem n d = (n `quot` d, n `rem` d)
  divMod n d = (n `div` d, n `mod` d)

class Num a => Fractional a where
  (/) :: a -> a -> a
  recip :: a -> a
  fromRational :: Rational -> a
  -- from a Double, exactly; not Haskell 98 (see realToFracVia)
  fromDoubleExact :: Double -> a
  fromDoubleExact x = fromRational (toRational x)
  recip x = 1 / x
  x / y = x * recip y

class Fractional a => Floating a where
  pi :: a
  exp, log, sqrt :: a -> a
  (**), logBase :: a -> a -> a
  sin, cos, tan, asin, acos, atan :: a -> a
  sinh, cosh, tanh, asinh, acosh, atanh :: a -> a
  x ** y = exp (log x * y)
  logBase x y = log y / log x
  sqrt x = x ** 0.5
  tan x = sin x / cos x
  tanh x = sinh x / cosh x

class (Real a, Fractional a) => RealFrac a where
  properFraction :: Integral b => a -> (b, a)
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

class (RealFrac a, Floating a) => RealFloat a where
  floatRadix :: a -> Integer
  floatDigits :: a -> Int
  floatRange :: a -> (Int, Int)
  decodeFloat :: a -> (Integer, Int)
  encodeFloat :: Integer -> Int -> a
  exponent :: a -> Int
  significand :: a -> a
  scaleFloat :: Int -> a -> a
  isNaN, isInfinite, isDenormalized, isNegativeZero, isIEEE :: a -> Bool
  atan2 :: a -> a -> a
  exponent x = case decodeFloat x of
    (m, n) -> if m == 0 then 0 else n + floatDigits x
  significand x = case decodeFloat x of
    (m, _) -> encodeFloat m (negate (floatDigits x))
  scaleFloat k x = case decodeFloat x of
    (m, n) -> encodeFloat m (n + k)

class Functor f where
  fmap :: (a -> b) -> f a -> f b
  (<$) :: a -> f b -> f a
  x <$ m = fmap (\_ -> x) m

-- Applicative is a superclass of Monad, as in GHC. A monad written in Haskell 98 style, with a
-- Monad instance only, gets its Functor and Applicative instances from its Monad methods (the
-- type checker adds them: frontend/src/typecheck/hierarchy.rs).
class Functor f => Applicative f where
  pure :: a -> f a
  (<*>) :: f (a -> b) -> f a -> f b
  liftA2 :: (a -> b -> c) -> f a -> f b -> f c
  (*>) :: f a -> f b -> f b
  (<*) :: f a -> f b -> f a
  fs <*> xs = liftA2 id fs xs
  liftA2 f xs ys = fmap f xs <*> ys
  xs *> ys = (id <$ xs) <*> ys
  xs <* ys = liftA2 const xs ys

(<$>) :: Functor f => (a -> b) -> f a -> f b
f <$> x = fmap f x

class Applicative m => Monad m where
  (>>=) :: m a -> (a -> m b) -> m b
  (>>) :: m a -> m b -> m b
  return :: a -> m a
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
  enumFromThenTo a b c = intRange a (b - a) c

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

-- The last element of a range that is not empty (the number of steps counted in Integer:
-- `to - from` may not fit in an Int; the last element does).
intRangeLast :: Int -> Int -> Int -> Int
intRangeLast from step to
  | step == 0 = error "enumFromThenTo: a zero step gives an infinite list"
  | otherwise = from + primIntegerToInt ((primIntToInteger to - primIntToInteger from) `quot` primIntToInteger step) * step

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
  enumFromThenTo a b c = map primCharChr (intRange (primCharOrd a) (primCharOrd b - primCharOrd a) (primCharOrd c))

instance Bounded Char where
  minBound = '\0'
  maxBound = '\1114111'

-- Ratio -----------------------------------------------------------------------------------------

(%) :: Integral a => a -> a -> Ratio a
x % y = reduce (x * signum y) (abs y)

reduce :: Integral a => a -> a -> Ratio a
reduce x y
  | y == 0 = error "Ratio has zero denominator"
  | otherwise = let d = gcd x y in (x `quot` d) :% (y `quot` d)

numerator :: Ratio a -> a
numerator (x :% _) = x

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

-- Input and output. Every primitive below that acts on the world takes the action's () last
-- (see core/src/prim.rs), so it runs when, and as often as, its action runs. A Handle is the
-- runtime's number for an open stream (0, 1, 2: the standard ones) and its name. Names that are
-- not Haskell 98 Prelude names (Handle, hPutStr, getArgs, exitWith, IORef, trace, ...) are
-- here because they need primitives; System.IO, System.Environment, System.Exit, Data.IORef
-- and Debug.Trace export them, with what they build on them.

type FilePath = String

data Handle = Handle Int String
data IOMode = ReadMode | WriteMode | AppendMode | ReadWriteMode deriving (Eq, Ord, Enum, Show)
data BufferMode = NoBuffering | LineBuffering | BlockBuffering (Maybe Int) deriving (Eq, Ord, Show)
data ExitCode = ExitSuccess | ExitFailure Int deriving (Eq, Ord, Show)

instance Eq Handle where
  Handle a _ == Handle b _ = a == b

instance Show Handle where
  showsPrec _ (Handle _ name) = showString "{handle: " . showString name . showChar '}'

-- dnrad has no `catch`: an IOError raised with ioError ends the program.
newtype IOError = IOError String

instance Show IOError where
  showsPrec _ (IOError s) = showString "user error (" . showString s . showChar ')'

userError :: String -> IOError
userError s = IOError s

ioError :: IOError -> IO a
ioError e = IO (\w -> primIoError (show e) w)

stdin, stdout, stderr :: Handle
stdin = Handle 0 "<stdin>"
stdout = Handle 1 "<stdout>"
stderr = Handle 2 "<stderr>"

hPutStr :: Handle -> String -> IO ()
hPutStr (Handle h _) s = IO (\w -> primHPutStr h s w)

hGetLine :: Handle -> IO String
hGetLine (Handle h _) = IO (\w -> primHGetLine h w)

hGetChar :: Handle -> IO Char
hGetChar (Handle h _) = IO (\w -> primHGetChar h w)

-- Strict: reads everything left and closes the handle.
hGetContents :: Handle -> IO String
hGetContents (Handle h _) = IO (\w -> primHGetContents h w)

hIsEOF :: Handle -> IO Bool
hIsEOF (Handle h _) = IO (\w -> primHIsEOF h w)

hFlush :: Handle -> IO ()
hFlush (Handle h _) = IO (\w -> primHFlush h w)

hClose :: Handle -> IO ()
hClose (Handle h _) = IO (\w -> primHClose h w)

hSetBuffering :: Handle -> BufferMode -> IO ()
hSetBuffering (Handle h _) mode = IO (\w -> primHSetBuffering h (bufferCode mode) w)

bufferCode :: BufferMode -> Int
bufferCode NoBuffering = 0
bufferCode LineBuffering = 1
bufferCode (BlockBuffering _) = 2

openFile :: FilePath -> IOMode -> IO Handle
openFile path mode = IO (\w -> Handle (primOpenFile path (modeCode mode) w) path)

modeCode :: IOMode -> Int
modeCode ReadMode = 0
modeCode WriteMode = 1
modeCode AppendMode = 2
modeCode ReadWriteMode = 3

putChar :: Char -> IO ()
putChar c = hPutStr stdout [c]

putStr :: String -> IO ()
putStr s = hPutStr stdout s

putStrLn :: String -> IO ()
putStrLn s = IO (\w -> case primHPutStr 1 s w of
  _ -> primHPutStr 1 "\n" w)

print :: Show a => a -> IO ()
print x = putStrLn (show x)

getChar :: IO Char
getChar = hGetChar stdin

getLine :: IO String
getLine = hGetLine stdin

-- Strict: the whole of standard input.
getContents :: IO String
getContents = hGetContents stdin

interact :: (String -> String) -> IO ()
interact f = getContents >>= \s -> putStr (f s)

readFile :: FilePath -> IO String
readFile path = openFile path ReadMode >>= hGetContents

writeFile :: FilePath -> String -> IO ()
writeFile path s = writeVia WriteMode path s

appendFile :: FilePath -> String -> IO ()
appendFile path s = writeVia AppendMode path s

writeVia :: IOMode -> FilePath -> String -> IO ()
writeVia mode path s = openFile path mode >>= \h -> hPutStr h s >>= \_ -> hClose h

getArgs :: IO [String]
getArgs = IO (\w -> primGetArgs w)

getProgName :: IO String
getProgName = IO (\w -> primGetProgName w)

exitWith :: ExitCode -> IO a
exitWith ExitSuccess = IO (\w -> primExit 0 w)
exitWith (ExitFailure n)
  | n == 0 = IO (\w -> primIoError "exitWith: invalid argument (ExitFailure 0)" w)
  | otherwise = IO (\w -> primExit n w)

newtype IORef a = IORef (Ref a)

newIORef :: a -> IO (IORef a)
newIORef x = IO (\w -> IORef (primNewRef x w))

readIORef :: IORef a -> IO a
readIORef (IORef r) = IO (\w -> primReadRef r w)

writeIORef :: IORef a -> a -> IO ()
writeIORef (IORef r) x = IO (\w -> primWriteRef r x w)

-- Writes the message and a newline to standard error when the call is evaluated.
trace :: String -> a -> a
trace s x = primTrace s x

mapM_ :: Monad m => (a -> m b) -> [a] -> m ()
mapM_ f [] = return ()
mapM_ f (x:xs) = f x >>= \_ -> mapM_ f xs

mapM :: Monad m => (a -> m b) -> [a] -> m [b]
mapM f [] = return []
mapM f (x:xs) = f x >>= \y -> mapM f xs >>= \ys -> return (y : ys)

sequence_ :: Monad m => [m a] -> m ()
sequence_ [] = return ()
sequence_ (m:ms) = m >>= \_ -> sequence_ ms

sequence :: Monad m => [m a] -> m [a]
sequence = mapM id

(=<<) :: Monad m => (a -> m b) -> m a -> m b
f =<< m = m >>= f

-- Functions -------------------------------------------------------------------------------------

error :: String -> a
error s = primError s

undefined :: a
undefined = error "Prelude.undefined"

id :: a -> a
id x = x

const :: a -> b -> a
const x _ = x

(.) :: (b -> c) -> (a -> b) -> a -> c
(f . g) x = f (g x)

flip :: (a -> b -> c) -> b -> a -> c
flip f x y = f y x

($) :: (a -> b) -> a -> b
f $ x = f x

($!) :: (a -> b) -> a -> b
f $! x = f x

seq :: a -> b -> b
seq _ y = y

asTypeOf :: a -> a -> a
asTypeOf x _ = x

until :: (a -> Bool) -> (a -> a) -> a -> a
until p f x = if p x then x else until p f (f x)

not :: Bool -> Bool
not True = False
not False = True

(&&) :: Bool -> Bool -> Bool
True && x = x
False && _ = False

(||) :: Bool -> Bool -> Bool
True || _ = True
False || x = x

otherwise :: Bool
otherwise = True

maybe :: b -> (a -> b) -> Maybe a -> b
maybe n _ Nothing = n
maybe _ f (Just x) = f x

either :: (a -> c) -> (b -> c) -> Either a b -> c
either f _ (Left x) = f x
either _ g (Right y) = g y

fst :: (a, b) -> a
fst (x, _) = x

snd :: (a, b) -> b
snd (_, y) = y

curry :: ((a, b) -> c) -> a -> b -> c
curry f x y = f (x, y)

uncurry :: (a -> b -> c) -> (a, b) -> c
uncurry f p = f (fst p) (snd p)

-- Numeric functions -----------------------------------------------------------------------------

subtract :: Num a => a -> a -> a
subtract x y = y - x

even, odd :: Integral a => a -> Bool
even n = n `rem` 2 == 0
odd n = not (even n)

gcd :: Integral a => a -> a -> a
gcd x y = gcdAbs (abs x) (abs y)

gcdAbs :: Integral a => a -> a -> a
gcdAbs a b = if b == 0 then a else gcdAbs b (a `rem` b)

lcm :: Integral a => a -> a -> a
lcm x y = if x == 0 || y == 0 then 0 else abs ((x `quot` gcd x y) * y)

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

(^^) :: (Fractional a, Integral b) => a -> b -> a
x ^^ n = if n >= 0 then x ^ n else recip (x ^ negate n)

fromIntegral :: (Integral a, Num b) => a -> b
fromIntegral x = fromInteger (toInteger x)

realToFrac :: (Real a, Fractional b) => a -> b
realToFrac x = realToFracVia x

-- The test of an n+k pattern (Haskell 98), which matches values of integral types only.
nPlusKMatches :: Integral a => a -> a -> Bool
nPlusKMatches k v = v >= k

-- Lists -----------------------------------------------------------------------------------------

map :: (a -> b) -> [a] -> [b]
map _ [] = []
map f (x:xs) = f x : map f xs

(++) :: [a] -> [a] -> [a]
[] ++ ys = ys
(x:xs) ++ ys = x : (xs ++ ys)

filter :: (a -> Bool) -> [a] -> [a]
filter _ [] = []
filter p (x:xs) = if p x then x : filter p xs else filter p xs

concat :: [[a]] -> [a]
concat xss = foldr (++) [] xss

concatMap :: (a -> [b]) -> [a] -> [b]
concatMap _ [] = []
concatMap f (x:xs) = f x ++ concatMap f xs

head :: [a] -> a
head (x:_) = x
head [] = error "Prelude.head: empty list"

last :: [a] -> a
last [x] = x
last (_:xs) = last xs
last [] = error "Prelude.last: empty list"

tail :: [a] -> [a]
tail (_:xs) = xs
tail [] = error "Prelude.tail: empty list"

init :: [a] -> [a]
init [x] = []
init (x:xs) = x : init xs
init [] = error "Prelude.init: empty list"

null :: [a] -> Bool
null [] = True
null _ = False

length :: [a] -> Int
length xs = lengthAcc xs 0

lengthAcc :: [a] -> Int -> Int
lengthAcc [] n = n
lengthAcc (_:xs) n = lengthAcc xs (primIntAdd n 1)

(!!) :: [a] -> Int -> a
xs !! n = if n < 0 then error "Prelude.!!: negative index" else index xs n

index :: [a] -> Int -> a
index [] _ = error "Prelude.!!: index too large"
index (x:xs) n = if n == 0 then x else index xs (n - 1)

foldl :: (a -> b -> a) -> a -> [b] -> a
foldl _ z [] = z
foldl f z (x:xs) = foldl f (f z x) xs

foldl1 :: (a -> a -> a) -> [a] -> a
foldl1 f (x:xs) = foldl f x xs
foldl1 _ [] = error "Prelude.foldl1: empty list"

foldr :: (a -> b -> b) -> b -> [a] -> b
foldr _ z [] = z
foldr f z (x:xs) = f x (foldr f z xs)

foldr1 :: (a -> a -> a) -> [a] -> a
foldr1 _ [x] = x
foldr1 f (x:xs) = f x (foldr1 f xs)
foldr1 _ [] = error "Prelude.foldr1: empty list"

scanl :: (a -> b -> a) -> a -> [b] -> [a]
scanl f q ls = q : (case ls of
  [] -> []
  x:xs -> scanl f (f q x) xs)

scanl1 :: (a -> a -> a) -> [a] -> [a]
scanl1 f (x:xs) = scanl f x xs
scanl1 _ [] = []

scanr :: (a -> b -> b) -> b -> [a] -> [b]
scanr _ q0 [] = [q0]
scanr f q0 (x:xs) = case scanr f q0 xs of
  qs@(q:_) -> f x q : qs

scanr1 :: (a -> a -> a) -> [a] -> [a]
scanr1 _ [] = []
scanr1 _ [x] = [x]
scanr1 f (x:xs) = case scanr1 f xs of
  qs@(q:_) -> f x q : qs

sum :: Num a => [a] -> a
sum xs = foldl (+) 0 xs

product :: Num a => [a] -> a
product xs = foldl (*) 1 xs

maximum :: Ord a => [a] -> a
maximum [] = error "Prelude.maximum: empty list"
maximum (x:xs) = foldl max x xs

minimum :: Ord a => [a] -> a
minimum [] = error "Prelude.minimum: empty list"
minimum (x:xs) = foldl min x xs

and :: [Bool] -> Bool
and [] = True
and (x:xs) = x && and xs

or :: [Bool] -> Bool
or [] = False
or (x:xs) = x || or xs

any :: (a -> Bool) -> [a] -> Bool
any _ [] = False
any p (x:xs) = p x || any p xs

all :: (a -> Bool) -> [a] -> Bool
all _ [] = True
all p (x:xs) = p x && all p xs

elem :: Eq a => a -> [a] -> Bool
elem _ [] = False
elem x (y:ys) = x == y || elem x ys

notElem :: Eq a => a -> [a] -> Bool
notElem x ys = not (elem x ys)

lookup :: Eq a => a -> [(a, b)] -> Maybe b
lookup _ [] = Nothing
lookup k ((k', v):rest) = if k == k' then Just v else lookup k rest

reverse :: [a] -> [a]
reverse xs = reverseAcc xs []

reverseAcc :: [a] -> [a] -> [a]
reverseAcc [] acc = acc
reverseAcc (x:xs) acc = reverseAcc xs (x : acc)

take :: Int -> [a] -> [a]
take n xs = if n <= 0 then [] else case xs of
  [] -> []
  y:ys -> y : take (n - 1) ys

drop :: Int -> [a] -> [a]
drop n xs = if n <= 0 then xs else case xs of
  [] -> []
  _:ys -> drop (n - 1) ys

splitAt :: Int -> [a] -> ([a], [a])
splitAt n xs = (take n xs, drop n xs)

takeWhile :: (a -> Bool) -> [a] -> [a]
takeWhile _ [] = []
takeWhile p (x:xs) = if p x then x : takeWhile p xs else []

dropWhile :: (a -> Bool) -> [a] -> [a]
dropWhile _ [] = []
dropWhile p (x:xs) = if p x then dropWhile p xs else x : xs

span :: (a -> Bool) -> [a] -> ([a], [a])
span _ [] = ([], [])
span p (x:xs) = if p x then (case span p xs of
  (ys, zs) -> (x : ys, zs)) else ([], x : xs)

break :: (a -> Bool) -> [a] -> ([a], [a])
break p xs = span (not . p) xs

replicate :: Int -> a -> [a]
replicate n x = replicateAcc n x []

replicateAcc :: Int -> a -> [a] -> [a]
replicateAcc n x acc = if n <= 0 then acc else replicateAcc (n - 1) x (x : acc)

zip :: [a] -> [b] -> [(a, b)]
zip (a:as) (b:bs) = (a, b) : zip as bs
zip _ _ = []

zip3 :: [a] -> [b] -> [c] -> [(a, b, c)]
zip3 (a:as) (b:bs) (c:cs) = (a, b, c) : zip3 as bs cs
zip3 _ _ _ = []

zipWith :: (a -> b -> c) -> [a] -> [b] -> [c]
zipWith f (a:as) (b:bs) = f a b : zipWith f as bs
zipWith _ _ _ = []

zipWith3 :: (a -> b -> c -> d) -> [a] -> [b] -> [c] -> [d]
zipWith3 f (a:as) (b:bs) (c:cs) = f a b c : zipWith3 f as bs cs
zipWith3 _ _ _ _ = []

unzip :: [(a, b)] -> ([a], [b])
unzip [] = ([], [])
unzip ((a, b):rest) = case unzip rest of
  (as, bs) -> (a : as, b : bs)

unzip3 :: [(a, b, c)] -> ([a], [b], [c])
unzip3 [] = ([], [], [])
unzip3 ((a, b, c):rest) = case unzip3 rest of
  (as, bs, cs) -> (a : as, b : bs, c : cs)

-- Strings ---------------------------------------------------------------------------------------

-- GHC's: the ASCII white space, no-break space, and Unicode's other space separators.
isSpace :: Char -> Bool
isSpace c = if c <= ' ' then c == ' ' || (c >= '\t' && c <= '\r')
  else c == '\xa0' || (c > '\x377' && primCharCategory c == 22)

lines :: String -> [String]
lines "" = []
lines s = case break (== '\n') s of
  (l, rest) -> l : (case rest of
    [] -> []
    _:s' -> lines s')

words :: String -> [String]
words s = case dropWhile isSpace s of
  "" -> []
  s' -> case break isSpace s' of
    (w, s'') -> w : words s''

unlines :: [String] -> String
unlines [] = ""
unlines (l:ls) = l ++ '\n' : unlines ls

unwords :: [String] -> String
unwords [] = ""
unwords [w] = w
unwords (w:ws) = w ++ ' ' : unwords ws

-- Showing ---------------------------------------------------------------------------------------

shows :: Show a => a -> ShowS
shows x = showsPrec 0 x

showChar :: Char -> ShowS
showChar c s = c : s

showString :: String -> ShowS
showString str s = str ++ s

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

type ReadS a = String -> [(a, String)]

class Read a where
  readsPrec :: Int -> ReadS a
  readList :: ReadS [a]
  readList = readListWith reads

reads :: Read a => ReadS a
reads = readsPrec 0

read :: Read a => String -> a
read s = either error id (readEither s)

-- The value that the whole string (spaces around it aside) denotes, or why there is none.
readEither :: Read a => String -> Either String a
readEither s = case readsComplete (reads s) of
  [x] -> Right x
  [] -> Left "Prelude.read: no parse"
  _ -> Left "Prelude.read: ambiguous parse"

-- As `read`, but a malformed string fails the action with an IOError (`user error`).
readIO :: Read a => String -> IO a
readIO s = case readsComplete (reads s) of
  [x] -> return x
  [] -> ioError (userError "Prelude.readIO: no parse")
  _ -> ioError (userError "Prelude.readIO: ambiguous parse")

readLn :: Read a => IO a
readLn = getLine >>= readIO

-- The parses that leave only spaces.
readsComplete :: [(a, String)] -> [a]
readsComplete rs = case rs of
  [] -> []
  (x, t) : more -> if all isSpace t then x : readsComplete more else readsComplete more

-- Haskell 98's: `g`, or `g` in parentheses, which `b` requires.
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

-- The first token after any spaces, and the rest; ("", "") at the end; none for a bad token.
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

