-- Text.Read: the Read class and the total forms of read (Haskell 98 readsPrec style only).
module Text.Read
  ( Read(readsPrec, readList)
  , ReadS
  , reads
  , read
  , readParen
  , lex
  , readMaybe
  , readEither
  ) where

-- | The value a string shows, or Nothing when it does not parse exactly once.
readMaybe :: Read a => String -> Maybe a
readMaybe s = case readEither s of
  Left _ -> Nothing
  Right x -> Just x
