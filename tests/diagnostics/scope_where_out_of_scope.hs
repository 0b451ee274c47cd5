f :: Int -> Int
f x = y + 1
  where
    z = x * 2

main :: IO ()
main = print (f 1)
