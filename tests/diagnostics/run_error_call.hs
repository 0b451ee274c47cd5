check :: Int -> Int
check n
  | n < 0 = error "negative input"
  | otherwise = n

main :: IO ()
main = print (check (-1))
