-- sieve of Eratosthenes and Euler's totient with Bool and Int arrays built by accumArray and accum
import Data.Array

sieve :: Int -> Array Int Bool
sieve n = accumArray (\_ b -> b) True (2, n) [(m, False) | i <- takeWhile (\k -> k * k <= n) [2 .. n], m <- [i * i, i * i + i .. n]]

primesUpTo :: Int -> [Int]
primesUpTo n = [i | (i, True) <- assocs (sieve n)]

-- The smallest prime factor of every number, for fast factorisation.
smallestFactor :: Int -> Array Int Int
smallestFactor n = accumArray min n (2, n) ([(i, i) | i <- [2 .. n]] ++ [(m, p) | p <- primesUpTo n, m <- [p * p, p * p + p .. n]])

factorise :: Array Int Int -> Int -> [Int]
factorise spf k
  | k == 1 = []
  | otherwise = let p = spf ! k in p : factorise spf (k `div` p)

-- phi for every k <= n: start from k and, for every prime p, multiply its multiples by (1 - 1/p).
totients :: Int -> Array Int Int
totients n = foldl strike (listArray (1, n) [1 .. n]) (primesUpTo n)
  where strike phi p = accum (\v _ -> v - v `div` p) phi [(m, ()) | m <- [p, 2 * p .. n]]

-- Counts of primes in each block of 100 (a histogram by accumArray).
blocks :: Int -> Array Int Int
blocks n = accumArray (+) 0 (0, (n - 1) `div` 100) [(p `div` 100, 1) | p <- primesUpTo n]

main :: IO ()
main = do
  print (primesUpTo 60)
  let s = sieve 1000
  print (length (filter id (elems s)), s ! 997, s ! 999, bounds s)
  let spf = smallestFactor 1000
  print [(k, factorise spf k) | k <- [360, 997, 1000, 2 * 3 * 5 * 7 * 2, 841]]
  let phi = totients 100
  print [phi ! k | k <- [1 .. 20]]
  print (sum (elems phi), phi ! 97, phi ! 100)
  print (and [sum [phi ! d | d <- [1 .. k], k `mod` d == 0] == k | k <- [1 .. 100]])
  print (blocks 1000)
  let twins = [(p, p + 2) | p <- [3 .. 998], s ! p, s ! (p + 2)]
  print (length twins, take 6 twins, last twins)
