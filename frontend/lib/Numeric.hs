-- Numeric: numbers shown and read in other bases and formats, with the results of GHC's module
-- of the same name (base 4.15), for strict evaluation. floatToDigits is Burger and Dybvig's
-- free-format algorithm; the formats round those shortest digits half to even, as GHC does.
module Numeric
  ( showSigned, showIntAtBase, showInt, showHex, showOct
  , showEFloat, showFFloat, showGFloat, showFFloatAlt, showGFloatAlt, showFloat
  , floatToDigits, fromRat
  , readSigned, readInt, readDec, readOct, readHex, readFloat, lexDigits
  ) where

-- Showing integers -------------------------------------------------------------------------------

-- | `showPos` shows a non-negative value; a negative one gets a `-`, and parentheses above
-- precedence 6.
showSigned :: Real a => (a -> ShowS) -> Int -> a -> ShowS
showSigned showPos p x =
  if x < 0 then showParen (p > 6) (showChar '-' . showPos (negate x)) else showPos x

-- | Prepends the digits of a non-negative integer; an error for a negative one.
showInt :: Integral a => a -> ShowS
showInt n r = if n < 0 then error "Numeric.showInt: can't show negative numbers" else showIntAtBase 10 numericDigit n r

-- | Prepends a non-negative integer in hexadecimal (lower case).
-- > showHex 255 "" == "ff"
showHex :: Integral a => a -> ShowS
showHex = showIntAtBase 16 numericDigit

-- | Prepends a non-negative integer in octal.
showOct :: Integral a => a -> ShowS
showOct = showIntAtBase 8 numericDigit

-- | The digits of a non-negative number in base `base`, each shown by `toChr`.
showIntAtBase :: Integral a => a -> (Int -> Char) -> a -> ShowS
showIntAtBase base toChr n r
  | base <= 1 = error ("Numeric.showIntAtBase: applied to unsupported base " ++ show base)
  | n < 0 = error ("Numeric.showIntAtBase: applied to negative number " ++ show n)
  | otherwise = showDigitsFrom base toChr n r

showDigitsFrom :: Integral a => a -> (Int -> Char) -> a -> ShowS
showDigitsFrom base toChr n r = case quotRem n base of
  (q, d) -> let r' = toChr (fromIntegral d) : r in if q == 0 then r' else showDigitsFrom base toChr q r'

-- Data.Char's intToDigit.
numericDigit :: Int -> Char
numericDigit d
  | d >= 0 && d <= 9 = toEnum (d + 48)
  | d >= 10 && d <= 15 = toEnum (d + 87)
  | otherwise = error ("Char.intToDigit: not a digit " ++ show d)

-- Showing floating-point numbers -------------------------------------------------------------------

-- | Prepends the number in the form d.ddde-n, with the given number of decimals (at least one)
-- or as many as needed.
-- > showEFloat (Just 2) 1234.5 "" == "1.23e3"
showEFloat :: RealFloat a => Maybe Int -> a -> ShowS
showEFloat decs x = showString (formatFloat FloatExponent decs False x)

-- | Prepends the number in the form ddd.ddd, with the given number of decimals or as many as
-- needed; never an exponent.
-- > showFFloat (Just 2) 3.14159 "" == "3.14"
showFFloat :: RealFloat a => Maybe Int -> a -> ShowS
showFFloat decs x = showString (formatFloat FloatFixed decs False x)

-- | `showFFloat` for 0.1 <= |x| < 10^7, `showEFloat` otherwise.
showGFloat :: RealFloat a => Maybe Int -> a -> ShowS
showGFloat decs x = showString (formatFloat FloatGeneric decs False x)

-- | `showFFloat`, with a decimal point even when no decimals follow.
showFFloatAlt :: RealFloat a => Maybe Int -> a -> ShowS
showFFloatAlt decs x = showString (formatFloat FloatFixed decs True x)

