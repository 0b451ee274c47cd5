-- Library test of Data.Map, Data.Map.Strict and Data.Set: each function on ordinary and edge cases; the expected output is GHC's.
import qualified Data.Map as M
import qualified Data.Map.Strict as MS
import qualified Data.Set as S
import Data.Char (toLower, isAlpha)

pseudo :: Int -> [Int]
pseudo n = go n 7 []
  where
    go :: Int -> Int -> [Int] -> [Int]
    go 0 _ acc = acc
    go k s acc = let s' = (s * 1103515245 + 12345) `mod` 2147483648 in go (k - 1) s' (s' `mod` 1000 : acc)

main :: IO ()
main = do
  let m = M.fromList [(5, "five"), (1, "one"), (3, "three"), (9, "nine"), (7, "seven")]
  print m
  print (M.toList m, M.keys m, M.elems m, M.size m, M.null m, M.null M.empty)
  print (M.lookup 3 m, M.lookup 4 m, M.member 9 m, M.notMember 9 m, M.findWithDefault "?" 4 m, m M.! 7, m M.!? 8)
  print (M.insert 4 "four" m, M.insert 5 "FIVE" m, M.delete 3 m, M.delete 4 m)
  print (M.insertWith (++) 5 "x" m, M.insertWith (++) 6 "x" m, M.insertWithKey (\k a b -> show k ++ a ++ b) 1 "y" m)
  print (M.adjust (map toLower) 1 m, M.alter (fmap reverse) 9 m, M.alter (const (Just "new")) 2 m, M.alter (const Nothing) 5 m)
  print (M.update (\s -> if length s > 3 then Just (take 3 s) else Nothing) 1 m, M.update (const Nothing) 7 m)
  let ws = words "the cat and the hat and the bat sat on the mat with the cat"
      freq = M.fromListWith (+) [(w, 1 :: Int) | w <- ws]
  print freq
  print (M.toDescList freq, M.foldr (+) 0 freq, M.foldrWithKey (\k v acc -> k ++ show v ++ acc) "" freq, M.foldlWithKey (\acc k v -> acc ++ k ++ show v) "" freq)
  print (M.fromListWith (++) [(1, "a"), (2, "b"), (1, "c")], M.fromListWithKey (\k a b -> show k ++ a ++ b) [(1, "a"), (1, "b")])
  let m2 = M.fromList [(k, k * k) | k <- [4 .. 12 :: Int]]
      m3 = M.fromList [(k, negate k) | k <- [1, 3 .. 9 :: Int]]
  print (M.union m2 m3, M.unionWith (+) m2 m3, M.unions [m3, m2, M.singleton 0 0], M.unionsWith (+) [m2, m3, m3])
  print (M.difference m2 m3, m2 M.\\ m3, M.intersection m2 m3, M.intersectionWith (,) m2 m3, M.differenceWith (\a b -> if a > 30 then Just (a + b) else Nothing) m2 m3)
  print (M.filter even m2, M.filterWithKey (\k v -> k > 6 && odd v) m2, M.partition (> 50) m2, M.mapMaybe (\v -> if v > 50 then Just (v `div` 2) else Nothing) m2)
  print (M.map show m3, M.mapWithKey (\k v -> k + v) m2, fmap (* 2) m3, M.mapKeys (`div` 2) m2, M.mapKeysWith (+) (`div` 3) m2, M.mapAccum (\a v -> (a + v, a)) 0 m3)
  print (M.lookupMin m2, M.lookupMax m2, M.findMin m2, M.findMax m2, M.deleteMin m2, M.deleteMax m3, M.minViewWithKey m3, M.maxView m3, M.lookupMin (M.empty :: M.Map Int Int))
  print (M.lookupLT 5 m3, M.lookupGT 5 m3, M.lookupLE 5 m3, M.lookupGE 6 m3, M.lookupLT 1 m3, M.lookupGT 9 m3)
  print (M.split 7 m2, M.splitLookup 7 m2, M.elemAt 2 m2, M.lookupIndex 7 m2, M.findIndex 12 m2, M.take 2 m2, M.drop 7 m2, M.deleteAt 0 m3)
  print (M.keysSet m3, M.fromSet (* 10) (S.fromList [3, 1, 2]), M.restrictKeys m2 (S.fromList [5, 6, 99]), M.withoutKeys m2 (S.fromList [5, 6, 99]))
  print (M.isSubmapOf (M.fromList [(5, 25)]) m2, M.isSubmapOf (M.fromList [(5, 26)]) m2, M.disjoint m2 m3, m2 == m2, m2 == m3, compare m2 m3, M.foldr' (+) 0 m2, M.foldl (-) 0 m2)
  print (M.mergeWithKey (\k a b -> if k > 4 then Just (a ++ b) else Nothing) id (M.map reverse) m (M.fromList [(1, "x"), (2, "yz"), (5, "q"), (9, "w")]))
  print (M.mergeWithKey (\_ a b -> Just (a - b)) (const M.empty) id m2 m3, M.differenceWith (\a b -> Just (a * b)) m2 m3)
  print (M.fromAscList [(1, 'a'), (1, 'b'), (2, 'c')], M.fromAscListWith (++) [(3, "b"), (5, "a"), (5, "b")], M.fromDistinctAscList [(1, 'x'), (2, 'y')])
  print (Just m3, [M.singleton 'a' (Just (-1 :: Int))], MS.insertWith (+) 'a' 1 (MS.fromList [('a', 2 :: Int)]), M.mapEither (\v -> if v > 50 then Left v else Right (show v)) m2)
  let big = M.fromList [(x, i) | (i, x) <- zip [0 :: Int .. 4999] (pseudo 5000)]
      big2 = foldr M.delete big [0, 2 .. 1000]
  print (M.size big, M.size big2, M.foldr (+) 0 big2, take 5 (M.toList big2))
  let s = S.fromList "mississippi"
      t = S.fromList "misp"
  print (s, S.toList s, S.size s, S.member 'p' s, S.insert 'a' s, S.delete 's' s, S.map succ s, S.filter (> 'l') s)
  print (S.union s (S.fromList "xyz"), S.intersection s (S.fromList "spam"), S.difference s t, s S.\\ S.fromList "i", S.isSubsetOf t s, S.isSubsetOf s t, S.isProperSubsetOf t s)
  print (S.findMin s, S.findMax s, S.deleteMin s, S.elemAt 1 s, S.toDescList s, S.partition (< 'n') s, S.split 'n' s, S.splitMember 'p' s, S.unions [s, t, S.singleton 'q'])
  print (S.foldr (:) [] s, S.lookupMin (S.empty :: S.Set Int), S.minView s, S.maxView s, S.null S.empty, s == t, compare s t, S.elems (S.fromList [3, 1, 2 :: Int]), S.lookupGE 'n' s)
  let bigS = S.fromList (pseudo 5000)
  print (S.size bigS, sum (S.toList bigS), S.findIndex 500 (S.insert 500 bigS) >= 0)
