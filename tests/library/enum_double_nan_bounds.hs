-- Double enumerations whose bounds or step are NaN or infinite end as in GHC (an empty list).
main = do
  print (take 3 [1.0 .. 0/0 :: Double])
  print ([0/0, 1 .. 3] :: [Double])
  print ([1/0, 1.5 .. 3.0] :: [Double])
  print ([1, 1 .. 0] :: [Double])
  print ([1.0 .. 3.5] :: [Double], [3.0, 2.5 .. 1] :: [Double])
