size :: Int
size = 1

name :: String
name = "x"

size = 2

main :: IO ()
main = print size
