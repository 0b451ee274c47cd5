main :: IO ()
main = print (1 = 2)
