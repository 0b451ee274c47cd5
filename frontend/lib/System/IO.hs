-- System.IO: handles, the standard streams, files and buffering. What needs the runtime
-- (Handle, stdin/stdout/stderr, openFile, hPutStr, hGetLine, hFlush, ...) is defined in the
-- Prelude ("Input and output") and exported from here; reading is strict (hGetContents reads
-- everything at once and closes the handle).
module System.IO
  ( IO, FilePath, Handle, IOMode(..), BufferMode(..)
  , stdin, stdout, stderr
  , openFile, withFile, hClose, hFlush, hSetBuffering
  , hPutStr, hPutStrLn, hPrint, hPutChar
  , hGetLine, hGetChar, hGetContents, hIsEOF, isEOF
  , putChar, putStr, putStrLn, print
  , getChar, getLine, getContents, interact
  , readFile, writeFile, appendFile
  ) where

hPutStrLn :: Handle -> String -> IO ()
hPutStrLn h s = hPutStr h s >>= \_ -> hPutStr h "\n"

hPrint :: Show a => Handle -> a -> IO ()
hPrint h x = hPutStrLn h (show x)

hPutChar :: Handle -> Char -> IO ()
hPutChar h c = hPutStr h [c]

isEOF :: IO Bool
isEOF = hIsEOF stdin

-- Runs the action on the opened file and closes it (dnrad has no exceptions: an error in the
-- action ends the program, and the runtime flushes the file).
withFile :: FilePath -> IOMode -> (Handle -> IO r) -> IO r
withFile path mode act =
  openFile path mode >>= \h -> act h >>= \r -> hClose h >>= \_ -> return r
