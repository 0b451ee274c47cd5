-- Control.Monad at work in three monads: validating orders in Maybe and Either with foldM,
-- zipWithM and when/unless-style checks, solving puzzles in the list monad with guard and
-- replicateM, and driving output in IO with forM_, mapM_, replicateM_ and foldM_.
import Control.Monad
import Data.Maybe (fromMaybe, isJust, listToMaybe, maybeToList)
import qualified Data.Map as M

type Stock = M.Map String Int

stock :: Stock
stock = M.fromList [("apple", 10), ("pear", 4), ("plum", 0), ("fig", 7)]

-- Take the items from the stock, failing on the first one that is missing.
takeItem :: Stock -> (String, Int) -> Either String Stock
takeItem s (item, n) = do
  have <- maybe (Left ("unknown item " ++ item)) Right (M.lookup item s)
  when (n <= 0) (Left ("bad quantity for " ++ item))
  unless (have >= n) (Left ("only " ++ show have ++ " " ++ item ++ " left"))
  return (M.insert item (have - n) s)

order :: [(String, Int)] -> Either String Stock
order = foldM takeItem stock

price :: String -> Maybe Int
price item = lookup item [("apple", 3), ("pear", 5), ("fig", 9)]

total :: [(String, Int)] -> Maybe Int
total items = liftM sum (zipWithM (\i n -> liftM (* n) (price i)) (map fst items) (map snd items))

-- SEND + MORE = MONEY is too big for a test; this is TO + GO = OUT.
puzzle :: [(Int, Int, Int, Int)]
puzzle = do
  [t, o, g, u] <- permutationsOf 4 [0 .. 9]
  guard (t /= 0 && g /= 0 && o /= 0)
  guard ((10 * t + o) + (10 * g + o) == 100 * o + 10 * u + t)
  return (t, o, g, u)

permutationsOf :: Int -> [Int] -> [[Int]]
permutationsOf 0 _ = [[]]
permutationsOf k xs = [x : rest | x <- xs, rest <- permutationsOf (k - 1) (filter (/= x) xs)]

triples :: Int -> [(Int, Int, Int)]
triples n = do
  a <- [1 .. n]
  b <- [a .. n]
  c <- [b .. n]
  guard (a * a + b * b == c * c)
  return (a, b, c)

main :: IO ()
main = do
  print (order [("apple", 3), ("fig", 2)])
  print (order [("apple", 3), ("plum", 1)])
  print (order [("kiwi", 1)], order [("pear", 0)])
  print (total [("apple", 2), ("pear", 1)], total [("apple", 1), ("plum", 1)])
  print (sequence [Just 1, Just 2, Nothing :: Maybe Int], sequence [Just 'a', Just 'b'], mapM price ["fig", "apple"])
  print (msum [Nothing, price "pear", price "fig"], mplus [1, 2] [3 :: Int], join [[1], [2, 3 :: Int]], join (Just (price "fig")))
  print (puzzle, triples 20)
  print (replicateM 2 "xy", length (replicateM 3 [1 .. 4 :: Int]), filterM (const [True, False]) "ab")
  print (liftM2 (+) (Just 3) (Just (4 :: Int)), ap [(+ 1), (* 10)] [1, 2 :: Int], liftM3 (,,) (Just 'a') (Just True) (Just ()))
  print ((price >=> (\p -> if p > 4 then Just (p * 2) else Nothing)) "pear", (listToMaybe <=< (\s -> Just (words s))) "hello world")
  print (fromMaybe 0 (mfilter even (Just (3 :: Int))), isJust (guard True :: Maybe ()), maybeToList (price "apple"))
  forM_ (M.toList stock) $ \(item, n) ->
    unless (n == 0) (putStrLn (item ++ ": " ++ replicate n '*'))
  replicateM_ 2 (putStrLn "--")
  foldM_ (\acc x -> do
            let acc' = acc + x
            when (acc' > 10) (putStrLn ("running total " ++ show acc'))
            return acc') 0 [3, 4, 5, 6 :: Int]
  rs <- forM [1 .. 3 :: Int] (\i -> return (i * i))
  (evens, odds) <- mapAndUnzipM (\x -> return (2 * x, 2 * x + 1)) rs
  print (rs, evens, odds)
  zipWithM_ (\i s -> putStrLn (show i ++ ". " ++ s)) [1 :: Int ..  3] ["first", "second", "third"]
  mapM_ print =<< mapM (return . negate) [1, 2 :: Int]
  void (return "ignored")
  print =<< liftM (map (* 2)) (return [1, 2, 3 :: Int])
