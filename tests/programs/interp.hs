-- interpreter for a small imperative language: AST data types, BST environment, Either-monad evaluation with do-notation, showsPrec pretty printer
module Main where

-- Values and expressions -----------------------------------------------------
data Value = IntV Integer | BoolV Bool | StrV String
  deriving (Eq)

instance Show Value where
  showsPrec d (IntV n) = showsPrec d n
  showsPrec _ (BoolV b) = showString (if b then "true" else "false")
  showsPrec _ (StrV s) = shows s

data BinOp = Plus | Minus | Times | Div | Mod | Less | LessEq | Equal | And | Or | Concat
  deriving (Eq, Show, Enum, Bounded)

data Expr
  = Lit Value
  | Var String
  | Bin BinOp Expr Expr
  | Not Expr
  | Neg Expr
  | Cond Expr Expr Expr
  | Call String [Expr]

data Stmt = Assign String Expr | Print Expr | If Expr [Stmt] [Stmt] | While Expr [Stmt] | Return Expr

data FunDef = FunDef { funName :: String, funParams :: [String], funBody :: [Stmt] }

-- operator table: (symbol, precedence); all operators print as left-associative
opInfo :: BinOp -> (String, Int)
opInfo op = case op of
  Or     -> ("||", 2)
  And    -> ("&&", 3)
  Less   -> ("<", 4)
  LessEq -> ("<=", 4)
  Equal  -> ("==", 4)
  Concat -> ("++", 5)
  Plus   -> ("+", 6)
  Minus  -> ("-", 6)
  Times  -> ("*", 7)
  Div    -> ("/", 7)
  Mod    -> ("%", 7)

instance Show Expr where
  showsPrec d (Lit v) = showsPrec d v
  showsPrec _ (Var x) = showString x
  showsPrec d (Bin op l r) =
    let (sym, p) = opInfo op
    in showParen (d > p) $ showsPrec p l . showChar ' ' . showString sym . showChar ' ' . showsPrec (p + 1) r
  showsPrec d (Not e) = showParen (d > 9) $ showChar '!' . showsPrec 10 e
  showsPrec d (Neg e) = showParen (d > 9) $ showChar '-' . showsPrec 10 e
  showsPrec d (Cond c t e) = showParen (d > 0) $
    showString "if " . shows c . showString " then " . shows t . showString " else " . shows e
  showsPrec _ (Call f args) = showString f . showChar '(' . commaSep (map shows args) . showChar ')'

commaSep :: [ShowS] -> ShowS
commaSep [] = id
commaSep [s] = s
commaSep (s:ss) = s . showString ", " . commaSep ss

indent :: Int -> ShowS
indent n = showString (replicate (2 * n) ' ')

showStmt :: Int -> Stmt -> ShowS
showStmt n (Assign x e) = indent n . showString x . showString " := " . shows e . showString ";\n"
showStmt n (Print e) = indent n . showString "print " . shows e . showString ";\n"
showStmt n (Return e) = indent n . showString "return " . shows e . showString ";\n"
showStmt n (If c t e) =
  indent n . showString "if " . shows c . showString " {\n" . showBlock (n + 1) t
    . (if null e then indent n . showString "}\n"
       else indent n . showString "} else {\n" . showBlock (n + 1) e . indent n . showString "}\n")
showStmt n (While c b) =
  indent n . showString "while " . shows c . showString " {\n" . showBlock (n + 1) b . indent n . showString "}\n"

showBlock :: Int -> [Stmt] -> ShowS
showBlock n = foldr (\s k -> showStmt n s . k) id

showFun :: FunDef -> String
showFun (FunDef name ps body) =
  ("fun " ++ name ++ "(" ++ joinWith ", " ps ++ ") {\n") ++ showBlock 1 body "}"

joinWith :: String -> [String] -> String
joinWith _ [] = ""
joinWith sep (x:xs) = x ++ concatMap (sep ++) xs

-- Environment: an unbalanced binary search tree --------------------------------
data Env = Empty | Node Env String Value Env

insertEnv :: String -> Value -> Env -> Env
insertEnv k v Empty = Node Empty k v Empty
insertEnv k v (Node l k' v' r)
  | k < k'    = Node (insertEnv k v l) k' v' r
  | k > k'    = Node l k' v' (insertEnv k v r)
  | otherwise = Node l k v r

