-- Int arithmetic sequences [a, b .. c] at the ends of Int's range, where the step b - a wraps around: printed, summed, counted, filtered and nested (fused loops and lists agree).
main :: IO ()
main = do
  let big = maxBound :: Int
      small = minBound :: Int
      rs = [ (small, big, big), (small, big, 0), (big, small, small), (big, small, 0)
           , (small + 5, big - 3, big), (big - 1, small + 1, small + 1), (0, big, big)
           , (small, 0, big), (big, 0, small), (-3, 4, 4), (5, 2, -7), (1, 1, 0), (small, small + 1, small + 3)
           , (big - 4, big - 2, big), (small + 4, small + 2, small) ]
  mapM_ (\(a, b, c) -> do
           print [a, b .. c]
           print (sum [a, b .. c], length [a, b .. c], length [x | x <- [a, b .. c], even x])
           print (length [ (x, y) | x <- [1 .. 3 :: Int], y <- [a, b .. c] ])) rs
