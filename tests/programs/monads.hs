-- Monads written the way GHC programs write them today: Functor and Applicative instances,
-- and Monad instances that define only `>>=` (`return` is `pure`). Exercises the Applicative
-- operators, `mapM`/`sequence`/`mapM_` over user monads, and the Prelude's instances.
module Main where

-- A parser ------------------------------------------------------------------------------------

newtype Parser a = Parser (String -> Maybe (a, String))

runParser :: Parser a -> String -> Maybe (a, String)
runParser (Parser p) = p

instance Functor Parser where
  fmap f (Parser p) = Parser (\s -> case p s of
    Nothing -> Nothing
    Just (a, rest) -> Just (f a, rest))

instance Applicative Parser where
  pure x = Parser (\s -> Just (x, s))
  Parser pf <*> Parser px = Parser (\s -> case pf s of
    Nothing -> Nothing
    Just (f, rest) -> case px rest of
      Nothing -> Nothing
      Just (x, rest') -> Just (f x, rest'))

instance Monad Parser where
  Parser p >>= k = Parser (\s -> case p s of
    Nothing -> Nothing
    Just (a, rest) -> runParser (k a) rest)

item :: Parser Char
item = Parser (\s -> case s of
  [] -> Nothing
  (c:cs) -> Just (c, cs))

sat :: (Char -> Bool) -> Parser Char
sat ok = do
  c <- item
  if ok c then return c else Parser (const Nothing)

orElse :: Parser a -> Parser a -> Parser a
orElse (Parser p) (Parser q) = Parser (\s -> case p s of
  Nothing -> q s
  r -> r)

many0 :: Parser a -> Parser [a]
many0 p = many1 p `orElse` pure []

many1 :: Parser a -> Parser [a]
many1 p = do
  x <- p
  (x :) <$> many0 p

token :: Parser a -> Parser a
token p = p <* many0 (sat isSpace)

symbol :: Char -> Parser Char
symbol c = token (sat (== c))

number :: Parser Int
number = token (foldl (\acc d -> 10 * acc + fromEnum d - fromEnum '0') 0 <$> many1 (sat isDigit))

isDigit, isSpace :: Char -> Bool
isDigit c = c >= '0' && c <= '9'
isSpace c = c == ' '

-- expr := term (('+' | '-') term)*, term := factor ('*' factor)*, factor := number | (expr)
expr :: Parser Int
expr = term >>= rest
  where rest acc = (do _ <- symbol '+'; t <- term; rest (acc + t))
                   `orElse` (do _ <- symbol '-'; t <- term; rest (acc - t))
                   `orElse` pure acc

term :: Parser Int
term = factor >>= rest
  where rest acc = (symbol '*' *> factor >>= \f -> rest (acc * f)) `orElse` pure acc

-- The parenthesised expression is built when it is run: under strict evaluation `factor` and
-- `expr` may not need each other's value to be defined.
factor :: Parser Int
factor = number `orElse` Parser (\s -> runParser (symbol '(' *> expr <* symbol ')') s)

-- A state monad ---------------------------------------------------------------------------------

newtype State s a = State (s -> (a, s))

runState :: State s a -> s -> (a, s)
runState (State f) = f

instance Functor (State s) where
  fmap f (State g) = State (\s -> case g s of (a, s') -> (f a, s'))

instance Applicative (State s) where
  pure x = State (\s -> (x, s))
  State f <*> State g = State (\s -> case f s of
    (h, s') -> case g s' of (x, s'') -> (h x, s''))

instance Monad (State s) where
  State g >>= k = State (\s -> case g s of (a, s') -> runState (k a) s')

fresh :: State Int Int
fresh = State (\n -> (n, n + 1))

modify :: (s -> s) -> State s ()
modify f = State (\s -> ((), f s))

data Tree = Leaf String | Node Tree Tree deriving Show

label :: Tree -> State Int [(Int, String)]
label (Leaf s) = (\n -> [(n, s)]) <$> fresh
label (Node l r) = (++) <$> label l <*> label r

main :: IO ()
main = do
  print (runParser expr "1 + 2 * 3")
  print (runParser expr "(1 + 2) * 3 - 4 rest")
  print (fmap fst (runParser (many1 number) "10 20 30"))
  print (runParser (sequence [symbol 'a', symbol 'b']) "a b c")
  let tree = Node (Node (Leaf "x") (Leaf "y")) (Node (Leaf "z") (Node (Leaf "u") (Leaf "v")))
  print (fst (runState (label tree) 100))
  print (runState (mapM (\x -> (* x) <$> fresh) [1, 2, 3]) 5)
  print (runState (mapM_ (\x -> modify (+ x)) [1 .. 10] >> fresh) 0)
  print (runState (sequence_ (replicate 3 fresh) *> fresh) 7)
  print (runState ("tick" <$ fresh) 1)
  print (fmap (* 2) (Right 21 :: Either String Int), fmap (+ 1) ("pair", 1))
  print (pure 3 :: Maybe Int, (+) <$> Just 1 <*> Just 2, Just 1 *> Nothing :: Maybe Int)
  print ([(+ 1), (* 2)] <*> [10, 20], [1, 2] *> "ab", Right 'x' <* (Left 1 :: Either Int ()))
  line <- fmap (map succ) (return "HAL")
  putStrLn line
  n <- (+ 1) <$> pure 41
  print n
  putStr "a" *> putStrLn "b" <* putStrLn "c"
