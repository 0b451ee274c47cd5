-- Library test of Control.Monad's forever, ended by exitWith (exit code 3), in constant memory; the expected output is GHC's.
import Control.Monad
import System.Exit
import Data.IORef

main :: IO ()
main = do
  r <- newIORef (0 :: Int)
  forever $ do
    n <- readIORef r
    when (n >= 100000) $ do
      putStrLn "stopping"
      exitWith (ExitFailure 3)
    when (n `mod` 25000 == 0) (print n)
    writeIORef r (n + 1)
