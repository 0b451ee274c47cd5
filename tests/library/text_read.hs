-- Text.Read: readMaybe and readEither at Int, [Int] and Double, GHC's no-parse message
import Text.Read (readMaybe, readEither)
main = do
  print (readMaybe "12" :: Maybe Int, readMaybe "x" :: Maybe Int, readMaybe " [1,2] " :: Maybe [Int])
  print (readEither "3.5" :: Either String Double)
  print (readEither "nope" :: Either String Int)
