f :: Int -> Int
f x = let y = x + 1 y * 2

main :: IO ()
main = print (f 1)
