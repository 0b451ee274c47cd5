-- GradBench's `kmeans` eval: the k-means cost (each point's squared distance to its nearest
-- centroid, summed) and the Newton direction for the centroids, the gradient divided by the
-- Hessian's diagonal. The Hessian of the cost is diagonal, so its diagonal is its product with
-- a vector of ones: `jvp` of `grad`, forward over reverse.

data Input = Input { points :: [[Double]], centroids :: [[Double]] }

distance2 :: [Double] -> [Double] -> Double
distance2 a b = sum [(u - v) * (u - v) | (u, v) <- zip a b]

totalCost :: [[Double]] -> [[Double]] -> Double
totalCost ps cs = sum [minimum [distance2 p c | c <- cs] | p <- ps]

cost :: Input -> Double
cost (Input ps cs) = totalCost ps cs

dir :: Input -> [[Double]]
dir (Input ps cs) = zipWith (zipWith (/)) g h
  where (g, h) = jvp (grad (totalCost ps)) cs (map (map (const 1)) cs)
