main :: IO ()
main = print (map (\x -> x ++ "!") [1, 2 :: Int])
