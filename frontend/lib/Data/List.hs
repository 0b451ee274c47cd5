-- Data.List: operations on lists, strict and finite. The Prelude's list functions are
-- re-exported; the rest is written here. Results equal GHC's (base 4.15) on finite lists:
-- the same order of elements, the same choice among equals (sortBy is stable, maximumBy picks
-- the last of equal maxima, minimumBy the first of equal minima). Not here: the functions that
-- only make infinite lists (iterate, repeat, cycle).
module Data.List
  ( (++), head, last, tail, init, uncons, singleton, null, length
  , map, reverse, intersperse, intercalate, transpose, subsequences, permutations
  , foldl, foldl', foldl1, foldl1', foldr, foldr1
  , concat, concatMap, and, or, any, all, sum, product, maximum, minimum
  , scanl, scanl', scanl1, scanr, scanr1
  , mapAccumL, mapAccumR, replicate, unfoldr
  , take, drop, splitAt, takeWhile, dropWhile, dropWhileEnd, span, break
  , stripPrefix, group, inits, tails
  , isPrefixOf, isSuffixOf, isInfixOf, isSubsequenceOf
  , elem, notElem, lookup, find, filter, partition
  , (!!), elemIndex, elemIndices, findIndex, findIndices
  , zip, zip3, zip4, zip5, zip6, zip7
  , zipWith, zipWith3, zipWith4, zipWith5, zipWith6, zipWith7
  , unzip, unzip3, unzip4, unzip5, unzip6, unzip7
  , lines, words, unlines, unwords
  , nub, delete, (\\), union, intersect
  , sort, sortOn, sortBy, insert, insertBy
  , nubBy, deleteBy, deleteFirstsBy, unionBy, intersectBy, groupBy
  , maximumBy, minimumBy
  , genericLength, genericTake, genericDrop, genericSplitAt, genericIndex, genericReplicate
  ) where

infix 5 \\

-- Basic functions ------------------------------------------------------------------------------

-- | The first element and the rest, or Nothing for [].
uncons :: [a] -> Maybe (a, [a])
uncons [] = Nothing
uncons (x:xs) = Just (x, xs)

-- | The list of one element.
singleton :: a -> [a]
singleton x = [x]

-- Transformations ------------------------------------------------------------------------------

-- | Puts the separator between the elements.
-- > intersperse ',' "abc" == "a,b,c"
intersperse :: a -> [a] -> [a]
intersperse _ [] = []
intersperse sep (x:xs) = x : sepEach xs
  where
    sepEach [] = []
    sepEach (y:ys) = sep : y : sepEach ys

-- | Puts the separator list between the lists and concatenates.
-- > intercalate ", " ["a", "b"] == "a, b"
intercalate :: [a] -> [[a]] -> [a]
intercalate sep xss = concat (intersperse sep xss)

-- | Rows become columns; rows may have different lengths.
-- > transpose [[1, 2, 3], [4, 5]] == [[1, 4], [2, 5], [3]]
transpose :: [[a]] -> [[a]]
transpose rows = case [r | r@(_:_) <- rows] of
  [] -> []
  live -> [x | x:_ <- live] : transpose [xs | _:xs <- live]

