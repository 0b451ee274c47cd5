-- System.Exit: ending the program with an exit code. `exitWith` (in the Prelude) ends the run
-- at once, after standard output is flushed; in the REPL it ends only the expression.
module System.Exit (ExitCode(..), exitWith, exitSuccess, exitFailure) where

exitSuccess :: IO a
exitSuccess = exitWith ExitSuccess

exitFailure :: IO a
exitFailure = exitWith (ExitFailure 1)
