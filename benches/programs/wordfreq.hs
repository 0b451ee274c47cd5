-- bench: 100000
-- Strings: a text of n pseudo-random words (made of syllables, some capitalised, with
-- punctuation and line breaks) is generated as one String, split into lines and words,
-- cleaned (letters only, lower case), and counted in a Data.Map; then the most frequent words,
-- the longest word and letter statistics. Argument: n words (default 1000). Prints counts and
-- the ten most frequent words.
module Main (main) where

import Data.Char (isAlpha, isUpper, toLower, toUpper)
import Data.List (sortBy)
import qualified Data.Map as Map
import System.Environment (getArgs)

syllables :: [String]
syllables = ["ka", "lo", "mi", "ne", "tor", "sa", "ver", "un", "pi", "da", "rho", "el", "qua", "zi", "ban", "o"]

next :: Int -> Int
next s = (s * 1103515245 + 12345) `mod` 2147483648

-- The generated text: words of one to three syllables (the commoner words short), a capital
-- after a full stop, a line break every twelve words.
text :: Int -> String
text n = go n 99 True
  where
    go 0 _ _ = ""
    go k s capital =
      let s1 = next s
          s2 = next s1
          s3 = next s2
          syl t = syllables !! ((t `div` 65536) `mod` length syllables)
          len = 1 + min ((s1 `div` 65536) `mod` 3) ((s2 `div` 65536) `mod` 3)
          word = concat (take len [syl s1, syl s2, syl s3])
          shown = if capital then toUpper (head word) : tail word else word
          mark = (s3 `div` 65536) `mod` 16
          stop = mark == 0
          sep
            | k `mod` 12 == 1 = "\n"
            | otherwise = " "
          punct
            | stop = "."
            | mark == 1 = ","
            | otherwise = ""
       in shown ++ punct ++ sep ++ go (k - 1) s3 stop

-- More frequent first, then alphabetical.
byCount :: (String, Int) -> (String, Int) -> Ordering
byCount (a, x) (b, y) = case compare y x of
  EQ -> compare a b
  o -> o

clean :: String -> String
clean = map toLower . filter isAlpha

main :: IO ()
main = do
  args <- getArgs
  let n = if null args then 1000 else read (head args)
      t = text n
      ws = filter (not . null) (map clean (concatMap words (lines t)))
      freq = Map.fromListWith (+) [(w, 1 :: Int) | w <- ws]
      top = take 10 (sortBy byCount (Map.toList freq))
      letters = Map.fromListWith (+) [(c, 1 :: Int) | w <- ws, c <- w]
  putStrLn ("characters: " ++ show (length t) ++ ", lines: " ++ show (length (lines t)))
  putStrLn ("words: " ++ show (length ws) ++ ", distinct: " ++ show (Map.size freq))
  putStrLn ("capitalised: " ++ show (length (filter (isUpper . head) (words t))))
  putStrLn ("longest: " ++ snd (maximum [(length w, w) | w <- Map.keys freq]))
  mapM_ (\(w, k) -> putStrLn ("  " ++ w ++ " " ++ show k)) top
  putStrLn ("letters: " ++ concatMap (\(c, k) -> c : show k ++ " ") (Map.toList letters))
