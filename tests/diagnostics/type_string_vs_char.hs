initial :: String -> Char
initial name = take 1 name

main :: IO ()
main = print (initial "ada")
