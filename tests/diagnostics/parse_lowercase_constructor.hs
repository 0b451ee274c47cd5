data colour = Red | Green

main :: IO ()
main = print 1
