-- Control.Applicative's Alternative (Maybe, lists, a user's parser), optional, Data.Foldable's asum.
import Control.Applicative
import qualified Data.Map as M
import Data.Foldable (asum)

newtype Parser a = Parser (String -> Maybe (a, String))

runParser :: Parser a -> String -> Maybe (a, String)
runParser (Parser p) = p

instance Functor Parser where
  fmap f (Parser p) = Parser (\s -> fmap (\(a, r) -> (f a, r)) (p s))
instance Applicative Parser where
  pure x = Parser (\s -> Just (x, s))
  Parser pf <*> Parser pa = Parser (\s -> case pf s of
    Nothing -> Nothing
    Just (f, r) -> case pa r of
      Nothing -> Nothing
      Just (a, r') -> Just (f a, r'))
instance Alternative Parser where
  empty = Parser (const Nothing)
  Parser p <|> Parser q = Parser (\s -> case p s of
    Nothing -> q s
    r -> r)

char :: Char -> Parser Char
char c = Parser (\s -> case s of
  (x : xs) | x == c -> Just (c, xs)
  _ -> Nothing)

main :: IO ()
main = do
  let m = M.fromList [(1 :: Int, "one")]
  print (M.lookup 2 m <|> M.lookup 1 m <|> Just "none")
  print ([1, 2] <|> [3 :: Int], empty :: Maybe Int, asum [Nothing, Just 'a'])
  print (optional (Just 3 :: Maybe Int), optional (Nothing :: Maybe Int))
  print (runParser (char 'a' <|> char 'b') "bc", runParser (optional (char 'x')) "yz")
