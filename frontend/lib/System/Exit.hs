-- System.Exit: ending the program with an exit code. `exitWith` (in the Prelude) ends the run
-- at once, after standard output is flushed; in the REPL it ends only the expression.
module System.Exit (ExitCode(..), exitWith, exitSuccess, exitFailure) where

-- | Ends the program successfully (exit code 0).
exitSuccess :: IO a
exitSuccess = exitWith ExitSuccess

-- | Ends the program with exit code 1.
exitFailure :: IO a
exitFailure = exitWith (ExitFailure 1)
