abs' :: Int -> Int
abs' x = if x < 0 then negate x

main :: IO ()
main = print (abs' 3)
