-- Text.Printf: C-style formatted output, as GHC's printf does it. `printf fmt a1 a2 ...` is a
-- String or an IO action: the class PrintfType has instances for strings, IO and functions
-- taking one more PrintfArg, so the arguments are collected one at a time until the result
-- type is reached; `hPrintf h fmt ...` (class HPrintfType) writes to a handle. Conversions: d i u x X o b c s v e E f F g G and %%, with the flags - + space
-- 0 #, a width and a precision (either may be *, taken from the arguments), and the length
-- modifiers h l L (accepted, and ignored, for integers). Floating-point conversions round the shortest decimal digits of
-- the number half to even, as GHC does (printf "%.2f" 2.675 is 2.68), and %e/%g without a
-- precision print all of them (printf "%e" 1234.5 is 1.2345e3).
module Text.Printf
  (printf, hPrintf, PrintfType, HPrintfType, PrintfArg, IsChar(toChar, fromChar)) where

import Data.Char (intToDigit, toUpper)
import System.IO (Handle, hPutStr, stdout)

-- An argument as the formatter sees it. An integer carries 2^64 for Int (the unsigned view of
-- a negative Int for %u %x %o %b) and 0 for Integer (which has none).
data Arg = ArgInteger Integer Integer | ArgDouble Double | ArgChar Char | ArgString String

-- | Types that printf formats: Int, Integer, Double, Char, String.
class PrintfArg a where
  toArg :: a -> Arg

instance PrintfArg Int where
  toArg n = ArgInteger (toInteger n) 18446744073709551616

instance PrintfArg Integer where
  toArg n = ArgInteger n 0

instance PrintfArg Double where
  toArg x = ArgDouble x

instance PrintfArg Char where
  toArg c = ArgChar c

instance IsChar c => PrintfArg [c] where
  toArg s = ArgString (map toChar s)

-- The element types of strings (a class, so that [c] can be an instance head).
-- | Element types of strings (Char): lets `[c]` be a PrintfArg and a printf result.
class IsChar c where
  -- | The element as a Char.
  toChar :: c -> Char
  -- | A Char as the element.
  fromChar :: Char -> c

instance IsChar Char where
  toChar c = c
  fromChar c = c

-- The result of printf after the arguments collected so far (in reverse).
-- | The results printf can have: String, IO a, or a function taking one more PrintfArg.
class PrintfType t where
  collect :: String -> [Arg] -> t

instance IsChar c => PrintfType [c] where
  collect fmt args = map fromChar (render fmt (reverse args))

instance PrintfType (IO a) where
  collect fmt args = hcollect stdout fmt args

instance (PrintfArg a, PrintfType r) => PrintfType (a -> r) where
  collect fmt args = \a -> collect fmt (toArg a : args)

-- | C-style formatting, as GHC's: `printf fmt args...` is a String or an IO action writing to
-- standard output. Conversions d i u x X o b c s v e E f F g G %%, flags - + space 0 #, width
-- and precision (* takes them from the arguments); too few or too many arguments are errors.
-- > printf "%5.2f|%-3d|%s\n" 3.14159 7 "ok"
printf :: PrintfType r => String -> r
printf fmt = collect fmt []

-- The result of hPrintf after the arguments collected so far (in reverse).
-- | The results hPrintf can have: IO (), or a function taking one more PrintfArg.
class HPrintfType t where
  hcollect :: Handle -> String -> [Arg] -> t

-- The action's result is () (GHC's instance requires a ~ ()).
instance HPrintfType (IO a) where
  hcollect h fmt args = hPutStr h (render fmt (reverse args)) >>= \_ -> return (primCoerceUnit ())

instance (PrintfArg a, HPrintfType r) => HPrintfType (a -> r) where
  hcollect h fmt args = \a -> hcollect h fmt (toArg a : args)

-- | `printf` writing to the handle.
hPrintf :: HPrintfType r => Handle -> String -> r
hPrintf h fmt = hcollect h fmt []

printfError :: String -> a
printfError msg = error ("printf: " ++ msg)

