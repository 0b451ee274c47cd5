main :: IO ()
main = print (foldr (\acc x -> acc + length x) 0 ["ab", "c"])
