main :: IO ()
main = print (take 3)
