-- numeric and text processing: hand-written tokenizer + RPN calculator over exact rationals, polynomial Num instance with showsPrec (negatives), divMod/quotRem/gcd, words/unwords/lines
module Main where

-- Exact fractions ---------------------------------------------------------------

data Frac = Frac Integer Integer   -- invariant: denominator > 0, reduced

mkFrac :: Integer -> Integer -> Frac
mkFrac _ 0 = error "mkFrac: zero denominator"
mkFrac n d = Frac (s * (abs n `div` g)) (abs d `div` g)
  where g = gcd n d
        s = signum n * signum d

instance Eq Frac where
  Frac a b == Frac c d = a == c && b == d

instance Ord Frac where
  compare (Frac a b) (Frac c d) = compare (a * d) (c * b)

instance Show Frac where
  showsPrec p (Frac n 1) = showsPrec p n
  showsPrec p (Frac n d) = showParen (p > 7) $ showsPrec 8 n . showChar '/' . showsPrec 8 d

instance Num Frac where
  Frac a b + Frac c d = mkFrac (a * d + c * b) (b * d)
  Frac a b * Frac c d = mkFrac (a * c) (b * d)
  negate (Frac a b) = Frac (negate a) b
  abs (Frac a b) = Frac (abs a) b
  signum (Frac a _) = Frac (signum a) 1
  fromInteger n = Frac n 1

instance Fractional Frac where
  recip (Frac 0 _) = error "division by zero"
  recip (Frac a b) = mkFrac b a
  fromRational _ = error "fromRational: unused"

-- Polynomials with Integer coefficients, lowest degree first -------------------------

newtype Poly = Poly [Integer]

mkPoly :: [Integer] -> Poly
mkPoly = Poly . reverse . dropWhile (== 0) . reverse

coeffs :: Poly -> [Integer]
coeffs (Poly cs) = cs

x :: Poly
x = Poly [0, 1]

instance Eq Poly where
  p == q = coeffs p == coeffs q

addC :: [Integer] -> [Integer] -> [Integer]
addC [] ys = ys
addC xs [] = xs
addC (a:as) (b:bs) = (a + b) : addC as bs

instance Num Poly where
  Poly a + Poly b = mkPoly (addC a b)
  Poly a * Poly b = mkPoly (foldr (\c acc -> addC (map (c *) b) (0 : acc)) [] a)
  negate (Poly a) = Poly (map negate a)
  abs = id
  signum _ = Poly [1]
  fromInteger n = mkPoly [n]

-- showsPrec: terms highest degree first, negative coefficients as subtraction
instance Show Poly where
  showsPrec _ (Poly []) = showString "0"
  showsPrec p (Poly cs) = showParen (p > 6 && length terms > 1) (foldr (.) id (first : rest))
    where
      terms = reverse [ (c, i) | (c, i) <- zip cs [0 :: Int ..  length cs - 1], c /= 0 ]
      first = term True (head terms)
      rest = map (term False) (tail terms)
      term isFirst (c, i)
        | isFirst = (if c < 0 then showChar '-' else id) . body (abs c) i
        | c < 0 = showString " - " . body (abs c) i
        | otherwise = showString " + " . body c i
      body c 0 = shows c
      body c i = (if c == 1 then id else shows c) . showChar 'x' . (if i == 1 then id else showChar '^' . shows i)

evalPoly :: Poly -> Integer -> Integer
evalPoly (Poly cs) v = foldr (\c acc -> c + v * acc) 0 cs

derivP :: Poly -> Poly
derivP (Poly []) = Poly []
derivP (Poly (_:cs)) = mkPoly (zipWith (*) [1 ..  fromIntegral (length cs)] cs)

