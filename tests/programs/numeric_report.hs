-- A loan schedule, a hex dump and a table of physical constants, formatted with Numeric
-- (fixed, exponent and general float formats, other bases) and read back with its readers.
import Numeric (showFFloat, showEFloat, showGFloat, showFFloatAlt, showHex, showOct,
                showIntAtBase, showSigned, showInt, readHex, readOct, readDec, readSigned,
                readFloat, floatToDigits, fromRat, lexDigits)

pad :: Int -> String -> String
pad n s = replicate (n - length s) ' ' ++ s

money :: Double -> String
money x = showFFloat (Just 2) x ""

-- Monthly payments of an annuity loan.
schedule :: Double -> Double -> Int -> [(Int, Double, Double, Double)]
schedule principal rate months = go 1 principal
  where
    r = rate / 12
    payment = principal * r / (1 - (1 + r) ** fromIntegral (negate months))
    go k balance
      | k > months = []
      | otherwise =
          let interest = balance * r
              repaid = payment - interest
          in (k, interest, repaid, balance - repaid) : go (k + 1) (balance - repaid)

hexDump :: [Int] -> [String]
hexDump bytes = [showHex4 off ++ ": " ++ unwords (map byte row) | (off, row) <- zip [0, 8 .. 8 * length bytes] (chunks bytes)]
  where
    chunks [] = []
    chunks xs = take 8 xs : chunks (drop 8 xs)
    byte b = let h = showHex b "" in if length h < 2 then '0' : h else h
    showHex4 n = let h = showHex (n :: Int) "" in replicate (4 - length h) '0' ++ h

constants :: [(String, Double)]
constants =
  [ ("speed of light", 299792458), ("Planck", 6.62607015e-34), ("Avogadro", 6.02214076e23)
  , ("electron mass", 9.1093837015e-31), ("gravity", 9.80665), ("pi", pi), ("zero", 0) ]

main :: IO ()
main = do
  putStrLn "month   interest    repaid    balance"
  mapM_ (\(k, i, p, b) -> putStrLn (pad 5 (show k) ++ pad 11 (money i) ++ pad 10 (money p) ++ pad 11 (money b)))
    (schedule 10000 0.05 6)
  mapM_ putStrLn (hexDump (map fromEnum "Numeric module: hex dump\n" ++ [0, 255, 16]))
  mapM_ (\(name, v) -> putStrLn (pad 16 name ++ "  " ++ pad 14 (showEFloat (Just 4) v "") ++ "  "
          ++ pad 24 (showGFloat (Just 3) v "") ++ "  " ++ showFFloatAlt (Just 0) v "")) constants
  print (map (\b -> showIntAtBase b (\d -> "0123456789abcdefghijklmnopqrstuvwxyz" !! d) (123456789 :: Integer) "") [2, 7, 16, 36])
  print (showOct (511 :: Int) "", showInt (2 ^ 70 :: Integer) "", showSigned showInt 7 (-42 :: Int) "")
  print (fst (head (readHex "deadBEEF" :: [(Integer, String)])), readOct "777 rest" :: [(Int, String)])
  print (readSigned readDec " -17 apples" :: [(Int, String)], readDec "12abc" :: [(Integer, String)])
  print (readFloat "6.02214076e23 mol" :: [(Double, String)], lexDigits "2024-01-01")
  print (floatToDigits 10 (0.1 :: Double), floatToDigits 2 (0.375 :: Double), floatToDigits 16 (1 / 3 :: Double))
  print (fromRat (1 / 3) :: Double, fromRat (-22 / 7) :: Double)
  print [showFFloat (Just 1) x "" | x <- [0.05, 0.15, 0.25, 0.35, 2.5, -0.45 :: Double]]
  print [showEFloat (Just 0) x "" | x <- [1.5, 2.5, 95, 1.0e-10 :: Double]]
  print [showGFloat Nothing x "" | x <- [0.1, 0.01, 1.0e7, 1.0e8, 12345.678 :: Double]]
