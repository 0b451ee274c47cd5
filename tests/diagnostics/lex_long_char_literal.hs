main :: IO ()
main = print 'ab'
