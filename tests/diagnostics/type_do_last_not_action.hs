main :: IO ()
main = do
  let x = 5
  x
