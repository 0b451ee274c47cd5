-- Data.Bits: bitwise operations on Int (64-bit two's complement), Integer (two's complement of
-- unbounded width: a negative number has infinitely many leading ones) and Bool. The Int and
-- Integer operations are primitives. A negative shift amount for shiftL/shiftR (and testBit,
-- bit, setBit...) is GHC's "arithmetic overflow" error; `shift` and `rotate` take either sign.
module Data.Bits
  ( Bits((.&.), (.|.), xor, complement, shift, rotate, zeroBits, bit, setBit, clearBit
        , complementBit, testBit, bitSizeMaybe, bitSize, isSigned, shiftL, unsafeShiftL
        , shiftR, unsafeShiftR, rotateL, rotateR, popCount)
  , FiniteBits(finiteBitSize, countLeadingZeros, countTrailingZeros)
  , bitDefault, testBitDefault, popCountDefault, toIntegralSized
  ) where

infixl 8 `shift`, `rotate`, `shiftL`, `shiftR`, `unsafeShiftL`, `unsafeShiftR`, `rotateL`, `rotateR`
infixl 7 .&.
infixl 6 `xor`
infixl 5 .|.

-- | Types whose values are strings of bits: Int (64-bit two's complement), Integer (two's
-- complement of unbounded width) and Bool.
class Eq a => Bits a where
  -- | Bitwise and, or, exclusive or.
  -- > (12 .&. 10, 12 .|. 10, xor 12 10) == (8, 14, 6)
  (.&.), (.|.), xor :: a -> a -> a
  -- | Flips every bit.
  complement :: a -> a
  -- | Shift or rotate left by a positive count, right by a negative one.
  shift, rotate :: a -> Int -> a
  -- | The value with no bit set.
  zeroBits :: a
  -- | The value with only bit i set.
  bit :: Int -> a
  -- | Sets, clears or flips bit i.
  setBit, clearBit, complementBit :: a -> Int -> a
  -- | Whether bit i is set.
  testBit :: a -> Int -> Bool
  -- | The number of bits of the type, if fixed (Nothing for Integer).
  bitSizeMaybe :: a -> Maybe Int
  -- | The number of bits of the type; an error for Integer.
  bitSize :: a -> Int
  -- | Whether the type is signed.
  isSigned :: a -> Bool
  -- | Shifts and rotations by a non-negative count (a negative one is the error "arithmetic
  -- overflow"); `shiftR` of a negative number fills with ones.
  -- > (1 `shiftL` 4, 256 `shiftR` 4) == (16, 16)
  shiftL, unsafeShiftL, shiftR, unsafeShiftR, rotateL, rotateR :: a -> Int -> a
  -- | The number of set bits (of a negative Integer: minus the count of the clear bits).
  popCount :: a -> Int
  shift x i = if i >= 0 then shiftL x i else shiftR x (negate i)
  rotate x i = if i >= 0 then rotateL x i else rotateR x (negate i)
  zeroBits = clearBit (bit 0) 0
  setBit x i = x .|. bit i
  clearBit x i = x .&. complement (bit i)
  complementBit x i = x `xor` bit i
  bitSize x = case bitSizeMaybe x of
    Just n -> n
    Nothing -> error "Data.Bits.bitSize: the type has no fixed size"
  shiftL x i = shift x i
  unsafeShiftL x i = shiftL x i
  shiftR x i = shift x (negate i)
  unsafeShiftR x i = shiftR x i
  rotateL x i = rotate x i
  rotateR x i = rotate x (negate i)

-- | Bit types of a fixed width (Int, Bool).
class Bits b => FiniteBits b where
  -- | The number of bits of the type.
  finiteBitSize :: b -> Int
  -- | The number of zero bits before the highest set bit, or after the lowest one.
  countLeadingZeros, countTrailingZeros :: b -> Int
  countLeadingZeros x = go (finiteBitSize x - 1)
    where
      go i = if i < 0 || testBit x i then finiteBitSize x - 1 - i else go (i - 1)
  countTrailingZeros x = go 0
    where
      go i = if i >= finiteBitSize x || testBit x i then i else go (i + 1)

-- | `bit` for a Num type: 1 shifted left.
bitDefault :: (Bits a, Num a) => Int -> a
bitDefault i = 1 `shiftL` i

-- | `testBit` for a Num type.
testBitDefault :: (Bits a, Num a) => a -> Int -> Bool
testBitDefault x i = (x .&. bit i) /= 0

-- | `popCount` for a Num type.
popCountDefault :: (Bits a, Num a) => a -> Int
popCountDefault x = go 0 x
  where
    go n 0 = n
    go n y = go (n + 1) (y .&. (y - 1))

-- | The value converted when it fits the target type (every Integral type here but Int is
-- unbounded, so the question is whether it fits in an Int).
toIntegralSized :: (Integral a, Integral b) => a -> Maybe b
toIntegralSized x =
  let y = fromIntegral x
  in if toInteger y == toInteger x then Just y else Nothing

-- A shift amount or bit index must not be negative.
nonNegative :: Int -> (Int -> a) -> a
nonNegative i k = if i < 0 then error "arithmetic overflow" else k i

instance Bits Int where
  (.&.) = primIntAnd
  (.|.) = primIntOr
  xor = primIntXor
  complement x = primIntXor x (negate 1)
  zeroBits = 0
  bit i = nonNegative i (primIntShiftL 1)
  testBit x i = nonNegative i (\k -> primIntAnd x (primIntShiftL 1 k) /= 0)
  bitSizeMaybe _ = Just 64
  bitSize _ = 64
  isSigned _ = True
  shift x i = if i >= 0 then primIntShiftL x i else primIntShiftR x (negate i)
  shiftL x i = nonNegative i (primIntShiftL x)
  shiftR x i = nonNegative i (primIntShiftR x)
  rotate x i = let r = i `mod` 64
               in if r == 0 then x else primIntOr (primIntShiftL x r) (logicalShiftR x (64 - r))
  popCount = primIntPopCount

-- Shift right filling with zeros (0 < k < 64).
logicalShiftR :: Int -> Int -> Int
logicalShiftR x k = primIntAnd (primIntShiftR x k) (primIntXor (primIntShiftL (negate 1) (64 - k)) (negate 1))

instance FiniteBits Int where
  finiteBitSize _ = 64

instance Bits Integer where
  (.&.) = primIntegerAnd
  (.|.) = primIntegerOr
  xor = primIntegerXor
  complement x = negate x - 1
  zeroBits = 0
  bit i = nonNegative i (primIntegerShiftL 1)
  testBit x i = nonNegative i (\k -> primIntegerAnd (primIntegerShiftR x k) 1 /= 0)
  bitSizeMaybe _ = Nothing
  isSigned _ = True
  shift x i = if i >= 0 then primIntegerShiftL x i else primIntegerShiftR x (negate i)
  shiftL x i = nonNegative i (primIntegerShiftL x)
  shiftR x i = nonNegative i (primIntegerShiftR x)
  rotate x i = shift x i
  popCount = primIntegerPopCount

instance Bits Bool where
  (.&.) = (&&)
  (.|.) = (||)
  xor a b = a /= b
  complement = not
  zeroBits = False
  bit i = i == 0
  testBit x i = x && i == 0
  bitSizeMaybe _ = Just 1
  bitSize _ = 1
  isSigned _ = False
  shift x i = x && i == 0
  rotate x _ = x
  popCount x = if x then 1 else 0

instance FiniteBits Bool where
  finiteBitSize _ = 1
