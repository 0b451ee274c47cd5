total :: [Int] -> Int
total xs = sum (map show xs)

main :: IO ()
main = print (total [1, 2])
