data Pair = Pair a a

main :: IO ()
main = print 1
