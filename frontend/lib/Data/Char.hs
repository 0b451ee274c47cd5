-- Data.Char: character classification and conversion, as GHC defines it: every predicate is a
-- test of the Unicode general category (a primitive, from the Unicode tables the runtime
-- carries), except the ASCII-only ones (isDigit, isOctDigit, isHexDigit, isAscii...) and isSpace.
-- toUpper/toLower are Unicode's simple case mappings; toTitle is toUpper except for the four
-- letters with a title-case form of their own and Georgian. Not here: lexLitChar and readLitChar (they need
-- the Read machinery).
module Data.Char
  ( Char, String
  , isControl, isSpace, isLower, isUpper, isAlpha, isLetter, isDigit, isOctDigit, isHexDigit
  , isAlphaNum, isPrint, isPunctuation, isSymbol, isSeparator, isMark, isNumber
  , isAscii, isLatin1, isAsciiUpper, isAsciiLower
  , GeneralCategory(..), generalCategory
  , toUpper, toLower, toTitle
  , digitToInt, intToDigit
  , ord, chr
  , showLitChar
  ) where

-- | The constructors in the order of the Unicode standard, as GHC numbers them.
data GeneralCategory
  = UppercaseLetter | LowercaseLetter | TitlecaseLetter | ModifierLetter | OtherLetter
  | NonSpacingMark | SpacingCombiningMark | EnclosingMark
  | DecimalNumber | LetterNumber | OtherNumber
  | ConnectorPunctuation | DashPunctuation | OpenPunctuation | ClosePunctuation
  | InitialQuote | FinalQuote | OtherPunctuation
  | MathSymbol | CurrencySymbol | ModifierSymbol | OtherSymbol
  | Space | LineSeparator | ParagraphSeparator
  | Control | Format | Surrogate | PrivateUse | NotAssigned
  deriving (Eq, Ord, Show, Enum, Bounded)

-- | The Unicode general category of the character.
generalCategory :: Char -> GeneralCategory
generalCategory c = toEnum (primCharCategory c)

-- The category's number lies in [lo, hi] (a group of neighbouring categories).
categoryIn :: Int -> Int -> Char -> Bool
categoryIn lo hi c = let k = primCharCategory c in k >= lo && k <= hi

-- | The character's code point.
-- > ord 'a' == 97
ord :: Char -> Int
ord c = primCharOrd c

-- | The character of a code point (an error outside 0 .. 0x10FFFF).
chr :: Int -> Char
chr n = primCharChr n

-- | Whether the character is a control character.
isControl :: Char -> Bool
isControl c = primCharCategory c == 25

-- | Whether the character is printable (not a control, format, surrogate, unassigned or separator
-- other than space).
isPrint :: Char -> Bool
isPrint c = primCharCategory c <= 22

-- | Whether the character is a lower-case letter (Unicode).
isLower :: Char -> Bool
isLower c = primCharCategory c == 1

-- | Whether the character is an upper-case or title-case letter (Unicode).
isUpper :: Char -> Bool
isUpper c = let k = primCharCategory c in k == 0 || k == 2

-- | Whether the character is a letter (Unicode).
isAlpha :: Char -> Bool
isAlpha c = categoryIn 0 4 c

-- | Whether the character is a letter: `isAlpha`.
isLetter :: Char -> Bool
isLetter c = isAlpha c

-- | Whether the character is a combining mark.
isMark :: Char -> Bool
isMark c = categoryIn 5 7 c

-- | Whether the character is a numeric character of any script (see `isDigit` for 0-9).
isNumber :: Char -> Bool
isNumber c = categoryIn 8 10 c

-- | Whether the character is a letter or a number (Unicode).
isAlphaNum :: Char -> Bool
isAlphaNum c = categoryIn 0 4 c || categoryIn 8 10 c

-- | Whether the character is punctuation (Unicode).
isPunctuation :: Char -> Bool
isPunctuation c = categoryIn 11 17 c

-- | Whether the character is a symbol: math, currency, modifier or other (Unicode).
isSymbol :: Char -> Bool
isSymbol c = categoryIn 18 21 c

-- | Whether the character is a space, line or paragraph separator (Unicode).
isSeparator :: Char -> Bool
isSeparator c = categoryIn 22 24 c

-- | Whether the character is an ASCII digit 0-9.
isDigit :: Char -> Bool
isDigit c = c >= '0' && c <= '9'

-- | Whether the character is an octal digit 0-7.
isOctDigit :: Char -> Bool
isOctDigit c = c >= '0' && c <= '7'

-- | Whether the character is a hexadecimal digit 0-9, a-f, A-F.
isHexDigit :: Char -> Bool
isHexDigit c = isDigit c || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')

-- | Whether the character is ASCII (below 128).
isAscii :: Char -> Bool
isAscii c = c < '\x80'

-- | Whether the character is Latin-1 (below 256).
isLatin1 :: Char -> Bool
isLatin1 c = c <= '\xff'

-- | Whether the character is an ASCII upper-case letter A-Z.
isAsciiUpper :: Char -> Bool
isAsciiUpper c = c >= 'A' && c <= 'Z'

-- | Whether the character is an ASCII lower-case letter a-z.
isAsciiLower :: Char -> Bool
isAsciiLower c = c >= 'a' && c <= 'z'

-- | The upper-case form of the character (Unicode simple case mapping), else the character.
toUpper :: Char -> Char
toUpper c = primCharToUpper c

-- | The lower-case form of the character (Unicode simple case mapping), else the character.
toLower :: Char -> Char
toLower c = primCharToLower c

-- | The title-case form of the character (mostly `toUpper`).
-- The letters with a title-case form of their own are the middle ones of the three-letter
-- groups DŽ Dž dž, LJ Lj lj, NJ Nj nj and DZ Dz dz; Georgian letters are their own title case.
toTitle :: Char -> Char
toTitle c
  | c >= '\x10d0' && c <= '\x10ff' = c
  | c >= '\x1c4' && c <= '\x1cc' = primCharChr (primCharOrd c - (primCharOrd c - 0x1c4) `mod` 3 + 1)
  | c >= '\x1f1' && c <= '\x1f3' = '\x1f2'
  | otherwise = toUpper c

-- | The value of a hexadecimal digit (0-9, a-f, A-F); an error for any other character.
-- > digitToInt 'f' == 15
digitToInt :: Char -> Int
digitToInt c
  | isDigit c = ord c - ord '0'
  | c >= 'a' && c <= 'f' = ord c - ord 'a' + 10
  | c >= 'A' && c <= 'F' = ord c - ord 'A' + 10
  | otherwise = error ("Char.digitToInt: not a digit " ++ show c)

-- | The hexadecimal digit (lower case) of 0 .. 15; an error otherwise.
intToDigit :: Int -> Char
intToDigit i
  | i >= 0 && i <= 9 = chr (ord '0' + i)
  | i >= 10 && i <= 15 = chr (ord 'a' + i - 10)
  | otherwise = error ("Char.intToDigit: not a digit " ++ show i)

-- | Prepends the character as it appears inside a string literal (escaped).
-- > showLitChar '\n' "" == "\\n"
showLitChar :: Char -> ShowS
showLitChar c rest
  | c == '\'' = '\'' : rest
  | otherwise = escaped ++ protect rest
  where
    escaped = init (tail (primShowCharLit c))
    numeric = c > '\DEL'
    protect s = case s of
      d:_ | (numeric && isDigit d) || (c == '\SO' && d == 'H') -> '\\' : '&' : s
      _ -> s
