-- Library test of Text.Printf (formats): each function on ordinary and edge cases; the expected output is GHC's.
import Text.Printf
main :: IO ()
main = do
  printf "%d|%5d|%-5d|%05d|%+d|% d|%x|%X|%o|%5.3d|%-+6d|\n" (42::Int) (42::Int) (42::Int) (-42::Int) (42::Int) (42::Int) (255::Int) (255::Int) (8::Int) (7::Int) (3::Int)
  printf "%s|%10s|%-10s|%.2s|%c|%%|%5c|\n" "hello" "hi" "hi" "hello" 'x' 'y'
  printf "%f|%.2f|%8.3f|%-8.1f|%08.2f|%+.1f|%.0f|%.0f|%.0f\n" (3.14159::Double) (2.675::Double) (-1.5::Double) (2.25::Double) (-3.14159::Double) (1.0::Double) (0.5::Double) (1.5::Double) (2.5 :: Double)
  printf "%e|%.2e|%g|%g|%g|%g|%.3g|%E|%G\n" (1234.5::Double) (1234.5::Double) (0.0001::Double) (123456789.0::Double) (0.5::Double) (100::Double) (3.14159::Double) (1234.5::Double) (1e-5::Double)
  printf "%d %d %s\n" (123456789012345678901234567890::Integer) (-5::Integer) (show [1,2::Int])
  printf "%x %X %o\n" (-1::Int) (-255 :: Int) (-8 :: Int)
  printf "%v %v %v\n" (1::Int) (2.5::Double) "s"
  let s = printf "%d-%s" (1::Int) "a" :: String
  putStrLn s
  printf "%f %f %f %e\n" (1e22::Double) (1.0e-2::Double) (123.456::Double) (0::Double)
  printf "%5.1f%%\n" (99.5 :: Double)
  printf "%3s|%-3s|%s\n" "abcdef" "abcdef" ""
  printf "%.3f %.1f %.2f %.10f\n" (1/3 :: Double) (0.05 :: Double) (1.005 :: Double) (2/3 :: Double)
  printf "%d%%\n" (5 :: Int)
  printf "%i\n" (5 :: Int)
  printf "%c%c\n" 'a' 'b'
  printf "%g %g %g %g\n" (1e7 :: Double) (9999999 :: Double) (0.1 :: Double) (0.09 :: Double)
