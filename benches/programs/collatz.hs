-- bench: 20000
-- An Int arithmetic loop: the length of the Collatz sequence (n → n/2 or 3n+1, down to 1) of
-- every start up to n, with tail-recursive loops only (no lists;
-- `seq` keeps GHC's accumulators evaluated).
-- Argument: n (default 500). Prints the start with the longest sequence, its length, the
-- sum of all lengths and the highest value reached.
module Main (main) where

import System.Environment (getArgs)

-- The number of steps from k to 1, and the highest value on the way.
steps :: Int -> (Int, Int)
steps k0 = go k0 0 k0
  where
    go 1 count top = (count, top)
    go k count top =
      let k' = if even k then k `div` 2 else 3 * k + 1
       in count `seq` top `seq` go k' (count + 1) (max top k')

-- Over all starts in [1 .. n]: (best start, its length, sum of lengths, highest value).
search :: Int -> (Int, Int, Int, Int)
search n = go 1 1 0 0 0
  where
    go k best bestLen total top
      | total `seq` top `seq` k > n = (best, bestLen, total, top)
      | otherwise =
          let (len, t) = steps k
           in if len > bestLen
                then go (k + 1) k len (total + len) (max top t)
                else go (k + 1) best bestLen (total + len) (max top t)

main :: IO ()
main = do
  args <- getArgs
  let n = if null args then 500 else read (head args)
      (best, len, total, top) = search n
  putStrLn ("longest below " ++ show n ++ ": " ++ show best ++ " (" ++ show len ++ " steps)")
  putStrLn ("total steps: " ++ show total)
  putStrLn ("highest value: " ++ show top)
