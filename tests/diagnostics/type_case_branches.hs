describe :: Int -> String
describe n = case n of
  0 -> "zero"
  _ -> n + 1

main :: IO ()
main = putStrLn (describe 3)
