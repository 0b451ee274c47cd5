
-- Automatic differentiation ---------------------------------------------------------------------
-- grad, vjp and jvp, the derivative API over them (grad', diff, jacobian, hessian, ...), the wrapper
-- around differentiated code (interleave, deinterleave, rebuild) and the scalar helpers that
-- the AD pass calls from differentiated code, per mode. A Double of the primal program is a
-- `Dual x` in a differentiated world: its value and a derivative part.
-- The AD pass points `grad` and `vjp` at the selected mode and gives every lambda its twins;
-- `primLiftRev`/`primLiftFwd` switch a function value to its twin. The wrapper walks values
-- structurally, so it works at any first-order type, type variables included.

-- | The gradient of `f` at `x` by reverse mode (`dnrad run --ad` picks the algorithm). `f` must
-- return a Double; `x` may be a Double or any first-order value holding Doubles: tuples, lists,
-- Maybe/Either, records and data types, Data.Array arrays. The result has x's shape, with the
-- partial derivative at each Double and the other parts (Ints, lengths) copied. A function type
-- in `x` is a type error. It nests: `grad (grad f)`, or inside the function being differentiated.
-- > grad (\(x, y) -> x * y) (2.0, 3.0) == (3.0, 2.0)
grad :: (a -> Double) -> a -> a
grad f x = gradArray f x

-- | Reverse mode in general: `vjp f x` is `(f x, back)`, where `back c` is the vector-Jacobian
-- product of a cotangent `c` (of f x's shape) at x, of x's shape. `x` and `f x` are first-order
-- values holding Doubles (as for `grad`); a cotangent of another shape is a run-time error.
-- > snd (vjp (\(x, z) -> (x * z, sin x)) (2.0, 3.0)) (1.0, 0.0) == (3.0, 2.0)
vjp :: (a -> b) -> a -> (b, b -> a)
vjp f x = vjpArray f x

-- | Forward mode: `jvp f x t` is `(f x, the derivative of f at x in the direction t)`; `t` has
-- x's shape (else a run-time error) and the result's second part f x's. Types as for `vjp`; it
-- nests with itself and with `grad`/`vjp` (`jvp (grad f) x v` is a Hessian-vector product).
-- > jvp (\(x, y) -> x * y) (2.0, 3.0) (1.0, 0.0) == (6.0, 3.0)
jvp :: (a -> b) -> a -> a -> (b, b)
jvp f x t = case primCheckTangent x t of
  () -> let y = primLiftFwd fwdZero f (primDualInput x t)
        in case primIdsEnd y of
             _ -> (adStrip y, primDualParts 1 y)

-- The selected reverse mode (0 naive, 1 staged, 2 cayley, 3 array): the AD pass sets it.
adMode :: Int
adMode = 3

-- The derivative API over grad, vjp and jvp (names as in Kmett's `ad`). A Jacobian is a list of
-- rows, one per Double of the function's output in order (the order `show` prints them), each
-- a value of the input's shape holding that output Double's partial derivatives.

-- | The value and the gradient at once (one reverse pass); `f` as for `grad`.
-- > grad' (\(x, y) -> x * y) (2.0, 3.0) == (6.0, (3.0, 2.0))
grad' :: (a -> Double) -> a -> (Double, a)
grad' f x = case vjp f x of
  (y, back) -> (y, back 1.0)

-- | The derivative of a function from Double to Double (forward mode); it nests.
-- > diff sin 0.0 == 1.0 && diff (diff (\x -> x ^ 3)) 2.0 == 12.0
diff :: (Double -> Double) -> Double -> Double
diff f x = snd (jvp f x 1.0)

-- | The value and the derivative of a function from Double to Double.
-- > diff' (\x -> x * x) 3.0 == (9.0, 6.0)
diff' :: (Double -> Double) -> Double -> (Double, Double)
diff' f x = jvp f x 1.0

-- Reverse mode: one forward pass, then the backpropagator once per output Double.
-- | The Jacobian by reverse mode: one row per Double of `f x` (in the order `show` prints them),
-- each of x's shape holding that output's partial derivatives. Types as for `vjp`.
-- > jacobian (\(r, t) -> (r * cos t, r * sin t)) (2.0, 0.0) == [(1.0, 0.0), (0.0, 2.0)]
jacobian :: (a -> b) -> a -> [a]
jacobian f x = case vjp f x of
  (y, back) -> map back (apiOneHots y)

-- Forward mode: one pass per input Double, each a column of the Jacobian, turned into rows.
-- Without input Doubles there are no columns, and each row is the input itself.
-- | The same rows as `jacobian`, by forward mode (one pass per input Double): cheaper when the
-- output has more Doubles than the input.
jacobianFwd :: (a -> b) -> a -> [a]
jacobianFwd f x = case map (\e -> jvp f x e) (apiOneHots x) of
  [] -> map (\_ -> x) (primScalars 0 (f x) :: [Double])
  columns@((y, _) : _) ->
    map (primRefill 0 x) (apiRows (length (primScalars 0 y :: [Double]))
                                  (map (\c -> primScalars 0 (snd c) :: [Double]) columns))

-- | The Hessian of `f` (returning a Double, as for `grad`) at `x` times `v`: the derivative of the
-- gradient in the direction v (forward over reverse), of x's shape.
-- > hessianVectorProduct (\(x, y) -> x * x * y) (1.0, 2.0) (1.0, 0.0) == (4.0, 2.0)
hessianVectorProduct :: (a -> Double) -> a -> a -> a
hessianVectorProduct f x v = snd (jvp (grad f) x v)

-- | The Hessian of `f` (returning a Double, as for `grad`) at `x`, the derivative of its
-- gradient: one row per Double of x, each of x's shape (the matrix is symmetric).
-- > hessian (\(x, y) -> x * x * y) (1.0, 2.0) == [(4.0, 2.0), (2.0, 0.0)]
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

-- The wrapper. The structural walks are primitives (`primInterleave`, `primDualInput`,
-- `primDualParts`, and `primScalars`/`primRefill` for the API above).

-- The primal value of a differentiated value.
adStrip :: a -> b
adStrip y = primDualParts 0 y

-- Forward mode (dual numbers, Fig. 1b): the derivative part is the tangent. The operations are
-- native (`primNumUn`, `primNumBin`), as the array mode's.

fwdZero :: Double
fwdZero = 0.0

fwdConst :: Double -> Dual Double
fwdConst x = primDualConst x

-- Reverse mode. Every mode's dual numbers are the run time's: one cell per operation holding its
-- primal, its ID and its backpropagator as data (`ArrayBp`, §8.2's defunctionalisation): for
-- each non-constant argument, the partial derivative and the argument's dual number. Inputs
-- have IDs 1..n and no arguments; constants have ID 0. The forward pass is the same in every
-- mode: each operation takes the next ID from the run time's counter (§4's ID generation as
-- state of the run: evaluation is strict and in order), which `primInterleave` starts after the
-- inputs and `primIdsEnd` reads at the end of the forward pass (and puts back as it found it);
-- the modes differ in the reverse pass, one
-- native primitive, `primBackward mode n ids x y c`: Deinterleave (the output's dual numbers
-- staged with the cotangent's Doubles), the calls of the backpropagators — naive (Fig. 6-7):
-- along every path, returning sparse cotangents; staged (§4, Fig. 8): SResolve over staging
-- maps that each call returns and `+` merges; cayley (§5-6, Fig. 9): one staging map that the
-- calls update; array (§7, App. A, §8.1): one staging array updated in place, resolved from
-- the highest ID down — and the inputs' cotangents in the input's shape.

arrayZero :: ArrayBp
arrayZero = primDualDeriv (primArrayConst 0.0)

arrayConst :: Double -> Dual ArrayBp
arrayConst x = primArrayConst x

-- The other operations are `primNumUn`/`primNumBin`, which compute the value and the partial
-- derivatives natively; these three are the most common, in one primitive each.
arrayAdd :: Dual ArrayBp -> Dual ArrayBp -> Dual ArrayBp
arrayAdd a b = primArrayAdd a b

arraySub :: Dual ArrayBp -> Dual ArrayBp -> Dual ArrayBp
arraySub a b = primArraySub a b

arrayMul :: Dual ArrayBp -> Dual ArrayBp -> Dual ArrayBp
arrayMul a b = primArrayMul a b

-- vjp: the inputs' dual numbers (IDs 1..n), the forward pass of `f` lifted into the reverse
-- world, the ID after its last operation, and the mode's reverse pass.
vjpMode :: Int -> (a -> b) -> a -> (b, b -> a)
vjpMode mode f x = case primInterleave x of
  (xD, n) -> let y = primLiftRev arrayZero f xD
             in case primIdsEnd y of
                  ids -> (adStrip y, \c -> primBackward mode n ids x y c)

vjpNaive :: (a -> b) -> a -> (b, b -> a)
vjpNaive f x = vjpMode 0 f x

vjpStaged :: (a -> b) -> a -> (b, b -> a)
vjpStaged f x = vjpMode 1 f x

vjpCayley :: (a -> b) -> a -> (b, b -> a)
vjpCayley f x = vjpMode 2 f x

vjpArray :: (a -> b) -> a -> (b, b -> a)
vjpArray f x = vjpMode 3 f x

-- grad is written out rather than built on vjp: that call and its result tuple cost a scalar
-- function's gradient 8%. In tail position, the reverse pass holds the only reference to the
-- output and frees the tape as it goes.
gradMode :: Int -> (a -> Double) -> a -> a
gradMode mode f x = case primInterleave x of
  (xD, n) -> let y = primLiftRev arrayZero f xD in primBackward mode n (primIdsEnd y) x y 1.0

gradNaive :: (a -> Double) -> a -> a
gradNaive f x = gradMode 0 f x

gradStaged :: (a -> Double) -> a -> a
gradStaged f x = gradMode 1 f x

gradCayley :: (a -> Double) -> a -> a
gradCayley f x = gradMode 2 f x

gradArray :: (a -> Double) -> a -> a
gradArray f x = case primInterleave x of
  (xD, n) -> let y = primLiftRev arrayZero f xD in primBackward 3 n (primIdsEnd y) x y 1.0

-- Nested differentiation. Differentiated code sees grad, vjp and jvp as these functions (the AD
-- pass makes them the differentiated versions of `gradArray`, `vjpArray` and `jvp`): `D` of
-- them, written by hand at their differentiated types, the same in both worlds but for the
-- dual numbers `grad`'s type names. Each starts a new level, whose dual numbers carry a fresh
-- tag and have the enclosing levels' numbers as their primal parts; the native operations work
-- at every level, so the function runs as it is. A reverse level takes its IDs from the run
-- time's counter (inputs next, then its operations), and its reverse pass, on numbers of the
-- enclosing levels, is differentiated by them in turn.

gradNest :: (a -> Dual d) -> a -> a
gradNest f x = case primNestInterleave adMode x of
  (xD, tape) -> primNestBackward tape x (f xD) 1.0

gradNestR :: (a -> Dual ArrayBp) -> a -> a
gradNestR f x = gradNest f x

gradNestF :: (a -> Dual Double) -> a -> a
gradNestF f x = gradNest f x

vjpNest :: (a -> b) -> a -> (b, b -> a)
vjpNest f x = case primNestInterleave adMode x of
  (xD, tape) -> let y = f xD
                in (primNestStrip tape y, \c -> primNestBackward tape x y c)

jvpNest :: (a -> b) -> a -> a -> (b, b)
jvpNest f x t = case primNestInterleaveFwd x t of
  (xD, tape) -> let y = f xD in (primNestStrip tape y, primNestTangent tape y)
