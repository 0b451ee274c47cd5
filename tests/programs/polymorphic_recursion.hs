-- Polymorphic recursion (a recursive call at a larger type) with class constraints: the
-- optimiser specialises it only to a bounded type size, so it compiles and runs.
data Seq a = Nil | Cons a (Seq (a, a)) deriving (Show, Eq)

data Nested a = Flat a | Nest (Nested [a]) deriving Show

showS :: Show a => Seq a -> String
showS Nil = "Nil"
showS (Cons x s) = show x ++ " " ++ showS s

sizeS :: Seq a -> Int
sizeS Nil = 0
sizeS (Cons _ s) = 1 + 2 * sizeS s

sumWith :: Num b => (a -> b) -> Seq a -> b
sumWith _ Nil = 0
sumWith f (Cons x s) = f x + sumWith (\(a, b) -> f a + f b) s

fromList :: [a] -> Seq a
fromList [] = Nil
fromList (x : xs) = Cons x (fromList (pairs xs))
  where
    pairs (a : b : rest) = (a, b) : pairs rest
    pairs _ = []

depthN :: Show a => Nested a -> String
depthN (Flat a) = show a
depthN (Nest n) = "N" ++ depthN n

main :: IO ()
main = do
  let s = fromList [1 .. 15 :: Int]
  print s
  putStrLn (showS s)
  print (sizeS s, sumWith id s, s == s, fromList "abc" == fromList "abd")
  print (Nest (Nest (Flat [[1 :: Int, 2], [3]])))
  putStrLn (depthN (Nest (Flat [1 :: Int])))
