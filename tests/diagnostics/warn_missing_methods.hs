class Shape a where
  area :: a -> Double
  name :: a -> String

data Square = Square Double

instance Shape Square where
  area (Square s) = s * s

main :: IO ()
main = print (area (Square 2))
