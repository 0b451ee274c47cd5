-- A number whose type nothing fixes is an `Integer`; where it shows (printed, compared,
-- enumerated) the warning says so. The exponent of `^` and a `Double` literal stay quiet.
size :: Double -> Double
size r = r ^ 2 * 1.5

main :: IO ()
main = do
  print (size 2)
  print (product [1 .. 25])
