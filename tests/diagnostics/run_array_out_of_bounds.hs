import Data.Array

main :: IO ()
main = print (listArray (0, 2 :: Integer) [1, 2, 3 :: Int] ! 3)
