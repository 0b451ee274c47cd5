import Data.Lst (sort)

main :: IO ()
main = print (sort [2, 1])
