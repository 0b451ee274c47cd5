-- A word counter built on `interact`: lines, words and characters of standard input, the
-- most frequent words (case-folded, punctuation stripped) and the longest line.
module Main where

toLowerC :: Char -> Char
toLowerC c
  | c >= 'A' && c <= 'Z' = toEnum (fromEnum c + 32)
  | otherwise = c

isLetter :: Char -> Bool
isLetter c = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '\''

-- Words as a reader counts them: letters only, lower case.
normalise :: String -> [String]
normalise = filter (not . null) . map (map toLowerC . filter isLetter) . words

-- Insert into a frequency table kept sorted by word.
bump :: String -> [(String, Int)] -> [(String, Int)]
bump w [] = [(w, 1)]
bump w ((v, n) : rest)
  | w == v = (v, n + 1) : rest
  | w < v = (w, 1) : (v, n) : rest
  | otherwise = (v, n) : bump w rest

-- Merge sort by descending count, then alphabetically.
sortFreq :: [(String, Int)] -> [(String, Int)]
sortFreq [] = []
sortFreq [x] = [x]
sortFreq xs = merge (sortFreq front) (sortFreq back)
  where
    (front, back) = splitAt (length xs `div` 2) xs
    merge [] ys = ys
    merge as [] = as
    merge (a@(wa, ca) : as) (b@(wb, cb) : bs)
      | ca > cb || (ca == cb && wa <= wb) = a : merge as (b : bs)
      | otherwise = b : merge (a : as) bs

padRight :: Int -> String -> String
padRight n s = s ++ replicate (n - length s) ' '

padLeft :: Int -> String -> String
padLeft n s = replicate (n - length s) ' ' ++ s

longest :: [String] -> (Int, String)
longest = foldl pick (0, "")
  where pick (n, best) l = if length l > n then (length l, l) else (n, best)

summarise :: String -> String
summarise input = unlines (header ++ table ++ footer)
  where
    ls = lines input
    ws = normalise input
    freq = sortFreq (foldr bump [] ws)
    top = take 8 freq
    width = maximum (4 : map (length . fst) top)
    header =
      [ "lines: " ++ show (length ls)
      , "words: " ++ show (length (words input)) ++ " (" ++ show (length freq) ++ " distinct)"
      , "chars: " ++ show (length input)
      , "" , padRight width "word" ++ "  count" ]
    table = [ padRight width w ++ "  " ++ padLeft 5 (show n) ++ "  " ++ replicate n '*' | (w, n) <- top ]
    (len, line) = longest ls
    footer = [ "", "longest line (" ++ show len ++ " chars): " ++ show line
             , "words seen once: " ++ show (length (filter ((== 1) . snd) freq)) ]

main :: IO ()
main = interact summarise
