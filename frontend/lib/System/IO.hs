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

-- | Writes the string and a newline to the handle.
hPutStrLn :: Handle -> String -> IO ()
hPutStrLn h s = hPutStr h s >>= \_ -> hPutStr h "\n"

-- | Writes the value's `show` and a newline to the handle.
hPrint :: Show a => Handle -> a -> IO ()
hPrint h x = hPutStrLn h (show x)

-- | Writes a character to the handle.
hPutChar :: Handle -> Char -> IO ()
hPutChar h c = hPutStr h [c]

-- | Whether standard input has no more input.
isEOF :: IO Bool
isEOF = hIsEOF stdin

-- | Opens the file, runs the action on its handle and closes it. dnrad has no exceptions: an error
-- in the action ends the program (the file is flushed).
withFile :: FilePath -> IOMode -> (Handle -> IO r) -> IO r
withFile path mode act =
  openFile path mode >>= \h -> act h >>= \r -> hClose h >>= \_ -> return r
