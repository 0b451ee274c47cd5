half :: Int -> Int
half n = return (n `div` 2)

main :: IO ()
main = print (half 4)
