same :: Int -> Int -> Bool
same x x = True
same _ _ = False

main :: IO ()
main = print (same 1 1)
