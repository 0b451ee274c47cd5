main :: IO ()
main = print (sort [3, 1, 2])
