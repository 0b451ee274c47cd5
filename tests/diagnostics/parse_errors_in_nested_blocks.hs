area :: Double -> Double
area r = pi * r2
  where
    r2 = r * * r

classify :: Int -> String
classify n = case n of
  0 -> "zero"
  _ | n < 0 -> "negative"
    | otherwise = "positive"

main :: IO ()
main = do
  let a = area 1.0
  print a
  print (classify 3)
