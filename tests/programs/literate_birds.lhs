Run-length coding and a small report, as a literate program
============================================================

This file is literate Haskell in the "bird track" style: only the lines
that begin with `>` are program text.  Everything else -- like this
paragraph -- is commentary.  A blank line must separate the two.

> module Main where

We encode a string as runs of equal characters.  A run is a character
and the number of times it repeats.

> type Run = (Char, Int)
>
> encode :: String -> [Run]
> encode [] = []
> encode (c:cs) = (c, 1 + length same) : encode rest
>   where (same, rest) = span (== c) cs

Decoding expands every run again; `decode . encode` is the identity.

> decode :: [Run] -> String
> decode = concatMap (\(c, n) -> replicate n c)

The compact form writes a count only when it is larger than one.

> compact :: [Run] -> String
> compact = concatMap step
>   where
>     step (c, 1) = [c]
>     step (c, n) = show n ++ [c]

A report line pads the input to a fixed width, so the columns line up.

> padRight :: Int -> String -> String
> padRight w s
>   | length s >= w = s
>   | otherwise     = s ++ replicate (w - length s) ' '
>
> report :: String -> String
> report s = padRight 16 s ++ padRight 14 (compact runs)
>            ++ show (ratio (length s) (length (compact runs)))
>   where runs = encode s
>         ratio :: Int -> Int -> Double
>         ratio a b = fromIntegral (round (100 * fromIntegral b / fromIntegral a :: Double)) / 100

The longest run of a string, if it has any characters at all.

> longest :: String -> Maybe Run
> longest s = case encode s of
>   [] -> Nothing
>   rs -> Just (foldr1 (\a b -> if snd a >= snd b then a else b) rs)

Finally the program itself: a few inputs, their reports, and a check that
decoding gives back what was encoded.

> inputs :: [String]
> inputs = ["aaabccddddd", "abc", "", "zzzzzzzzzzzz", "mississippi"]
>
> main :: IO ()
> main = do
>   mapM_ (putStrLn . report) (filter (not . null) inputs)
>   print (map longest inputs)
>   print (all (\s -> decode (encode s) == s) inputs)
>   print (encode "hello")

That is all.
