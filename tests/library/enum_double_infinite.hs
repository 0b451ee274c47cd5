-- An infinite Double enumeration (infinite limit) is an error, not an endless list.
main :: IO ()
main = do
  print [1.0, 1.5 .. 2.0 :: Double]
  print (length [1.0 .. 1/0 :: Double])
