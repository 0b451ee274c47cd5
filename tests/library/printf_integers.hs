-- Library test of Text.Printf (integers): each function on ordinary and edge cases; the expected output is GHC's.
import Text.Printf

ints :: [Int]
ints = [0, 1, -1, 7, -42, 255, 65535, maxBound, minBound, 123456789]

main :: IO ()
main = do
  mapM_ (\n -> printf "%d|%i|%5d|%-5d|%05d|%+d|% d|%.3d|%8.4d|%x|%X|%o|%b|%#x|%#o|%#b|%u|%10x|%-10X|%010o|%c\n" n n n n n n n n n n n n n n n n n n n n (65 + abs (n `mod` 26))) ints
  mapM_ (\n -> printf "%d|%5d|%x|%o|%X|%+08d|%v\n" n n (abs n) (abs n) (abs n) n n) [0, 10 ^ 30, negate (10 ^ 20), 12345 :: Integer]
  printf "%s|%10s|%-10s|%.3s|%10.2s|%v|%c|%3c|%-3c|\n" "hello" "hello" "hello" "hello" "hello" "str" 'z' 'y' 'x'
  printf "%*d|%-*d|%.*f|%*.*f|\n" (5 :: Int) (42 :: Int) (5 :: Int) (42 :: Int) (3 :: Int) (3.14159 :: Double) (10 :: Int) (2 :: Int) (2.5 :: Double)
  printf "100%%\n"
  printf "%hd %ld %lld\n" (1 :: Int) (2 :: Int) (3 :: Int)
  let report = printf "%-10s %6.2f %4d" "item" (3.5 :: Double) (7 :: Int) :: String
  putStrLn report
  printf "%s has %d items costing %.2f\n" "cart" (3 :: Int) (9.99 :: Double)
