-- Library test of Data.Char (Latin-1 in full, and letters, digits and spaces beyond): each function on ordinary and edge cases; the expected output is GHC's.
import Data.Char

main :: IO ()
main = do
  let latin = [minBound .. chr 255]
      preds = [isControl, isSpace, isLower, isUpper, isAlpha, isLetter, isDigit, isOctDigit, isHexDigit,
               isAlphaNum, isPrint, isPunctuation, isSymbol, isSeparator, isMark, isNumber,
               isAscii, isLatin1, isAsciiUpper, isAsciiLower]
  mapM_ (\p -> print (map fromEnum (filter p latin))) preds
  print (map generalCategory latin)
  print (map toUpper latin, map toLower latin, map toTitle latin)
  print (map digitToInt "0123456789abcdefABCDEF", map intToDigit [0..15])
  print (map ord "aZ\955", map chr [65, 955, 128512])
  print (showLitChar '\200' "1", showLitChar '\SO' "H", showLitChar '\n' "x", showLitChar '\'' "", showLitChar '"' "", showLitChar '\DEL' "")
  let uni = "\955\937\1488\8544\9398\453\452\454\7997\12354\1632\8195\12288\133\8232\65279\57344\888\119808"
  print (map generalCategory uni)
  print [map (\p -> p c) preds | c <- uni]
  print (map toUpper uni, map toLower uni, map toTitle uni)
  print (words "a\8195b\12288c", [minBound, maxBound :: GeneralCategory], succ Space, fromEnum NotAssigned)
