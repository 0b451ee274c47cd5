-- GradBench's `ba` eval (bundle adjustment, from ADBench): the input is one camera, one point,
-- one weight and one feature, replicated to n cameras, m points and p observations (the i-th
-- observes camera i mod n and point i mod m); `objective` computes every observation's
-- reprojection error and weight error, `jacobian` the sparse Jacobian of all of them with
-- respect to all parameters, in compressed rows, by reverse mode a block per observation. Both
-- answer in GradBench's compact form: the first observation's values and their count; the
-- first 30 entries and the last of the Jacobian's rows, columns and values.

import Data.Array

data Input = Input { n :: Int, m :: Int, p :: Int, cam :: [Double], x :: [Double], w :: Double, feat :: [Double] }

data Problem = Problem
  { cameras :: Array Int [Double], points :: Array Int [Double], weights :: Array Int Double
  , features :: Array Int [Double], observations :: [(Int, Int, Int)] }

problem :: Input -> Problem
problem (Input nc np no c pt wt ft) =
  Problem (copies nc c) (copies np pt) (copies no wt) (copies no ft)
    [(i, i `mod` nc, i `mod` np) | i <- [0 .. no - 1]]
  where copies k v = listArray (0, k - 1) (replicate k v)

cross :: [Double] -> [Double] -> [Double]
cross [a1, a2, a3] [b1, b2, b3] = [a2 * b3 - a3 * b2, a3 * b1 - a1 * b3, a1 * b2 - a2 * b1]
cross _ _ = error "cross: not 3-vectors"

dot :: [Double] -> [Double] -> Double
dot u v = sum (zipWith (*) u v)

-- Rotation of pt by the angle-axis vector rot (Rodrigues' formula; to first order near 0).
rotate :: [Double] -> [Double] -> [Double]
rotate rot pt
  | sqtheta /= 0 = zipWith3 (\v c k -> v * cosine + c * sine + k * along) pt (cross axis pt) axis
  | otherwise = zipWith (+) pt (cross rot pt)
  where
    sqtheta = dot rot rot
    theta = sqrt sqtheta
    (cosine, sine) = (cos theta, sin theta)
    axis = map (/ theta) rot
    along = dot axis pt * (1 - cosine)

-- The camera [r1 r2 r3 C1 C2 C3 f u0 v0 k1 k2]: rotation, centre, focal length, principal
-- point, radial distortion.
project :: [Double] -> [Double] -> (Double, Double)
project camera pt = (u * distortion * f + u0, v * distortion * f + v0)
  where
    (rot, rest) = splitAt 3 camera
    (centre, [f, u0, v0, k1, k2]) = splitAt 3 rest
    [xc, yc, zc] = rotate rot (zipWith (-) pt centre)
    (u, v) = (xc / zc, yc / zc)
    rsq = u * u + v * v
    distortion = 1 + k1 * rsq + k2 * rsq * rsq

-- An observation's weighted reprojection error from (camera, point, weight).
reprojError :: [Double] -> ([Double], [Double], Double) -> (Double, Double)
reprojError [fx, fy] (camera, pt, wt) = let (px, py) = project camera pt in (wt * (px - fx), wt * (py - fy))
reprojError _ _ = error "reprojError: a feature has two coordinates"

weightError :: Double -> Double
weightError wt = 1 - wt * wt

-- An observation's parameters.
parameters :: Problem -> (Int, Int, Int) -> ([Double], [Double], Double)
parameters pr (i, c, j) = (cameras pr ! c, points pr ! j, weights pr ! i)

data Repeats = Repeats { elements :: [Double], repeated :: Int }

-- The key `repeated` again (the underscore keeps the field apart from Repeats' one).
data Repeat = Repeat { element :: Double, _repeated :: Int }

data Errors = Errors { reproj_error :: Repeats, w_err :: Repeat }

objective :: Input -> Errors
objective inp = Errors (Repeats [ex, ey] (length errs)) (Repeat (head werrs) (length werrs))
  where
    pr = problem inp
    errs = [reprojError (features pr ! i) (parameters pr o) | o@(i, _, _) <- observations pr]
    (ex, ey) = head errs
    werrs = map weightError (elems (weights pr))

data Sparse = Sparse { rows :: [Int], cols :: [Int], vals :: [Double] }

jacobian :: Input -> Sparse
jacobian inp@(Input nc np no _ _ _ _) = Sparse (compact rowStarts) (compact columns) (compact values)
  where
    pr = problem inp
    compact xs = take 30 xs ++ [last xs]
    rowStarts = scanl (+) 0 (replicate (2 * no) 15 ++ replicate no 1)
    wColumn i = 11 * nc + 3 * np + i
    blockColumns (i, c, j) = [11 * c + t | t <- [0 .. 10]] ++ [11 * nc + 3 * j + t | t <- [0 .. 2]] ++ [wColumn i]
    columns = concat [blockColumns o ++ blockColumns o | o <- observations pr] ++ map wColumn [0 .. no - 1]
    -- The block's two rows: the backpropagator of the error applied to (1, 0) and (0, 1).
    block o@(i, _, _) =
      let (_, back) = vjp (reprojError (features pr ! i)) (parameters pr o)
      in concat [c ++ pt ++ [wt] | (c, pt, wt) <- [back (1, 0), back (0, 1)]]
    values = concatMap block (observations pr) ++ map (grad weightError) (elems (weights pr))
