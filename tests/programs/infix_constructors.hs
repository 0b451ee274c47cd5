-- Constructors declared infix (with an operator or a name in backticks) are shown and read
-- infix, at their fixity; declared prefix (an operator in parentheses, records too), prefix.
data T = (:+:) Int Int deriving (Show, Read, Eq)
data P = Int `Pair` Int deriving (Show, Read, Eq)
data Q = P :/: P deriving (Show, Read)
data R = Pr Int Int deriving (Show, Read)
data Op = (:<>) { left :: Int, right :: Int } deriving (Show, Read)

infixl 5 `Pair`

main :: IO ()
main = do
  print ((:+:) 1 2)
  print (read "(:+:) 1 2" :: T)
  print (reads "1 :+: 2" :: [(T, String)])
  print (3 `Pair` (-4))
  print (Just (3 `Pair` 4))
  print (read "3 `Pair` 4" :: P)
  print (reads "Pair 3 4" :: [(P, String)])
  print ((1 `Pair` 2) :/: (3 `Pair` (-4)))
  print (read (show ((1 `Pair` 2) :/: (3 `Pair` (-4)))) :: Q)
  print (3 `Pr` 4)
  print ((:<>) 1 2)
  print (read "(:<>) {left = 1, right = 2}" :: Op)
  print (left ((:<>) 5 6))
