main :: IO ()
main = print (map (+ 1) ["a", "b"])