-- polynomial long division by a monic divisor
divModP :: Poly -> Poly -> (Poly, Poly)
divModP (Poly a) (Poly b) = go [] a
  where
    db = length b - 1
    lead = last b
    go q r
      | length r - 1 < db || null r = (mkPoly q, mkPoly r)
      | otherwise =
          let (c, rm) = last r `quotRem` lead
              k = length r - 1 - db
              sub = replicate k 0 ++ map (c *) b
              r' = reverse (dropWhile (== 0) (reverse (addC r (map negate sub))))
          in if rm /= 0 then error "non-exact division" else go (addC q (replicate k 0 ++ [c])) r'

-- Tokenizer ---------------------------------------------------------------------

data Token = TNum Integer | TOp Char | TWord String | TLParen | TRParen
  deriving (Show, Eq)

isDigitC, isAlphaC, isSpaceC :: Char -> Bool
isDigitC c = c >= '0' && c <= '9'
isAlphaC c = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
isSpaceC c = c `elem` " \t\n"

digitsToInteger :: String -> Integer
digitsToInteger = foldl (\acc c -> acc * 10 + toInteger (fromEnum c - fromEnum '0')) 0

tokenize :: String -> Either String [Token]
tokenize [] = Right []
tokenize s@(c:cs)
  | isSpaceC c = tokenize cs
  | isDigitC c = let (ds, rest) = span isDigitC s in fmap (TNum (digitsToInteger ds) :) (tokenize rest)
  | isAlphaC c = let (w, rest) = span isAlphaC s in fmap (TWord w :) (tokenize rest)
  | c `elem` "+-*/^" = fmap (TOp c :) (tokenize cs)
  | c == '(' = fmap (TLParen :) (tokenize cs)
  | c == ')' = fmap (TRParen :) (tokenize cs)
  | otherwise = Left ("unexpected character " ++ show c)

-- RPN evaluation over fractions --------------------------------------------------

rpn :: [Token] -> Either String Frac
rpn = go []
  where
    go [v] [] = Right v
    go st [] = Left ("stack has " ++ show (length st) ++ " items at end")
    go st (TNum n : ts) = go (fromInteger n : st) ts
    go (b:a:st) (TOp o : ts) = applyOp o a b >>= \v -> go (v : st) ts
    go (a:st) (TWord "neg" : ts) = go (negate a : st) ts
    go (a:st) (TWord "dup" : ts) = go (a : a : st) ts
    go (b:a:st) (TWord "swap" : ts) = go (a : b : st) ts
    go _ (TWord w : _) = Left ("bad word " ++ w)
    go _ (t : _) = Left ("stack underflow at " ++ show t)

applyOp :: Char -> Frac -> Frac -> Either String Frac
applyOp '+' a b = Right (a + b)
applyOp '-' a b = Right (a - b)
applyOp '*' a b = Right (a * b)
applyOp '/' _ (Frac 0 _) = Left "division by zero"
applyOp '/' a b = Right (a / b)
applyOp '^' a (Frac e 1) | e >= 0 = Right (a ^ e)
                         | otherwise = Right (recip (a ^ negate e))
applyOp o _ _ = Left ("bad operator " ++ [o])

-- Shunting-yard: infix tokens to RPN tokens
prec :: Char -> Int
prec '^' = 3
prec c | c `elem` "*/" = 2
       | otherwise = 1

