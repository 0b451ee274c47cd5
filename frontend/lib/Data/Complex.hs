-- Data.Complex: complex numbers in rectangular form over a RealFloat type. The arithmetic and
-- the elementary functions use GHC's formulas (scaled magnitude and division, the principal
-- branches), so results agree with GHC to the last bit.
module Data.Complex
  ( Complex((:+)), realPart, imagPart, mkPolar, cis, polar, magnitude, phase, conjugate
  ) where

infix 6 :+

-- | A complex number `x :+ y` (real and imaginary parts), over a RealFloat type such as Double.
data Complex a = a :+ a

-- | The real part.
realPart :: Complex a -> a
realPart (x :+ _) = x

-- | The imaginary part.
imagPart :: Complex a -> a
imagPart (_ :+ y) = y

-- | The complex conjugate.
conjugate :: Num a => Complex a -> Complex a
conjugate (x :+ y) = x :+ negate y

-- | The number of a magnitude and a phase.
mkPolar :: Floating a => a -> a -> Complex a
mkPolar r theta = (r * cos theta) :+ (r * sin theta)

-- | `cis t` is `mkPolar 1 t`.
cis :: Floating a => a -> Complex a
cis theta = cos theta :+ sin theta

-- | The magnitude and the phase.
polar :: RealFloat a => Complex a -> (a, a)
polar z = (magnitude z, phase z)

-- | The absolute value, computed without overflow or underflow.
magnitude :: RealFloat a => Complex a -> a
magnitude (x :+ y) =
  let k = max (exponent x) (exponent y)
      sx = scaleFloat (negate k) x
      sy = scaleFloat (negate k) y
  in scaleFloat k (sqrt (sx * sx + sy * sy))

-- | The argument, in (-pi, pi] (0 for 0).
phase :: RealFloat a => Complex a -> a
phase (x :+ y) = if x == 0 && y == 0 then 0 else atan2 y x

instance Eq a => Eq (Complex a) where
  (x :+ y) == (x' :+ y') = x == x' && y == y'

instance Show a => Show (Complex a) where
  showsPrec d (x :+ y) = showParen (d > 6) (showsPrec 7 x . showString " :+ " . showsPrec 7 y)

instance Functor Complex where
  fmap f (x :+ y) = f x :+ f y

instance RealFloat a => Num (Complex a) where
  (x :+ y) + (x' :+ y') = (x + x') :+ (y + y')
  (x :+ y) - (x' :+ y') = (x - x') :+ (y - y')
  (x :+ y) * (x' :+ y') = (x * x' - y * y') :+ (x * y' + y * x')
  negate (x :+ y) = negate x :+ negate y
  abs z = magnitude z :+ 0
  signum z@(x :+ y) =
    if x == 0 && y == 0 then 0 :+ 0 else let r = magnitude z in (x / r) :+ (y / r)
  fromInteger n = fromInteger n :+ 0

instance RealFloat a => Fractional (Complex a) where
  -- The divisor scaled by a power of two against overflow, as in magnitude.
  (x :+ y) / (x' :+ y') =
    let k = negate (max (exponent x') (exponent y'))
        x'' = scaleFloat k x'
        y'' = scaleFloat k y'
        d = x' * x'' + y' * y''
    in ((x * x'' + y * y'') / d) :+ ((y * x'' - x * y'') / d)
  fromRational r = fromRational r :+ 0

instance RealFloat a => Floating (Complex a) where
  pi = pi :+ 0
  exp (x :+ y) = let ex = exp x in (ex * cos y) :+ (ex * sin y)
  log z = log (magnitude z) :+ phase z
  x ** y = complexPower x y
  sqrt z@(x :+ y)
    | x == 0 && y == 0 = 0 :+ 0
    | otherwise =
        let u' = sqrt ((magnitude z + abs x) / 2)
            v' = abs y / (u' * 2)
            (u, v) = if x < 0 then (v', u') else (u', v')
        in u :+ (if y < 0 then negate v else v)
  sin (x :+ y) = (sin x * cosh y) :+ (cos x * sinh y)
  cos (x :+ y) = (cos x * cosh y) :+ negate (sin x * sinh y)
  tan (x :+ y) =
    let sinx = sin x
        cosx = cos x
        sinhy = sinh y
        coshy = cosh y
    in ((sinx * coshy) :+ (cosx * sinhy)) / ((cosx * coshy) :+ negate (sinx * sinhy))
  sinh (x :+ y) = (cos y * sinh x) :+ (sin y * cosh x)
  cosh (x :+ y) = (cos y * cosh x) :+ (sin y * sinh x)
  tanh (x :+ y) =
    let cosy = cos y
        siny = sin y
        sinhx = sinh x
        coshx = cosh x
    in ((cosy * sinhx) :+ (siny * coshx)) / ((cosy * coshx) :+ (siny * sinhx))
  asin z@(x :+ y) = case log ((negate y :+ x) + sqrt (1 - z * z)) of
    x' :+ y' -> y' :+ negate x'
  acos z = case sqrt (1 - z * z) of
    x' :+ y' -> case log (z + (negate y' :+ x')) of
      x'' :+ y'' -> y'' :+ negate x''
  atan z@(x :+ y) = case log (((1 - y) :+ x) / sqrt (1 + z * z)) of
    x' :+ y' -> y' :+ negate x'
  asinh z = log (z + sqrt (1 + z * z))
  acosh z = log (z + sqrt (z + 1) * sqrt (z - 1))
  atanh z = 0.5 * log ((1.0 + z) / (1.0 - z))

-- x ** y, with GHC's answers where exp (log x * y) has none: a zero or infinite base.
complexPower :: RealFloat a => Complex a -> Complex a -> Complex a
complexPower x@(re :+ im) y@(yre :+ yim)
  | yre == 0 && yim == 0 = 1 :+ 0
  | re == 0 && im == 0 = byExponentSign (0 :+ 0) (infinity :+ 0)
  | isInfinite re || isInfinite im = byExponentSign (infinity :+ 0) (0 :+ 0)
  | otherwise = exp (log x * y)
  where
    infinity = 1 / 0
    byExponentSign positive negative = case compare yre 0 of
      GT -> positive
      LT -> negative
      EQ -> (0 / 0) :+ (0 / 0)
