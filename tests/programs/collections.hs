-- data-structure library: leftist heap, red-black tree, banker's queue; Show/Eq/Ord/Functor instances, a Container class with superclass and defaults, records with update syntax
module Main where

-- A user class with a superclass-like constraint on elements and default methods

class Container f where
  empty     :: f a
  insert    :: Ord a => a -> f a -> f a
  toL       :: f a -> [a]
  fromL     :: Ord a => [a] -> f a
  fromL     = foldr insert empty
  size      :: f a -> Int
  size      = length . toL
  isEmpty   :: f a -> Bool
  isEmpty c = size c == 0

class Container f => Priority f where
  findMin   :: Ord a => f a -> Maybe a
  deleteMin :: Ord a => f a -> f a
  drain     :: Ord a => f a -> [a]
  drain h   = case findMin h of
                Nothing -> []
                Just x  -> x : drain (deleteMin h)

-- Leftist heap ---------------------------------------------------------------

data Heap a = E | T Int a (Heap a) (Heap a)

rank :: Heap a -> Int
rank E = 0
rank (T r _ _ _) = r

makeT :: a -> Heap a -> Heap a -> Heap a
makeT x a b
  | rank a >= rank b = T (rank b + 1) x a b
  | otherwise        = T (rank a + 1) x b a

merge :: Ord a => Heap a -> Heap a -> Heap a
merge h E = h
merge E h = h
merge h1@(T _ x a1 b1) h2@(T _ y a2 b2)
  | x <= y    = makeT x a1 (merge b1 h2)
  | otherwise = makeT y a2 (merge h1 b2)

instance Container Heap where
  empty = E
  insert x h = merge (T 1 x E E) h
  toL E = []
  toL (T _ x a b) = x : toL a ++ toL b

instance Priority Heap where
  findMin E = Nothing
  findMin (T _ x _ _) = Just x
  deleteMin E = E
  deleteMin (T _ _ a b) = merge a b

instance Show a => Show (Heap a) where
  showsPrec _ E = showString "E"
  showsPrec d (T r x a b) = showParen (d > 10) $
    showString "T " . shows r . showChar ' ' . showsPrec 11 x
      . showChar ' ' . showsPrec 11 a . showChar ' ' . showsPrec 11 b

instance Functor Heap where
  fmap _ E = E
  fmap f (T r x a b) = T r (f x) (fmap f a) (fmap f b)

-- Red-black tree set ------------------------------------------------------------

data Color = R | B deriving (Eq, Show)
data RB a = Leaf | Node Color (RB a) a (RB a) deriving Show

balance :: Color -> RB a -> a -> RB a -> RB a
balance B (Node R (Node R a x b) y c) z d = Node R (Node B a x b) y (Node B c z d)
balance B (Node R a x (Node R b y c)) z d = Node R (Node B a x b) y (Node B c z d)
balance B a x (Node R (Node R b y c) z d) = Node R (Node B a x b) y (Node B c z d)
balance B a x (Node R b y (Node R c z d)) = Node R (Node B a x b) y (Node B c z d)
balance col a x b = Node col a x b

rbInsert :: Ord a => a -> RB a -> RB a
rbInsert x s = blacken (ins s)
  where
    ins Leaf = Node R Leaf x Leaf
    ins t@(Node col a y b)
      | x < y     = balance col (ins a) y b
      | x > y     = balance col a y (ins b)
      | otherwise = t
    blacken (Node _ a y b) = Node B a y b
    blacken Leaf = Leaf

member :: Ord a => a -> RB a -> Bool
member _ Leaf = False
member x (Node _ a y b) = case compare x y of
  LT -> member x a
  GT -> member x b
  EQ -> True

depth :: RB a -> Int
depth Leaf = 0
depth (Node _ a _ b) = 1 + max (depth a) (depth b)

blackHeight :: RB a -> Maybe Int
blackHeight Leaf = Just 1
blackHeight (Node c a _ b) = do
  ha <- blackHeight a
  hb <- blackHeight b
  if ha /= hb then Nothing else Just (ha + (if c == B then 1 else 0))

instance Container RB where
  empty = Leaf
  insert = rbInsert
  toL t = go t []
    where go Leaf acc = acc
          go (Node _ a x b) acc = go a (x : go b acc)

instance Eq a => Eq (RB a) where
  s == t = toL s == toL t

instance Ord a => Ord (RB a) where
  compare s t = compare (toL s) (toL t)

