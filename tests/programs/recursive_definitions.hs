-- Recursive definitions strict evaluation can still run: a local action that calls itself
-- only after it has run (`where loop = do ... loop`), mutually recursive local actions, and
-- point-free recursive functions at top level (eta-expanded, as local ones are).
import Control.Monad (when)
import Data.IORef

data Rose = Rose Int [Rose]

depth :: Rose -> Int
depth = (+ 1) . maximum . (0 :) . map depth . kids
  where
    kids (Rose _ ks) = ks

size :: Rose -> Int
size = sum . map size . kids' . (\r -> r)

-- Point-free with parameters: each call calls itself before it returns, unless eta-expanded.
weighted :: Int -> Rose -> Int
weighted w = (+ w) . sum . map (weighted (w + 1)) . children

children :: Rose -> [Rose]
children (Rose _ ks) = ks

labels :: Rose -> [Int]
labels = go 0
  where
    go d = (\(Rose n ks) -> (n + d) : concatMap (go (d + 10)) ks)

kids' :: Rose -> [Rose]
kids' (Rose _ []) = []
kids' (Rose n ks) = Rose n [] : ks

countTo :: Int -> IO Int
countTo n = do
  r <- newIORef 0
  let step = do
        v <- readIORef r
        when (v < n) (writeIORef r (v + 1) >> step)
  step
  readIORef r

pingPong :: Int -> IO ()
pingPong k = do
  ref <- newIORef k
  let ping = do
        v <- readIORef ref
        if v <= 0 then putStrLn "done" else turn "ping" v >> pong
      pong = do
        v <- readIORef ref
        if v <= 0 then putStrLn "done" else turn "pong" v >> ping
      turn name v = putStrLn (name ++ " " ++ show v) >> writeIORef ref (v - 1)
  ping

echo :: IO Int
echo = loop 0
  where
    loop n = do
      l <- getLine
      if l == "q" then return n else putStrLn (reverse l) >> loop (n + 1)

main :: IO ()
main = do
  let tree = Rose 1 [Rose 2 [], Rose 3 [Rose 4 [Rose 5 []]]]
  print (depth tree, size tree)
  print (weighted 1 tree, labels tree)
  countTo 7 >>= print
  pingPong 3
  lines' <- echo
  print lines'
  let go = do
        l <- getLine
        if null l then return () else putStrLn ("> " ++ l) >> go
  go
