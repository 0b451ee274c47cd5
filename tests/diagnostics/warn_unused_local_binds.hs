area :: Double -> Double
area r = pi * square
  where
    square = r * r
    circumference = 2 * pi * r

main :: IO ()
main = print (area 1)
