-- Anagram classes and letter statistics: Data.Map groups words by their sorted letters,
-- Data.Set removes duplicates and answers membership, Data.Function's `on` compares by a key.
import qualified Data.Map as Map
import qualified Data.Set as Set
import Data.List (sort, sortBy, groupBy, maximumBy, nub)
import Data.Function (on, (&), fix)
import Data.Char (toLower, isAlpha)

wordList :: [String]
wordList = words
  "listen silent enlist inlets tinsel stone tones notes onset seton steno \
  \ evil vile live veil levi angel angle glean lange dusty study night thing \
  \ save vase aves heart earth hater rathe below elbow bowel state taste teats \
  \ stone notes tea eat ate eta ape pea pale leap peal plea apple"

-- The key of a word's anagram class: its letters in order.
signature :: String -> String
signature = sort . map toLower

classes :: [String] -> Map.Map String (Set.Set String)
classes ws = Map.fromListWith Set.union [(signature w, Set.singleton w) | w <- ws]

-- Words that become another word of the list when one letter is removed.
shrinkable :: Set.Set String -> [(String, String)]
shrinkable dict =
  [ (w, w') | w <- Set.toList dict, i <- [0 .. length w - 1]
            , let w' = take i w ++ drop (i + 1) w, Set.member w' dict ]

main :: IO ()
main = do
  let cs = classes wordList
      dict = Set.fromList wordList
  putStrLn ("words: " ++ show (length wordList) ++ ", distinct: " ++ show (Set.size dict))
  mapM_ (\(k, ws) -> putStrLn (k ++ ": " ++ unwords (Set.toList ws)))
        (Map.toList (Map.filter ((> 2) . Set.size) cs))
  let biggest = maximumBy (compare `on` (Set.size . snd)) (Map.toList cs)
  putStrLn ("largest class: " ++ fst biggest ++ " " ++ show (Set.toList (snd biggest)))
  let loners = Map.keys (Map.filter ((== 1) . Set.size) cs)
  print loners
  print (shrinkable dict)
  let byLen = groupBy ((==) `on` length) (sortBy (compare `on` length) (Set.toList dict))
  mapM_ (\g -> putStrLn (show (length (head g)) ++ " letters: " ++ show (length g))) byLen
  let letters = Set.fromList (filter isAlpha (concat wordList))
      unused = Set.difference (Set.fromList ['a' .. 'z']) letters
  print (Set.toList unused, Set.size letters, Set.findMin letters, Set.findMax letters)
  let fives = Set.filter ((== 5) . length) dict
      withE = Set.filter ('e' `elem`) dict
  print (Set.size (Set.intersection fives withE), Set.isSubsetOf fives dict, Set.toList (Set.map length dict))
  print (nub (map signature ["stone", "notes", "tones", "apple"]))
  print (Map.lookup (signature "Listen") cs, Map.lookup "xyz" cs)
  -- The longest chain of words each one letter shorter than the one before.
  let chain = fix (\longest w -> case [w' | (v, w') <- shrinkable dict, v == w] of
                                   [] -> [w]
                                   next -> w : maximumBy (compare `on` length) (map longest next))
  print (Set.toList dict & filter ((== 4) . length) & map chain & filter ((> 1) . length))
