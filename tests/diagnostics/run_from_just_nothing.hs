import Data.Maybe (fromJust)

main :: IO ()
main = print (fromJust (lookup 3 [(1 :: Int, "a")]))
