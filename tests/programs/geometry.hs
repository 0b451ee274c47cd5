-- Multi-module program: Geometry.Shape re-exports Geometry.Vector (module export); qualified and
-- aliased imports, import lists with T(..) and class methods, hiding a Prelude name, operators
-- with fixities declared in another module, record update of an imported record type.
module Main (main) where

import Geometry.Shape (Shape(..), HasArea(area, perimeter), centroid, describe)
import qualified Geometry.Shape as S
import Geometry.Vector (Vector(..), (^+^), (*^), norm)
import Prelude hiding (lookup)

-- The program's own lookup, with the Prelude's hidden.
lookup :: String -> [(String, Shape)] -> Shape
lookup k ((k', s) : rest)
  | k == k' = s
  | otherwise = lookup k rest
lookup k [] = error ("no shape " ++ k)

shapes :: [(String, Shape)]
shapes =
  [ ("unit", Polygon [Vector 0 0, Vector 1 0, Vector 1 1, Vector 0 1])
  , ("disc", Circle (Vector 2 3) 1.5)
  , ("tri", Polygon [Vector 0 0, Vector 4 0, Vector 0 3])
  ]

main :: IO ()
main = do
  mapM_ (putStrLn . describe . snd) shapes
  let tri = lookup "tri" shapes
  print (perimeter tri)
  print (centroid tri)
  print (S.norm (centroid (lookup "disc" shapes)))
  let v = Vector 1 2 ^+^ 2 *^ Vector 3 4
  print v
  print (v { vy = 0 }, vx v)
  print (S.dot v (S.normalize v) - norm v < 1e-12)
  print (S.polylineLength [S.zeroV, Vector 3 4, Vector 3 0])
  print (map (area . snd) shapes)
