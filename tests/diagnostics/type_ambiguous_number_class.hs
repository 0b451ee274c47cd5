-- A literal at a class of the program: defaulting does not apply, the note says why.
class Shape a where
  area :: a -> Double

instance Shape Int where
  area n = fromIntegral n

main :: IO ()
main = print (area 3)