-- In GHC's order: each element extends, in turn, every subsequence of the elements before it.
-- | All 2^n subsequences (in GHC's order), the empty one first.
-- > subsequences [1, 2] == [[], [1], [2], [1, 2]]
subsequences :: [a] -> [[a]]
subsequences xs = map reverse (extendAll xs [[]])
  where
    extendAll [] acc = acc
    extendAll (y:ys) acc = extendAll ys (acc ++ map (y :) acc)

-- In GHC's order: xs first; then, for each position k of xs (from the left), with t = xs!!k,
-- done = reverse (take k xs) and rest = drop (k+1) xs: every permutation p of done (in this
-- same order) with t inserted before each of p's elements in turn, followed by rest.
-- | All n! orderings of the list, itself first (in GHC's order).
permutations :: [a] -> [[a]]
permutations xs = xs : permsFrom xs []

permsFrom :: [a] -> [a] -> [[a]]
permsFrom [] _ = []
permsFrom (t:rest) done =
  concatMap (\p -> insertions t p rest) (permutations done) ++ permsFrom rest (t : done)

-- t inserted before each element of p (not after the last), each followed by rest.
insertions :: a -> [a] -> [a] -> [[a]]
insertions t p rest = go [] p
  where
    go _ [] = []
    go before (y:ys) = reverseAcc before (t : y : ys ++ rest) : go (y : before) ys

-- Folds ----------------------------------------------------------------------------------------

-- | `foldl`, which already evaluates its accumulator at each step.
foldl' :: (b -> a -> b) -> b -> [a] -> b
foldl' f z xs = foldl f z xs

-- | `foldl1`; an error for [].
foldl1' :: (a -> a -> a) -> [a] -> a
foldl1' f (x:xs) = foldl f x xs
foldl1' _ [] = error "Prelude.foldl1': empty list"

-- | `scanl`.
scanl' :: (b -> a -> b) -> b -> [a] -> [b]
scanl' f z xs = scanl f z xs

-- | The greatest element by the comparison (the last of equal ones); an error for [].
maximumBy :: (a -> a -> Ordering) -> [a] -> a
maximumBy _ [] = error "maximumBy: empty structure"
maximumBy cmp (x:xs) = foldl (\m y -> case cmp m y of
  GT -> m
  _ -> y) x xs

-- | The least element by the comparison (the first of equal ones); an error for [].
minimumBy :: (a -> a -> Ordering) -> [a] -> a
minimumBy _ [] = error "minimumBy: empty structure"
minimumBy cmp (x:xs) = foldl (\m y -> case cmp m y of
  GT -> y
  _ -> m) x xs

-- | Maps with an accumulator threaded from the left; returns the final accumulator and the list.
-- > mapAccumL (\s x -> (s + x, s)) 0 [1, 2, 3] == (6, [0, 1, 3])
mapAccumL :: (s -> a -> (s, b)) -> s -> [a] -> (s, [b])
mapAccumL f s xs = go s xs []
  where
    go acc [] ys = (acc, reverse ys)
    go acc (x:rest) ys = case f acc x of
      (acc', y) -> go acc' rest (y : ys)

-- | `mapAccumL` threading the accumulator from the right.
mapAccumR :: (s -> a -> (s, b)) -> s -> [a] -> (s, [b])
mapAccumR f s xs = go s (reverse xs) []
  where
    go acc [] ys = (acc, ys)
    go acc (x:rest) ys = case f acc x of
      (acc', y) -> go acc' rest (y : ys)

-- | Builds a list from a seed until the function returns Nothing (it must, as lists are finite).
-- > unfoldr (\n -> if n > 3 then Nothing else Just (n, n + 1)) 1 == [1, 2, 3]
unfoldr :: (b -> Maybe (a, b)) -> b -> [a]
unfoldr f seed = go seed []
  where
    go b acc = case f b of
      Nothing -> reverse acc
      Just (x, b') -> go b' (x : acc)

-- Sublists -------------------------------------------------------------------------------------

-- | Drops the longest suffix whose elements satisfy the predicate.
dropWhileEnd :: (a -> Bool) -> [a] -> [a]
dropWhileEnd p xs = reverse (dropWhile p (reverse xs))

-- | The rest of the list after the prefix, or Nothing if it does not start with it.
stripPrefix :: Eq a => [a] -> [a] -> Maybe [a]
stripPrefix [] ys = Just ys
stripPrefix (x:xs) (y:ys) = if x == y then stripPrefix xs ys else Nothing
stripPrefix _ [] = Nothing

-- | Splits the list into runs of equal neighbouring elements.
-- > group "aabccc" == ["aa", "b", "ccc"]
group :: Eq a => [a] -> [[a]]
group xs = groupBy (==) xs

-- | `group` with the given equality.
-- Each group is its first element with the following ones `eq` to that first element.
groupBy :: (a -> a -> Bool) -> [a] -> [[a]]
groupBy _ [] = []
groupBy eq (x:xs) = case span (eq x) xs of
  (same, rest) -> (x : same) : groupBy eq rest

-- | All prefixes, shortest first.
inits :: [a] -> [[a]]
inits xs = [] : go [] xs
  where
    go _ [] = []
    go before (y:ys) = reverse (y : before) : go (y : before) ys

-- | All suffixes, longest first.
-- > tails [1, 2] == [[1, 2], [2], []]
tails :: [a] -> [[a]]
tails [] = [[]]
tails xs@(_:rest) = xs : tails rest

-- | Whether the first list is a prefix of the second.
isPrefixOf :: Eq a => [a] -> [a] -> Bool
isPrefixOf [] _ = True
isPrefixOf (_:_) [] = False
isPrefixOf (x:xs) (y:ys) = x == y && isPrefixOf xs ys

-- | Whether the first list is a suffix of the second.
isSuffixOf :: Eq a => [a] -> [a] -> Bool
isSuffixOf xs ys = isPrefixOf (reverse xs) (reverse ys)

-- | Whether the first list occurs contiguously in the second.
isInfixOf :: Eq a => [a] -> [a] -> Bool
isInfixOf needle haystack = any (isPrefixOf needle) (tails haystack)

-- | Whether the elements of the first list occur in order (not necessarily together) in the second.
isSubsequenceOf :: Eq a => [a] -> [a] -> Bool
isSubsequenceOf [] _ = True
isSubsequenceOf (_:_) [] = False
isSubsequenceOf a@(x:xs) (y:ys) = if x == y then isSubsequenceOf xs ys else isSubsequenceOf a ys

-- Searching ------------------------------------------------------------------------------------

-- | The first element that satisfies the predicate.
find :: (a -> Bool) -> [a] -> Maybe a
find _ [] = Nothing
find p (x:xs) = if p x then Just x else find p xs

-- | The elements that satisfy the predicate and those that do not.
-- > partition even [1, 2, 3, 4] == ([2, 4], [1, 3])
partition :: (a -> Bool) -> [a] -> ([a], [a])
partition p xs = go (reverse xs) [] []
  where
    go [] yes no = (yes, no)
    go (y:ys) yes no = if p y then go ys (y : yes) no else go ys yes (y : no)

-- | The index of the first element equal to the value.
elemIndex :: Eq a => a -> [a] -> Maybe Int
elemIndex x xs = findIndex (== x) xs

-- | The indices of all elements equal to the value.
elemIndices :: Eq a => a -> [a] -> [Int]
elemIndices x xs = findIndices (== x) xs

-- | The index of the first element that satisfies the predicate.
findIndex :: (a -> Bool) -> [a] -> Maybe Int
findIndex p xs = go 0 xs
  where
    go _ [] = Nothing
    go i (y:ys) = if p y then Just i else go (i + 1) ys

-- | The indices of all elements that satisfy the predicate.
findIndices :: (a -> Bool) -> [a] -> [Int]
findIndices p xs = [i | (x, i) <- zip xs (enumFromTo 0 (length xs - 1)), p x]

-- Zipping --------------------------------------------------------------------------------------

-- | `zip` of four lists (zip5 to zip7 likewise).
zip4 :: [a] -> [b] -> [c] -> [d] -> [(a, b, c, d)]
zip4 = zipWith4 (\a b c d -> (a, b, c, d))

-- | `zip` of five lists.
zip5 :: [a] -> [b] -> [c] -> [d] -> [e] -> [(a, b, c, d, e)]
zip5 = zipWith5 (\a b c d e -> (a, b, c, d, e))

-- | `zip` of six lists.
zip6 :: [a] -> [b] -> [c] -> [d] -> [e] -> [f] -> [(a, b, c, d, e, f)]
zip6 = zipWith6 (\a b c d e f -> (a, b, c, d, e, f))

-- | `zip` of seven lists.
zip7 :: [a] -> [b] -> [c] -> [d] -> [e] -> [f] -> [g] -> [(a, b, c, d, e, f, g)]
zip7 = zipWith7 (\a b c d e f g -> (a, b, c, d, e, f, g))

-- | `zipWith` of four lists (zipWith5 to zipWith7 likewise).
zipWith4 :: (a -> b -> c -> d -> r) -> [a] -> [b] -> [c] -> [d] -> [r]
zipWith4 z (a:as) (b:bs) (c:cs) (d:ds) = z a b c d : zipWith4 z as bs cs ds
zipWith4 _ _ _ _ _ = []

-- | `zipWith` of five lists.
zipWith5 :: (a -> b -> c -> d -> e -> r) -> [a] -> [b] -> [c] -> [d] -> [e] -> [r]
zipWith5 z (a:as) (b:bs) (c:cs) (d:ds) (e:es) = z a b c d e : zipWith5 z as bs cs ds es
zipWith5 _ _ _ _ _ _ = []

-- | `zipWith` of six lists.
zipWith6 :: (a -> b -> c -> d -> e -> f -> r) -> [a] -> [b] -> [c] -> [d] -> [e] -> [f] -> [r]
zipWith6 z (a:as) (b:bs) (c:cs) (d:ds) (e:es) (f:fs) = z a b c d e f : zipWith6 z as bs cs ds es fs
zipWith6 _ _ _ _ _ _ _ = []

-- | `zipWith` of seven lists.
zipWith7 :: (a -> b -> c -> d -> e -> f -> g -> r)
         -> [a] -> [b] -> [c] -> [d] -> [e] -> [f] -> [g] -> [r]
zipWith7 z (a:as) (b:bs) (c:cs) (d:ds) (e:es) (f:fs) (g:gs) =
  z a b c d e f g : zipWith7 z as bs cs ds es fs gs
zipWith7 _ _ _ _ _ _ _ _ = []

-- | `unzip` of 4-tuples.
unzip4 :: [(a, b, c, d)] -> ([a], [b], [c], [d])
unzip4 xs = (map (\(a, _, _, _) -> a) xs, map (\(_, b, _, _) -> b) xs,
             map (\(_, _, c, _) -> c) xs, map (\(_, _, _, d) -> d) xs)

-- | `unzip` of 5-tuples.
unzip5 :: [(a, b, c, d, e)] -> ([a], [b], [c], [d], [e])
unzip5 xs = (map (\(a, _, _, _, _) -> a) xs, map (\(_, b, _, _, _) -> b) xs,
             map (\(_, _, c, _, _) -> c) xs, map (\(_, _, _, d, _) -> d) xs,
             map (\(_, _, _, _, e) -> e) xs)

-- | `unzip` of 6-tuples.
unzip6 :: [(a, b, c, d, e, f)] -> ([a], [b], [c], [d], [e], [f])
unzip6 xs = (map (\(a, _, _, _, _, _) -> a) xs, map (\(_, b, _, _, _, _) -> b) xs,
             map (\(_, _, c, _, _, _) -> c) xs, map (\(_, _, _, d, _, _) -> d) xs,
             map (\(_, _, _, _, e, _) -> e) xs, map (\(_, _, _, _, _, f) -> f) xs)

-- | `unzip` of 7-tuples.
unzip7 :: [(a, b, c, d, e, f, g)] -> ([a], [b], [c], [d], [e], [f], [g])
unzip7 xs = (map (\(a, _, _, _, _, _, _) -> a) xs, map (\(_, b, _, _, _, _, _) -> b) xs,
             map (\(_, _, c, _, _, _, _) -> c) xs, map (\(_, _, _, d, _, _, _) -> d) xs,
             map (\(_, _, _, _, e, _, _) -> e) xs, map (\(_, _, _, _, _, f, _) -> f) xs,
             map (\(_, _, _, _, _, _, g) -> g) xs)

-- "Set" operations -----------------------------------------------------------------------------

-- | The list without repeated elements, keeping the first of each (O(n^2)).
nub :: Eq a => [a] -> [a]
nub xs = nubBy (==) xs

-- | `nub` with the given equality.
-- Keeps the first of each class; `eq` is called with an element already kept first.
nubBy :: (a -> a -> Bool) -> [a] -> [a]
nubBy eq xs = go xs [] []
  where
    go [] _ acc = reverse acc
    go (y:ys) seen acc =
      if any (\s -> eq s y) seen then go ys seen acc else go ys (y : seen) (y : acc)

-- | The list without the first element equal to the value.
delete :: Eq a => a -> [a] -> [a]
delete x ys = deleteBy (==) x ys

-- | `delete` with the given equality.
deleteBy :: (a -> a -> Bool) -> a -> [a] -> [a]
deleteBy _ _ [] = []
deleteBy eq x (y:ys) = if eq x y then ys else y : deleteBy eq x ys

-- | List difference: each element of the second list deletes one occurrence from the first.
-- > [1, 2, 3, 2] \\ [2] == [1, 3, 2]
(\\) :: Eq a => [a] -> [a] -> [a]
xs \\ ys = foldl (flip delete) xs ys

-- | `\\` with the given equality.
deleteFirstsBy :: (a -> a -> Bool) -> [a] -> [a] -> [a]
deleteFirstsBy eq xs ys = foldl (flip (deleteBy eq)) xs ys

-- | The first list and the elements of the second not in it (without the second's repeats).
union :: Eq a => [a] -> [a] -> [a]
union xs ys = unionBy (==) xs ys

-- | `union` with the given equality.
unionBy :: (a -> a -> Bool) -> [a] -> [a] -> [a]
unionBy eq xs ys = xs ++ foldl (flip (deleteBy eq)) (nubBy eq ys) xs

-- | The elements of the first list that are in the second.
intersect :: Eq a => [a] -> [a] -> [a]
intersect xs ys = intersectBy (==) xs ys

-- | `intersect` with the given equality.
intersectBy :: (a -> a -> Bool) -> [a] -> [a] -> [a]
intersectBy _ [] _ = []
intersectBy _ _ [] = []
intersectBy eq xs ys = [x | x <- xs, any (eq x) ys]

-- Ordered lists --------------------------------------------------------------------------------

-- | Sorts in ascending order, stable, O(n log n).
sort :: Ord a => [a] -> [a]
sort xs = sortBy compare xs

-- | Sorts by a key computed once per element, stable.
sortOn :: Ord b => (a -> b) -> [a] -> [a]
sortOn f xs = map snd (sortBy (\a b -> compare (fst a) (fst b)) (map (\x -> (f x, x)) xs))

-- A stable merge sort, O(n log n): the list is cut into runs (ascending ones, and strictly
-- descending ones reversed), which are merged in pairs until one is left.
-- | Sorts by the comparison, stable (equal elements keep their order), O(n log n).
sortBy :: (a -> a -> Ordering) -> [a] -> [a]
sortBy cmp xs = mergeRuns (runs xs)
  where
    runs (a:b:rest) = case cmp a b of
      GT -> descending b [a] rest
      _ -> ascending b [a] rest
    runs short = [short]
    descending a acc (b:rest) | isGT (cmp a b) = descending b (a : acc) rest
    descending a acc rest = (a : acc) : runs rest
    ascending a acc (b:rest) | not (isGT (cmp a b)) = ascending b (a : acc) rest
    ascending a acc rest = reverseAcc acc [a] : runs rest
    mergeRuns [] = []
    mergeRuns [r] = r
    mergeRuns rs = mergeRuns (mergePairs rs)
    mergePairs (r1:r2:rest) = merge r1 r2 : mergePairs rest
    mergePairs rest = rest
    merge [] ys = ys
    merge as [] = as
    merge as@(a:as') bs@(b:bs') = case cmp a b of
      GT -> b : merge as bs'
      _ -> a : merge as' bs
    isGT GT = True
    isGT _ = False

-- | Inserts the value before the first greater element of a sorted list.
insert :: Ord a => a -> [a] -> [a]
insert x ys = insertBy compare x ys

-- | `insert` with the comparison.
insertBy :: (a -> a -> Ordering) -> a -> [a] -> [a]
insertBy _ x [] = [x]
insertBy cmp x (y:ys) = case cmp x y of
  GT -> y : insertBy cmp x ys
  _ -> x : y : ys

-- Generic versions -----------------------------------------------------------------------------

-- | `length` at any number type.
genericLength :: Num i => [a] -> i
genericLength xs = go xs 0
  where
    go [] n = n
    go (_:ys) n = go ys (n + 1)

-- | `take` with any integral count.
genericTake :: Integral i => i -> [a] -> [a]
genericTake n xs = if n <= 0 then [] else case xs of
  [] -> []
  y:ys -> y : genericTake (n - 1) ys

-- | `drop` with any integral count.
genericDrop :: Integral i => i -> [a] -> [a]
genericDrop n xs = if n <= 0 then xs else case xs of
  [] -> []
  _:ys -> genericDrop (n - 1) ys

-- | `splitAt` with any integral count.
genericSplitAt :: Integral i => i -> [a] -> ([a], [a])
genericSplitAt n xs = (genericTake n xs, genericDrop n xs)

-- | `!!` with any integral index; an error for a negative or too large index.
genericIndex :: Integral i => [a] -> i -> a
genericIndex xs n
  | n < 0 = error "List.genericIndex: negative argument."
  | otherwise = case xs of
      [] -> error "List.genericIndex: index too large."
      y:ys -> if n == 0 then y else genericIndex ys (n - 1)

-- | `replicate` with any integral count.
genericReplicate :: Integral i => i -> a -> [a]
genericReplicate n x = go n []
  where
    go k acc = if k <= 0 then acc else go (k - 1) (x : acc)
