-- arrays indexed by tuples of 2 to 5 components (mixed Int, Char, Bool, Integer): range order, index, DP over a 5-D box
import Data.Array

-- Lattice paths from the origin to each point of a 5-D box, one unit step at a time: the table
-- is filled in range order (row-major), so every predecessor is filled before it is read.
type P5 = (Int, Int, Int, Int, Int)

paths5 :: P5 -> Array P5 Integer
paths5 hi = foldl fill (listArray ((0, 0, 0, 0, 0), hi) (repeatN 0)) (range ((0, 0, 0, 0, 0), hi))
  where
    repeatN = replicate (rangeSize ((0, 0, 0, 0, 0), hi))
    fill t p@(a, b, c, d, e)
      | p == (0, 0, 0, 0, 0) = t // [(p, 1)]
      | otherwise = t // [(p, sum [t ! q | q <- [(a - 1, b, c, d, e), (a, b - 1, c, d, e), (a, b, c - 1, d, e), (a, b, c, d - 1, e), (a, b, c, d, e - 1)], inRange (bounds t) q])]

factorial :: Int -> Integer
factorial n = product [1 .. fromIntegral n]

multinomial :: P5 -> Integer
multinomial (a, b, c, d, e) = factorial (a + b + c + d + e) `div` product (map factorial [a, b, c, d, e])

-- A 3-D voxel grid: sums of slabs along each axis.
voxels :: Array (Int, Int, Int) Int
voxels = listArray ((1, 1, 1), (3, 4, 2)) [1 .. 24]

-- A 4-index tensor acting on 2x2 matrices: the transpose map as T ! (i, j, k, l) = [i == l && j == k].
transposeTensor :: Array (Int, Int, Int, Int) Int
transposeTensor = array ((1, 1, 1, 1), (2, 2, 2, 2)) [((i, j, k, l), if i == l && j == k then 1 else 0) | (i, j, k, l) <- range ((1, 1, 1, 1), (2, 2, 2, 2))]

apply4 :: Array (Int, Int, Int, Int) Int -> Array (Int, Int) Int -> Array (Int, Int) Int
apply4 t m = listArray ((1, 1), (2, 2)) [sum [t ! (i, j, k, l) * m ! (k, l) | (k, l) <- range ((1, 1), (2, 2))] | (i, j) <- range ((1, 1), (2, 2))]

-- A timetable indexed by (day, period, morning?): Int, Char, Bool.
timetable :: Array (Int, Char, Bool) String
timetable = accumArray (\_ s -> s) "-" ((1, 'a', False), (2, 'c', True))
  [((1, 'a', True), "maths"), ((1, 'c', False), "art"), ((2, 'b', True), "music"), ((1, 'a', True), "physics")]

main :: IO ()
main = do
  print (range ((0, 'x'), (1, 'z')))
  print (range ((False, 1, 'a'), (True, 2, 'b')))
  print (index ((1, 1, 1), (3, 4, 2)) (2, 3, 1), rangeSize ((1, 1, 1), (3, 4, 2)), inRange ((1, 1, 1), (3, 4, 2)) (3, 5, 1))
  print (index ((0, 0, 0, 0), (1, 2, 3, 4)) (1, 2, 3, 4), rangeSize ((0, 0, 0, 0), (1, 2, 3, 4)))
  print (index ((0, 0, 0, 0, 0), (1, 1, 1, 1, 1)) (1, 0, 1, 0, 1), rangeSize ((0, 0, 0, 0, 0), (2, 2, 2, 2, 2)))
  print (rangeSize ((5, 1), (4, 3)), range ((1, 5), (2, 4)), inRange ((10 :: Integer, 'a'), (20, 'b')) (15, 'b'))
  print ([sum [voxels ! (i, j, k) | j <- [1 .. 4], k <- [1 .. 2]] | i <- [1 .. 3]], [sum [voxels ! (i, j, k) | i <- [1 .. 3], j <- [1 .. 4]] | k <- [1 .. 2]])
  print (voxels ! (2, 3, 1), bounds voxels, take 5 (assocs voxels))
  let m = listArray ((1, 1), (2, 2)) [1, 2, 3, 4]
  print (apply4 transposeTensor m, elems (apply4 transposeTensor (apply4 transposeTensor m)) == elems m)
  print [(ix, s) | (ix, s) <- assocs timetable, s /= "-"]
  print (timetable ! (2, 'c', True), length (indices timetable))
  let p = paths5 (2, 1, 2, 1, 1)
  print (p ! (2, 1, 2, 1, 1), multinomial (2, 1, 2, 1, 1))
  print (and [p ! q == multinomial q | q <- indices p], sum (elems p))
  let big = listArray ((0 :: Integer, 0 :: Integer), (2, 3)) "abcdefghijkl" :: Array (Integer, Integer) Char
  print (big ! (1, 2), big, ixmap ((0, 0), (3, 2)) (\(i, j) -> (j, i)) big ! (3, 1))
