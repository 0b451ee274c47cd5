-- Details of Haskell 98 and GHC's Prelude: `-0` at Double is negative zero, `()` is Bounded
-- and an Enum, operator-named record fields in construction, update and patterns, and
-- derived Enum's succ, pred and toEnum inside the enumeration.
data B = B { (<+>) :: Int, label :: String } deriving (Show, Eq)

data Color = Red | Green | Blue deriving (Show, Eq, Ord, Enum, Bounded)

main :: IO ()
main = do
  print (-0 :: Double, isNegativeZero (-0 :: Double), -0 :: Int, negate 0 :: Double)
  print (1 / (-0) :: Double, -0.0 :: Double, -(0 :: Double))
  print (minBound :: (), maxBound :: (), [() ..], fromEnum (), [() .. ()], (toEnum 0 :: ()))
  let b = B { (<+>) = 3, label = "x" }
  print b
  print (b { (<+>) = 4 }, (<+>) b, label b)
  case b of
    B { (<+>) = n } -> print n
  print ([succ Red, pred Blue, toEnum 1], [minBound .. maxBound :: Color])
  print (map fromEnum [Red ..], [Red, Blue ..], [Blue, Green ..])