lookupEnv :: String -> Env -> Maybe Value
lookupEnv _ Empty = Nothing
lookupEnv k (Node l k' v r) = case compare k k' of
  LT -> lookupEnv k l
  GT -> lookupEnv k r
  EQ -> Just v

envToList :: Env -> [(String, Value)]
envToList Empty = []
envToList (Node l k v r) = envToList l ++ [(k, v)] ++ envToList r

-- Evaluation in Either String ---------------------------------------------------
type Funs = [(String, FunDef)]

data Outcome = Continue Env [String] | Returned Value [String]

expectInt :: String -> Value -> Either String Integer
expectInt _ (IntV n) = Right n
expectInt ctx v = Left ("type error in " ++ ctx ++ ": expected int, got " ++ show v)

expectBool :: String -> Value -> Either String Bool
expectBool _ (BoolV b) = Right b
expectBool ctx v = Left ("type error in " ++ ctx ++ ": expected bool, got " ++ show v)

applyOp :: BinOp -> Value -> Value -> Either String Value
applyOp Concat (StrV a) (StrV b) = return (StrV (a ++ b))
applyOp Concat a b = return (StrV (render a ++ render b))
applyOp Equal a b = return (BoolV (a == b))
applyOp op a b
  | op `elem` [And, Or] = do
      x <- expectBool (fst (opInfo op)) a
      y <- expectBool (fst (opInfo op)) b
      return (BoolV (if op == And then x && y else x || y))
  | otherwise = do
      x <- expectInt (fst (opInfo op)) a
      y <- expectInt (fst (opInfo op)) b
      arith op x y

arith :: BinOp -> Integer -> Integer -> Either String Value
arith Plus x y = Right (IntV (x + y))
arith Minus x y = Right (IntV (x - y))
arith Times x y = Right (IntV (x * y))
arith Div _ 0 = Left "division by zero"
arith Div x y = Right (IntV (x `div` y))
arith Mod _ 0 = Left "modulo by zero"
arith Mod x y = Right (IntV (x `mod` y))
arith Less x y = Right (BoolV (x < y))
arith LessEq x y = Right (BoolV (x <= y))
arith op _ _ = Left ("bad arithmetic operator " ++ show op)

render :: Value -> String
render (StrV s) = s
render v = show v

eval :: Funs -> Env -> Expr -> Either String Value
eval _ _ (Lit v) = Right v
eval _ env (Var x) = maybe (Left ("unbound variable " ++ x)) Right (lookupEnv x env)
eval fs env (Bin And l r) = do
  a <- eval fs env l >>= expectBool "&&"
  if a then eval fs env r else return (BoolV False)
eval fs env (Bin op l r) = do
  a <- eval fs env l
  b <- eval fs env r
  applyOp op a b
eval fs env (Not e) = eval fs env e >>= expectBool "!" >>= return . BoolV . not
eval fs env (Neg e) = do
  n <- eval fs env e >>= expectInt "negation"
  return (IntV (negate n))
eval fs env (Cond c t e) = do
  b <- eval fs env c >>= expectBool "if"
  eval fs env (if b then t else e)
eval fs env (Call f args) = do
  def <- maybe (Left ("unknown function " ++ f)) Right (lookup f fs)
  vals <- mapM (eval fs env) args
  if length vals /= length (funParams def)
    then Left (f ++ " expects " ++ show (length (funParams def)) ++ " arguments, got " ++ show (length vals))
    else do
      let local = foldr (uncurry insertEnv) Empty (zip (funParams def) vals)
      out <- exec fs local (funBody def) 10000
      case out of
        Returned v _ -> return v
        Continue _ _ -> return (IntV 0)

-- exec threads the environment and collects printed lines; fuel bounds loops
exec :: Funs -> Env -> [Stmt] -> Int -> Either String Outcome
exec _ env [] _ = Right (Continue env [])
exec fs env (s:ss) fuel = do
  r <- step fs env s fuel
  case r of
    Returned v out -> return (Returned v out)
    Continue env' out -> do
      rest <- exec fs env' ss fuel
      return (prepend out rest)

prepend :: [String] -> Outcome -> Outcome
prepend out (Continue e more) = Continue e (out ++ more)
prepend out (Returned v more) = Returned v (out ++ more)

step :: Funs -> Env -> Stmt -> Int -> Either String Outcome
step fs env (Assign x e) _ = do
  v <- eval fs env e
  return (Continue (insertEnv x v env) [])
step fs env (Print e) _ = do
  v <- eval fs env e
  return (Continue env [render v])
step fs env (Return e) _ = eval fs env e >>= \v -> Right (Returned v [])
step fs env (If c t e) fuel = do
  b <- eval fs env c >>= expectBool "if statement"
  exec fs env (if b then t else e) fuel
step fs env w@(While c body) fuel
  | fuel <= 0 = Left "loop fuel exhausted"
  | otherwise = do
      b <- eval fs env c >>= expectBool "while"
      if not b
        then return (Continue env [])
        else do
          r <- exec fs env body fuel
          case r of
            Returned v out -> return (Returned v out)
            Continue env' out -> fmap (prepend out) (step fs env' w (fuel - 1))

