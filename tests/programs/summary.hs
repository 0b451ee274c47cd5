-- A data summary: parse a small CSV of measurements, group by station with Data.Map, compute
-- mean, median, standard deviation and quantiles with Data.List, and print aligned tables and
-- a histogram with Text.Printf.
import qualified Data.Map.Strict as M
import Data.List (sort, sortOn, partition, foldl', transpose, intercalate)
import Data.Maybe (mapMaybe, fromMaybe)
import Text.Printf (printf)

csv :: String
csv = unlines
  [ "station,day,temp,rain"
  , "north,1,12.5,0.0", "north,2,14.1,2.5", "north,3,9.8,11.2", "north,4,11.0,0.4", "north,5,13.7,0.0"
  , "south,1,19.2,0.0", "south,2,21.5,0.0", "south,3,18.4,5.1", "south,4,22.9,0.0", "south,5,20.0,1.3"
  , "coast,1,15.5,3.3", "coast,2,15.9,7.7", "coast,3,bad,0.0", "coast,4,16.8,0.2", "coast,5,14.2,12.9"
  , "peak,1,-2.5,8.0", "peak,2,-4.0,10.5", "peak,3,0.5,0.0", "peak,4,-1.0,2.2"
  ]

data Row = Row { station :: String, day :: Int, temp :: Double, rain :: Double }

splitOn :: Char -> String -> [String]
splitOn sep s = case break (== sep) s of
  (field, []) -> [field]
  (field, _ : rest) -> field : splitOn sep rest

-- A decimal number such as -12.5, or Nothing.
number :: String -> Maybe Double
number ('-' : s) = fmap negate (number s)
number s = case break (== '.') s of
  (ip, frac) | not (null ip) && all (`elem` "0123456789") (ip ++ drop 1 frac) ->
    let digits = ip ++ drop 1 frac
    in Just (fromInteger (foldl' (\n d -> 10 * n + toInteger (fromEnum d - 48)) 0 digits) / 10 ^ length (drop 1 frac))
  _ -> Nothing

parseRow :: String -> Maybe Row
parseRow line = case splitOn ',' line of
  [st, d, t, r] -> do
    t' <- number t
    r' <- number r
    d' <- number d
    return (Row st (round d') t' r')
  _ -> Nothing

mean :: [Double] -> Double
mean xs = sum xs / fromIntegral (length xs)

stddev :: [Double] -> Double
stddev xs = sqrt (sum [(x - m) ^ (2 :: Int) | x <- xs] / fromIntegral (length xs - 1))
  where m = mean xs

-- The q-quantile by linear interpolation between the sorted values.
quantile :: Double -> [Double] -> Double
quantile q xs =
  let s = sort xs
      pos = q * fromIntegral (length s - 1)
      i = floor pos
      frac = pos - fromIntegral i
  in if i + 1 < length s then s !! i * (1 - frac) + s !! (i + 1) * frac else last s

main :: IO ()
main = do
  let ls = drop 1 (lines csv)
      rows = mapMaybe parseRow ls
      byStation = M.fromListWith (flip (++)) [(station r, [r]) | r <- rows]
  printf "%d lines, %d parsed, %d rejected\n" (length ls) (length rows) (length ls - length rows)
  printf "%-8s %4s %7s %7s %7s %7s %7s\n" "station" "n" "mean" "median" "sd" "min" "max"
  mapM_ (\(st, rs) -> do
           let ts = map temp rs
           printf "%-8s %4d %7.2f %7.2f %7.3f %7.1f %7.1f\n" st (length ts) (mean ts) (quantile 0.5 ts) (stddev ts) (minimum ts) (maximum ts))
        (M.toList byStation)
  let rainTotals = M.map (sum . map rain) byStation
      (wet, dry) = partition ((> 10) . snd) (M.toList rainTotals)
  printf "wet stations: %s; dry: %s\n" (intercalate ", " (map fst wet)) (intercalate ", " (map fst dry))
  putStrLn "rain histogram (mm, one # per 2 mm):"
  mapM_ (\(st, total) -> printf "%8s |%-20s| %5.1f\n" st (replicate (round (total / 2)) '#') total) (sortOn snd (M.toList rainTotals))
  let allTemps = map temp rows
  printf "quartiles: %.2f %.2f %.2f, spread %.2f\n" (quantile 0.25 allTemps) (quantile 0.5 allTemps) (quantile 0.75 allTemps) (quantile 0.75 allTemps - quantile 0.25 allTemps)
  let days = M.fromListWith (++) [(day r, [temp r]) | r <- rows]
  mapM_ (\(d, ts) -> printf "day %d: %+6.2f (%d stations)\n" d (mean ts) (length ts)) (M.toList days)
  let table = [[temp r | r <- rs] | rs <- M.elems byStation]
  print (map (map round) (transpose table) :: [[Int]])
  print (fromMaybe 0 (M.lookup "coast" rainTotals), M.keys (M.filter ((< 0) . mean . map temp) byStation))
  printf "%s %5.1e %g %g\n" (show (number "3.25")) (1234.5 :: Double) (0.5 :: Double) (1.0e-3 :: Double)
