double :: Int -> Int
double x x * 2

square :: Int -> Int
square x = x * x

half :: Int -> Int
half x = if x > 0 then x `div` 2

main :: IO ()
main = print (double 2, square 3, half 4
