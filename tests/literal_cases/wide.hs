-- Wide `case`s on literals, which the VM runs as binary searches
-- (core/src/simplify/literal_cases.rs): Int literals in any order with a
-- repeated one (the first wins), negative ones and the extremes, Char literals
-- beyond ASCII, a default that is an error, and a narrow case left as a chain.
module Main (main) where

score :: Int -> Int
score n = case n of
  37 -> 1
  (-5) -> 2
  12 -> 3
  0 -> 4
  99 -> 5
  12 -> 6
  7 -> 7
  (-100) -> 8
  1000 -> 9
  3 -> 10
  64 -> 11
  (-1) -> 12
  15 -> 13
  22 -> 14
  8 -> 15
  41 -> 16
  9223372036854775807 -> 17
  (-9223372036854775808) -> 18
  5 -> 19
  6 -> 20
  77 -> 21
  18 -> 22
  29 -> 23
  30 -> 24
  _ -> 0

letter :: Char -> String
letter c = case c of
  'a' -> "0"
  'e' -> "1"
  'i' -> "2"
  'o' -> "3"
  'u' -> "4"
  'y' -> "5"
  'λ' -> "6"
  'π' -> "7"
  '→' -> "8"
  'ß' -> "9"
  'x' -> "10"
  'z' -> "11"
  'q' -> "12"
  'w' -> "13"
  'v' -> "14"
  'j' -> "15"
  'k' -> "16"
  '0' -> "17"
  _ -> error "no letter"

small :: Int -> Int
small n = case n of { 1 -> 10; 2 -> 20; _ -> 30 }

main :: IO ()
main = do
  print (map score ([-101 .. 101] ++ [999, 1000, 1001, maxBound, minBound]))
  print (sum (map score [-200 .. 2000]))
  putStrLn (concatMap letter "aeiouyλπ→ßxzqwvjk0")
  print (map small [0 .. 3])
  putStrLn (letter 'b')
