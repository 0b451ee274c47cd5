average :: [Double] -> Double
average xs = sum xs / length xs

main :: IO ()
main = print (average [1, 2, 3])
