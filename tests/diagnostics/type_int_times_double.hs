scale :: Int -> Double
scale n = n * 2.5

main :: IO ()
main = print (scale 2)
