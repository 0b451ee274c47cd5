main :: IO ()
main = print ([1, 2, 3 :: Int] !! 5)
