-- a 2-D index outside the bounds (a row that does not exist): a runtime error at the read
import Data.Array

board :: Array (Int, Int) Char
board = listArray ((1, 1), (3, 3)) "x.o.xo..x"

diagonal :: Int -> String
diagonal k = [board ! (i, i) | i <- [1 .. k]]

main :: IO ()
main = do
  putStrLn (diagonal 3)
  print (board ! (2, 3), inRange (bounds board) (4, 4))
  print (diagonal 4 == "xxxx")
  putStrLn "not reached"
