next :: Maybe Int -> Int
next m = m + 1

main :: IO ()
main = print (next (Just 1))
