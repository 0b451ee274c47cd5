-- Validates a batch of bank transfers read line by line (isEOF loop): problems go to standard
-- error with the program's name, a summary to standard output, and the exit code says whether
-- the batch was clean (exitWith (ExitFailure 2) here; stderr is not compared).
module Main (main) where

import System.IO (hPutStrLn, stderr, isEOF, hFlush, stdout)
import System.Exit (exitWith, ExitCode(..), exitSuccess)
import System.Environment (getProgName)

data Transfer = Transfer { from :: String, to :: String, cents :: Int }

parseAmount :: String -> Maybe Int
parseAmount s = case break (== '.') s of
  (whole, "") | digits whole -> Just (toInt whole * 100)
  (whole, '.' : frac) | digits whole && length frac == 2 && digits frac ->
    Just (toInt whole * 100 + toInt frac)
  _ -> Nothing
  where
    digits t = not (null t) && all (`elem` "0123456789") t
    toInt = foldl (\acc c -> acc * 10 + fromEnum c - fromEnum '0') 0

parseTransfer :: String -> Either String Transfer
parseTransfer line = case words line of
  [a, "->", b, amount]
    | a == b -> Left "sender and receiver are the same"
    | otherwise -> maybe (Left ("bad amount " ++ amount)) (Right . Transfer a b) (parseAmount amount)
  _ -> Left "expected: FROM -> TO AMOUNT"

showCents :: Int -> String
showCents c = show (c `div` 100) ++ "." ++ pad (show (c `mod` 100))
  where pad s = replicate (2 - length s) '0' ++ s

-- Balances after applying a transfer (accounts appear when first used).
apply :: [(String, Int)] -> Transfer -> [(String, Int)]
apply book (Transfer a b c) = adjust b c (adjust a (negate c) book)
  where
    adjust who d [] = [(who, d)]
    adjust who d ((k, v) : rest)
      | k == who = (k, v + d) : rest
      | otherwise = (k, v) : adjust who d rest

readAll :: Int -> [Transfer] -> [(Int, String)] -> IO ([Transfer], [(Int, String)])
readAll n good bad = do
  eof <- isEOF
  if eof
    then return (reverse good, reverse bad)
    else do
      line <- getLine
      case line of
        "" -> readAll (n + 1) good bad
        ('#' : _) -> readAll (n + 1) good bad
        _ -> case parseTransfer line of
          Right t -> readAll (n + 1) (t : good) bad
          Left why -> readAll (n + 1) good ((n, why) : bad)

main :: IO ()
main = do
  prog <- getProgName
  putStr "validating batch... "
  hFlush stdout
  (good, bad) <- readAll 1 [] []
  putStrLn "done"
  mapM_ (\(n, why) -> hPutStrLn stderr (prog ++ ": line " ++ show n ++ ": " ++ why)) bad
  let balances = foldl apply [] good
      volume = sum (map cents good)
  putStrLn (show (length good) ++ " transfers, volume " ++ showCents volume)
  mapM_ (\(k, v) -> putStrLn ("  " ++ k ++ replicate (8 - length k) ' ' ++ (if v < 0 then "-" else " ") ++ showCents (abs v))) balances
  putStrLn ("net: " ++ showCents (sum (map snd balances)))
  if null bad
    then exitSuccess
    else do
      putStrLn (show (length bad) ++ " problems; see standard error")
      exitWith (ExitFailure 2)
  putStrLn "never printed"
