-- Line-by-line summary of sensor readings on standard input (getLine until an `end` line):
-- per-station count/min/max/mean, rejected lines with their line numbers, a running total.
module Main where

data Reading = Reading String Double

data Stats = Stats { count :: Int, low :: Double, high :: Double, total :: Double }

-- Parse an optionally signed decimal number such as -12.75 or 3.
parseNumber :: String -> Maybe Double
parseNumber ('-' : rest) = fmap negate (parseNumber rest)
parseNumber s = case span isDigit s of
  ("", _) -> Nothing
  (whole, "") -> Just (digits whole)
  (whole, '.' : frac) | not (null frac) && all isDigit frac ->
    Just (digits whole + digits frac / 10 ^ length frac)
  _ -> Nothing
  where
    digits = fromIntegral . foldl (\acc c -> acc * 10 + toInteger (fromEnum c - fromEnum '0')) (0 :: Integer)

isDigit :: Char -> Bool
isDigit c = c >= '0' && c <= '9'

parseLine :: String -> Either String Reading
parseLine line = case words line of
  [station, value] -> case parseNumber value of
    Just x -> Right (Reading station x)
    Nothing -> Left ("bad number " ++ show value)
  [] -> Left "empty line"
  ws -> Left ("expected 2 fields, got " ++ show (length ws))

addReading :: [(String, Stats)] -> Reading -> [(String, Stats)]
addReading [] (Reading s x) = [(s, Stats 1 x x x)]
addReading ((name, st) : rest) r@(Reading s x)
  | name == s = (name, st { count = count st + 1, low = min (low st) x
                          , high = max (high st) x, total = total st + x }) : rest
  | otherwise = (name, st) : addReading rest r

-- Round to two decimals for display.
twoPlaces :: Double -> Double
twoPlaces x = fromIntegral (round (x * 100) :: Integer) / 100

report :: (String, Stats) -> String
report (name, st) =
  name ++ ": n=" ++ show (count st) ++ " min=" ++ show (low st) ++ " max=" ++ show (high st)
    ++ " mean=" ++ show (twoPlaces (total st / fromIntegral (count st)))

loop :: Int -> Double -> [(String, Stats)] -> [String] -> IO ([(String, Stats)], [String])
loop n running table rejected = do
  line <- getLine
  if line == "end"
    then return (table, reverse rejected)
    else if take 1 line == "#"
      then loop (n + 1) running table rejected
      else case parseLine line of
        Right r@(Reading _ x) -> do
          let running' = running + x
          if n `mod` 5 == 0
            then putStrLn ("  line " ++ show n ++ ": running total " ++ show (twoPlaces running'))
            else return ()
          loop (n + 1) running' (addReading table r) rejected
        Left why -> loop (n + 1) running table (("line " ++ show n ++ ": " ++ why) : rejected)

main :: IO ()
main = do
  title <- getLine
  putStrLn ("== " ++ title ++ " ==")
  (table, rejected) <- loop 2 0 [] []
  mapM_ (putStrLn . report) table
  let n = sum (map (count . snd) table)
  putStrLn (show n ++ " readings from " ++ show (length table) ++ " stations")
  if null rejected
    then putStrLn "no rejected lines"
    else do
      putStrLn (show (length rejected) ++ " rejected:")
      mapM_ (putStrLn . ("  " ++)) rejected
  rest <- getContents
  putStrLn ("ignored after end: " ++ show (length (lines rest)) ++ " lines")
