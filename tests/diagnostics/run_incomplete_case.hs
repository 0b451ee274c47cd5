f :: Int -> String
f n = case n of
  0 -> "zero"
  1 -> "one"

main :: IO ()
main = putStrLn (f 2)
