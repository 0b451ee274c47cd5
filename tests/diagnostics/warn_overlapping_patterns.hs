-- Clauses that can never match: earlier ones already match every value they would.
isZero :: Int -> Bool
isZero _ = False
isZero 0 = True

classify :: Maybe Int -> String
classify (Just _) = "some"
classify Nothing = "none"
classify (Just 0) = "zero"

firstOr :: Int -> [Int] -> Int
firstOr d xs = case xs of
  [] -> d
  (x:_) -> x
  [x] -> 2 * x

grade :: Int -> Char
grade n | n >= 90 = 'A'
grade n | n >= 50 = 'B'
grade _ = 'C'
grade 100 = 'S'

main :: IO ()
main = do
  print (isZero 0)
  putStrLn (classify (Just 0))
  print (firstOr 0 [3])
  print (map grade [95, 60, 10])
