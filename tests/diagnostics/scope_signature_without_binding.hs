helper :: Int -> Int

main :: IO ()
main = print 1