-- Banker's queue with a record ---------------------------------------------------

data Queue a = Queue { front :: [a], frontLen :: Int, back :: [a], backLen :: Int }

emptyQ :: Queue a
emptyQ = Queue { front = [], frontLen = 0, back = [], backLen = 0 }

check :: Queue a -> Queue a
check q
  | backLen q <= frontLen q = q
  | otherwise = q { front = front q ++ reverse (back q), frontLen = frontLen q + backLen q
                  , back = [], backLen = 0 }

snoc :: Queue a -> a -> Queue a
snoc q x = check q { back = x : back q, backLen = backLen q + 1 }

uncons :: Queue a -> Maybe (a, Queue a)
uncons (Queue [] _ _ _) = Nothing
uncons q@(Queue (x:f) n _ _) = Just (x, check q { front = f, frontLen = n - 1 })

queueList :: Queue a -> [a]
queueList q = front q ++ reverse (back q)

instance Show a => Show (Queue a) where
  show q = "Queue" ++ show (queueList q)

instance Eq a => Eq (Queue a) where
  q1 == q2 = queueList q1 == queueList q2

instance Functor Queue where
  fmap f (Queue fr n bk m) = Queue (map f fr) n (map f bk) m

instance Container Queue where
  empty = emptyQ
  insert x q = snoc q x
  toL = queueList
  size q = frontLen q + backLen q

-- A record with several fields and derived instances
data Stats = Stats { label :: String, count :: Int, total :: Integer, best :: Maybe Int }
  deriving (Show, Eq, Ord)

addSample :: Stats -> Int -> Stats
addSample st x = st { count = count st + 1, total = total st + toInteger x
                    , best = Just (maybe x (max x) (best st)) }

-- Generic code over the class
summary :: (Container f, Show a) => String -> f a -> String
summary name c = name ++ ": size=" ++ show (size c) ++ " empty=" ++ show (isEmpty c) ++ " elems=" ++ show (toL c)

heapSort' :: Ord a => [a] -> [a]
heapSort' xs = drain h where h = foldr insert E xs

drainQ :: Queue a -> [a]
drainQ q = case uncons q of
  Nothing -> []
  Just (x, q') -> x : drainQ q'

pseudo :: Int -> [Int]
pseudo n = go n 12345
  where go 0 _ = []
        go k s = let s' = (s * 1103515245 + 12345) `mod` 2147483648
                 in (s' `div` 65536) `mod` 1000 : go (k - 1) s'

main :: IO ()
main = do
  let xs = [5, 3, 9, 1, 7, 3, 8, 2, 6, 4] :: [Int]
      h = fromL xs :: Heap Int
  print (findMin h, size h)
  print (fromL [3, 1, 2] :: Heap Int)
  print (fmap (* 10) (fromL [2, 1] :: Heap Int))
  print (heapSort' xs)
  print (heapSort' (pseudo 20))
  print (drain (fmap negate h))
  print (heapSort' "leftist heap")
  let t = fromL xs :: RB Int
  print t
  print (toL t, depth t, blackHeight t)
  let big = foldr rbInsert Leaf [1 .. 1000 :: Int]
  print (size big, depth big, blackHeight big, member 500 big, member 1001 big)
  print (map (`member` t) [0 .. 10])
  print (fromL "hello" == (fromL "olleh" :: RB Char), compare (fromL [1, 2] :: RB Int) (fromL [1, 3]))
  print (maximum [fromL [2] :: RB Int, fromL [1, 5], fromL [2, 0]])
  let q = foldl snoc emptyQ [1 .. 7 :: Int]
  print q
  print (fmap show q)
  print (frontLen q, backLen q, size q)
  print (drainQ (snoc (snoc q 8) 9))
  case uncons q of
    Just (x, q') -> print (x, q', q' == fromL [2 .. 7])
    Nothing -> putStrLn "empty"
  putStrLn (summary "heap" (fromL "cab" :: Heap Char))
  putStrLn (summary "tree" (empty :: RB Int))
  putStrLn (summary "queue" (insert 'z' (insert 'y' emptyQ)))
  let s0 = Stats { label = "samples", count = 0, total = 0, best = Nothing }
      s1 = foldl addSample s0 (pseudo 8)
      s2 = s1 { label = "renamed" }
  print s0
  print s1
  print (s1 == s2, s1 < s2, compare s2 s1, label s2, best s2)
  print [ st | st <- [s0, s1, s2], count st > 0 ]
