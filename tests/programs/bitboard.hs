-- Bit tricks with Data.Bits: N-queens counted with bitmasks, subsets of a set as bit patterns,
-- Gray codes, a xorshift generator, bit reversal, and Integer bit operations; the list monad of
-- Control.Monad enumerates the queens' boards themselves.
import Data.Bits
import Control.Monad (guard, forM_, when, foldM)

-- Number of ways to place n queens: columns, and the two diagonals, as occupied-bit masks.
queens :: Int -> Int
queens n = go 0 0 0 0
  where
    full = bit n - 1 :: Int
    go :: Int -> Int -> Int -> Int -> Int
    go row cols d1 d2
      | row == n = 1
      | otherwise = place (full .&. complement (cols .|. d1 .|. d2)) 0
      where
        place free acc
          | free == 0 = acc
          | otherwise =
              let b = free .&. negate free
              in place (free .&. (free - 1))
                       (acc + go (row + 1) (cols .|. b) ((d1 .|. b) `shiftL` 1) ((d2 .|. b) `shiftR` 1))

-- The boards themselves, column of each row, with the list monad.
boards :: Int -> [[Int]]
boards n = foldM addRow [] [1 .. n]
  where
    addRow qs _ = do
      c <- [0 .. n - 1]
      guard (all (\(r, q) -> q /= c && abs (q - c) /= r) (zip [1 .. length qs] qs))
      return (c : qs)

gray :: Int -> Int
gray x = x `xor` (x `shiftR` 1)

ungray :: Int -> Int
ungray g = go g (g `shiftR` 1)
  where go acc s = if s == 0 then acc else go (acc `xor` s) (s `shiftR` 1)

-- Marsaglia's xorshift on 64-bit Int.
xorshift :: Int -> Int
xorshift x0 = let x1 = x0 `xor` (x0 `shiftL` 13)
                  x2 = x1 `xor` (x1 `shiftR` 7)
              in x2 `xor` (x2 `shiftL` 17)

reverseBits :: Int -> Int -> Int
reverseBits width x = foldl (\acc i -> if testBit x i then setBit acc (width - 1 - i) else acc) 0 [0 .. width - 1]

subsetsOf :: [a] -> [[a]]
subsetsOf xs = [[x | (i, x) <- zip [0 .. length xs - 1] xs, testBit mask i] | mask <- [0 .. (1 `shiftL` length xs) - 1 :: Int]]

main :: IO ()
main = do
  forM_ [1 .. 9] $ \n -> putStrLn (show n ++ " queens: " ++ show (queens n))
  let bs = boards 6
  print (length bs, bs)
  forM_ (head bs) $ \c -> putStrLn [if i == c then 'Q' else '.' | i <- [0 .. 5]]
  print [gray i | i <- [0 .. 15]]
  print (all (\i -> ungray (gray i) == i) [0 .. 1000], all (\i -> popCount (gray i `xor` gray (i + 1)) == 1) [0 .. 1000])
  let rs = take 6 (tail (scanl (\x _ -> xorshift x) 88172645463325252 [1 .. 6 :: Int]))
  print rs
  print (map (\r -> r .&. 0xff) rs, map popCount rs, map countTrailingZeros rs)
  print (map (reverseBits 8) [1, 2, 3, 128, 0xf0], subsetsOf "abc")
  print (popCount (255 :: Int), popCount (-1 :: Int), complement (0 :: Int), testBit (5 :: Int) 2, clearBit (15 :: Int) 0)
  print (shift (1 :: Int) 62, shift (1 :: Int) 64, shiftR (-16 :: Int) 2, rotateL (1 :: Int) 65, rotateR (3 :: Int) 1)
  let big = (2 :: Integer) ^ 100 + 12345
  print (popCount big, testBit big 100, big .&. 0xffff, big `shiftR` 90, xor big (bit 100), complement big)
  print (countLeadingZeros (1 :: Int), finiteBitSize (0 :: Int), (.|.) True False, zeroBits :: Integer)
  total <- foldM (\acc n -> do
                    when (n `mod` 4 == 0) (putStrLn ("parity of " ++ show n ++ ": " ++ show (popCount n .&. 1)))
                    return (acc + popCount n)) 0 [1 .. 16 :: Int]
  print total
