-- System, Haskell 98's module of that name: exit codes, arguments and the program's name
-- (`getEnv` and `system` are not provided).
module System (ExitCode(..), getArgs, getProgName, exitWith, exitFailure) where

import System.Environment
import System.Exit
