{-# LANGUAGE NPlusKPatterns #-}
-- Haskell 98 syntax that older programs use: n+k patterns, `where` below a `do` block or an
-- `if` indented deeper than its statements, local point-free recursive functions, and class
-- methods left `undefined` because the program never calls them.
module Main where

-- n+k patterns in function clauses, case alternatives and lambdas, at Int and Integer.
factorial :: Integer -> Integer
factorial 0 = 1
factorial (n+1) = (n+1) * factorial n

choose :: Int -> Int -> Integer
choose _ 0 = 1
choose 0 (k+1) = if k < 0 then 1 else 0
choose (n+1) (k+1) = choose n k + choose n (k+1)

describe :: Int -> String
describe x = case x of
  0 -> "zero"
  1 -> "one"
  m+2 -> "two more than " ++ show m
  _ -> "negative"

-- `where` attached to a function whose body is a `do` block indented deeper than it.
report :: String -> [Int] -> IO ()
report name xs = do
  putStrLn (name ++ ": " ++ show total)
  putStrLn (replicate (length name) '-' ++ " mean " ++ show mean)
    where total = sum xs
          mean = fromIntegral total / fromIntegral (length xs) :: Double

-- ... and below an if whose branches are do blocks.
classify :: Int -> IO ()
classify n = if n `mod` 2 == 0
  then do
    putStrLn (show n ++ " is even")
    putStrLn ("  half: " ++ show half)
  else do
    putStrLn (show n ++ " is odd")
    putStrLn ("  next: " ++ show next)
      where half = n `div` 2
            next = n + 1

-- Local recursive functions written point-free or as lambdas.
collatzLengths :: [Int] -> [Int]
collatzLengths = map len
  where len = \n -> if n == 1 then 1 else 1 + len (step n)
        step n = if even n then n `div` 2 else 3 * n + 1

digitsSum :: Int -> Int
digitsSum = go
  where go = sum . map (`mod` 10) . takeDigits
        takeDigits 0 = []
        takeDigits n = n : takeDigits (n `div` 10)

-- A class whose instances leave some methods undefined: never called, never evaluated.
class Shape a where
  area :: a -> Double
  perimeter :: a -> Double
  name :: a -> String

data Square = Square Double
data Circle = Circle Double

instance Shape Square where
  area (Square s) = s * s
  perimeter = undefined
  name _ = "square"

instance Shape Circle where
  area (Circle r) = 3 * r * r
  perimeter (Circle r) = 6 * r
  name = error "circles have no name here"

main :: IO ()
main = do
  print (map factorial [0, 5, 10, 20])
  print [choose n k | n <- [0 .. 6], k <- [0 .. n]]
  mapM_ (putStrLn . describe) [0, 1, 2, 7, -3]
  print ((\(k+1) -> k * 2) (21 :: Int))
  report "scores" [3, 5, 8, 13]
  classify 10
  classify 7
  print (collatzLengths [1 .. 10])
  print (map digitsSum [0, 7, 1234, 99999])
  print (area (Square 3), name (Square 1))
  print (area (Circle 1), perimeter (Circle 2))
