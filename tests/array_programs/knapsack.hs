-- 0/1 knapsack and coin change: DP rows as arrays, each built from the previous one, with the chosen items
import Data.Array

data Item = Item { name :: String, weight :: Int, value :: Int } deriving Show

items :: Array Int Item
items = listArray (1, 7)
  [ Item "map" 9 150, Item "compass" 13 35, Item "water" 153 200, Item "sandwich" 50 160
  , Item "glucose" 15 60, Item "tin" 68 45, Item "banana" 27 60 ]

-- table ! (k, w): the best value using items 1..k within capacity w; row k from row k-1.
knapsack :: Int -> Array (Int, Int) Int
knapsack cap = listArray ((0, 0), (n, cap)) (concat rows)
  where
    (_, n) = bounds items
    rows = take (n + 1) (go 0 (replicate (cap + 1) 0))
    go k row
      | k == n = [row]
      | otherwise = row : go (k + 1) (nextRow (items ! (k + 1)) (listArray (0, cap) row))
    nextRow it prev =
      [ if weight it <= w then max (prev ! w) (prev ! (w - weight it) + value it) else prev ! w
      | w <- [0 .. cap] ]

chosen :: Int -> Array (Int, Int) Int -> [String]
chosen cap t = reverse (pick n cap)
  where
    (_, (n, _)) = bounds t
    pick 0 _ = []
    pick k w
      | t ! (k, w) == t ! (k - 1, w) = pick (k - 1) w
      | otherwise = name (items ! k) : pick (k - 1) (w - weight (items ! k))

-- The number of ways to pay each amount with the coins, one coin kind at a time, updating
-- the counts array in increasing amount order with (//).
ways :: [Int] -> Int -> Array Int Integer
ways coins total = foldl addCoin start coins
  where
    start = listArray (0, total) (1 : replicate total 0)
    addCoin arr c = foldl (\a amt -> a // [(amt, a ! amt + a ! (amt - c))]) arr [c .. total]

-- Fewest coins for each amount (Nothing when impossible), filled left to right.
fewest :: [Int] -> Int -> Array Int (Maybe Int)
fewest coins total = foldl fill (listArray (0, total) (Just 0 : replicate total Nothing)) [1 .. total]
  where
    fill a amt = a // [(amt, best [k + 1 | c <- coins, c <= amt, Just k <- [a ! (amt - c)]])]
    best [] = Nothing
    best ks = Just (minimum ks)

main :: IO ()
main = do
  mapM_ (\cap -> do
           let t = knapsack cap
           print (cap, t ! snd (bounds t), chosen cap t))
        [0, 20, 60, 100, 250, 400]
  let w = ways [1, 2, 5, 10, 20, 50, 100, 200] 200
  print (w ! 200, w ! 100, w ! 7)
  print (ways [25, 10, 5, 1] 300 ! 300)
  print (elems (ways [2, 3] 12))
  let f = fewest [1, 5, 6, 9] 20
  print (f ! 11, f ! 20, elems f)
  print (fewest [4, 7] 13)
