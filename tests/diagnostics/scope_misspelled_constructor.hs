main :: IO ()
main = print (Jsut 1)
