-- letter and word-length histograms of standard input with the Haskell 98 Array module: Char and Bool indices, accumArray, accum
import Array
import Char (toLower, isAlpha, isUpper)

letterCounts :: String -> Array Char Int
letterCounts text = accumArray (+) 0 ('a', 'z') [(toLower c, 1) | c <- text, isAlpha c]

lengthCounts :: [String] -> Array Int Int
lengthCounts ws = accumArray (+) 0 (1, longest) [(length w, 1) | w <- ws]
  where longest = maximum (map length ws)

isVowel :: Char -> Bool
isVowel c = c `elem` "aeiou"

-- Vowels under True, consonants under False.
vowelCounts :: Array Char Int -> Array Bool Int
vowelCounts letters = accumArray (+) 0 (False, True) [(isVowel c, k) | (c, k) <- assocs letters]

bar :: Int -> String
bar k = replicate k '*'

cleanWords :: String -> [String]
cleanWords = words . map (\c -> if isAlpha c then c else ' ')

main :: IO ()
main = do
  text <- getContents
  let letters = letterCounts text
      ws = cleanWords text
  mapM_ (\(c, k) -> putStrLn (c : ' ' : bar k)) [(c, k) | (c, k) <- assocs letters, k > 0]
  print (sum (elems letters), letters ! 'e', letters ! 'z')
  let top = take 5 (reverse (sortPairs [(k, c) | (c, k) <- assocs letters]))
  print top
  let lens = lengthCounts ws
  print lens
  print (vowelCounts letters)
  -- A second text merged in with accum: the same counts as counting both at once.
  let more = "Heaven and Earth"
      merged = accum (+) letters [(toLower c, 1) | c <- more, isAlpha c]
  print (merged == letterCounts (text ++ more), merged ! 'h' - letters ! 'h')
  let capitals = accumArray (flip (:)) [] ('A', 'Z') [(c, w) | w@(c : _) <- ws, isUpper c] :: Array Char [String]
  print [(c, reverse v) | (c, v) <- assocs capitals, not (null v)]
  print (bounds letters, indices (vowelCounts letters), rangeSize ('a', 'z'), index ('a', 'z') 'q', inRange ('a', 'f') 'g')
  where
    sortPairs [] = []
    sortPairs (p : ps) = sortPairs [q | q <- ps, q < p] ++ [p] ++ sortPairs [q | q <- ps, q >= p]
