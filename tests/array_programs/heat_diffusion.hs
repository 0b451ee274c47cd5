-- explicit finite differences for the heat equation on 1-D and 2-D arrays (insulated ends)
import Data.Array

type Rod = Array Int Double
type Plate = Array (Int, Int) Double

-- One explicit Euler step of u_t = u_xx with reflecting (Neumann) boundaries.
rodStep :: Double -> Rod -> Rod
rodStep r u = listArray (lo, hi) [u ! i + r * (left i - 2 * u ! i + right i) | i <- [lo .. hi]]
  where
    (lo, hi) = bounds u
    left i = if i == lo then u ! (lo + 1) else u ! (i - 1)
    right i = if i == hi then u ! (hi - 1) else u ! (i + 1)

-- Trapezoidal total heat (the reflecting scheme conserves it exactly).
rodHeat :: Rod -> Double
rodHeat u = sum (elems u) - (u ! lo + u ! hi) / 2
  where (lo, hi) = bounds u

iterateN :: Int -> (a -> a) -> a -> a
iterateN 0 _ x = x
iterateN n f x = iterateN (n - 1) f (f x)

plateStep :: Double -> Plate -> Plate
plateStep r u = listArray bnds [new ix | ix <- range bnds]
  where
    bnds@((r0, c0), (r1, c1)) = bounds u
    at (i, j) = u ! (clamp r0 r1 i, clamp c0 c1 j)
    clamp a b k = max a (min b k)
    new (i, j) = u ! (i, j) + r * (at (i - 1, j) + at (i + 1, j) + at (i, j - 1) + at (i, j + 1) - 4 * u ! (i, j))

showRow :: [Double] -> String
showRow = unwords . map cell
  where cell x = let k = round (x * 100) :: Int in replicate (5 - length (show k)) ' ' ++ show k

main :: IO ()
main = do
  let n = 10
      rod0 = listArray (0, n) [if i >= 4 && i <= 6 then 100 else 0 | i <- [0 .. n]] :: Rod
      snapshots = [(t, iterateN t (rodStep 0.25) rod0) | t <- [0, 1, 5, 20, 100]]
  mapM_ (\(t, u) -> putStrLn ("t=" ++ show t ++ ": " ++ showRow (map (/ 100) (elems u)))) snapshots
  print [rodHeat u | (_, u) <- snapshots]
  let final = snd (last snapshots)
  print (maximum (elems final) - minimum (elems final) < 1)
  let plate0 = array ((0, 0), (4, 4)) [((i, j), if (i, j) == (2, 2) then 25 else 0) | i <- [0 .. 4], j <- [0 .. 4]] :: Plate
      plate3 = iterateN 3 (plateStep 0.2) plate0
  mapM_ (\i -> putStrLn (showRow [plate3 ! (i, j) | j <- [0 .. 4]])) [0 .. 4]
  print (sum (elems plate3))
  print (plate3 ! (1, 2) == plate3 ! (2, 1), plate3 ! (0, 0) == plate3 ! (4, 4))
  print (bounds plate3, rangeSize (bounds plate3))
