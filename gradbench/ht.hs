-- GradBench's `ht` eval (hand tracking, from ADBench): a hand model of 22 bones poses and
-- skins its vertices from 26 parameters theta (global rotation and translation, then the
-- fingers' angles); the objective is each data point minus its corresponding model point: a
-- vertex (simple variant) or a point of a triangle at barycentric coordinates us
-- (complicated variant). `jacobian` is the Jacobian with respect to theta (and us) by forward
-- mode: one `jvp` a column of theta, and one for each of the two coordinates of all us at once
-- (point i depends only on us_i, so those columns do not mix).

import Data.Array
import Data.List (transpose)

data Input = Input { theta :: [Double], us :: [[Double]], _data :: HandData }

data HandData = HandData { model :: Model, correspondences :: [Int], points :: [[Double]] }

-- Matrices are lists of rows; vertices are homogeneous [x, y, z, 1].
data Model = Model
  { parents :: [Int], base_relatives :: [[[Double]]], inverse_base_absolutes :: [[[Double]]]
  , base_positions :: [[Double]], weights :: [[Double]], triangles :: Array Int [Int], is_mirrored :: Bool }

type Matrix = [[Double]]

mmul :: Matrix -> Matrix -> Matrix
mmul a b = [[sum (zipWith (*) row col) | col <- cols] | row <- a]
  where cols = transpose b

apply :: Matrix -> [Double] -> [Double]
apply a v = [sum (zipWith (*) row v) | row <- a]

-- The rotation by the angle-axis vector [x, y, z] (none below 1e-4 radians).
angleAxis :: [Double] -> Matrix
angleAxis v
  | norm < 0.0001 = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
  | otherwise =
      [ [x * x + (1 - x * x) * c, x * y * (1 - c) - z * s, x * z * (1 - c) + y * s]
      , [x * y * (1 - c) + z * s, y * y + (1 - y * y) * c, y * z * (1 - c) - x * s]
      , [x * z * (1 - c) - y * s, z * y * (1 - c) + x * s, z * z + (1 - z * z) * c] ]
  where
    norm = sqrt (sum (map (^ 2) v))
    [x, y, z] = map (/ norm) v
    (s, c) = (sin norm, cos norm)

-- The rotation by Euler angles given in the order x, z, y: Rz Ry Rx.
euler :: [Double] -> Matrix
euler [tx, tz, ty] = rz `mmul` ry `mmul` rx
  where
    rx = [[1, 0, 0], [0, cos tx, negate (sin tx)], [0, sin tx, cos tx]]
    ry = [[cos ty, 0, sin ty], [0, 1, 0], [negate (sin ty), 0, cos ty]]
    rz = [[cos tz, negate (sin tz), 0], [sin tz, cos tz, 0], [0, 0, 1]]
euler _ = error "euler: three angles"

-- Each bone's Euler angles from theta: the wrist's two bones none; per finger, two angles
-- for its first joint, one for each of the next two, none for its tip.
boneAngles :: [Double] -> [[Double]]
boneAngles th = none : none : concat (fingers (drop 6 th))
  where
    none = [0, 0, 0]
    fingers (a : b : c : d : rest) = [[a, b, 0], [c, 0, 0], [d, 0, 0], none] : fingers rest
    fingers _ = []

-- A 4x4 transform with the rotation r.
homogeneous :: Matrix -> Matrix
homogeneous r = [row ++ [0] | row <- r] ++ [[0, 0, 0, 1]]

-- Each bone's transform from its rest pose to its pose.
boneTransforms :: Model -> [Double] -> [Matrix]
boneTransforms md th = zipWith mmul absolutes (inverse_base_absolutes md)
  where
    relatives = zipWith (\base angles -> base `mmul` homogeneous (euler angles)) (base_relatives md) (boneAngles th)
    -- Parents come before their children.
    absolutes = reverse (foldl absolute [] (zip relatives (parents md)))
    absolute done (rel, parent)
      | parent == -1 = rel : done
      | otherwise = (reverse done !! parent) `mmul` rel : done

-- Every vertex of the posed, skinned hand, moved by the global rotation and translation.
vertices :: Model -> [Double] -> Array Int [Double]
vertices md th = listArray (0, length (base_positions md) - 1) (zipWith vertex (base_positions md) (weights md))
  where
    transforms = map (take 3) (boneTransforms md th)
    rotation = angleAxis (take 3 th)
    translation = take 3 (drop 3 th)
    mirror :: [Double] -> [Double]
    mirror [px, py, pz] = if is_mirrored md then [negate px, py, pz] else [px, py, pz]
    mirror _ = error "mirror: three coordinates"
    vertex base ws =
      let skinned = foldl1 (zipWith (+)) [map (* w) (apply t base) | (t, w) <- zip transforms ws]
      in zipWith (+) (apply rotation (mirror skinned)) translation

-- The data points minus the model's points, three numbers a point.
errors :: HandData -> ([Double], [[Double]]) -> [Double]
errors hd (th, coords) = concat (zipWith (zipWith (-)) (points hd) modelPoints)
  where
    vs = vertices (model hd) th
    modelPoints
      | null coords = [vs ! i | i <- correspondences hd]
      | otherwise = zipWith onTriangle (correspondences hd) coords
    onTriangle t [u, v] =
      let [a, b, c] = map (vs !) (triangles (model hd) ! t)
      in zipWith3 (\pa pb pc -> u * pa + v * pb + (1 - u - v) * pc) a b c
    onTriangle _ _ = error "onTriangle: two barycentric coordinates"

objective :: Input -> [Double]
objective (Input th coords hd) = errors hd (th, coords)

jacobian :: Input -> [[Double]]
jacobian (Input th coords hd) = transpose (map column directions)
  where
    column dir = snd (jvp (errors hd) (th, coords) dir)
    zeroTheta = map (const 0) th
    zeroUs = map (map (const 0)) coords
    oneHot :: Int -> [Double]
    oneHot k = [if i == k then 1 else 0 | i <- [0 .. length th - 1]]
    usColumns
      | null coords = []
      | otherwise = [(zeroTheta, map (const [1, 0]) coords), (zeroTheta, map (const [0, 1]) coords)]
    directions = usColumns ++ [(oneHot k, zeroUs) | k <- [0 .. length th - 1]]
