main :: IO ()
main = do
  putStrLn "a"
    putStrLn "b"
  putStrLn "c"
