-- read . show is the identity on every derivable type: prefix, infix (with fixities) and record
-- constructors, parameterised and recursive types, negative numbers in every position, and the
-- Prelude's types nested inside one another.

infixr 5 :::
infixl 6 :+
infix 4 :=

data Shape = Circle Double | Rect { width :: Double, height :: Double } | Poly [(Int, Int)]
  deriving (Show, Read, Eq)

data Expr = Lit Integer | Neg Expr | Expr :+ Expr | String := Expr
  deriving (Show, Read, Eq)

data Stream a = Nil | a ::: Stream a
  deriving (Show, Read, Eq)

data Tree k v = Leaf | Node (Tree k v) k v (Tree k v)
  deriving (Show, Read, Eq)

newtype Wrapper = Wrapper { unwrap :: Maybe (Either String Char) }
  deriving (Show, Read, Eq)

data Unit = Unit deriving (Show, Read, Eq)

data Op = Op { (<+>) :: Int, label :: String } deriving (Show, Read, Eq)

insert :: Ord k => k -> v -> Tree k v -> Tree k v
insert k v Leaf = Node Leaf k v Leaf
insert k v (Node l k' v' r)
  | k < k' = Node (insert k v l) k' v' r
  | k > k' = Node l k' v' (insert k v r)
  | otherwise = Node l k v r

check :: (Show a, Read a, Eq a) => String -> a -> IO ()
check what x = do
  let s = show x
      back = read s
  putStrLn (what ++ ": " ++ s ++ (if back == x then "  ok" else "  MISMATCH"))

main :: IO ()
main = do
  check "shapes" [Circle 1.5, Rect { width = -2, height = 3.25e-3 }, Poly [(0, 0), (-1, 2)]]
  check "expr" (Lit 1 :+ Neg (Lit (-2)) :+ (Lit 3 :+ Lit 4))
  check "assign" ("x" := Lit (-7) :+ Lit 8)
  check "stream" (1 ::: (-2) ::: 3 ::: Nil :: Stream Int)
  check "nested stream" (Just 'a' ::: Nothing ::: Nil)
  check "tree" (foldr (\k -> insert k (show k)) Leaf [5, -3, 8, 1, -9 :: Int])
  check "wrapper" [Wrapper Nothing, Wrapper (Just (Left "a\"b\\c\n")), Wrapper (Just (Right '\t'))]
  check "unit" (Unit, (), [Unit])
  check "op" (Op (-1) "plus")
  check "numbers" (minBound :: Int, maxBound :: Int, 2 ^ 70 :: Integer, -(2 ^ 70) :: Integer)
  check "doubles" [0.1, -0.0, 1.0e-300, 5.0e-324, 1.7976931348623157e308, 1 / 0, -1 / 0, 123456.789]
  check "chars" "\0\SOH\DEL\200\1114111 ~\"'"
  check "ratios" [3 / 4, -5 / 2, 0 :: Rational]
  check "tuples" ((1 :: Int, 'x', "y"), (True, LT, Just [GT]), (Left 2 :: Either Int Bool, Right False :: Either Int Bool))
  check "maybe either" [Just (Left (Just (-1))), Just (Right Nothing), Nothing :: Maybe (Either (Maybe Int) (Maybe Bool))]
  check "big tuple" (1 :: Int, 2 :: Int, 3 :: Int, 4 :: Int, 5 :: Int, 6 :: Int, 7 :: Int, 'h', "i", True, 11.5 :: Double, Unit, (), EQ, -15 :: Integer)
  -- Text that show would not produce, read all the same.
  print (read "  ( Lit  1 :+ (Lit (-2)) ) " :: Expr)
  print (read "Rect{width=1,height=2}" :: Shape)
  print (read "Node Leaf (-1) \"a\" Leaf" :: Tree Int String)
  print (read "1 ::: (2 ::: Nil)" :: Stream Int)
  print (reads "Lit 1 :+ Lit 2 :+ Lit 3" :: [(Expr, String)])
  print (reads "Circle 1 rest" :: [(Shape, String)])
  print ((reads :: ReadS Shape) "Circle")
