-- bench: 20000
-- A parser: arithmetic expressions (integers, + - * /, unary minus, parentheses, spaces) are
-- generated as text from a pseudo-random generator, tokenised, parsed by recursive descent
-- into a tree (with precedence and left associativity), printed back, re-parsed and evaluated
-- (division by zero evaluates to 0). Argument: n expressions (default 200). Prints the number
-- of tokens, the sum of the values, and a sample expression.
module Main (main) where

import Data.Char (isDigit, isSpace)
import System.Environment (getArgs)

data Token = TNum Int | TOp Char | TOpen | TClose deriving (Eq, Show)

data Expr = Lit Int | Bin Char Expr Expr | Minus Expr deriving (Eq, Show)

tokenise :: String -> [Token]
tokenise [] = []
tokenise (c : cs)
  | isSpace c = tokenise cs
  | isDigit c = let (ds, rest) = span isDigit (c : cs) in TNum (read ds) : tokenise rest
  | c == '(' = TOpen : tokenise cs
  | c == ')' = TClose : tokenise cs
  | c `elem` "+-*/" = TOp c : tokenise cs
  | otherwise = error ("unexpected character " ++ show c)

-- One level of left-associative binary operators: operand (op operand)*.
level :: String -> ([Token] -> (Expr, [Token])) -> [Token] -> (Expr, [Token])
level ops operand ts = let (first, rest) = operand ts in more first rest
  where
    more acc (TOp o : rest)
      | o `elem` ops = let (e, rest') = operand rest in more (Bin o acc e) rest'
    more acc rest = (acc, rest)

-- expr := term (('+' | '-') term)*
parseExpr :: [Token] -> (Expr, [Token])
parseExpr = level "+-" parseTerm

-- term := factor (('*' | '/') factor)*
parseTerm :: [Token] -> (Expr, [Token])
parseTerm = level "*/" parseFactor

-- factor := number | '-' factor | '(' expr ')'
parseFactor :: [Token] -> (Expr, [Token])
parseFactor (TNum n : rest) = (Lit n, rest)
parseFactor (TOp '-' : rest) = let (f, rest') = parseFactor rest in (Minus f, rest')
parseFactor (TOpen : rest) = case parseExpr rest of
  (e, TClose : rest') -> (e, rest')
  _ -> error "expected )"
parseFactor ts = error ("unexpected " ++ show (take 1 ts))

parse :: String -> Expr
parse s = case parseExpr (tokenise s) of
  (e, []) -> e
  (_, ts) -> error ("trailing " ++ show (take 3 ts))

eval :: Expr -> Int
eval (Lit n) = n
eval (Minus e) = negate (eval e)
eval (Bin o a b) =
  let x = eval a
      y = eval b
   in case o of
        '+' -> x + y
        '-' -> x - y
        '*' -> (x * y) `rem` 1000000007
        _ -> if y == 0 then 0 else x `quot` y

-- Back to text, fully parenthesised where needed.
render :: Expr -> String
render e = go 0 e ""
  where
    go :: Int -> Expr -> ShowS
    go _ (Lit n) = shows n
    go p (Minus a) = showParen (p > 2) (showChar '-' . go 3 a)
    go p (Bin o a b) =
      let q = if o == '+' || o == '-' then 1 else 2
       in showParen (p > q) (go q a . showChar ' ' . showChar o . showChar ' ' . go (q + 1) b)

next :: Int -> Int
next s = (s * 1103515245 + 12345) `mod` 2147483648

-- A random expression of at most the given depth as text, and the generator's next state.
generate :: Int -> Int -> (String, Int)
generate depth s0
  | depth == 0 || r < 3 = (show (s1 `mod` 1000), s1)
  | r == 3 = let (a, s2) = generate (depth - 1) s1 in ("-" ++ a, s2)
  | r == 4 = let (a, s2) = generate (depth - 1) s1 in ("( " ++ a ++ " )", s2)
  | otherwise =
      let (a, s2) = generate (depth - 1) s1
          (b, s3) = generate (depth - 1) s2
          op = "+-*/" !! (s3 `mod` 4)
       in (a ++ " " ++ [op] ++ " " ++ b, next s3)
  where
    s1 = next s0
    r = (s1 `div` 65536) `mod` 10

expressions :: Int -> [String]
expressions n = go n 7
  where
    go 0 _ = []
    go k s = let (e, s') = generate 7 s in e : go (k - 1) s'

main :: IO ()
main = do
  args <- getArgs
  let n = if null args then 200 else read (head args)
      texts = expressions n
      trees = map parse texts
      again = map (parse . render) trees
  putStrLn ("characters: " ++ show (sum (map length texts)))
  putStrLn ("tokens: " ++ show (sum (map (length . tokenise) texts)))
  putStrLn ("sum of values: " ++ show (sum (map eval trees)))
  putStrLn ("round trip agrees: " ++ show (map eval again == map eval trees))
  putStrLn ("sample: " ++ head texts ++ " = " ++ show (eval (head trees)))