-- Sample programs -------------------------------------------------------------
int :: Integer -> Expr
int = Lit . IntV

factDef :: FunDef
factDef = FunDef "fact" ["n"]
  [ If (Bin LessEq (Var "n") (int 1)) [Return (int 1)] []
  , Return (Bin Times (Var "n") (Call "fact" [Bin Minus (Var "n") (int 1)]))
  ]

gcdDef :: FunDef
gcdDef = FunDef { funName = "gcd", funParams = ["a", "b"], funBody =
  [ While (Not (Bin Equal (Var "b") (int 0)))
      [ Assign "t" (Bin Mod (Var "a") (Var "b")), Assign "a" (Var "b"), Assign "b" (Var "t") ]
  , Return (Var "a") ] }

collatzDef :: FunDef
collatzDef = gcdDef { funName = "collatz", funParams = ["n"], funBody =
  [ Assign "steps" (int 0)
  , While (Not (Bin Equal (Var "n") (int 1)))
      [ If (Bin Equal (Bin Mod (Var "n") (int 2)) (int 0))
          [Assign "n" (Bin Div (Var "n") (int 2))]
          [Assign "n" (Bin Plus (Bin Times (int 3) (Var "n")) (int 1))]
      , Assign "steps" (Bin Plus (Var "steps") (int 1)) ]
  , Return (Var "steps") ] }

funs :: Funs
funs = [ (funName d, d) | d <- [factDef, gcdDef, collatzDef] ]

mainProg :: [Stmt]
mainProg =
  [ Assign "i" (int 0)
  , Assign "acc" (Lit (StrV ""))
  , While (Bin Less (Var "i") (int 6))
      [ Print (Bin Concat (Lit (StrV "fact ")) (Bin Concat (Var "i") (Bin Concat (Lit (StrV " = ")) (Call "fact" [Var "i"]))))
      , Assign "acc" (Bin Concat (Var "acc") (Var "i"))
      , Assign "i" (Bin Plus (Var "i") (int 1)) ]
  , Print (Var "acc")
  , Print (Call "gcd" [int 1071, int 462])
  , Print (Call "collatz" [int 27])
  , Print (Call "fact" [int 25])
  , Print (Cond (Bin And (Bin Less (int 1) (int 2)) (Not (Lit (BoolV False)))) (Lit (StrV "yes")) (Lit (StrV "no")))
  , Assign "neg" (Neg (Bin Minus (int 3) (int 10)))
  , Print (Bin Div (Neg (Var "neg")) (int 2))
  , Print (Bin Mod (int (-7)) (int 3))
  ]

badProgs :: [(String, [Stmt])]
badProgs =
  [ ("unbound", [Print (Bin Plus (int 1) (Var "zz"))])
  , ("divzero", [Assign "x" (int 5), Print (Bin Div (Var "x") (Bin Minus (Var "x") (int 5)))])
  , ("typeerr", [Print (Bin Times (Lit (BoolV True)) (int 2))])
  , ("arity", [Print (Call "gcd" [int 1])])
  , ("nofun", [Print (Call "lcm" [int 1, int 2])])
  , ("loop", [While (Lit (BoolV True)) [Assign "x" (int 1)]])
  , ("shortcut", [Print (Bin And (Lit (BoolV False)) (Var "undefinedVar"))])
  ]

runProg :: [Stmt] -> Either String ([String], [(String, Value)])
runProg ss = do
  out <- exec funs Empty ss 50
  case out of
    Continue env lns -> return (lns, envToList env)
    Returned v lns -> return (lns ++ ["returned " ++ show v], [])

main :: IO ()
main = do
  mapM_ (putStrLn . showFun . snd) funs
  putStr (showBlock 0 mainProg "")
  case runProg mainProg of
    Left err -> putStrLn ("error: " ++ err)
    Right (lns, env) -> do
      mapM_ putStrLn lns
      mapM_ (\(k, v) -> putStrLn (k ++ " = " ++ show v)) env
  mapM_ (\(name, p) -> putStrLn (name ++ ": " ++ either ("error: " ++) (unwords . fst) (runProg p))) badProgs
  print (Bin Minus (int 1) (Bin Minus (int 2) (int 3)))
  print (Bin Minus (Bin Minus (int 1) (int 2)) (int 3))
  print (Bin Times (Neg (int (-4))) (Bin Plus (int (-1)) (Var "x")))
  print (Not (Bin Or (Var "p") (Bin And (Var "q") (Var "r"))))
  print [minBound .. maxBound :: BinOp]
  print (map (snd . opInfo) [Plus ..])
