-- an off-by-one in a smoothing stencil reads past the end of the array: a runtime error at the read
import Data.Array

smooth :: Array Int Double -> Array Int Double
smooth u = listArray (lo, hi) [(u ! (i - 1) + u ! i + u ! (i + 1)) / 3 | i <- [lo + 1 .. hi + 1]]
  where (lo, hi) = bounds u

main :: IO ()
main = do
  let u = listArray (0, 4) [3, 6, 9, 12, 15]
  print (u ! 4, bounds u)
  print (sum (elems u))
  print (maximum (elems (smooth u)))
  putStrLn "not reached"
