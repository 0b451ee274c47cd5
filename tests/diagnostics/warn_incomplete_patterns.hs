-- Matches that miss values: each is reported where it starts, with examples of what it misses.
data Shape = Circle Double | Rect Double Double | Triangle Double Double Double

area :: Shape -> Double
area (Circle r) = 3 * r * r
area (Rect w h) = w * h

firstTwo :: [a] -> (a, a)
firstTwo (x:y:_) = (x, y)

describe :: Maybe Bool -> String
describe m = case m of
  Just True -> "yes"
  Nothing -> "unknown"

both :: (Bool, Bool) -> Int
both (True, _) = 1
both (_, True) = 2

digit :: Int -> Char
digit 0 = '0'
digit 1 = '1'

sign :: Int -> Int
sign n | n > 0 = 1
       | n < 0 = -1

main :: IO ()
main = do
  print (area (Rect 2 3))
  print (firstTwo "abc")
  putStrLn (describe (Just True))
  print (both (True, False))
  print (digit 1)
  print (sign 5)
