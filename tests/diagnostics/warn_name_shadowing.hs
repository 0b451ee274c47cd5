main :: IO ()
main = do
  let xs = [3, 1, 2] :: [Int]
  print (map (\xs -> xs + 1) xs)
