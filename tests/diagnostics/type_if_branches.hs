sign :: Int -> String
sign x = if x > 0 then "positive" else 0

main :: IO ()
main = putStrLn (sign 3)
