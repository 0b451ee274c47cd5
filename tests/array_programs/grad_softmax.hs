-- log-sum-exp and softmax over arrays: the gradient is the softmax, its vjp/jvp and Hessian, and a batched cross-entropy on a 2-D array of logits
import Data.Array

type Vec = Array Char Double

-- Stable log-sum-exp: shift by the maximum.
logSumExp :: Vec -> Double
logSumExp x = m + log (sum [exp (v - m) | v <- elems x])
  where m = maximum (elems x)

softmax :: Vec -> Vec
softmax x = fmap (\v -> exp (v - lse)) x
  where lse = logSumExp x

-- Mean cross-entropy of a batch: row b of the logits against the class target b.
crossEntropy :: [Int] -> Array (Int, Int) Double -> Double
crossEntropy targets logits = sum [rowLse b - logits ! (b, t) | (b, t) <- zip [b0 .. b1] targets] / fromIntegral (length targets)
  where
    ((b0, c0), (b1, c1)) = bounds logits
    rowLse b = logSumExp' [logits ! (b, c) | c <- [c0 .. c1]]
    logSumExp' vs = let m = maximum vs in m + log (sum [exp (v - m) | v <- vs])

main :: IO ()
main = do
  let x = listArray ('a', 'e') [0.5, -1.0, 2.0, 0.25, 1.5] :: Vec
      v = listArray ('a', 'e') [1.0, 0.0, -2.0, 0.5, 0.25] :: Vec
      c = listArray ('a', 'e') [0.0, 1.0, 0.0, -1.0, 3.0] :: Vec
  print (logSumExp x)
  print (softmax x)
  print (grad logSumExp x)
  print (sum (elems (grad logSumExp x)))
  print (snd (vjp softmax x) c)
  print (snd (jvp softmax x v))
  print (snd (jvp (grad logSumExp) x v))
  print [grad (\y -> grad logSumExp y ! k) x ! k | k <- "abcde"]
  print (grad (\y -> logSumExp (fmap (* 3) y) / 3) x)
  let logits = listArray ((0, 0), (2, 3)) [1.0, 2.0, 0.5, -1.0, 0.0, 0.0, 3.0, 1.0, -0.5, 2.5, 0.0, 0.5] :: Array (Int, Int) Double
      targets = [1, 2, 0]
  print (crossEntropy targets logits)
  print (grad (crossEntropy targets) logits)
