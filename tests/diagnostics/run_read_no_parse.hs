main :: IO ()
main = print (read "x" :: Int)
