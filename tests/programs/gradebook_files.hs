-- File round trips with the Prelude's writeFile, appendFile and readFile: a grade book is
-- written as CSV, amended, read back and parsed, and a report file is derived from it.
module Main where

data Student = Student { name :: String, scores :: [Int] }

roster :: [Student]
roster =
  [ Student "ada" [91, 85, 78], Student "brook" [62, 70, 58], Student "cyd" [88, 94, 99]
  , Student "dee" [45, 61, 72], Student "eli" [77, 77, 80] ]

toCsv :: Student -> String
toCsv s = name s ++ concatMap (\x -> ',' : show x) (scores s) ++ "\n"

splitOn :: Char -> String -> [String]
splitOn c s = case break (== c) s of
  (field, []) -> [field]
  (field, _ : rest) -> field : splitOn c rest

parseInt :: String -> Int
parseInt = foldl (\acc d -> acc * 10 + fromEnum d - fromEnum '0') 0

fromCsv :: String -> Maybe Student
fromCsv line = case splitOn ',' line of
  (n : xs@(_ : _)) | all (all (`elem` "0123456789")) xs -> Just (Student n (map parseInt xs))
  _ -> Nothing

average :: [Int] -> Double
average xs = fromIntegral (sum xs) / fromIntegral (length xs)

grade :: Double -> Char
grade a
  | a >= 90 = 'A'
  | a >= 80 = 'B'
  | a >= 70 = 'C'
  | a >= 60 = 'D'
  | otherwise = 'F'

oneDecimal :: Double -> String
oneDecimal x = show (fromIntegral (round (x * 10) :: Int) / 10 :: Double)

reportLine :: Student -> String
reportLine s = name s ++ ": " ++ oneDecimal a ++ " " ++ [grade a] ++ "\n"
  where a = average (scores s)

main :: IO ()
main = do
  let book = "grades.csv"
      report = "report.txt"
  writeFile book (concatMap toCsv roster)
  appendFile book "fay,99,100,98\n"
  appendFile book "# late entries below\n"
  appendFile book "gus,70,x,80\n"
  text <- readFile book
  let ls = lines text
      parsed = map fromCsv ls
      students = [s | Just s <- parsed]
      bad = [l | (l, Nothing) <- zip ls parsed]
  putStrLn (book ++ ": " ++ show (length ls) ++ " lines, " ++ show (length (text)) ++ " bytes")
  putStrLn ("parsed " ++ show (length students) ++ " students; skipped " ++ show bad)
  writeFile report (concatMap reportLine students)
  appendFile report ("class average: " ++ oneDecimal (average (concatMap scores students)) ++ "\n")
  r <- readFile report
  putStr r
  let counts = [(g, length [s | s <- students, grade (average (scores s)) == g]) | g <- "ABCDF"]
  putStrLn (unwords [g : '=' : show n | (g, n) <- counts])
  -- Overwriting replaces the contents.
  writeFile report "replaced\n"
  readFile report >>= putStr
