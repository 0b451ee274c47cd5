double :: Intt -> Int
double x = x * 2

main :: IO ()
main = print (double 2)
