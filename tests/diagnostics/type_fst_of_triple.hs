main :: IO ()
main = print (fst (1, 2, 3))
