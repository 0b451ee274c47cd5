-- an array built with `array` from associations that miss an index: reading that element is a runtime error
import Data.Array

squaresOfEvens :: Int -> Array Int Int
squaresOfEvens n = array (0, n) [(i, i * i) | i <- [0, 2 .. n]]

main :: IO ()
main = do
  let a = squaresOfEvens 6
  print (a ! 4, a ! 6, bounds a)
  print [a ! i | i <- [0, 2, 4]]
  print (a ! 3)
  putStrLn "not reached"
