-- Word frequencies of a text: normalise words with Data.Char, count them in a Data.Map,
-- rank them with Data.List and Data.Ord, and print a table with Text.Printf.
import qualified Data.Map as M
import Data.Char (toLower, isAlpha, isSpace, isUpper)
import Data.List (sortBy, group, sort, intercalate)
import Data.Ord (comparing, Down(..))
import Text.Printf (printf)

corpus :: String
corpus = unlines
  [ "It was the best of times, it was the worst of times, it was the age of wisdom,"
  , "it was the age of foolishness, it was the epoch of belief, it was the epoch of"
  , "incredulity, it was the season of Light, it was the season of Darkness, it was"
  , "the spring of hope, it was the winter of despair, we had everything before us,"
  , "we had nothing before us, we were all going direct to Heaven, we were all going"
  , "direct the other way - in short, the period was so far like the present period,"
  , "that some of its noisiest authorities insisted on its being received, for good"
  , "or for evil, in the superlative degree of comparison only."
  ]

-- Lower-case words made of letters (apostrophes and punctuation split words).
tokens :: String -> [String]
tokens s = words (map (\c -> if isAlpha c then toLower c else ' ') s)

frequencies :: [String] -> M.Map String Int
frequencies ws = M.fromListWith (+) [(w, 1) | w <- ws]

-- Most frequent first; ties in alphabetical order.
ranked :: M.Map String Int -> [(String, Int)]
ranked m = sortBy (comparing (\(w, n) -> (Down n, w))) (M.toList m)

byLength :: [String] -> M.Map Int [String]
byLength ws = M.map (map head . group . sort) (M.fromListWith (++) [(length w, [w]) | w <- ws])

capitalised :: String -> [String]
capitalised s = [w | w <- words s, not (null w), isUpper (head w)]

main :: IO ()
main = do
  let ws = tokens corpus
      freq = frequencies ws
  printf "%d words, %d distinct, %d lines, %d characters (%d blank)\n"
    (length ws) (M.size freq) (length (lines corpus)) (length corpus)
    (length (filter isSpace corpus))
  putStrLn "rank  word          count  share"
  mapM_ (\(i, (w, n)) -> printf "%4d  %-12s %5d  %5.1f%%\n" i w n
                            (100 * fromIntegral n / fromIntegral (length ws) :: Double))
        (zip [1 :: Int .. 12] (take 12 (ranked freq)))
  let once = [w | (w, 1) <- M.toList freq]
  printf "%d words occur once; the first five: %s\n" (length once) (intercalate ", " (take 5 once))
  mapM_ (\(len, group') -> printf "length %2d: %s\n" len (unwords group'))
        (M.toList (M.filter ((> 2) . length) (byLength ws)))
  print (M.lookup "times" freq, M.findWithDefault 0 "dickens" freq, M.member "hope" freq)
  print (capitalised corpus)
  let vowels = M.fromListWith (+) [(c, 1 :: Int) | c <- map toLower corpus, c `elem` "aeiou"]
  print vowels
  print (M.foldrWithKey (\k v acc -> if v > 40 then k : acc else acc) [] vowels)
