-- GradBench's `lstm` eval: the loss of an l-layer LSTM predicting each character of a text
-- (b bits a character) from the previous ones, and its gradient with respect to the main and
-- extra parameters by reverse mode, the rows of both concatenated.
--
-- main_params has two rows a layer, weights then biases, each of four blocks of b (forget,
-- input and output gates, change); extra_params is the input weights, output weights and
-- output biases; state has two rows a layer, hidden then cell.

data Input = Input
  { main_params :: [[Double]], extra_params :: [[Double]], state :: [[Double]], sequence :: [[Double]] }

sigmoid :: Double -> Double
sigmoid v = 1 / (1 + exp (negate v))

-- The four blocks of b of a row.
gates :: [Double] -> ([Double], [Double], [Double], [Double])
gates row = (f, i, o, c)
  where
    b = length row `div` 4
    (f, rest) = splitAt b row
    (i, rest') = splitAt b rest
    (o, c) = splitAt b rest'

-- One layer's step: its input and (hidden, cell) to the new (hidden, cell).
cellStep :: ([Double], [Double]) -> [Double] -> ([Double], [Double]) -> ([Double], [Double])
cellStep (weights, biases) input (hidden, cell) = (hidden', cell')
  where
    (wf, wi, wo, wc) = gates weights
    (bf, bi, bo, bc) = gates biases
    affine :: [Double] -> [Double] -> [Double] -> [Double]
    affine xs ws bs = zipWith3 (\v w b -> v * w + b) xs ws bs
    forget = map sigmoid (affine input wf bf)
    ingate = map sigmoid (affine hidden wi bi)
    outgate = map sigmoid (affine input wo bo)
    change = map tanh (affine hidden wc bc)
    cell' = zipWith3 (\c f (i, ch) -> c * f + i * ch) cell forget (zip ingate change)
    hidden' = zipWith (\o c -> o * tanh c) outgate cell'

-- Consecutive elements: (x0, x1), (x1, x2), ...
consecutive :: [a] -> [(a, a)]
consecutive (u : v : rest) = (u, v) : consecutive (v : rest)
consecutive _ = []

-- Rows taken two at a time: a layer's (weights, biases) or (hidden, cell).
inTwos :: [a] -> [(a, a)]
inTwos (u : v : rest) = (u, v) : inTwos rest
inTwos _ = []

-- One character through the layers: the prediction and the layers' new states.
predict :: [([Double], [Double])] -> [[Double]] -> [([Double], [Double])] -> [Double] -> ([Double], [([Double], [Double])])
predict layers [inWeight, outWeight, outBias] states input = (output, reverse states')
  where
    (top, states') = foldl layer (zipWith (*) input inWeight, []) (zip layers states)
    layer (v, done) (params, st) = let st'@(h, _) = cellStep params v st in (h, st' : done)
    output = zipWith3 (\h w b -> h * w + b) top outWeight outBias
predict _ _ _ _ = error "predict: extra_params must have three rows"

-- The mean over the characters after the first and their bits of the log-probability
-- predicted for the bit (after a log-sum-exp with two more terms, as ADBench defines it),
-- negated.
loss :: [[Double]] -> [[Double]] -> ([[Double]], [[Double]]) -> Double
loss start chars (mainParams, extra) = negate total / fromIntegral ((length chars - 1) * length (head chars))
  where
    (total, _) = foldl step (0, inTwos start) (consecutive chars)
    step (acc, states) (now, next) =
      let (ypred, states') = predict (inTwos mainParams) extra states now
          lse = log (sum (map exp ypred) + 2)
      in (acc + sum (zipWith (\g y -> g * (y - lse)) next ypred), states')

objective :: Input -> Double
objective (Input mainParams extra start chars) = loss start chars (mainParams, extra)

jacobian :: Input -> [Double]
jacobian (Input mainParams extra start chars) = concat (gm ++ ge)
  where (gm, ge) = grad (loss start chars) (mainParams, extra)
