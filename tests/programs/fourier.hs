-- Complex arithmetic with Data.Complex: roots of unity, a recursive radix-2 FFT checked against
-- the direct DFT, polynomial multiplication through the FFT, and the Mandelbrot set in text.
import Data.Complex
import Text.Printf (printf)

type C = Complex Double

dft :: [C] -> [C]
dft xs = [sum [x * cis (-2 * pi * fromIntegral (j * k) / n) | (j, x) <- zip [0 .. length xs - 1] xs] | k <- [0 .. length xs - 1]]
  where n = fromIntegral (length xs)

-- Radix-2 Cooley-Tukey on a list whose length is a power of two.
fft :: [C] -> [C]
fft [x] = [x]
fft xs = zipWith (+) evens' twiddled ++ zipWith (-) evens' twiddled
  where
    (evens, odds) = deal xs
    evens' = fft evens
    odds' = fft odds
    n = length xs
    twiddled = [cis (-2 * pi * fromIntegral k / fromIntegral n) * o | (k, o) <- zip [0 .. n `div` 2 - 1] odds']

deal :: [a] -> ([a], [a])
deal (a : b : rest) = let (as, bs) = deal rest in (a : as, b : bs)
deal rest = (rest, [])

ifft :: [C] -> [C]
ifft xs = map (\z -> conjugate z / fromIntegral (length xs)) (fft (map conjugate xs))

-- Product of integer polynomials (coefficients from the constant term up).
polyMul :: [Integer] -> [Integer] -> [Integer]
polyMul p q = take (length p + length q - 1) (map (round . realPart) (ifft (zipWith (*) (fft (pad p)) (fft (pad q)))))
  where
    size = head [s | s <- map (2 ^) [0 .. 20 :: Int], s >= length p + length q - 1]
    pad cs = map fromIntegral cs ++ replicate (size - length cs) 0

mandelbrot :: C -> Int
mandelbrot c = length (takeWhile ((<= 2) . magnitude) (take 30 (iterateN 30 (\z -> z * z + c) 0)))
  where iterateN k f z = if k == 0 then [] else z : iterateN (k - 1) f (f z)

showC :: C -> String
showC (a :+ b) = printf "%7.3f%+.3fi" (clean a) (clean b)
  where clean x = if abs x < 1e-9 then 0 else x

main :: IO ()
main = do
  let roots = [mkPolar 1 (2 * pi * fromIntegral k / 6) | k <- [0 .. 5 :: Int]] :: [C]
  mapM_ (putStrLn . showC) roots
  printf "sum of the roots: %s, product: %s\n" (showC (sum roots)) (showC (product roots))
  let z = 3 :+ 4 :: C
      w = 1 :+ (-2) :: C
  print (z, w, z + w, z * w, z / w, negate z)
  print (magnitude z, phase z, polar w, conjugate z, abs z, signum z, realPart z, imagPart w)
  print (sqrt z, exp (0 :+ pi) :: C, log w, z ** 2, sin w, cosh w)
  let signal = [fromIntegral (k `mod` 4) :+ 0 | k <- [0 .. 7 :: Int]] :: [C]
      viaFft = fft signal
  mapM_ (putStrLn . showC) viaFft
  printf "FFT agrees with the DFT: %s\n" (show (maximum (zipWith (\a b -> magnitude (a - b)) viaFft (dft signal)) < 1e-9))
  printf "inverse FFT gives the signal back: %s\n" (show (maximum (zipWith (\a b -> magnitude (a - b)) (ifft viaFft) signal) < 1e-9))
  print (polyMul [1, 1] [1, 1], polyMul [1, 2, 3] [4, 5], polyMul [1, -1] [1, 1, 1, 1])
  print (polyMul (replicate 10 1) (replicate 10 1))
  mapM_ (\y -> putStrLn [if mandelbrot (x :+ y) >= 30 then '#' else if mandelbrot (x :+ y) > 8 then '+' else '.' | x <- [-2.0, -1.95 .. 0.5]]) [-1.0, -0.8 .. 1.0]
