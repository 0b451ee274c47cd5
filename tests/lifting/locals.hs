-- Local functions of every shape the lambda lifting meets (core/src/simplify/lift.rs): each line
-- is checked against the interpreter, which runs the program unlifted.
module Main (main) where

-- A loop capturing a parameter.
sumTo :: Int -> Int
sumTo n = go 1 0
  where
    go i acc
      | i > n = acc
      | otherwise = go (i + 1) (acc + i)

-- Mutual recursion capturing a variable.
parities :: Int -> Int -> (Bool, Bool)
parities base k = (ev k, od k)
  where
    ev 0 = True
    ev i = od (i - base)
    od 0 = False
    od i = ev (i - base)

-- A polymorphic function with a class constraint: the loop captures a dictionary and a function.
sumBy :: Num a => (b -> a) -> [b] -> a
sumBy f = go 0
  where
    go acc [] = acc
    go acc (x : xs) = go (acc + f x) xs

-- Nested local functions: the inner one calls the outer one and captures its parameter.
triangle :: Int -> [Int]
triangle n = outer 1
  where
    outer i
      | i > n = []
      | otherwise = row i : outer (i + 1)
      where
        row j = inner j 0
        inner 0 acc = acc + i
        inner j acc = inner (j - 1) (acc + j)

-- A local function used as a value, partially applied and passed on.
scaled :: Double -> [Double] -> [Double]
scaled k xs = map (mul k) xs ++ map twice xs
  where
    mul a x = a * x + offset
    twice = mul 2
    offset = k / 10

-- Many free variables: more than the lifting takes; still correct.
weighted :: Int -> Int -> Int -> Int -> Int -> Int -> Int -> Int -> Int -> Int -> Int
weighted a b c d e f g h i j = go 0 3
  where
    go acc 0 = acc
    go acc k = go (acc + a + b * 2 + c * 3 + d * 4 + e * 5 + f * 6 + g * 7 + h * 8 + i * 9 + j * 10) (k - 1)

-- A local function under a case alternative, capturing the alternative's binder.
describe :: Maybe Int -> String
describe m = case m of
  Nothing -> "none"
  Just v ->
    let rep 0 s = s
        rep k s = rep (k - 1) (s ++ show v)
     in rep (3 :: Int) ""

-- A class method whose instance defines a local loop.
class Shape s where
  perimeter :: s -> Double

newtype Polygon = Polygon [(Double, Double)]

instance Shape Polygon where
  perimeter (Polygon ps) = walk ps 0
    where
      walk ((x1, y1) : rest@((x2, y2) : _)) acc = walk rest (acc + sqrt ((x2 - x1) ^ 2 + (y2 - y1) ^ 2))
      walk _ acc = acc

-- A local function capturing another local function that is a closure value.
compose3 :: (Int -> Int) -> Int -> Int
compose3 f x = thrice x
  where
    g = f . f
    thrice y = f (g y)

-- A loop over Doubles and Bools only (the native tier's kind of function).
newton :: Double -> Double
newton a = go a 0
  where
    go x k
      | k >= (50 :: Int) || abs (x * x - a) < 1e-12 = x
      | otherwise = go ((x + a / x) / 2) (k + 1)

main :: IO ()
main = do
  print (sumTo 100000)
  print (parities 1 10, parities 1 7)
  print (sumBy fromIntegral [1 :: Int .. 100] :: Double, sumBy length ["ab", "cde"])
  print (triangle 5)
  print (scaled 3 [1, 2, 3])
  print (weighted 1 2 3 4 5 6 7 8 9 10)
  putStrLn (describe Nothing ++ " " ++ describe (Just 42))
  print (perimeter (Polygon [(0, 0), (3, 0), (3, 4), (0, 0)]))
  print (compose3 (* 2) 5)
  print (newton 2, newton 1e6)
  let k = 7 :: Int
      step i = i * k + 1
      loop 0 acc = acc
      loop n acc = loop (n - 1) (step acc `mod` 1000003)
  print (loop (1000 :: Int) 1)
