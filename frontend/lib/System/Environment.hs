-- System.Environment: the program's arguments (`dnrad run prog.hs -- ARGS`) and its name (the
-- file's stem, as GHC names the compiled program); defined in the Prelude.
module System.Environment (getArgs, getProgName) where
