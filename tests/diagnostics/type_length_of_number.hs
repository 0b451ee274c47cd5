main :: IO ()
main = print (length 5)
