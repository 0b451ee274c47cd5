unwrap :: Maybe Int -> Int
unwrap (Just x y) = x
unwrap Nothing = 0

main :: IO ()
main = print (unwrap (Just 1))
