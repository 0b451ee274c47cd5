data Point = Point { px :: Double, py :: Double }

origin :: Point
origin = Point { px = 0, py = "0" }

main :: IO ()
main = print (px origin)
