-- GradBench's `gmm` eval: the log-likelihood of n points under a mixture of k Gaussians in d
-- dimensions plus a Wishart prior on the inverse covariances, and its gradient with respect to
-- the mixture's parameters by reverse mode. Component j has weight alpha_j (before softmax),
-- mean mu_j and inverse covariance Q_j^T Q_j, where Q_j is lower triangular with diagonal
-- exp(q_j) and the entries below the diagonal l_j, column by column.

import Data.Array
import Data.Array.Numeric (dotA)
import Data.List (zip4)

data Input = Input
  { d :: Int, k :: Int, n :: Int, m :: Int, gamma :: Double
  , alpha :: [Double], mu :: [[Double]], q :: [[Double]], l :: [[Double]], x :: [[Double]] }

-- The parameters differentiated, written as the jacobian's keys alpha, mu, q and l (the
-- underscores keep them apart from Input's fields).
data Params = Params { _alpha :: [Double], _mu :: [[Double]], _q :: [[Double]], _l :: [[Double]] }

logSumExp :: [Double] -> Double
logSumExp vs = log (sum [exp (v - top) | v <- vs]) + top
  where top = maximum vs

sqnorm :: [Double] -> Double
sqnorm vs = sum [v * v | v <- vs]

-- The rows of Q_j as arrays: the diagonal exp q_j, below it l_j column by column (column c
-- holds rows c + 1 .. d - 1, after the d - 1 - c' entries of each column c' < c), zeros above.
-- Each row of Q_j (x - mu_j) is then `dotA`, which differentiated code records as one
-- operation.
qRows :: Int -> [Double] -> [Double] -> [Array Int Double]
qRows dd qj lj = [listArray (0, dd - 1) [entry r c | c <- [0 .. dd - 1]] | r <- [0 .. dd - 1]]
  where
    diagonal = listArray (0, dd - 1) (map exp qj)
    below = listArray (0, length lj - 1) lj
    entry r c
      | r == c = diagonal ! r
      | r > c = below ! (c * (dd - 1) - c * (c - 1) `div` 2 + r - c - 1)
      | otherwise = 0

-- log Gamma(z) by Lanczos' approximation (g = 7, 9 terms; relative error about 1e-15), with
-- the reflection formula below 1/2. The Prelude has no log-gamma.
logGamma :: Double -> Double
logGamma z
  | z < 0.5 = log (pi / abs (sin (pi * z))) - logGamma (1 - z)
  | otherwise = 0.5 * log (2 * pi) + (z' + 0.5) * log t - t + log series
  where
    z' = z - 1
    t = z' + 7.5
    series = 0.99999999999980993 + sum (zipWith (\c i -> c / (z' + i)) lanczos [1 ..  8])
    lanczos =
      [ 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059
      , 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7 ]

-- The log of the multivariate gamma function Gamma_p(a).
logMultiGamma :: Double -> Int -> Double
logMultiGamma a p =
  0.25 * fromIntegral (p * (p - 1)) * log pi
    + sum [logGamma (a + 0.5 * fromIntegral (1 - j)) | j <- [1 .. p]]

-- The log of the Wishart prior with m extra degrees of freedom and precision gamma.
logWishartPrior :: Input -> [[Double]] -> [[Double]] -> Double
logWishartPrior inp qs ls = fromIntegral (k inp) * c - sum (zipWith term qs ls)
  where
    (dd, mm, g) = (d inp, m inp, gamma inp)
    dof = dd + mm + 1
    c = fromIntegral (dof * dd) * (log g - 0.5 * log 2) - logMultiGamma (0.5 * fromIntegral dof) dd
    term qj lj = 0.5 * g * g * (sqnorm (map exp qj) + sqnorm lj) - fromIntegral mm * sum qj

logPosterior :: Input -> Params -> Double
logPosterior inp (Params alphas mus qs ls) =
  constant + sum (map pointTerm (x inp)) - fromIntegral (n inp) * logSumExp alphas
    + logWishartPrior inp qs ls
  where
    constant = -(fromIntegral (n inp * d inp)) * 0.5 * log (2 * pi)
    dd = d inp
    components = [(a + sum qj, muj, qRows dd qj lj) | (a, muj, qj, lj) <- zip4 alphas mus qs ls]
    pointTerm xi = logSumExp [c - 0.5 * sqnorm [dotA row v | row <- rows] | (c, muj, rows) <- components
                             , let v = listArray (0, dd - 1) (zipWith (-) xi muj)]

params :: Input -> Params
params inp = Params (alpha inp) (mu inp) (q inp) (l inp)

objective :: Input -> Double
objective inp = logPosterior inp (params inp)

jacobian :: Input -> Params
jacobian inp = grad (logPosterior inp) (params inp)
