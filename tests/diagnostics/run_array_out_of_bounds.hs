import Data.Array

main :: IO ()
main = print (listArray (0, 2) [1, 2, 3 :: Int] ! 3)
