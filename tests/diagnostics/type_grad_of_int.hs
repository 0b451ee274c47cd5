f :: Int -> Int
f x = x * x

main :: IO ()
main = print (grad f 3)
