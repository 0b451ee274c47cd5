add :: (Int, Int) -> Int
add (a, b) = a + b

main :: IO ()
main = print (add 1 2)
