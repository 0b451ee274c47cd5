
-- Automatic differentiation ---------------------------------------------------------------------
-- grad, vjp and jvp, the derivative API over them (grad', diff, jacobian, hessian, ...), the wrapper
-- around differentiated code (interleave, deinterleave, rebuild) and the scalar helpers that
-- the AD pass calls from differentiated code, per mode. A Double of the primal program is a
-- `Dual x` in a differentiated world: its value and a derivative part.
-- The AD pass points `grad` and `vjp` at the selected mode and gives every lambda its twins;
-- `primLiftRev`/`primLiftFwd` switch a function value to its twin. The wrapper walks values
-- structurally, so it works at any first-order type, type variables included.

grad :: (a -> Double) -> a -> a
grad f x = gradArray f x

vjp :: (a -> b) -> a -> (b, b -> a)
vjp f x = vjpArray f x

jvp :: (a -> b) -> a -> a -> (b, b)
jvp f x t = case primCheckTangent x t of
  () -> let xs = primScalars 0 x :: [Double]
            y = primLiftFwd fwdZero f (primRefill 0 x (zipWith primDualMake' xs (primScalars 0 t)))
        in (adStrip y, primRefill 1 y (map (\d -> primDualDeriv d :: Double) (primScalars 1 y)))

primDualMake' :: Double -> Double -> Dual Double
primDualMake' x t = primDualMake x t

gradWith :: ((a -> Double) -> a -> (Double, Double -> a)) -> (a -> Double) -> a -> a
gradWith vjpMode f x = case vjpMode f x of
  (_, back) -> back 1.0

gradNaive :: (a -> Double) -> a -> a
gradNaive f x = gradWith vjpNaive f x

gradStaged :: (a -> Double) -> a -> a
gradStaged f x = gradWith vjpStaged f x

gradCayley :: (a -> Double) -> a -> a
gradCayley f x = gradWith vjpCayley f x

-- The derivative API over grad, vjp and jvp (names as in Kmett's `ad`). A Jacobian is a list of
-- rows, one per Double of the function's output in order (the order `show` prints them), each
-- a value of the input's shape holding that output Double's partial derivatives.

grad' :: (a -> Double) -> a -> (Double, a)
grad' f x = case vjp f x of
  (y, back) -> (y, back 1.0)

diff :: (Double -> Double) -> Double -> Double
diff f x = snd (jvp f x 1.0)

diff' :: (Double -> Double) -> Double -> (Double, Double)
diff' f x = jvp f x 1.0

-- Reverse mode: one forward pass, then the backpropagator once per output Double.
jacobian :: (a -> b) -> a -> [a]
jacobian f x = case vjp f x of
  (y, back) -> map back (apiOneHots y)

-- Forward mode: one pass per input Double, each a column of the Jacobian, turned into rows.
-- Without input Doubles there are no columns, and each row is the input itself.
jacobianFwd :: (a -> b) -> a -> [a]
jacobianFwd f x = case map (\e -> jvp f x e) (apiOneHots x) of
  [] -> map (\_ -> x) (primScalars 0 (f x) :: [Double])
  columns@((y, _) : _) ->
    map (primRefill 0 x) (apiRows (length (primScalars 0 y :: [Double]))
                                  (map (\c -> primScalars 0 (snd c) :: [Double]) columns))

-- Forward over reverse: the derivative of the gradient in the direction v. The Hessian's rows
-- are its products with the one-hot values of the input's shape (it is symmetric, so rows and
-- columns agree).
hessianVectorProduct :: (a -> Double) -> a -> a -> a
hessianVectorProduct f x v = snd (jvp (grad f) x v)

hessian :: (a -> Double) -> a -> [a]
hessian f x = map (hessianVectorProduct f x) (apiOneHots x)

-- The one-hot values of x's shape: for each Double of x in order, x with that Double 1 and the
-- others 0.
apiOneHots :: a -> [a]
apiOneHots x = let ks = enumFromTo 1 (length (primScalars 0 x :: [Double]))
               in map (\k -> primRefill 0 x (map (\j -> if j == k then 1.0 else 0.0) ks)) ks

-- The m rows of a matrix given by its columns (each of length m).
apiRows :: Int -> [[Double]] -> [[Double]]
apiRows m columns = if m == 0 then [] else map head columns : apiRows (m - 1) (map tail columns)

-- The wrapper. The structural walks are primitives (`primScalars`, `primRefill`,
-- `primCotangentPairs`); the per-scalar work is here.

-- Interleave: replace the k-th Double of a value by `leaf k x` (k from 1); also returns the
-- number of Doubles.
adInterleave :: (Int -> Double -> d) -> a -> (b, Int)
adInterleave leaf x = let xs = primScalars 0 x :: [Double]
                          n = length xs
                      in (primRefill 0 x (zipWith leaf (enumFromTo 1 n) xs), n)

-- Rebuild: the value of the input's shape with the given Doubles in order.
adRebuild :: a -> [Double] -> a
adRebuild x gradient = primRefill 0 x gradient

-- The primal value of a differentiated value.
adStrip :: a -> b
adStrip y = primRefill 1 y (map (\d -> primDualPrimal d) (primScalars 1 y))

-- Deinterleave: fold over the dual numbers of a differentiated output together with the
-- Doubles at the same positions of a cotangent, which must have the output's shape.
adDeinterleave :: (s -> Dual x -> Double -> s) -> s -> a -> b -> s
adDeinterleave f acc y c = foldl (\s (d, z) -> f s d z) acc (primCotangentPairs y c)

-- Forward mode (dual numbers, Fig. 1b): the derivative part is the tangent. The operations are
-- native (`primNumUn`, `primNumBin`), as the array mode's.

fwdZero :: Double
fwdZero = 0.0

fwdConst :: Double -> Dual Double
fwdConst x = primDualConst x

-- naive (Fig. 6 and 7): a backpropagator maps the output's cotangent to a cotangent of the
-- input (sparse: input ID to Double). No sharing: exponential on shared subterms.

naiveZero :: Double -> Cot
naiveZero _ = primCotZero

naiveConst :: Double -> Dual (Double -> Cot)
naiveConst x = primDualMake x naiveZero

naiveUn :: Double -> Double -> Dual (Double -> Cot) -> Dual (Double -> Cot)
naiveUn v d a = primDualMake v (\z -> primDualDeriv a (primDoubleMul d (primBpCount z)))

naiveBin :: Double -> Double -> Double -> Dual (Double -> Cot) -> Dual (Double -> Cot)
         -> Dual (Double -> Cot)
naiveBin v d1 d2 a b = primDualMake v (\z ->
  let z' = primBpCount z
  in primCotPlus (primDualDeriv a (primDoubleMul d1 z')) (primDualDeriv b (primDoubleMul d2 z')))

vjpNaive :: (a -> b) -> a -> (b, b -> a)
vjpNaive f x = case adInterleave (\k v -> primDualMake v (\z -> primCotOneHot k z)) x of
  (xD, n) -> let y = primLiftRev naiveZero f xD
                 back c = let g = adDeinterleave (\acc d z -> primCotPlus acc (primDualDeriv d z))
                                                 primCotZero y c
                          in adRebuild x (primCotGradient n g)
             in (adStrip y, back)

-- staged (§4, Fig. 8): IDs from the ID-generation monad; a backpropagator returns a Staged map
-- ID -> (backpropagator, argument); SCall stages a call, SResolve makes the calls from the
-- highest ID down, each backpropagator once with the sum of its arguments. Input i has ID i and
-- its accumulated argument is the i-th component of the gradient. ID 0 marks constants.

stagedZero :: (Int, Double -> Staged)
stagedZero = (0, stagedNoBp)

stagedNoBp :: Double -> Staged
stagedNoBp _ = primStagedZero

stagedConst :: Double -> Dual (Int, Double -> Staged)
stagedConst x = primDualMake x stagedZero

sCall :: (Int, Double -> Staged) -> Double -> Staged
sCall (i, f) d = primStagedCall i f d primStagedZero

stagedUn :: Double -> Double -> Dual (Int, Double -> Staged) -> Int
         -> (Dual (Int, Double -> Staged), Int)
stagedUn v d a i = case primDualDeriv a of
  da@(ia, _) -> if primIntEq ia 0 then (stagedConst v, i)
                else (primDualMake v (i, \z -> sCall da (primDoubleMul d (primBpCount z))),
                   primIntAdd i 1)

stagedBin :: Double -> Double -> Double -> Dual (Int, Double -> Staged)
          -> Dual (Int, Double -> Staged) -> Int -> (Dual (Int, Double -> Staged), Int)
stagedBin v d1 d2 a b i = case primDualDeriv a of
  da@(ia, _) -> case primDualDeriv b of
    db@(ib, _) ->
      if primIntEq ia 0 && primIntEq ib 0 then (stagedConst v, i)
      else (primDualMake v (i, \z -> let z' = primBpCount z
                                     in primStagedPlus (sCall da (primDoubleMul d1 z'))
                                                       (sCall db (primDoubleMul d2 z'))),
            primIntAdd i 1)

-- SResolve down to (excluding) the inputs 1..n.
stagedResolve :: Int -> Staged -> Staged
stagedResolve n s = let k = primStagedMaxKey s in
  if primIntLe k n then s
  else case primStagedPop k s of
    (f, d, rest) -> stagedResolve n (primStagedPlus rest (f d))

vjpStaged :: (a -> b) -> a -> (b, b -> a)
vjpStaged f x = case primInterleave stagedNoBp x of
  (xD, n) -> case primLiftRev stagedZero f xD (primIntAdd n 1) of
    (y, _) ->
      let back c = let s = adDeinterleave (\acc d z -> primStagedPlus acc (sCall (primDualDeriv d) z))
                                          primStagedZero y c
                       r = stagedResolve n s
                   in adRebuild x (primStagedGradient n r)
      in (adStrip y, back)

-- cayley (§5-6, Fig. 9): backpropagators are Cayley-transformed, Staged -> Staged; zero is
-- `id`, plus is composition, and SCall updates the map in place of a union.

cayleyZero :: (Int, Double -> Staged -> Staged)
cayleyZero = (0, cayleyNoBp)

cayleyNoBp :: Double -> Staged -> Staged
cayleyNoBp _ s = s

cayleyConst :: Double -> Dual (Int, Double -> Staged -> Staged)
cayleyConst x = primDualMake x cayleyZero

cCall :: (Int, Double -> Staged -> Staged) -> Double -> Staged -> Staged
cCall (i, f) d s = primStagedCall i f d s

cayleyUn :: Double -> Double -> Dual (Int, Double -> Staged -> Staged) -> Int
         -> (Dual (Int, Double -> Staged -> Staged), Int)
cayleyUn v d a i = case primDualDeriv a of
  da@(ia, _) -> if primIntEq ia 0 then (cayleyConst v, i)
                else (primDualMake v (i, \z s -> case da of
                                    (ja, fa) -> primStagedCall ja fa (primDoubleMul d (primBpCount z)) s),
                   primIntAdd i 1)

cayleyBin :: Double -> Double -> Double -> Dual (Int, Double -> Staged -> Staged)
          -> Dual (Int, Double -> Staged -> Staged) -> Int
          -> (Dual (Int, Double -> Staged -> Staged), Int)
cayleyBin v d1 d2 a b i = case primDualDeriv a of
  da@(ia, _) -> case primDualDeriv b of
    db@(ib, _) ->
      if primIntEq ia 0 && primIntEq ib 0 then (cayleyConst v, i)
      else (primDualMake v (i, \z s -> let z' = primBpCount z in
                                       case da of
                                         (ja, fa) -> case db of
                                           (jb, fb) -> primStagedCall jb fb (primDoubleMul d2 z')
                                                         (primStagedCall ja fa (primDoubleMul d1 z') s)),
            primIntAdd i 1)

cayleyResolve :: Int -> Staged -> Staged
cayleyResolve n s = let k = primStagedMaxKey s in
  if primIntLe k n then s
  else case primStagedPop k s of
    (f, d, rest) -> cayleyResolve n (f d rest)

vjpCayley :: (a -> b) -> a -> (b, b -> a)
vjpCayley f x = case primInterleave cayleyNoBp x of
  (xD, n) -> case primLiftRev cayleyZero f xD (primIntAdd n 1) of
    (y, _) ->
      let back c = let s = adDeinterleave (\acc d z -> cCall (primDualDeriv d) z acc)
                                          primStagedZero y c
                       r = cayleyResolve n s
                   in adRebuild x (primStagedGradient n r)
      in (adStrip y, back)

-- array (§7, Appendix A, §8.1, §8.2): the staging map becomes one mutable array indexed by ID,
-- sized after the forward pass, so SCall is an in-place update and SResolve a loop from the
-- highest ID down. A dual number is one run-time cell holding its primal, its ID and its
-- backpropagator as data (`ArrayBp`, §8.2's defunctionalisation): for each non-constant
-- argument of the operation that made it, the partial derivative and the argument's dual
-- number. The reverse pass (Deinterleave, SResolve over the array and reading the gradient
-- off it) is one native primitive, `primArrayBackward`; it stages the same calls as the
-- closures `\z s -> SCall da (d1 * z) (SCall db (d2 * z) s)` would. Inputs have IDs 1..n and
-- no arguments; constants have ID 0.

arrayZero :: ArrayBp
arrayZero = primDualDeriv (primArrayConst 0.0)

arrayConst :: Double -> Dual ArrayBp
arrayConst x = primArrayConst x

-- The other operations are `primNumUnId`/`primNumBinId`, which compute the value and the
-- partial derivatives natively; these three are the most common, in one primitive each.
arrayAdd :: Dual ArrayBp -> Dual ArrayBp -> Int -> (Dual ArrayBp, Int)
arrayAdd a b i = primArrayAdd a b i

arraySub :: Dual ArrayBp -> Dual ArrayBp -> Int -> (Dual ArrayBp, Int)
arraySub a b i = primArraySub a b i

arrayMul :: Dual ArrayBp -> Dual ArrayBp -> Int -> (Dual ArrayBp, Int)
arrayMul a b i = primArrayMul a b i

-- vjp and grad: the inputs' dual numbers (IDs 1..n), the forward pass of `f` lifted into the
-- array mode's world, and the reverse pass. (grad is written out rather than built on a shared
-- forward-pass function: that call and its result tuple cost a scalar function's gradient 8%.)
vjpArray :: (a -> b) -> a -> (b, b -> a)
vjpArray f x = let zero = arrayZero in case primInterleave zero x of
  (xD, n) -> let next = primIntAdd n 1 in
             case primLiftRev zero f xD next of
               (y, ids) -> (adStrip y, \c -> primArrayBackward n ids x y c)

gradArray :: (a -> Double) -> a -> a
gradArray f x = let zero = arrayZero in case primInterleave zero x of
  (xD, n) -> let next = primIntAdd n 1 in
             case primLiftRev zero f xD next of
               (y, ids) -> primArrayBackward n ids x y 1.0

-- Nested differentiation. Differentiated code sees grad, vjp and jvp as these functions (the AD
-- pass makes them the differentiated versions of `gradArray`, `vjpArray` and `jvp`): `D` of
-- them, written by hand at their differentiated types. Each starts a new level, whose dual
-- numbers carry a fresh tag and have the enclosing levels' numbers as their primal parts; the
-- native operations work at every level, so the function runs as it is. A reverse level takes
-- its IDs from the counter the reverse world threads (inputs next, then its operations), and
-- its reverse pass, on numbers of the enclosing levels, is differentiated by them in turn.
-- Forward code has no counter: a reverse level inside it takes its IDs from the run time's.

gradNestR :: (a -> Int -> (Dual ArrayBp, Int)) -> Int -> (a -> Int -> (a, Int), Int)
gradNestR f i = (\x j -> case primNestInterleave x j of
                           (xD, tape) -> case f xD (primTapeNext tape) of
                             (y, k) -> primNestBackward tape x y 1.0 k, i)

vjpNestR :: (a -> Int -> (b, Int)) -> Int -> (a -> Int -> ((b, b -> Int -> (a, Int)), Int), Int)
vjpNestR f i = (\x j -> case primNestInterleave x j of
                          (xD, tape) -> case f xD (primTapeNext tape) of
                            (y, k) -> ((primNestStrip tape y, \c l -> primNestBackward tape x y c l), k),
                i)

jvpNestR :: (a -> Int -> (b, Int)) -> Int -> (a -> Int -> (a -> Int -> ((b, b), Int), Int), Int)
jvpNestR f i = (\x j -> (\t k -> case primNestInterleaveFwd x t of
                                  (xD, tape) -> case f xD k of
                                    (y, l) -> ((primNestStrip tape y, primNestTangent tape y), l), j),
                i)

-- Forward code threads no IDs: its reverse levels take them from the run time's counter (-1).
forwardIds :: Int
forwardIds = primIntNegate 1

gradNestF :: (a -> Dual Double) -> a -> a
gradNestF f x = case primNestInterleave x forwardIds of
  (xD, tape) -> fst (primNestBackward tape x (f xD) 1.0 forwardIds)

vjpNestF :: (a -> b) -> a -> (b, b -> a)
vjpNestF f x = case primNestInterleave x forwardIds of
  (xD, tape) -> let y = f xD
                in (primNestStrip tape y, \c -> fst (primNestBackward tape x y c forwardIds))

jvpNestF :: (a -> b) -> a -> a -> (b, b)
jvpNestF f x t = case primNestInterleaveFwd x t of
  (xD, tape) -> let y = f xD in (primNestStrip tape y, primNestTangent tape y)
