-- Library test of Text.Printf (doubles): each function on ordinary and edge cases; the expected output is GHC's.
import Text.Printf

vals :: [Double]
vals = [0, 1, -1, 0.5, 1.5, 2.5, 0.125, 2.675, 1.005, 9.995, 99.5, 999999.5, 1e7, 9999999.9, 1.0e-2, 0.1, 0.09, 123.456, 1e22, 1.0e-300, 5.0e-324, 1.7976931348623157e308, 3.141592653589793, 2.718281828459045, 1/3, 2/3, 1e-5, 0.00049999, 0.0005, 12345.6789]

main :: IO ()
main = mapM_ (\x -> do
  printf "%f|%.0f|%.1f|%.2f|%.3f|%.10f|%e|%.0e|%.1e|%.3e|%g|%.0g|%.2g|%.5g|%12.4f|%-12.3e|%+.2f|% .1f|%010.2f|%#.0f|%#.0e|%G|%E\n" x x x x x x x x x x x x x x x x x x x x x x x
  printf "%s\n" (printf "%8.3g|%v" x x :: String)) (vals ++ map negate vals)
