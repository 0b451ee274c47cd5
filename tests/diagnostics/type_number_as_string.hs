main :: IO ()
main = putStrLn 5
