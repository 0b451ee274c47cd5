-- Library test of Text.Printf (flags): each function on ordinary and edge cases; the expected output is GHC's.
import Text.Printf
main :: IO ()
main = do
  printf "%#x|%#o|%#X|%05s|%-05d|%+5d|% 5d|%*d|%-*d|%.*f\n" (255::Int) (8::Int) (255::Int) "ab" (3::Int) (3::Int) (3::Int) (6::Int) (42::Int) (4::Int) (7::Int) (2::Int) (3.14159::Double)
  printf "%c|%d|%5s|%.1s|%hd|%ld|%lld\n" (65::Int) (True `seq` 1::Int) "" "" (1::Int) (2::Int) (3::Int)
  printf "%e|%.0e|%.1e|%e|%e|%.3e\n" (0.000123::Double) (5.5::Double) (9.96::Double) (-1.0::Double) (1e100::Double) (0 :: Double)
  printf "%f|%.1f|%.3f|%f|%f\n" (-0.0::Double) (0.05::Double) (1e-10::Double) (1/0::Double) (0/0 :: Double)
  printf "%g|%.1g|%.0g|%g\n" (1.5e-3::Double) (123.456::Double) (1e10 :: Double) (-2.5 :: Double)
  printf "%10.3e|%-12.2e|%+.2e|%012.3f|%+08.2f\n" (1234.5::Double) (0.1::Double) (5.0::Double) (-2.5 :: Double) (2.5 :: Double)
  printf "%x %o %X\n" (255::Integer) (8::Integer) (3054::Integer)
  printf "%5c|%-3c|%v|%s\n" 'a' 'b' 'c' (show 1.5)
  printf "%3d|%-3d|%03d\n" (-12345::Int) (-5::Int) (-5::Int)
  printf "%.2f %.2f %.2f %.2f\n" (0.125::Double) (0.375::Double) (100.005 :: Double) (99.995 :: Double)
  printf "%5.2f%%|%6.2e\n" (12.3456::Double) (0.000987::Double)
