classify :: Int -> String
classify n
  | n = "odd"
  | otherwise = "even"

main :: IO ()
main = putStrLn (classify 3)
