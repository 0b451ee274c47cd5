f :: Int -> Int
f n = case n
  0 -> 1
  _ -> 2

main :: IO ()
main = print (f 0)