-- | `showGFloat`, with a decimal point even when no decimals follow.
showGFloatAlt :: RealFloat a => Maybe Int -> a -> ShowS
showGFloatAlt decs x = showString (formatFloat FloatGeneric decs True x)

-- | Prepends the number as `show` writes it.
showFloat :: RealFloat a => a -> ShowS
showFloat x = showString (formatFloat FloatGeneric Nothing False x)

data FloatFormat = FloatExponent | FloatFixed | FloatGeneric

formatFloat :: RealFloat a => FloatFormat -> Maybe Int -> Bool -> a -> String
formatFloat format decs alt x
  | isNaN x = "NaN"
  | isInfinite x = if x < 0 then "-Infinity" else "Infinity"
  | x < 0 || isNegativeZero x = '-' : formatDigits format decs alt (floatToDigits 10 (negate x))
  | otherwise = formatDigits format decs alt (floatToDigits 10 x)

-- The number 0.d1d2... * 10^e in a format.
formatDigits :: FloatFormat -> Maybe Int -> Bool -> ([Int], Int) -> String
formatDigits format decs alt (ds, e) = case format of
  FloatGeneric -> formatDigits (if e < 0 || e > 7 then FloatExponent else FloatFixed) decs alt (ds, e)
  FloatExponent -> formatExponent decs ds e
  FloatFixed -> formatFixed decs alt ds e

formatExponent :: Maybe Int -> [Int] -> Int -> String
formatExponent decs ds e = case decs of
  Nothing -> case ds of
    [0] -> "0.0e0"
    [d] -> numericDigit d : ".0e" ++ show (e - 1)
    d : rest -> numericDigit d : '.' : map numericDigit rest ++ 'e' : show (e - 1)
    [] -> error "Numeric.showEFloat: no digits"
  Just n -> if ds == [0] then zeroExponent n else
    -- n decimals (none when n <= 0) after the first digit; a carry moves the exponent.
    case roundDigits (max n 0 + 1) ds of
      (carry, rounded) -> case map numericDigit (if carry > 0 then init rounded else rounded) of
        d : rest -> d : (if n <= 0 then "" else '.' : rest) ++ 'e' : show (e - 1 + carry)
        [] -> error "Numeric.showEFloat: no digits"

zeroExponent :: Int -> String
zeroExponent n = if n <= 0 then "0e0" else "0." ++ replicate n '0' ++ "e0"

