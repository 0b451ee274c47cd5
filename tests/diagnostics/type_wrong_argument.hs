greet :: String -> String
greet name = "hello " ++ name

main :: IO ()
main = putStrLn (greet 42)