toRPN :: [Token] -> [Token]
toRPN = go [] []
  where
    go out ops [] = reverse out ++ ops
    go out ops (t@(TNum _) : ts) = go (t : out) ops ts
    go out ops (TLParen : ts) = go out (TLParen : ops) ts
    go out ops (TRParen : ts) = let (popped, rest) = break (== TLParen) ops
                                in go (reverse popped ++ out) (drop 1 rest) ts
    go out ops (TOp o : ts) =
      let shouldPop (TOp o') = prec o' > prec o || (prec o' == prec o && o /= '^')
          shouldPop _ = False
          (popped, rest) = span shouldPop ops
      in go (reverse popped ++ out) (TOp o : rest) ts
    go out ops (t : ts) = go (t : out) ops ts

showTokens :: [Token] -> String
showTokens = unwords . map tok
  where tok (TNum n) = show n
        tok (TOp c) = [c]
        tok (TWord w) = w
        tok TLParen = "("
        tok TRParen = ")"

-- Integer utilities ----------------------------------------------------------------

toBase :: Integer -> Integer -> String
toBase b n
  | n < 0 = '-' : toBase b (negate n)
  | n < b = [digit n]
  | otherwise = let (q, r) = n `divMod` b in toBase b q ++ [digit r]
  where digit d = "0123456789abcdefghijklmnopqrstuvwxyz" !! fromInteger d

extGcd :: Integer -> Integer -> (Integer, Integer, Integer)
extGcd a 0 = (a, 1, 0)
extGcd a b = let (q, r) = a `quotRem` b
                 (g, s, t) = extGcd b r
             in (g, t, s - q * t)

report :: String -> String
report line = case tokenize line of
  Left err -> line ++ " => lex error: " ++ err
  Right ts ->
    let ts' = if any isInfix ts then toRPN ts else ts
    in line ++ " => [" ++ showTokens ts' ++ "] => " ++ either ("error: " ++) show (rpn ts')
  where isInfix TLParen = True
        isInfix _ = False

input :: String
input = unlines
  [ "3 4 + 2 *"
  , "1 2 / 1 3 / +"
  , "( 1 + 2 ) * 3 - 4 / 6"
  , "2 ^ 3 ^ 2 + ( 0 )"
  , "5 neg 3 -"
  , "1 0 /"
  , "1 +"
  , "7 dup * 2 swap /"
  , "4 % 2"
  , "2 3 4"
  , "( 2 - 3 ) ^ 3 * ( 1 )"
  ]

main :: IO ()
main = do
  mapM_ (putStrLn . report) (lines input)
  let p = (x + 1) ^ (3 :: Int)
      q = x * x - 2 * x + 1
      r = negate (x - 3) * (x + 2)
  print p
  print q
  print r
  print [p, q, r, 0, 5, -5, x, negate x, x ^ (10 :: Int) - 1]
  print (Just (x - 1), Just (fromInteger (-3) :: Poly))
  print (map (evalPoly p) [-2 .. 2], derivP p, derivP (derivP (derivP (derivP p))))
  let (dq, dr) = divModP (x ^ (5 :: Int) - 1) (x - 1)
  print (dq, dr, dq * (x - 1) + dr == x ^ (5 :: Int) - 1)
  print (divModP (x * x + 3 * x + 5) (x + 1))
  print [ (n, d, n `div` d, n `mod` d, n `quot` d, n `rem` d) | n <- [7, -7], d <- [2, -2 :: Int] ]
  print (divMod (-17) 5 :: (Integer, Integer), quotRem (-17) 5 :: (Integer, Integer))
  print (gcd 0 0 :: Int, gcd (-12) 18 :: Int, lcm 4 6 :: Integer, lcm 0 3 :: Int)
  print (extGcd 240 46, extGcd 17 5)
  print (map (toBase 2) [0, 5, -10], toBase 16 255, toBase 36 (2 ^ (64 :: Int)))
  print (mkFrac 6 (-8), mkFrac 0 5, sum (map (mkFrac 1) [1 .. 10]))
  print (showsPrec 11 (mkFrac (-1) 2) "", showsPrec 11 (-5 :: Integer) "", show (Just (-2 :: Int)))
  print (compare (mkFrac 1 3) (mkFrac 2 7), maximum [mkFrac 1 2, mkFrac 2 3, mkFrac 3 5])
  let text = "the quick brown fox\njumps over   the lazy dog\n\nthe end"
      ls = lines text
      ws = words text
  print (length ls, length ws, ls)
  putStrLn (unwords (reverse ws))
  print (unlines (map (unwords . reverse . words) ls))
  print [ (w, length (filter (== w) ws)) | w <- ["the", "fox", "cat"] ]
  print (words "  leading and trailing  ", lines "a\n\nb\n", unwords [], unlines [])
