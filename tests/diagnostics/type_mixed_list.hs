xs = [1, 'a']

main :: IO ()
main = print xs
