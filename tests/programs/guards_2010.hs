-- Haskell 2010 guards: several qualifiers separated by commas, pattern guards (`p <- e`) and
-- `let`s among them, in equations and case alternatives; a `let` in a guard ends at its comma.
import qualified Data.Map as M

data Shape = Circle Double | Rect Double Double | Dot deriving (Show, Eq)

classify :: Int -> String
classify n
  | n < 0, even n = "negative even"
  | n < 0 = "negative"
  | Just name <- lookup n table = "named " ++ name
  | let h = n `div` 2, h > 10, odd h = "big with odd half " ++ show h
  | let h = n `div` 2
        q = h `div` 2
  , q > 10 = "big with quarter " ++ show q
  | otherwise = "other"
  where
    table = [(1, "one"), (2, "two")]

lookupBoth :: M.Map String Int -> String -> String -> Maybe Int
lookupBoth m a b
  | Just x <- M.lookup a m, Just y <- M.lookup b m = Just (x + y)
  | Just x <- M.lookup a m = Just x
lookupBoth _ _ _ = Nothing

area :: Shape -> Double
area s = case s of
  Circle r | r > 0 -> 3 * r * r
  Rect w h | w > 0, h > 0, let a = w * h -> a
           | otherwise -> 0
  _ -> 0

firstLong :: [String] -> String
firstLong ws
  | (w : _) <- filter ((> 3) . length) ws, let n = length w, n < 10 = w ++ "/" ++ show n
  | [] <- ws = "none"
  | otherwise = "?"

main :: IO ()
main = do
  mapM_ (putStrLn . classify) [-4, -3, 1, 2, 23, 30, 44, 5]
  let m = M.fromList [("a", 1), ("b", 2)]
  print (lookupBoth m "a" "b", lookupBoth m "a" "z", lookupBoth m "z" "a")
  print (map area [Circle 1, Rect 2 3, Rect (-1) 2, Dot])
  print (map firstLong [["ab", "hello", "x"], [], ["a"], ["abcdefghijkl"]])
  print [y | x <- [1 .. 10 :: Int], let y = x * x, odd y, y > 10]
