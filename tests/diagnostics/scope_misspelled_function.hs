main :: IO ()
main = print (lenght [1, 2, 3])
