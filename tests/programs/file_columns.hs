-- Command-line arguments and file handles: `file_columns FILE WIDTH MODE` writes a generated
-- table to FILE, reads it back line by line through a handle (hGetLine until hIsEOF),
-- reformats it to WIDTH-character columns in MODE (upper, lower or title), appends a footer
-- with an AppendMode handle and prints the final file.
module Main (main) where

import System.IO
import System.Environment (getArgs, getProgName)

data Mode = Upper | Lower | Title

parseMode :: String -> Maybe Mode
parseMode "upper" = Just Upper
parseMode "lower" = Just Lower
parseMode "title" = Just Title
parseMode _ = Nothing

upper, lower :: Char -> Char
upper c = if c >= 'a' && c <= 'z' then toEnum (fromEnum c - 32) else c
lower c = if c >= 'A' && c <= 'Z' then toEnum (fromEnum c + 32) else c

styled :: Mode -> String -> String
styled Upper = map upper
styled Lower = map lower
styled Title = unwords . map cap . words
  where cap (c : cs) = upper c : map lower cs
        cap [] = []

cities :: [(String, Int, Int)]
cities =
  [ ("reykjavik", 64, 131), ("lisbon", 39, 545), ("cape town", 34, 4337)
  , ("ulaanbaatar", 48, 1350), ("quito", 0, 2800), ("wellington", 41, 215) ]

csvLine :: (String, Int, Int) -> String
csvLine (name, lat, elevation) = name ++ ";" ++ show lat ++ ";" ++ show elevation

fields :: String -> [String]
fields s = case break (== ';') s of
  (f, []) -> [f]
  (f, _ : rest) -> f : fields rest

column :: Int -> String -> String
column w s
  | length s > w = take (w - 1) s ++ "~"
  | otherwise = s ++ replicate (w - length s) ' '

readLines :: Handle -> Int -> [String] -> IO [String]
readLines h n acc = do
  eof <- hIsEOF h
  if eof
    then return (reverse acc)
    else do
      l <- hGetLine h
      readLines h (n + 1) (l : acc)

main :: IO ()
main = do
  args <- getArgs
  case args of
    [file, w, m] | all (`elem` "0123456789") w ->
      case parseMode m of
        Just mode -> run file (foldl (\a c -> a * 10 + fromEnum c - fromEnum '0') 0 w) mode
        Nothing -> usage
    _ -> usage

usage :: IO ()
usage = do
  prog <- getProgName
  hPutStrLn stderr ("usage: " ++ prog ++ " FILE WIDTH upper|lower|title")

run :: FilePath -> Int -> Mode -> IO ()
run file width mode = do
  writeFile file (unlines (map csvLine cities))
  rows <- withFile file ReadMode (\h -> readLines h 0 [])
  putStrLn ("read " ++ show (length rows) ++ " rows from " ++ file)
  let table = [concatMap (column width) (styled mode name : rest) | (name : rest) <- map fields rows]
  h <- openFile file WriteMode
  mapM_ (hPutStrLn h) table
  hClose h
  a <- openFile file AppendMode
  hPutStr a (replicate (3 * width) '-')
  hPutStrLn a ""
  hPrint a (length table, width)
  hClose a
  contents <- readFile file
  putStr contents
  hFlush stdout
