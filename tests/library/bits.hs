-- Library test of Data.Bits on Int, Integer and Bool: each function on ordinary and edge cases; the expected output is GHC's.
import Data.Bits

vals :: [Int]
vals = [0, 1, -1, 5, -7, 12345, maxBound, minBound, 1024]

ivals :: [Integer]
ivals = [0, 1, -1, 5, -7, 2 ^ 70 + 3, negate (2 ^ 65), 1024]

main :: IO ()
main = do
  print [(x .&. y, x .|. y, xor x y) | x <- vals, y <- vals]
  print [(complement x, popCount x, countLeadingZeros x, countTrailingZeros x) | x <- vals]
  print [(shift x n, shiftL x (abs n), shiftR x (abs n), rotate x n, rotateL x (abs n), rotateR x (abs n)) | x <- vals, n <- [0, 1, -1, 3, 63, 64, 65, -70]]
  print [(testBit x i, setBit x i, clearBit x i, complementBit x i) | x <- vals, i <- [0, 1, 5, 63, 64]]
  print [(x .&. y, x .|. y, xor x y) | x <- ivals, y <- ivals]
  print [(complement x, popCount x, testBit x 3, testBit x 100) | x <- ivals]
  print [(shift x n, shiftL x (abs n), shiftR x (abs n), rotate x n) | x <- ivals, n <- [0, 1, -1, 3, 63, 64, 65, -70]]
  print (bit 3 :: Int, bit 64 :: Int, bit 70 :: Integer, zeroBits :: Int, zeroBits :: Integer, finiteBitSize (0 :: Int), bitSizeMaybe (0 :: Int), bitSizeMaybe (0 :: Integer))
  print (isSigned (0 :: Int), popCount True, complement True, xor True False, (toIntegralSized (2 ^ 70 :: Integer) :: Maybe Int), (toIntegralSized (70 :: Integer) :: Maybe Int))
  print (popCountDefault (255 :: Int), testBitDefault (4 :: Integer) 2, (bitDefault 4 :: Integer))
  print (foldr xor 0 [1 .. 1000 :: Int], sum [popCount (x :: Int) | x <- [1 .. 1000]])
