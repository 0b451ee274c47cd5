helper :: Int -> Int
helper x = x + 1

_scratch :: Int
_scratch = 0

main :: IO ()
main = print (2 :: Int)
