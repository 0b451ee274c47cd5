-- A first dnrad program: type classes, a data type, list processing and Double arithmetic.
data Shape = Circle Double | Rect Double Double deriving (Show, Eq)

area :: Shape -> Double
area (Circle r) = pi * r * r
area (Rect w h) = w * h

main :: IO ()
main = do
  let shapes = [Circle 1, Rect 2 3.5, Circle 0.5]
  mapM_ print shapes
  putStrLn ("total area: " ++ show (sum (map area shapes)))
  print [n * n | n <- [1 .. 10 :: Int], even n]
  print (product [1 .. 25 :: Integer])
