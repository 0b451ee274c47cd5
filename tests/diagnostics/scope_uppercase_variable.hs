f :: Int -> Int
f X = X + 1

main :: IO ()
main = print (f 1)
