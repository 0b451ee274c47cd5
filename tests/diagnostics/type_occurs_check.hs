selfApply x = x x

main :: IO ()
main = print 1
