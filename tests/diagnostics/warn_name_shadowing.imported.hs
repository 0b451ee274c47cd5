count :: [Int] -> Int
count lines = length lines

main :: IO ()
main = print (count [1, 2])