formatFixed :: Maybe Int -> Bool -> [Int] -> Int -> String
formatFixed decs alt ds e = case decs of
  Nothing
    | e <= 0 -> "0." ++ replicate (negate e) '0' ++ map numericDigit ds
    | otherwise -> case splitAt e (map numericDigit ds) of
        (whole, frac) -> whole ++ replicate (e - length whole) '0' ++ '.' : orZero frac
  Just n ->
    let n' = max n 0
        point rest = if null rest && not alt then "" else '.' : rest
    in if e >= 0
         then case roundDigits (n' + e) ds of
           (carry, rounded) -> case splitAt (e + carry) (map numericDigit rounded) of
             (whole, frac) -> orZero whole ++ point frac
         else case roundDigits n' (replicate (negate e) 0 ++ ds) of
           (carry, rounded) -> case map numericDigit (if carry > 0 then rounded else 0 : rounded) of
             d : frac -> d : point frac
             [] -> error "Numeric.showFFloat: no digits"

orZero :: String -> String
orZero s = if null s then "0" else s

-- The first `n` digits of 0.d1d2..., rounded half to even on those decimal digits (GHC's
-- rule), zeros added when there are fewer; a carry out of the first digit gives (1, 1 : ...).
roundDigits :: Int -> [Int] -> (Int, [Int])
roundDigits n ds = case roundFrom n True ds of
  (0, rounded) -> (0, rounded)
  (_, rounded) -> (1, 1 : rounded)

-- `evenBefore`: whether the digit before `ds` is even (True before the first).
roundFrom :: Int -> Bool -> [Int] -> (Int, [Int])
roundFrom n evenBefore ds = case ds of
  [] -> (0, replicate n 0)
  d : rest
    | n == 0 -> (if d > 5 || (d == 5 && not (evenBefore && all (== 0) rest)) then 1 else 0, [])
    | otherwise -> case roundFrom (n - 1) (even d) rest of
        (carry, rounded) -> if carry + d == 10 then (1, 0 : rounded) else (0, carry + d : rounded)

-- | The shortest digits d1 d2 ... dn and exponent e with x = 0.d1d2...dn * base^e that read back
-- as x (x >= 0; ([0], 0) for 0).
floatToDigits :: RealFloat a => Integer -> a -> ([Int], Int)
floatToDigits base x = if x == 0 then ([0], 0) else case decodeFloat x of
  (f, e) -> digitsFromScaled base (estimateExponent base (floatRadix x) (e + floatDigits x))
    (denormalised x f e)

-- decodeFloat normalises a subnormal x; its digits are those at the lowest exponent.
denormalised :: RealFloat a => a -> Integer -> Int -> (Integer, Integer, Integer, Integer)
denormalised x f e =
  let shift = fst (floatRange x) - floatDigits x - e
  in if shift > 0 then floatScaled x (f `quot` floatRadix x ^ shift) (e + shift) else floatScaled x f e

-- Burger and Dybvig's r, s, m+, m-: x = r / s, and the gaps to the neighbouring floats are
-- m+ / s and m- / s (the lower one halved when f is a power of the radix).
floatScaled :: RealFloat a => a -> Integer -> Int -> (Integer, Integer, Integer, Integer)
floatScaled x f e =
  let b = floatRadix x
      p = floatDigits x
      minExp = fst (floatRange x) - p
      lowest = f == b ^ (p - 1)
  in if e >= 0
       then let be = b ^ e in if lowest then (f * be * b * 2, 2 * b, be * b, be) else (f * be * 2, 2, be, be)
       else if e > minExp && lowest
         then (f * b * 2, b ^ (negate e + 1) * 2, b, 1)
         else (f * 2, b ^ negate e * 2, 1, 1)

digitsFromScaled :: Integer -> Int -> (Integer, Integer, Integer, Integer) -> ([Int], Int)
digitsFromScaled base guess (r, s, mUp, mDn) =
  let k = fixExponent base r s mUp guess
      scaled = if k >= 0 then (r, s * base ^ k, mUp, mDn) else
        (r * base ^ negate k, s, mUp * base ^ negate k, mDn * base ^ negate k)
  in (reverse (generateDigits base scaled []), k)

-- Near the smallest k with r + m+ <= s * base^k, for x of about radix^digits.
estimateExponent :: Integer -> Integer -> Int -> Int
estimateExponent base radix digits =
  ceiling ((fromIntegral digits :: Double) * log (fromInteger radix) / log (fromInteger base))

fixExponent :: Integer -> Integer -> Integer -> Integer -> Int -> Int
fixExponent base r s mUp k
  | not (fits k) = fixExponent base r s mUp (k + 1)
  | fits (k - 1) = fixExponent base r s mUp (k - 1)
  | otherwise = k
  where
    fits j = if j >= 0 then r + mUp <= s * base ^ j else (r + mUp) * base ^ negate j <= s

-- The digits, last first: each the next of r / s, until the rest is within a gap.
generateDigits :: Integer -> (Integer, Integer, Integer, Integer) -> [Int] -> [Int]
generateDigits base (r, s, mUp, mDn) acc = case quotRem (r * base) s of
  (d, r') ->
    let up = mUp * base
        dn = mDn * base
        low = r' < dn
        high = r' + up > s
        digit = fromInteger d
    in if low && high then (if r' * 2 < s then digit else digit + 1) : acc
       else if low then digit : acc
       else if high then digit + 1 : acc
       else generateDigits base (r', s, up, dn) (digit : acc)

-- | The floating-point number nearest a rational, ties to even.
fromRat :: RealFloat a => Rational -> a
fromRat q = fromRational q

-- Reading ----------------------------------------------------------------------------------------

-- | A token read whole by `readPos`, maybe after a `-` token, maybe in parentheses (Haskell 98's).
readSigned :: Real a => ReadS a -> ReadS a
readSigned readPos = readParen False (\r -> readSignedToken readPos r ++ readNegative readPos r)

readNegative :: Real a => ReadS a -> ReadS a
readNegative readPos r = case lex r of
  [("-", s)] -> [(negate x, t) | (x, t) <- readSignedToken readPos s]
  _ -> []

readSignedToken :: ReadS a -> ReadS a
readSignedToken readPos r = [(x, s) | (tok, s) <- lex r, (x, "") <- readPos tok]

-- | One or more digits (no spaces before them) of base `base`.
readInt :: Num a => a -> (Char -> Bool) -> (Char -> Int) -> ReadS a
readInt base isDig value s = case span isDig s of
  ([], _) -> []
  (ds, rest) -> [(foldl (\n d -> n * base + fromIntegral (value d)) 0 ds, rest)]

-- | Reads a decimal number (no sign).
readDec :: (Eq a, Num a) => ReadS a
readDec = readInt 10 (\c -> c >= '0' && c <= '9') numericValue

-- | Reads an octal number (no sign).
readOct :: (Eq a, Num a) => ReadS a
readOct = readInt 8 (\c -> c >= '0' && c <= '7') numericValue

-- | Reads a hexadecimal number (no sign).
-- > readHex "ff rest" == [(255, " rest")]
readHex :: (Eq a, Num a) => ReadS a
readHex = readInt 16 (\c -> numericValue c < 16) numericValue

-- Data.Char's digitToInt on hexadecimal digits (99 for any other character).
numericValue :: Char -> Int
numericValue c
  | c >= '0' && c <= '9' = fromEnum c - 48
  | c >= 'a' && c <= 'f' = fromEnum c - 87
  | c >= 'A' && c <= 'F' = fromEnum c - 55
  | otherwise = 99

-- | A number token (after spaces) as a rational, converted with fromRational; no sign, no NaN.
readFloat :: RealFrac a => ReadS a
readFloat s = case lexToken s of
  [(LexNumber kind t, n, rest)] -> [(fromRational (numberRational kind (take n t)), rest)]
  _ -> []

-- The exact value of a number lexeme's text.
numberRational :: Int -> String -> Rational
numberRational kind text = if kind > 0 then primNumberInteger text % 1 else case span lexIsDigit text of
  (whole, rest) -> case rest of
    '.' : more -> case span lexIsDigit more of
      (frac, ex) -> scaledDecimal (whole ++ frac) (exponentValue ex - length frac)
    _ -> scaledDecimal whole (exponentValue rest)

scaledDecimal :: String -> Int -> Rational
scaledDecimal ds e =
  let m = foldl (\n c -> n * 10 + toInteger (numericValue c)) 0 ds
  in if e >= 0 then (m * 10 ^ e) % 1 else m % (10 ^ negate e)

-- `e-3`, `E+5`, `e7` (nothing: 0).
exponentValue :: String -> Int
exponentValue s = case s of
  _ : '-' : ds -> negate (digitsInt ds)
  _ : '+' : ds -> digitsInt ds
  _ : ds -> digitsInt ds
  [] -> 0

digitsInt :: String -> Int
digitsInt ds = foldl (\n c -> n * 10 + numericValue c) 0 ds

-- | Reads a run of decimal digits.
lexDigits :: ReadS String
lexDigits s = case span lexIsDigit s of
  ([], _) -> []
  (ds, rest) -> [(ds, rest)]
