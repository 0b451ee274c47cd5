-- Calls of function values with two or more arguments whose shapes the VM's fused calls
-- (two-argument entries) do not cover, so the plain calls they fall back on run: a function
-- that works before returning its second lambda, functions chosen at run time, partial
-- applications passed around, over- and under-saturated calls, and local recursive functions.

addThen :: Int -> Int -> Int
addThen x = let y = x * 10 in \z -> y + z

pick :: Bool -> Int -> Int -> Int
pick b = if b then (\x y -> x - y) else (\x y -> y - x)

apply2 :: (a -> b -> c) -> a -> b -> c
apply2 f x y = f x y

compose3 :: (c -> d) -> (b -> c) -> (a -> b) -> a -> d
compose3 f g h = f . g . h

counter :: Int -> (Int -> Int -> Int)
counter n = go
  where
    go 0 acc = acc
    go k acc = go (k - 1) (acc + n)

data Op = Op String (Int -> Int -> Int)

ops :: [Op]
ops = [Op "plus" (+), Op "addThen" addThen, Op "pick" (pick False), Op "max" max]

main :: IO ()
main = do
  print (apply2 addThen 3 4)
  print (apply2 (pick True) 10 3)
  print (apply2 (pick False) 10 3)
  print (map (apply2 (+) 1) [1, 2, 3])
  print (zipWith addThen [1, 2] [5, 6])
  print (foldr (\(Op name f) acc -> (name, f 7 2) : acc) [] ops)
  print (compose3 (* 2) (+ 1) (subtract 3) 10)
  print (counter 5 4 0)
  let partial = apply2 pick True
  print (partial 8 5, (addThen 2) 9)
  print (uncurry addThen (4, 5), curry fst 'a' True)
