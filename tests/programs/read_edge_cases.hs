-- What `reads` and `lex` accept, token by token, pinned against GHC: spaces, parentheses,
-- negative numbers, number syntax, escapes, operators' precedences, partial parses and their
-- order, and a Haskell 98-style instance written by hand with readParen and lex.

data Temp = Celsius Double | Fahrenheit Double

-- The classic Haskell 98 way: lex for tokens, readParen for parentheses.
instance Read Temp where
  readsPrec d r = readParen (d > 10) (\s -> [(Celsius x, u) | ("C", t) <- lex s, (x, u) <- readsPrec 11 t]) r
    ++ readParen (d > 10) (\s -> [(Fahrenheit x, u) | ("F", t) <- lex s, (x, u) <- readsPrec 11 t]) r

instance Show Temp where
  showsPrec d (Celsius x) = showParen (d > 10) (showString "C " . showsPrec 11 x)
  showsPrec d (Fahrenheit x) = showParen (d > 10) (showString "F " . showsPrec 11 x)

data T = Int :+: Int | T :*: T | N deriving (Show, Read)
infixl 6 :+:
infixr 7 :*:

tokens :: String -> [String]
tokens s = case lex s of
  [("", _)] -> []
  [(t, rest)] -> t : tokens rest
  _ -> ["<error>"]

main :: IO ()
main = do
  mapM_ (print . tokens)
    [ "f (x, y) = [x .. y] -- done", "x' <- \"a\\\"b\" ++ ['c', '\\n']", "1.5e-3 0x1F 0o17 12. 1e"
    , "a->b<=>c `elem` {x;y}", "'\\SOH' '\\SO' \"\\SO\\&H\" \"gap\\   \\here\"", "\"unterminated" ]
  print (lex "", lex "   ", lex "'''", lex "'\\1114112'", lex "\"\\x41\\o101\\65\\^A\\DEL\"")
  print (reads "-5" :: [(Int, String)], reads "(-5)" :: [(Int, String)], reads "- 5" :: [(Int, String)])
  print (reads "-(5)" :: [(Int, String)], reads "(-(5))" :: [(Int, String)], reads "((5))  x" :: [(Int, String)])
  print (reads "--5" :: [(Int, String)], reads "+5" :: [(Int, String)], reads "5.0" :: [(Int, String)])
  print (reads "1e3" :: [(Int, String)], reads "1e3" :: [(Double, String)], reads "0x10" :: [(Double, String)])
  print (reads "99999999999999999999" :: [(Int, String)], reads "99999999999999999999" :: [(Integer, String)])
  print (reads "NaN" :: [(Double, String)], reads "-Infinity" :: [(Double, String)], reads "Infinity" :: [(Int, String)])
  print (reads "1e400" :: [(Double, String)], reads "1e-400" :: [(Double, String)], reads "0e99999999999999999999" :: [(Double, String)])
  print (reads "2.5e-3" :: [(Double, String)], reads "5." :: [(Double, String)], reads ".5" :: [(Double, String)])
  print (reads "1.7976931348623159e308" :: [(Double, String)], reads "2e-324" :: [(Double, String)], reads "3e-324" :: [(Double, String)])
  print (reads "Just -3" :: [(Maybe Int, String)], reads "Just 3 % 4" :: [(Maybe Rational, String)])
  print (reads "[1,]" :: [([Int], String)], reads "[ -1 , 2 ]" :: [([Int], String)], reads "([1])" :: [([Int], String)])
  print (reads "['a','b']" :: [(String, String)], reads "(\"abc\") x" :: [(String, String)], reads "'\\X41'" :: [(Char, String)])
  print (reads "( )" :: [((), String)], reads "(())" :: [((), String)], reads "((1,2))" :: [((Int, Int), String)])
  print (reads "-3 % 4" :: [(Rational, String)], reads "(-3) % (-4)" :: [(Rational, String)], reads "6 % 8" :: [(Rational, String)])
  print (reads "Truex" :: [(Bool, String)], reads "(True)" :: [(Bool, String)], reads "Just(5)" :: [(Maybe Int, String)])
  print (reads "\t\n 5\n" :: [(Int, String)], reads "\160 5" :: [(Int, String)])
  print (reads "1 :+: 2 :*: 3 :+: 4" :: [(T, String)])
  print (reads "(1 :+: 2) :*: (3 :+: 4) :*: N" :: [(T, String)])
  print (reads "N :*: N :*: N" :: [(T, String)])
  print (reads "-1 :+: -2" :: [(T, String)])
  print (reads "C 21.5" :: [(Temp, String)], reads "(F (-4))" :: [(Temp, String)])
  print (read "[C 1,F 2.5e1,(C (-3))]" :: [Temp])
  print (reads "Just (C 3)" :: [(Maybe Temp, String)], reads "Just C 3" :: [(Maybe Temp, String)])
