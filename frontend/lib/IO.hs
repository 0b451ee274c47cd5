-- IO, Haskell 98's module of that name: the part of System.IO it describes that dnrad has
-- (no seeking, positions, handle queries, IOError predicates or `try`/`bracket`).
module IO
  ( Handle, IOMode(..), BufferMode(..)
  , stdin, stdout, stderr
  , openFile, hClose, hFlush, hSetBuffering
  , hPutStr, hPutStrLn, hPrint, hPutChar
  , hGetLine, hGetChar, hGetContents, hIsEOF, isEOF
  ) where

import System.IO
