double :: Int -> Int
double x = print (x * 2)

main :: IO ()
main = print (double 2)
