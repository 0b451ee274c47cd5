-- variant of huffman.hs with type signatures on the two helpers that hit FINDINGS.md finding 2 (build, toBytes); otherwise identical
module Main where

data HTree = HLeaf Int Char | HNode Int HTree HTree
  deriving Show

weight (HLeaf w _) = w
weight (HNode w _ _) = w

-- frequency table as an association list kept sorted by character
addCount c [] = [(c, 1)]
addCount c ((d, n) : rest)
  | c == d = (d, n + 1) : rest
  | c < d = (c, 1) : (d, n) : rest
  | otherwise = (d, n) : addCount c rest

frequencies s = foldl (flip addCount) [] s

-- insert keeping the list ordered by weight (stable: ties go after)
insertBy' key x [] = [x]
insertBy' key x (y : ys)
  | key x < key y = x : y : ys
  | otherwise = y : insertBy' key x ys

sortOn' key xs = foldr (insertBy' key) [] xs

build :: [HTree] -> HTree
build [t] = t
build (a : b : rest) = build (insertBy' weight (HNode (weight a + weight b) a b) rest)
build [] = error "empty input"

huffman s = build (sortOn' weight [ HLeaf n c | (c, n) <- frequencies s ])

codes (HLeaf _ c) = [(c, "0")]
codes t = go t ""
  where
    go (HLeaf _ c) path = [(c, reverse path)]
    go (HNode _ l r) path = go l ('0' : path) ++ go r ('1' : path)

encode table s = concatMap code s
  where code c = case lookup c table of
          Just bits -> bits
          Nothing -> error ("no code for " ++ [c])

decode tree bits = go tree bits
  where
    go (HLeaf _ c) [] = [c]
    go _ [] = []
    go (HLeaf _ c) bs = c : go tree bs
    go (HNode _ l r) (b : bs) = go (if b == '0' then l else r) bs

decodeAll tree@(HLeaf _ c) bits = replicate (length bits) c
decodeAll tree bits = walk tree bits
  where
    walk (HLeaf _ c) bs = c : (if null bs then [] else walk tree bs)
    walk (HNode _ l r) (b : bs) = walk (if b == '0' then l else r) bs
    walk (HNode _ _ _) [] = []

-- run-length encoding
rle [] = []
rle (c : cs) = let (same, rest) = span (== c) cs in (c, 1 + length same) : rle rest

showRle xs = concat [ if n == 1 then [c] else show n ++ [c] | (c, n) <- xs ]

unRle [] = []
unRle s =
  let (digits, rest) = span (`elem` "0123456789") s
      n = if null digits then 1 else foldl (\a d -> a * 10 + fromEnum d - fromEnum '0') 0 digits
  in case rest of
       (c : more) -> replicate n c ++ unRle more
       [] -> []

-- bit strings packed into Ints, 8 bits a byte, last byte padded with zeros
toBytes :: String -> [Int]
toBytes [] = []
toBytes bits =
  let (byte, rest) = splitAt 8 bits
      padded = byte ++ replicate (8 - length byte) '0'
  in foldl (\acc b -> acc * 2 + (if b == '1' then 1 else 0)) 0 padded : toBytes rest

hex n = [digits !! (n `div` 16), digits !! (n `mod` 16)]
  where digits = "0123456789abcdef"

pad w s = replicate (w - length s) ' ' ++ s

entropy s = negate (sum [ p * logBase 2 p | (_, n) <- frequencies s, let p = fromIntegral n / total ])
  where total = fromIntegral (length s)

wordFreqs text = sortOn' (negate . snd) (foldl (flip addCount) [] (words text))

report name s = do
  let tree = huffman s
      table = codes tree
      bits = encode table s
      back = decodeAll tree bits
  putStrLn ("== " ++ name)
  mapM_ (\(c, code) -> putStrLn (pad 6 (show c) ++ " " ++ pad 3 (show (maybe 0 id (lookup c (frequencies s)))) ++ " " ++ code)) table
  putStrLn ("bits: " ++ show (length bits) ++ " vs " ++ show (8 * length s) ++ " uncompressed")
  putStrLn ("bytes: " ++ unwords (map hex (toBytes bits)))
  putStrLn ("round trip: " ++ show (back == s))
  putStrLn ("entropy/char: " ++ show (fromIntegral (round (entropy s * 1000)) / 1000)
            ++ ", avg code length: " ++ show (fromIntegral (length bits) / fromIntegral (length s)))

-- LZW over an association-list dictionary (codes 0..255 are single bytes, implicit)
lzwEncode s = go [] s [] 256
  where
    go w [] dict _ = if null w then [] else [codeOf w dict]
    go w (c : cs) dict next
      | known (w ++ [c]) dict = go (w ++ [c]) cs dict next
      | otherwise = codeOf w dict : go [c] cs ((w ++ [c], next) : dict) (next + 1)
    known [_] _ = True
    known str dict = any ((== str) . fst) dict
    codeOf [c] _ = fromEnum c
    codeOf str dict = case lookup str dict of
      Just n -> n
      Nothing -> error ("lzw: unknown string " ++ show str)

lzwDecode [] = []
lzwDecode (k : ks) = first ++ go first ks [] 256
  where
    first = [toEnum k :: Char]
    entry n dict
      | n < 256 = Just [toEnum n :: Char]
      | otherwise = lookup n dict
    go _ [] _ _ = []
    go prev (n : ns) dict next =
      let cur = case entry n dict of
                  Just str -> str
                  Nothing -> prev ++ [head prev]   -- the cScSc case
      in cur ++ go cur ns ((next, prev ++ [head cur]) : dict) (next + 1)

-- Caesar and Vigenere ciphers over lowercase letters, other characters unchanged
shift k c
  | c >= 'a' && c <= 'z' = toEnum ((fromEnum c - fromEnum 'a' + k) `mod` 26 + fromEnum 'a')
  | otherwise = c

caesar k = map (shift k)

vigenere key decrypt text = zipWith3 step text (keyStream key text) (map isLetter text)
  where
    step c k True = shift (if decrypt then negate k else k) c
    step c _ False = c
    isLetter c = c >= 'a' && c <= 'z'
    keyStream ks t = take (length t) (concat (replicate (length t `div` length ks + 1) (map (\c -> fromEnum c - fromEnum 'a') ks)))

main :: IO ()
main = do
  report "abracadabra" "abracadabra"
  report "single" "aaaa"
  report "pangram" "the quick brown fox jumps over the lazy dog"
  print (huffman "aab")
  print (decode (huffman "abcabd") "0110")
  let runs = rle "WWWWWWWWWWWWBWWWWWWWWWWWWBBBWWWWWWWWWWWWWWWWWWWWWWWWBWWWWWWWWWWWWWW"
  print runs
  putStrLn (showRle runs)
  print (unRle (showRle runs) == concatMap (\(c, n) -> replicate n c) runs, unRle "3a2bc", rle "")
  let text = "it was the best of times it was the worst of times it was the age of wisdom"
  mapM_ (\(w, n) -> putStrLn (pad 8 w ++ " " ++ replicate n '*')) (take 6 (wordFreqs text))
  print (frequencies "mississippi", sortOn' snd [(1, 'c'), (2, 'a'), (3, 'b')])
  let lzw = lzwEncode "TOBEORNOTTOBEORTOBEORNOT"
  print lzw
  print (lzwDecode lzw, lzwDecode (lzwEncode "abababababab"), lzwEncode "")
  print [ (length str, length (lzwEncode str), lzwDecode (lzwEncode str) == str) | str <- ["aaaaaaaaaaaaaaaa", text] ]
  putStrLn (caesar 3 "hello, world")
  putStrLn (caesar (-3) (caesar 3 "round trip ok"))
  let secret = vigenere "lemon" False "attack at dawn"
  putStrLn secret
  putStrLn (vigenere "lemon" True secret)
