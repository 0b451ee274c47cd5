-- Mutable state in IO: a ticket office simulated with IORefs (newIORef, readIORef, writeIORef,
-- modifyIORef', atomicModifyIORef'), Debug.Trace messages on standard error (not compared),
-- and exitSuccess ending the program before its last line.
module Main (main) where

import Data.IORef
import Debug.Trace (trace, traceShow)
import System.Exit (exitSuccess)

data Office = Office
  { nextTicket :: IORef Int
  , waiting :: IORef [Int]
  , served :: IORef [(Int, String)]
  , clock :: IORef Int
  }

newOffice :: IO Office
newOffice = do
  t <- newIORef 100
  w <- newIORef []
  s <- newIORef []
  c <- newIORef 0
  return (Office t w s c)

-- Hand out a ticket: the counter's old value, bumping it atomically.
arrive :: Office -> IO Int
arrive o = do
  n <- atomicModifyIORef' (nextTicket o) (\k -> (k + 1, k))
  modifyIORef' (waiting o) (++ [n])
  return n

serve :: Office -> String -> IO (Maybe Int)
serve o clerk = do
  q <- readIORef (waiting o)
  case q of
    [] -> return Nothing
    (n : rest) -> do
      writeIORef (waiting o) rest
      modifyIORef (served o) ((n, clerk) :)
      return (Just n)

tick :: Office -> IO Int
tick o = do
  modifyIORef' (clock o) (+ 1)
  readIORef (clock o)

-- Arrivals per minute follow a fixed pattern; two clerks alternate.
arrivalsAt :: Int -> Int
arrivalsAt t = [2, 0, 3, 1, 0, 0, 2, 1, 0, 0] !! (t `mod` 10)

step :: Office -> IO ()
step o = do
  t <- tick o
  ns <- mapM (const (arrive o)) [1 .. arrivalsAt t]
  let clerk = if even t then "ana" else "ben"
  r <- serve o clerk
  q <- readIORef (waiting o)
  let note = case r of
        Nothing -> "idle"
        Just n -> clerk ++ " serves " ++ show n
  putStrLn (pad 3 (show t) ++ "  new " ++ show ns ++ "  " ++ note ++ "  queue " ++ show (length q))
  where pad k s = replicate (k - length s) ' ' ++ s

main :: IO ()
main = do
  o <- newOffice
  mapM_ (\_ -> step o) [1 .. 12 :: Int]
  s <- readIORef (served o)
  let byClerk c = length [() | (_, c') <- s, c' == c]
      total = traceShow (length s) (length s)
  putStrLn ("served " ++ show total ++ ": ana " ++ show (byClerk "ana") ++ ", ben " ++ show (byClerk "ben"))
  left <- readIORef (waiting o)
  next <- readIORef (nextTicket o)
  putStrLn (trace "still waiting" ("waiting: " ++ show left ++ ", next ticket " ++ show next))
  r <- newIORef (0 :: Int)
  mapM_ (\k -> modifyIORef r (+ k)) [1 .. 1000]
  readIORef r >>= print
  exitSuccess
  putStrLn "not reached"
