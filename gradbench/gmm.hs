-- GradBench's `gmm` eval: the log-likelihood of n points under a mixture of k Gaussians in d
-- dimensions plus a Wishart prior on the inverse covariances, and its gradient with respect to
-- the mixture's parameters by reverse mode. Component j has weight alpha_j (before softmax),
-- mean mu_j and inverse covariance Q_j^T Q_j, where Q_j is lower triangular with diagonal
-- exp(q_j) and the entries below the diagonal l_j, column by column.

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

-- Q v for Q with diagonal qd and the entries below it column by column in ls: the first
-- column is qd_0 over ls' first d-1 entries; the rest is the same for the submatrix.
timesQ :: [Double] -> [Double] -> [Double] -> [Double]
timesQ (qd : qds) ls (v : vs) = qd * v : zipWith (+) (map (* v) column) (timesQ qds rest vs)
  where (column, rest) = splitAt (length vs) ls
timesQ _ _ _ = []

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
    components = zip4 alphas mus qs ls
    pointTerm xi = logSumExp [a + sum qj - 0.5 * sqnorm (timesQ (map exp qj) lj (zipWith (-) xi muj))
                             | (a, muj, qj, lj) <- components]

params :: Input -> Params
params inp = Params (alpha inp) (mu inp) (q inp) (l inp)

objective :: Input -> Double
objective inp = logPosterior inp (params inp)

jacobian :: Input -> Params
jacobian inp = grad (logPosterior inp) (params inp)
