data Box = Box Int

instance Show Box where
  show (Box n) = n

main :: IO ()
main = print (Box 1)
