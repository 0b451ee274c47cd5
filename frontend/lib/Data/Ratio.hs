-- Data.Ratio: rational numbers. The type, its instances, (%), numerator and denominator are
-- the Prelude's; approxRational is here.
module Data.Ratio (Ratio, Rational, (%), numerator, denominator, approxRational) where

-- | The simplest fraction (smallest denominator) within eps of x.
-- > approxRational 3.14159 0.001 == 201 % 64
approxRational :: RealFrac a => a -> a -> Rational
approxRational x eps = simplestBetween (toRational x - toRational eps) (toRational x + toRational eps)

simplestBetween :: Rational -> Rational -> Rational
simplestBetween lo hi
  | hi < lo = simplestBetween hi lo
  | lo == hi = lo
  | lo > 0 = simplestPositive (numerator lo) (denominator lo) (numerator hi) (denominator hi)
  | hi < 0 = negate (simplestPositive (negate (numerator hi)) (denominator hi)
                                      (negate (numerator lo)) (denominator lo))
  | otherwise = 0

-- The simplest rational in [n/d, n'/d'] for 0 < n/d < n'/d', by continued fractions: when an
-- integer lies in the interval it is the answer, else the integer part q is shared and the
-- answer is q + 1/r for the simplest r between the reciprocals of the fractional parts.
simplestPositive :: Integer -> Integer -> Integer -> Integer -> Rational
simplestPositive n d n' d' = case (quotRem n d, quotRem n' d') of
  ((q, r), (q', r'))
    | r == 0 -> q :% 1
    | q /= q' -> (q + 1) :% 1
    | otherwise -> case simplestPositive d' r' d r of
        inner -> (q * numerator inner + denominator inner) :% numerator inner
