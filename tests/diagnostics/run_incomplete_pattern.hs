data Shape = Circle Double | Square Double

area :: Shape -> Double
area (Circle r) = 3 * r * r

main :: IO ()
main = print (area (Square 2))
