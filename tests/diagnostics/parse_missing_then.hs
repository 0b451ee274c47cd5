f :: Int -> Int
f x = if x > 0 x else 0

main :: IO ()
main = print (f 1)
