ratio :: Int -> Int -> Int
ratio a b = a `div` b

main :: IO ()
main = print (ratio 1 0)
