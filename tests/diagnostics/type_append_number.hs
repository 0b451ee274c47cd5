main :: IO ()
main = putStrLn ("n = " ++ 5)
