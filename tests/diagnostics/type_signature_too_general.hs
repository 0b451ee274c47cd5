inc :: a -> a
inc x = x + 1

main :: IO ()
main = print (inc 1)
