-- Library test of Text.Printf (hPrintf to handles): the expected output is GHC's.
import Text.Printf
import System.IO

main :: IO ()
main = do
  hPrintf stdout "%s=%d\n" "x" (3 :: Int)
  hPrintf stderr "warning: %.2f%%\n" (12.345 :: Double)
  hPrintf stdout "%5s|\n" "ab"
  printf "%d %s\n" (1 :: Int) "done"
  hFlush stdout