-- The format with its conversions replaced by the arguments.
render :: String -> [Arg] -> String
render "" [] = ""
render "" (_:_) = printfError "formatting string ended prematurely"
render ('%':'%':rest) args = '%' : render rest args
render ('%':_) [] = printfError "argument list ended prematurely"
render ('%':spec) args = case parseSpec spec args of
  (conv, rest, args') -> case args' of
    arg:more -> field conv arg ++ render rest more
    [] -> printfError "argument list ended prematurely"
render (c:rest) args = c : render rest args

-- A conversion specification: flags, width, precision and the conversion character.
data Conversion = Conversion
  { leftAlign :: Bool, plusSign :: Bool, spaceSign :: Bool, zeroPad :: Bool, alternate :: Bool
  , width :: Maybe Int, precision :: Maybe Int, lengthModifiers :: String, convChar :: Char }

-- The conversion after a '%', the rest of the format, and the arguments left (those of a *
-- width or precision taken).
parseSpec :: String -> [Arg] -> (Conversion, String, [Arg])
parseSpec s args = flags (Conversion False False False False False Nothing Nothing "" ' ') s
  where
    flags c ('-':r) = flags c { leftAlign = True } r
    flags c ('+':r) = flags c { plusSign = True } r
    flags c (' ':r) = flags c { spaceSign = True } r
    flags c ('0':r) = flags c { zeroPad = True } r
    flags c ('#':r) = flags c { alternate = True } r
    flags c r = case number r args of
      (w, r', args') -> case w of
        Just n | n < 0 -> dot c { leftAlign = True, width = Just (negate n) } r' args'
        _ -> dot c { width = w } r' args'
    dot c ('.':r) as = case number r as of
      (p, r', as') -> modifiers c { precision = Just (maybe 0 id p) } r' as'
    dot c r as = modifiers c r as
    modifiers c (m:r) as | m == 'h' || m == 'l' || m == 'L' =
      modifiers c { lengthModifiers = lengthModifiers c ++ [m] } r as
    modifiers c (ch:r) as = (c { convChar = ch }, r, as)
    modifiers _ [] _ = printfError "formatting string ended prematurely"

-- A decimal number, or * (the next argument), if there is one.
number :: String -> [Arg] -> (Maybe Int, String, [Arg])
number ('*':r) (ArgInteger n _ : as) = (Just (fromInteger n), r, as)
number ('*':_) _ = printfError "bad argument"
number r as = case span (\c -> c >= '0' && c <= '9') r of
  ("", _) -> (Nothing, r, as)
  (ds, r') -> (Just (foldl (\n d -> 10 * n + fromEnum d - fromEnum '0') 0 ds), r', as)

badChar :: Char -> a
badChar c = printfError ("bad formatting char " ++ show c)

-- One argument formatted and padded to the width. Only integers take length modifiers.
field :: Conversion -> Arg -> String
field c arg = case (arg, lengthModifiers c) of
  (ArgInteger _ _, _) -> plainField c arg
  (_, m:_) -> badChar m
  _ -> plainField c arg

plainField :: Conversion -> Arg -> String
plainField c arg = case arg of
  ArgInteger n modulus -> integerField c n modulus
  ArgDouble x -> case convChar c of
    ch | ch `elem` "eEfFgG" -> doubleField c ch x
    'v' -> doubleField c 'g' x
    ch -> badChar ch
  ArgChar ch -> if convChar c == 'c' || convChar c == 'v' then pad c "" [ch] else badChar (convChar c)
  ArgString s -> if convChar c == 's' || convChar c == 'v'
                 then pad c "" (maybe s (\p -> take p s) (precision c))
                 else badChar (convChar c)

integerField :: Conversion -> Integer -> Integer -> String
integerField c n modulus = case convChar c of
  ch | ch == 'd' || ch == 'i' || ch == 'v' -> signed (digitsIn 10 (abs n))
  'u' -> unsigned 10 ""
  'x' -> unsigned 16 "0x"
  'X' -> map toUpper (unsigned 16 "0x")
  'o' -> unsigned 8 "0"
  'b' -> unsigned 2 "0b"
  'c' -> pad c "" [toEnum (fromInteger n)]
  ch -> badChar ch
  where
    minDigits ds = case precision c of
      Just p -> replicate (p - length ds) '0' ++ ds
      Nothing -> ds
    signed ds = pad c (signOf c (n < 0)) (minDigits ds)
    -- The # flag's prefix marks a nonzero number.
    unsigned base prefix
      | n > 0 = pad c (if alternate c then prefix else "") (minDigits (digitsIn base n))
      | n == 0 = pad c "" (minDigits "0")
      | modulus > 0 = pad c (if alternate c then prefix else "") (minDigits (digitsIn base (n + modulus)))
      | otherwise = printfError "bad argument"

-- The digits of a non-negative number in a base up to 16.
digitsIn :: Integer -> Integer -> String
digitsIn base n = go n ""
  where
    go k acc = case quotRem k base of
      (0, d) -> intToDigit (fromInteger d) : acc
      (q, d) -> go q (intToDigit (fromInteger d) : acc)

signOf :: Conversion -> Bool -> String
signOf c negative
  | negative = "-"
  | plusSign c = "+"
  | spaceSign c = " "
  | otherwise = ""

-- The sign (or prefix) and body padded to the width: spaces on the right for a left-aligned
-- field, zeros between sign and body with the 0 flag, else spaces on the left.
pad :: Conversion -> String -> String -> String
pad c sign body = case width c of
  Just w | length sign + length body < w ->
    let fill = w - length sign - length body
    in if leftAlign c then sign ++ body ++ replicate fill ' '
       else if zeroPad c then sign ++ replicate fill '0' ++ body
       else replicate fill ' ' ++ sign ++ body
  _ -> sign ++ body

doubleField :: Conversion -> Char -> Double -> String
doubleField c ch x =
  let shown = formatDouble (toLowerConv ch) (precision c) (alternate c) x
      cased = if ch `elem` "EFG" then map toUpper shown else shown
  in case cased of
       '-':body -> pad c "-" body
       body -> pad c (signOf c False) body
  where
    toLowerConv k = case k of
      'E' -> 'e'
      'F' -> 'f'
      'G' -> 'g'
      _ -> k

-- GHC's showEFloat / showFFloat / showGFloat (conversion e, f, g) with an optional precision.
formatDouble :: Char -> Maybe Int -> Bool -> Double -> String
formatDouble conv prec alt x
  | isNaN x = "NaN"
  | isInfinite x = if x < 0 then "-Infinity" else "Infinity"
  | x < 0 || isNegativeZero x = '-' : byDigits (decimalDigits (negate x))
  | otherwise = byDigits (decimalDigits x)
  where
    byDigits de@(_, e) = case conv of
      'e' -> exponentForm prec de
      'f' -> fixedForm prec alt de
      _ -> if e < 0 || e > 7 then exponentForm prec de else fixedForm prec alt de

-- The shortest decimal digits ds and exponent e of a non-negative finite x (x = 0.ds * 10^e;
-- zero is ([0], 0)), read off `show`, which prints exactly those digits.
decimalDigits :: Double -> ([Int], Int)
decimalDigits x = case break (== 'e') (show x) of
  (mantissa, 'e':ex) -> case break (== '.') mantissa of
    (ip, _:fp) -> (trimZeros (digitValues (ip ++ fp)), readExponent ex + 1)
    (ip, []) -> (trimZeros (digitValues ip), readExponent ex + 1)
  (mantissa, _) -> case break (== '.') mantissa of
    (ip, rest) ->
      let fp = drop 1 rest
      in if ip == "0"
         then case dropWhile (== '0') fp of
                [] -> ([0], 0)
                significant -> (trimZeros (digitValues significant),
                                negate (length (takeWhile (== '0') fp)))
         else (trimZeros (digitValues (ip ++ fp)), length ip)
  where
    digitValues s = map (\d -> fromEnum d - fromEnum '0') s
    trimZeros ds = case reverse (dropWhile (== 0) (reverse ds)) of
      [] -> [0]
      kept -> kept
    readExponent ('-':ds) = negate (readExponent ds)
    readExponent ds = foldl (\n d -> 10 * n + fromEnum d - fromEnum '0') 0 ds

-- The first n digits rounded by the rest, half to even (a digit sequence ending in exactly 5
-- rounds to make the last kept digit even): a carry out of the first digit gives n + 1 digits
-- and 1 as the first component.
roundDigits :: Int -> [Int] -> (Int, [Int])
roundDigits n ds =
  let kept = take n (ds ++ replicate n 0)
      dropped = drop n ds
      up = case dropped of
        [] -> False
        d:rest -> d > 5 || (d == 5 && (any (/= 0) rest || (not (null kept) && odd (last kept))))
  in if up then increment kept else (0, kept)
  where
    increment kept = case foldr (\d (carry, acc) -> let s = d + carry in
                                   if s == 10 then (1, 0 : acc) else (0, s : acc)) (1, []) kept of
      (1, acc) -> (1, 1 : acc)
      (_, acc) -> (0, acc)

showDigits :: [Int] -> String
showDigits ds = map intToDigit ds

-- d.ddde<exponent>: all digits without a precision, else that many after the point.
exponentForm :: Maybe Int -> ([Int], Int) -> String
exponentForm Nothing (ds, e) = case ds of
  [0] -> "0.0e0"
  [d] -> intToDigit d : ".0e" ++ show (e - 1)
  d:rest -> intToDigit d : '.' : showDigits rest ++ "e" ++ show (e - 1)
  [] -> "0.0e0"
exponentForm (Just p) (ds, e)
  | ds == [0] = if p <= 0 then "0e0" else "0." ++ replicate p '0' ++ "e0"
  | otherwise =
      let (carry, rounded) = roundDigits (max p 0 + 1) ds
          shown = showDigits (if carry > 0 then init rounded else rounded)
          ex = "e" ++ show (e - 1 + carry)
      in case shown of
           d:rest -> if p <= 0 then d : ex else d : '.' : rest ++ ex
           [] -> ex

-- ddd.ddd: all digits without a precision, else that many after the point (no point for none,
-- unless the # flag asks for it).
fixedForm :: Maybe Int -> Bool -> ([Int], Int) -> String
fixedForm Nothing _ (ds, e)
  | e <= 0 = "0." ++ replicate (negate e) '0' ++ showDigits ds
  | otherwise =
      let padded = ds ++ replicate (e - length ds) 0
      in orZero (showDigits (take e padded)) ++ "." ++ orZero (showDigits (drop e padded))
fixedForm (Just p) alt (ds, e)
  | e >= 0 =
      let (carry, rounded) = roundDigits (p' + e) ds
      in case splitAt (e + carry) (showDigits rounded) of
           (whole, frac) -> orZero whole ++ point frac
  | otherwise =
      let (carry, rounded) = roundDigits p' (replicate (negate e) 0 ++ ds)
      in case showDigits (if carry > 0 then rounded else 0 : rounded) of
           d:frac -> d : point frac
           [] -> "0"
  where
    p' = max p 0
    point frac = if null frac && not alt then "" else '.' : frac

orZero :: String -> String
orZero "" = "0"
orZero s = s
