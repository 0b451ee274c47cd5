-- gathers with repeated indices (an embedding lookup) and scatter-adds (accumArray, accum), differentiated in reverse and forward mode
import Data.Array

type Vec = Array Int Double

-- An embedding table of 2-component vectors; a sentence reads some rows several times.
type Table = Array (Int, Int) Double

tokens :: [Int]
tokens = [3, 1, 3, 0, 3, 1, 4]

weights :: [Double]
weights = [1.0, 0.5, -1.0, 2.0, 0.25, 1.5, -0.5]

-- Sum over the tokens of weight * |embedding|^2.
sentenceScore :: Table -> Double
sentenceScore t = sum [w * (t ! (k, 0) ^ 2 + t ! (k, 1) ^ 2) | (k, w) <- zip tokens weights]

-- Scatter-add the values into bins with accumArray, then a weighted sum of squares of the bins.
bins :: [Int]
bins = [0, 2, 1, 2, 2, 0, 3, 1]

binLoss :: Vec -> Double
binLoss v = sum [fromIntegral (b + 1) * h * h | (b, h) <- assocs hist]
  where hist = accumArray (+) 0 (0, 3) (zip bins (elems v))

-- Products per bin (accumArray with (*) from 1): a scatter whose combining function is not addition.
binProducts :: Vec -> Vec
binProducts v = accumArray (*) 1 (0, 3) (zip bins (elems v))

-- accum adds squared increments onto a base array; both are inputs.
accumLoss :: (Vec, Vec) -> Double
accumLoss (base, incs) = sum [x ^ 3 | x <- elems a]
  where a = accum (+) base [(k, d * d) | (k, d) <- zip [2, 0, 2, 1] (elems incs)]

main :: IO ()
main = do
  let t = listArray ((0, 0), (4, 1)) [0.1, 0.2, -0.3, 0.4, 0.5, -0.6, 0.7, 0.8, -0.9, 1.0] :: Table
  print (sentenceScore t)
  print (grad sentenceScore t)
  let dt = listArray ((0, 0), (4, 1)) [1, 0, 0, 1, 1, 1, -1, 0.5, 0, 2] :: Table
  print (jvp sentenceScore t dt)
  let v = listArray (1, 8) [1.0, 2.0, 0.5, -1.0, 3.0, 0.25, 4.0, -2.0] :: Vec
  print (binLoss v)
  print (grad binLoss v)
  print (binProducts v)
  let (_, back) = vjp binProducts v
  print (back (listArray (0, 3) [1, 1, 1, 1]))
  print (back (listArray (0, 3) [0, 0, 2, 0]))
  print (snd (jvp binProducts v (listArray (1, 8) [1, 0, 0, 0, 0, 0, 0, 1])))
  let base = listArray (0, 2) [1.0, -0.5, 0.25] :: Vec
      incs = listArray (1, 4) [0.5, 1.5, -0.75, 2.0] :: Vec
  print (accumLoss (base, incs))
  print (grad accumLoss (base, incs))
  print (snd (jvp (grad binLoss) v (listArray (1, 8) [1, 0, 0, 0, 0, 0, 0, 0])))
