main :: IO ()
main = print (fst (1 :: Int, undefined :: Int) + undefined)
