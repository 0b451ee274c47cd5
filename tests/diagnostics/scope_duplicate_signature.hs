f :: Int -> Int
f :: Int -> Int
f x = x

main :: IO ()
main = print (f 1)
