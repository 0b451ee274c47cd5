data Colour = Red | Green

main :: IO ()
main = print Red
