area :: Double -> Double
area r = pi * square
  where
    square = show r

main :: IO ()
main = print (area 1)
