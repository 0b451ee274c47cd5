-- Text utilities with Data.Char and Data.List: Caesar and Vigenere ciphers, run-length
-- encoding, word wrapping and justification, title case, a character census by general
-- category, and a tiny tokenizer that classifies characters.
import Data.Char
import Data.List

caesar :: Int -> String -> String
caesar k = map shift
  where
    shift c
      | isAsciiUpper c = rotate 'A' c
      | isAsciiLower c = rotate 'a' c
      | otherwise = c
    rotate base c = chr (ord base + (ord c - ord base + k) `mod` 26)

vigenere :: String -> String -> String
vigenere key text = zipWith shift (cycleTo (length text) key) text
  where
    cycleTo n ks = take n (concat (replicate (n `div` length ks + 1) ks))
    shift k c = if isAlpha c then chr (ord 'A' + (ord (toUpper c) - ord 'A' + ord (toUpper k) - ord 'A') `mod` 26) else c

runLength :: String -> [(Char, Int)]
runLength = map (\g -> (head g, length g)) . group

unRunLength :: [(Char, Int)] -> String
unRunLength = concatMap (\(c, n) -> replicate n c)

-- Greedy wrapping at a width, then each line but the last padded with spaces between words.
wrap :: Int -> String -> [String]
wrap width = reverse . map unwords . foldl' place [] . words
  where
    place [] w = [[w]]
    place (line : done) w
      | length (unwords (line ++ [w])) <= width = (line ++ [w]) : done
      | otherwise = [w] : map id (line : done)

justify :: Int -> String -> String
justify width line = case words line of
  [w] -> w
  ws -> let gaps = length ws - 1
            spaces = width - sum (map length ws)
            (q, r) = spaces `divMod` gaps
            seps = [replicate (q + (if i < r then 1 else 0)) ' ' | i <- [0 .. gaps - 1]]
        in concat (zipWith (++) ws (seps ++ [""]))

titleCase :: String -> String
titleCase = unwords . map cap . words
  where cap (c : cs) = toTitle c : map toLower cs
        cap [] = []

data Token = Number Int | Word String | Symbol Char deriving Show

tokenize :: String -> [Token]
tokenize [] = []
tokenize s@(c : cs)
  | isSpace c = tokenize cs
  | isDigit c = let (ds, rest) = span isDigit s in Number (foldl' (\n d -> 10 * n + digitToInt d) 0 ds) : tokenize rest
  | isAlpha c = let (w, rest) = span isAlphaNum s in Word w : tokenize rest
  | otherwise = Symbol c : tokenize cs

main :: IO ()
main = do
  let msg = "Attack at Dawn, 6 AM!"
  putStrLn (caesar 3 msg)
  putStrLn (caesar (-3) (caesar 3 msg))
  putStrLn (vigenere "LEMON" "ATTACKATDAWN")
  let rle = runLength "aaabccddddde"
  print (rle, unRunLength rle == "aaabccddddde")
  let text = "The quick brown fox jumps over the lazy dog while the five boxing wizards jump quickly and sphinx of black quartz judges my vow."
      wrapped = wrap 30 text
  mapM_ (\l -> putStrLn ("|" ++ l ++ replicate (30 - length l) ' ' ++ "|")) wrapped
  mapM_ (\l -> putStrLn ("|" ++ justify 30 l ++ "|")) (init wrapped)
  putStrLn (titleCase "the old MAN and the sea")
  let census = map (\g -> (head g, length g)) (group (sort (map generalCategory "Hello, World! 123 \955\945 \8364\176 \t")))
  mapM_ print census
  print (tokenize "x1 = 42 + foo*(7-y2);")
  print (map digitToInt "fF09", map intToDigit [0, 9, 10, 15], map ord "Az", chr 955, isPunctuation '!', isSymbol '+', isSeparator ' ')
  print (filter isUpper "Hello World From Haskell", map toUpper "stra\223e \233t\233", isSpace '\160', words "a\160b\tc")
  print (sortBy (\a b -> compare (map toLower a) (map toLower b)) ["banana", "Apple", "cherry", "apple"], nub (map toLower "Mississippi"))
  print (isPrefixOf "The" text, isSuffixOf "vow." text, isInfixOf "lazy" text, stripPrefix "The " "The end")
  print (intercalate "-" (words "a b c"), transpose ["abc", "de", "f"], partition isVowel "education", showLitChar '\n' "")
  where isVowel c = c `elem` "aeiou"
