main :: IO ()
main = do
  let xs = filter (> 5) [1, 2, 3 :: Int]
  print (head xs)
