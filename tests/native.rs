//! The VM's native tier (`backend/src/native`): which functions it compiles (as `dump bytecode`
//! marks them), and that it changes nothing a program shows: output, error text and location,
//! exit code and the limits are the same with it off (`DNRAD_NATIVE=off`) and on the
//! interpreter. The corpus and benchmark tests compare every program on and off as well.

mod support;

use support::{run_dnrad, run_dnrad_env, temp_program, Outcome, NATIVE_EAGER, NATIVE_OFF};

fn program(name: &str, text: &str) -> std::path::PathBuf {
    temp_program("native", name, text)
}

/// Run `dnrad ARGS FILE` with the tier on and off: the outcome, which must be the same.
fn on_and_off(args: &[&str], file: &std::path::Path) -> Outcome {
    let mut all = args.to_vec();
    all.push(file.to_str().expect("a UTF-8 path"));
    let on = run_dnrad_env(&all, None, None, &NATIVE_EAGER);
    let off = run_dnrad_env(&all, None, None, &NATIVE_OFF);
    assert_eq!(
        on,
        off,
        "the native tier changed the run of {}",
        file.display()
    );
    on
}

/// The header line of function `name` in the bytecode listing of `file`.
fn header(file: &std::path::Path, name: &str) -> String {
    let out = run_dnrad(&["dump", "bytecode"], file);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    out.stdout
        .lines()
        .find(|l| l.starts_with(&format!("{name} (")))
        .unwrap_or_else(|| panic!("no {name} in\n{}", out.stdout))
        .to_string()
}

/// Check that the functions `compiled` of `file` are native, and run it on the VM with the
/// tier on and off (the same outcome) and on the interpreter (the same output and exit
/// code): the VM's run.
fn native_and_agreeing(file: &std::path::Path, compiled: &[&str]) -> Outcome {
    for f in compiled {
        assert!(header(file, f).ends_with("native):"), "{f}");
    }
    let vm = on_and_off(&["run", "--backend", "vm"], file);
    let interp = run_dnrad(&["run", "--backend", "interp"], file);
    assert_eq!(
        (vm.stdout.as_str(), vm.code),
        (interp.stdout.as_str(), interp.code)
    );
    vm
}

/// `native_and_agreeing` of a run that succeeds.
fn compiled_and_agreeing(file: &std::path::Path, compiled: &[&str]) -> Outcome {
    let vm = native_and_agreeing(file, compiled);
    assert_eq!(vm.code, Some(0), "{}", vm.stderr);
    vm
}

/// Check that some function of `file` (the Prelude's included) whose name starts with
/// `prefix` is native.
fn some_native(file: &std::path::Path, prefix: &str) {
    let listing = run_dnrad(&["dump", "bytecode", "--all"], file);
    assert!(
        listing
            .stdout
            .lines()
            .any(|l| l.starts_with(prefix) && l.ends_with("native):")),
        "no native {prefix} in\n{}",
        listing.stdout
    );
}

/// Run `file` on the VM with the tier compiling mid-run (the default) and with it off: the
/// outcome, which must be the same.
fn warm_and_off(file: &std::path::Path) -> Outcome {
    let path = file.to_str().expect("UTF-8");
    let warm = run_dnrad(&["run", "--backend", "vm"], file);
    let off = run_dnrad_env(&["run", "--backend", "vm", path], None, None, &NATIVE_OFF);
    assert_eq!(warm, off);
    warm
}

/// `file` with `line` added to its `main` (as `name`), run with the tier on and off: it fails
/// with `message` at `loc` (the VM's error and location).
fn fails_at(file: &std::path::Path, name: &str, line: &str, message: &str, loc: &str) {
    let text = std::fs::read_to_string(file).expect("the program");
    let failing = program(name, &format!("{text}  {line}\n"));
    let out = on_and_off(&["run"], &failing);
    assert_eq!(out.code, Some(1));
    assert!(
        out.stderr.contains(message) && out.stderr.contains(&format!("{name}:{loc}")),
        "{}",
        out.stderr
    );
}

const SCALAR: &str = "\
tak :: Int -> Int -> Int -> Int
tak x y z = if y < x then tak (tak (x - 1) y z) (tak (y - 1) z x) (tak (z - 1) x y) else z

norm :: Double -> Double -> Double
norm x y = sqrt (x * x + y * y)

small :: Double -> Bool
small x = norm x x < 1

len :: [Int] -> Int
len xs = if null xs then 0 else 1 + len (tail xs)

twice :: Int -> Int
twice n = len [n, n] * n

isEven :: Int -> Bool
isEven n = if n == 0 then True else isOdd (n - 1)

isOdd :: Int -> Bool
isOdd n = if n == 0 then False else isEven (n - 1)

main :: IO ()
main = do
  print (tak 18 12 6)
  print (norm 3 4, small 0.5, twice 21)
  print (isEven 1000001, isOdd 7)
";

#[test]
fn scalar_functions_are_compiled_and_others_are_not() {
    let file = program("scalar.hs", SCALAR);
    // `isEven` and `isOdd` tail-call each other: native tail calls, in constant stack.
    for f in ["tak/3", "norm/2", "isEven/1", "isOdd/1"] {
        assert!(header(&file, f).ends_with("native):"), "{f}");
    }
    assert!(
        header(&file, "small/1").ends_with("native):"),
        "one parameter"
    );
    assert!(
        header(&file, "len/1").ends_with("native):"),
        "it calls `null` and `tail`, which are polymorphic: lists by address"
    );
    assert!(
        !header(&file, "twice/1").contains("native"),
        "a list inside"
    );
    let out = on_and_off(&["run", "--backend", "vm"], &file);
    assert_eq!(out.stdout, "7\n(5.0,True,42)\n(False,True)\n");
}

#[test]
fn by_default_the_tier_compiles_mid_run_after_a_warm_up() {
    // A recursion of 300 000 direct calls, not in tail position: the VM makes the first ones
    // (frames on its stack), compiles, and native calls continue inside them.
    let file = program(
        "warm.hs",
        "\
sumTo :: Int -> Int
sumTo n = if n == 0 then 0 else n + sumTo (n - 1)

collatz :: Int -> Int -> Int
collatz k steps = if k == 1 then steps else collatz (if even k then k `div` 2 else 3 * k + 1) (steps + 1)

main :: IO ()
main = do
  print (sumTo 300000)
  print (sum [collatz k 0 | k <- [1 .. 3000]])
",
    );
    let lazy = warm_and_off(&file);
    // 300000 · 300001 / 2, and the total of the Collatz step counts below 3001.
    assert!(lazy.stdout.starts_with("45000150000\n"), "{}", lazy.stdout);
}

#[test]
fn tuples_and_records_of_scalars_are_compiled_unboxed() {
    // Products (data types of one constructor) as parameters, results, built and taken apart,
    // nested, returned to and passed from the VM, and a product argument the VM cannot unbox
    // (a Dual inside, under grad) taking the bytecode path.
    let file = program(
        "products.hs",
        "\
data Vec = Vec !Double !Double !Double

data Body = Body {pos :: Vec, mass :: Double}

add :: Vec -> Vec -> Vec
add (Vec a b c) (Vec d e f) = Vec (a + d) (b + e) (c + f)

dot :: Vec -> Vec -> Double
dot (Vec a b c) (Vec d e f) = a * d + b * e + c * f

pull :: Double -> Body -> Vec -> Vec
pull dt (Body (Vec x y z) m) v = add v (Vec (dt * m * x) (dt * m * y) (dt * m * z))

steps :: Int -> Int -> (Int, Int)
steps k count = if k == 1 then (count, k) else steps (if even k then k `div` 2 else 3 * k + 1) (count + 1)

longest :: Int -> Int -> Int -> (Int, Int)
longest k best len =
  if k > 30 then (best, len) else
    case steps k 0 of
      (n, _) -> if n > len then longest (k + 1) k n else longest (k + 1) best len

swap :: (Int, Bool) -> (Bool, Int)
swap (a, b) = (b, a)

energy :: Double -> Double
energy x = dot v v where v = pull 0.5 (Body (Vec x 1 2) 3) (Vec 1 1 1)

main :: IO ()
main = do
  print (dot (Vec 1 2 3) (Vec 4 5 6))
  let Vec a b c = pull 0.5 (Body (Vec 1 2 3) 4) (Vec 1 1 1)
  print (a, b, c)
  print (longest 1 1 0, swap (3, True))
  print (energy 2, grad energy 2)
",
    );
    let compiled = ["add/2", "dot/2", "pull/3", "steps/2", "longest/3", "swap/1"];
    let vm = compiled_and_agreeing(&file, &compiled);
    // Independent of both: 32; (3, 5, 7); Collatz below 31: 27 takes 111 steps; the energy
    // (1 + 1.5 x)² + 22.25 and its derivative 3 (1 + 1.5 x) at 2.
    assert_eq!(
        vm.stdout,
        "32.0\n(3.0,5.0,7.0)\n((27,111),(True,3))\n(38.25,12.0)\n"
    );
}

#[test]
fn lists_are_read_in_place() {
    // Functions walking lists of scalars, of products and of lists, returning a tail (the VM
    // gets the cell itself) and a global defined as a partial application (eta-expanded to a
    // direct entry); under `grad` the elements are duals and the calls take the bytecode path.
    let file = program(
        "lists.hs",
        "\
total :: [Int] -> Int
total = go 0
  where
    go acc [] = acc
    go acc (x : xs) = go (acc + x) xs

safe :: Int -> [Int] -> Bool
safe q = check 1
  where
    check _ [] = True
    check d (c : cs) = q /= c && abs (q - c) /= d && check (d + 1) cs

lengths :: [(Double, Double)] -> Double
lengths ps = case ps of
  [] -> 0
  (x, y) : rest -> sqrt (x * x + y * y) + lengths rest

cells :: [[Int]] -> Int
cells [] = 0
cells (r : rs) = total r + cells rs

after :: Int -> [Int] -> [Int]
after _ [] = []
after k (x : xs) = if x == k then xs else after k xs

sumSq :: [Double] -> Double
sumSq [] = 0
sumSq (x : xs) = x * x + sumSq xs

main :: IO ()
main = do
  print (total [1 .. 100], safe 4 [1, 3], safe 4 [3, 2])
  print (lengths [(3, 4), (6, 8)], cells [[1, 2], [], [3 .. 10]])
  print (after 3 [1 .. 6], after 9 [1, 2])
  print (sumSq [1, 2, 3], grad (\\x -> sumSq [x, 2 * x]) 3)
",
    );
    let compiled = [
        "total/1",
        "safe/2",
        "lengths/1",
        "cells/1",
        "after/2",
        "sumSq/1",
    ];
    let vm = compiled_and_agreeing(&file, &compiled);
    // Independent of both: 5050; 4 is attacked by the 3 in the row above (a diagonal); the
    // lengths 5 + 10; 55 cells; the derivative of 5 x² at 3.
    assert_eq!(
        vm.stdout,
        "(5050,True,False)\n(15.0,55)\n([4,5,6],[])\n(14.0,30.0)\n"
    );
}

#[test]
fn list_literals_of_scalars_are_constants_read_in_place() {
    // `[-1, 0, 1]` and the other literals are built once, when the code is generated, and
    // shared; the loops passing them on are native (a list built in place could not be passed
    // where a list is expected: its `[]` is a Bool to native code). A list of one element, of
    // computed elements or of tuples is built as before.
    let file = program(
        "constants.hs",
        "\
around :: Int -> Int -> Int
around x y = length [(x + dx, y + dy) | dx <- [-1, 0, 1], dy <- [-1, 0, 1], (dx, dy) /= (0, 0)]

ring :: Int -> Int
ring n = go n 0
  where
    go 0 acc = acc
    go k acc = go (k - 1) (acc + weigh k [3, 1, 4, 1, 5])

weigh :: Int -> [Int] -> Int
weigh _ [] = 0
weigh k (x : xs) = k * x + weigh k xs

vowels :: String -> Int
vowels s = length [c | c <- s, c `elem` \"aeiou\"]

weights :: [Double]
weights = [0.25, 0.5, 0.25]

main :: IO ()
main = do
  print (sum [around i i | i <- [1 .. 50]], ring 10, vowels \"constant folding\")
  print (sum weights, [x | x <- [7], x > 0], take 2 [(1, 'a'), (2, 'b')])
",
    );
    let vm = compiled_and_agreeing(&file, &["around/2", "ring/1", "weigh/2"]);
    // 8 neighbours each of 50 cells; 14 (1 + ... + 10); the vowels o, a, o, i; then the rest.
    assert_eq!(vm.stdout, "(400,770,4)\n(1.0,[7],[(1,'a'),(2,'b')])\n");
    let listing = run_dnrad(&["dump", "bytecode"], &file);
    let constants: Vec<&str> = listing
        .stdout
        .lines()
        .filter(|l| l.contains("= const ["))
        .collect();
    // (A string literal is a string constant of its own.)
    for first in ["Int(-1)", "Int(3)", "Double(0.25)"] {
        let literal = format!("= const [{first}, ");
        assert!(
            constants.iter().any(|l| l.contains(&literal)),
            "{first}: {constants:#?}"
        );
    }
    // `[7]` has one element, the tuples are not scalars.
    assert!(!constants
        .iter()
        .any(|l| l.contains("Int(7)") || l.contains("Char('b')")));
}

#[test]
fn data_types_are_read_in_place() {
    // A tree of several constructors walked (its nullary constructor returned as a constant),
    // an `Ordering` made of constants on several paths and switched on, a `Maybe` taken
    // apart, `Data.Map`'s and `Data.Set`'s lookups (tuples as keys, `()` as values); under
    // `grad` the tree's labels are duals and the calls take the bytecode path.
    let file = program(
        "data.hs",
        "\
import qualified Data.Map as M
import qualified Data.Set as Set

data Tree = Leaf | Node Tree Int Tree

data T = E | N T Double T

insert :: Int -> Tree -> Tree
insert x Leaf = Node Leaf x Leaf
insert x t@(Node l k r)
  | x < k = Node (insert x l) k r
  | x > k = Node l k (insert x r)
  | otherwise = t

size :: Tree -> Int
size Leaf = 0
size (Node l _ r) = size l + 1 + size r

leftmost :: Tree -> Tree
leftmost Leaf = Leaf
leftmost t@(Node Leaf _ _) = t
leftmost (Node l _ _) = leftmost l

label :: Tree -> Int
label Leaf = -1
label (Node _ k _) = k

classify :: Int -> Int -> Ordering
classify a b = if a < b then LT else if a == b then EQ else GT

below :: [(Int, Int)] -> Int
below [] = 0
below ((a, b) : ps) = (case classify a b of LT -> 1; _ -> 0) + below ps

orZero :: Maybe Int -> Int
orZero Nothing = 0
orZero (Just x) = x

sumT :: T -> Double
sumT E = 0
sumT (N l x r) = sumT l + x * x + sumT r

main :: IO ()
main = do
  let t = foldr insert Leaf [5, 3, 8, 1, 4, 7, 9, 2, 6]
      m = M.fromList [(k, k * k) | k <- [1 .. 5 :: Int]]
      s = Set.fromList [(1, 2), (3, 4 :: Int)]
  print (size t, label (leftmost t), label (leftmost Leaf))
  print (below [(1, 2), (2, 2), (3, 2), (0, 9)], classify 2 1)
  print (orZero (Just 4) + orZero Nothing)
  print (M.member 3 m, M.member 10 m, Set.member (1, 2) s, Set.member (2, 1) s, M.findWithDefault 0 4 m)
  print (sumT (N (N E 1 E) 2 E), grad (\\x -> sumT (N (N E x E) (2 * x) E)) 3)
",
    );
    let compiled = [
        "size/1",
        "leftmost/1",
        "label/1",
        "classify/2",
        "below/1",
        "orZero/1",
        "sumT/1",
    ];
    let vm = compiled_and_agreeing(&file, &compiled);
    // Independent of both: nine labels, the smallest 1; two pairs in order, 2 after 1; 4;
    // the keys 3 (not 10) and (1, 2) (not (2, 1)), 4² = 16; 1² + 2² and the derivative of
    // x² + (2x)² at 3.
    assert_eq!(
        vm.stdout,
        "(9,1,-1)\n(2,GT)\n4\n(True,False,True,False,16)\n(5.0,30.0)\n"
    );
}

#[test]
fn constructors_with_as_many_fields_are_told_apart_by_their_switch_arm() {
    // An expression tree whose constructors share their numbers of fields (three of two, three
    // of one), taken apart, rebuilt and compared; a constructor missing from a `case` (the
    // VM's error, from native code).
    let file = program(
        "terms.hs",
        "\
data E = Lit Int | Neg E | Abs E | Add E E | Mul E E | Sub E E | X

eval :: Int -> E -> Int
eval _ (Lit n) = n
eval x (Neg a) = negate (eval x a)
eval x (Abs a) = abs (eval x a)
eval x (Add a b) = eval x a + eval x b
eval x (Mul a b) = eval x a * eval x b
eval x (Sub a b) = eval x a - eval x b
eval x X = x

derive :: E -> E
derive (Lit _) = Lit 0
derive (Neg a) = Neg (derive a)
derive (Abs a) = Mul (derive a) (Lit 1)
derive (Add a b) = Add (derive a) (derive b)
derive (Mul a b) = Add (Mul (derive a) b) (Mul a (derive b))
derive (Sub a b) = Sub (derive a) (derive b)
derive X = Lit 1

size :: E -> Int
size (Add a b) = size a + size b + 1
size (Mul a b) = size a + size b + 1
size (Sub a b) = size a + size b + 1
size (Neg a) = size a + 1
size (Abs a) = size a + 1
size _ = 1

unsub :: E -> E
unsub (Sub a b) = Add a (Neg b)
unsub (Add a b) = Add (unsub a) (unsub b)

main :: IO ()
main = do
  let e = Sub (Mul X (Add X (Lit 3))) (Neg (Mul (Lit 2) X))
  print (eval 5 e, eval 5 (derive e), size e, size (derive e))
  print (eval 2 (unsub (Sub (Add X X) (Lit 1))))
  print (size (unsub (Mul X X)))
",
    );
    let vm = native_and_agreeing(&file, &["eval/2", "derive/1", "size/1", "unsub/1"]);
    // Independent of both: 5·8 + 10 = 50, d/dx (x² + 3x + 2x) = 2x + 5 = 15 at 5; 3 at 2.
    assert_eq!(vm.stdout, "(50,15,10,20)\n3\n");
    assert_eq!(vm.code, Some(1));
    assert!(
        vm.stderr
            .contains("Non-exhaustive patterns in function unsub")
            && vm.stderr.contains("terms.hs:"),
        "{}",
        vm.stderr
    );
}

#[test]
fn values_of_type_variables_are_passed_by_address() {
    // Polymorphic walks: a length, an index, a last element, a suffix, a pair's component
    // (and a lookup that builds a `Just`, which stays on the VM), a list of pairs built
    // from a type variable's values (`head`'s) that are Chars in the list; called at lists of Ints, of strings
    // and of functions (whose elements native code never looks into), also from a native
    // caller at a list of Ints, and under `grad` (duals as elements).
    let file = program(
        "any.hs",
        "\
count :: Int -> [a] -> Int
count acc [] = acc
count acc (_ : xs) = count (acc + 1) xs

at :: [a] -> Int -> a
at (x : xs) n = if n == 0 then x else at xs (n - 1)
at [] _ = error \"at: too far\"

final :: a -> [a] -> a
final x [] = x
final _ (y : ys) = final y ys

after :: Int -> [a] -> [a]
after 0 xs = xs
after _ [] = []
after n (_ : xs) = after (n - 1) xs

second :: (a, b) -> b
second (_, y) = y

find :: Int -> [(Int, a)] -> Maybe a
find _ [] = Nothing
find k ((j, v) : rest) = if j == k then Just v else find k rest

total :: [Int] -> Int
total xs = count 0 xs + at xs 2

firsts :: [String] -> [(Char, Int)]
firsts ws = [(head w, count 0 w) | w <- ws]

main :: IO ()
main = do
  print (count 0 [1 .. 10 :: Int], count 0 [\"a\", \"bc\"], count 0 ([(+ 1), (* 2)] :: [Int -> Int]))
  print (at \"hello\" 1, at [[1], [2, 3 :: Int]] 1, (at [(+ 1), (* 2)] 1) (5 :: Int))
  print (final 0 [1, 2, 3 :: Int], after 2 \"abcde\", after 9 [True], second ('x', [2.5 :: Double]))
  print (total [4, 5, 6], find 2 [(1, \"one\"), (2, \"two\")], find 3 [(1, 'a')])
  print (grad (\\x -> at [x, x * x, x * x * x] 2) 2)
  print (firsts [\"ab\", \"cde\"])
",
    );
    let compiled = [
        "count/2", "at/2", "final/2", "after/2", "second/1", "total/1", "firsts/1",
    ];
    let vm = compiled_and_agreeing(&file, &compiled);
    // Independent of both: 10, 2 and 2 elements; 'e', [2,3], 5 * 2; the last of three, the
    // suffix after two, none after nine, the second component; 4 + 5 + 6's length 3 plus
    // the third element 6, the value at 2, none at 3; d/dx x³ at 2 is 12; and the error.
    assert_eq!(
        vm.stdout,
        "(10,2,2)\n('e',[2,3],10)\n(3,\"cde\",[],[2.5])\n(9,Just \"two\",Nothing)\n12.0\n\
         [('a',2),('c',3)]\n"
    );
    // An error in native code over such values is the VM's, at its line.
    let line = "print (total [1, 2])";
    fails_at(&file, "any_error.hs", line, "at: too far", "7:11");
}

#[test]
fn native_code_builds_cells_and_frees_them() {
    // Trees and lists built by native code: a search tree's insertion (new nodes along the
    // path, the rest shared), a rotation taking apart a node it built, a loop whose
    // accumulator is a tree it owns, a tail call passing a tree it built, a list built by a
    // recursion, lists built front to back by loops (one over a list it owns), a pair
    // holding a list, `Data.Map`'s balancing at Int keys; and an error
    // raised while native code owns cells. Under `grad` the cells hold duals: bytecode.
    let file = program(
        "cells.hs",
        "\
import qualified Data.Map as M

data Tree = Leaf | Node Tree Int Tree

insert :: Int -> Tree -> Tree
insert x Leaf = Node Leaf x Leaf
insert x t@(Node l k r)
  | x < k = Node (insert x l) k r
  | x > k = Node l k (insert x r)
  | otherwise = t

rotate :: Tree -> Tree
rotate (Node (Node a x b) y c) = Node a x (Node b y c)
rotate t = t

rotated :: Int -> Tree -> Tree
rotated x t = rotate (insert x t)

build :: Tree -> [Int] -> Tree
build t [] = t
build t (x : xs) = build (insert x t) xs

rebuild :: Tree -> [Int] -> Tree
rebuild t xs = finish (insert 0 t) xs

finish :: Tree -> [Int] -> Tree
finish t xs = build t xs

toList :: Tree -> [Int]
toList Leaf = []
toList (Node l k r) = toList l ++ (k : toList r)

depth :: Tree -> Int
depth Leaf = 0
depth (Node l _ r) = 1 + max (depth l) (depth r)

upTo :: Int -> [Int]
upTo 0 = []
upTo n = n : upTo (n - 1)

split :: Int -> [a] -> ([Int], Int)
split n xs = (upTo n, length xs)

checked :: Int -> Tree -> Tree
checked x t = if x > 1000 then error \"too big\" else insert x t

chunks :: Int -> [Int] -> [[Int]]
chunks _ [] = []
chunks n xs = take n xs : chunks n (drop n xs)

scale :: Double -> [Double] -> [Double]
scale _ [] = []
scale k (x : xs) = k * x : scale k xs

main :: IO ()
main = do
  let keys = [(i * 7919) `mod` 1009 | i <- [1 .. 300]]
      t = build Leaf keys
  print (take 8 (toList t), depth t, length (toList t))
  print (toList (rotated 5 (Node (Node Leaf 2 Leaf) 4 Leaf)), toList (rebuild Leaf [3, 1, 2]))
  print (split 4 [True, False], sum (upTo 1000))
  print (M.toList (M.fromList [(k `mod` 37, k) | k <- keys]) !! 5, M.size (M.fromList [(k, ()) | k <- keys]))
  print (sum (scale 2 [1, 2, 3]), grad (\\x -> sum (scale x [1, 2, 3])) 2)
  print (chunks 3 [1 .. 10], length (chunks 2 (upTo 5000)))
  print (depth (checked 5 t))
",
    );
    let compiled = [
        "insert/2",
        "rotate/1",
        "rotated/2",
        "build/2",
        "rebuild/2",
        "finish/2",
        "upTo/1",
        "split/2",
        "checked/2",
        "scale/2",
        "chunks/2",
    ];
    let vm = compiled_and_agreeing(&file, &compiled);
    // Independent of both: 7919 is prime to 1009, so the 300 keys are distinct: the
    // smallest eight of {7919 i mod 1009}, all 300 in order; the rotation of 4 over 2 (5
    // inserted right of 4), [0..3]; 4 downwards and a length of 2, 1000 * 1001 / 2; the
    // sixth key mod 37 present and the last key of that residue, 300 distinct keys; 2 * 6
    // and its derivative in k, 6.
    let mut sorted: Vec<i64> = (1..=300).map(|i| i * 7919 % 1009).collect();
    sorted.sort_unstable();
    let first: Vec<String> = sorted[..8].iter().map(i64::to_string).collect();
    assert!(
        vm.stdout.starts_with(&format!("([{}],", first.join(","))),
        "{}",
        vm.stdout
    );
    assert!(
        vm.stdout
            .contains(",300)\n([2,4,5],[0,1,2,3])\n(([4,3,2,1],2),500500)\n"),
        "{}",
        vm.stdout
    );
    assert!(
        vm.stdout
            .contains("\n(12.0,6.0)\n([[1,2,3],[4,5,6],[7,8,9],[10]],2500)\n"),
        "{}",
        vm.stdout
    );
    let line = "print (depth (checked 5000 t))";
    fails_at(&file, "cells_error.hs", line, "too big", "45:32");
}

#[test]
fn accumulators_build_cells_and_calls_that_never_return_bail() {
    // A loop whose accumulator is a cell it builds from a product (`x : acc`, a list of
    // pairs), and a function that calls one that only fails (compiled: the call bails and
    // the VM reports the error at the failing function's line).
    let file = program(
        "acc.hs",
        "\
revOnto :: [Int] -> [Int] -> [Int]
revOnto acc [] = acc
revOnto acc (x : xs) = revOnto (x : acc) xs

pairsOf :: [(Int, Int)] -> Int -> [(Int, Int)]
pairsOf acc 0 = acc
pairsOf acc n = pairsOf ((n, n * n) : acc) (n - 1)

failWith :: Int -> Int
failWith n = error (\"bad index \" ++ show n)

safeAt :: [Int] -> Int -> Int
safeAt xs i = if i < 0 then failWith i else 1 + xs !! i

nth :: [Int] -> Int -> Int
nth xs i = xs !! i

main :: IO ()
main = do
  print (revOnto [] [1 .. 10], length (revOnto [] [1 .. 100000]))
  print (take 3 (pairsOf [] 1000), safeAt [5, 6, 7] 1, nth [5, 6, 7] 2)
",
    );
    let vm = compiled_and_agreeing(&file, &["revOnto/2", "pairsOf/2", "safeAt/2", "nth/2"]);
    // Independent of both: ten reversed, a hundred thousand kept; the first three squares
    // and one more than the element at 1, the element at 2 (a tail call whose value, a
    // type variable's, is read as an Int).
    assert_eq!(
        vm.stdout,
        "([10,9,8,7,6,5,4,3,2,1],100000)\n([(1,1),(2,4),(3,9)],7,7)\n"
    );
    let line = "print (safeAt [1] (-2))";
    fails_at(&file, "acc_error.hs", line, "bad index -2", "10:14");
}

#[test]
fn a_fold_over_a_partial_application_is_one_native_loop() {
    // `foldl (pull k p)` calls a copy of `foldl` that calls `pull` directly (`simplify/
    // partial.rs`), which the tier compiles with `pull`; `filter (above t)` is specialised too.
    let file = program(
        "partial.hs",
        "\
data P = P !Double !Double

pull :: Double -> P -> P -> Double -> P
pull k (P x y) (P vx vy) w = P (vx + k * w * x) (vy + k * w * y)

sweep :: Double -> P -> [Double] -> P
sweep k p ws = foldl (pull k p) (P 0 0) ws

above :: Int -> Int -> Bool
above t x = x > t

count :: Int -> [Int] -> Int
count t xs = length (filter (above t) xs)

main :: IO ()
main = do
  let P a b = sweep 0.5 (P 1 2) [1 .. 100]
  print (a, b)
  print (count 10 [1 .. 20], map (above 3) [2, 4])
",
    );
    some_native(&file, "foldl#pa");
    let vm = compiled_and_agreeing(&file, &["pull/4"]);
    // Independent of both: the weights sum to 5050, times 0.5 and the point (1, 2); ten of
    // 1..20 above 10.
    assert_eq!(vm.stdout, "(2525.0,5050.0)\n(10,[False,True])\n");
}

#[test]
fn higher_order_library_chains_end_in_native_calls() {
    // `Map.fromListWith (+)` passes a lambda around `(+)` to `fromListWithKey`, which passes
    // one around that to `foldl`, which calls it: each is specialised at the known function
    // it gets (`simplify/partial.rs`, the lambdas lifted by `simplify/lift.rs`), so inserting
    // is a native loop that calls `(+)` directly. Its keys are pairs and its counts Ints,
    // boxed for the polymorphic `balance` (`Shape::builds_cell`). By default the tier compiles
    // mid-run, with the callees of tail calls modulo cons (`link`'s cells).
    let file = program(
        "chains.hs",
        "\
import qualified Data.Map as Map
import Data.Char (isSpace)

type Cell = (Int, Int)

neighbours :: Cell -> [Cell]
neighbours (x, y) = [(x + dx, y + dy) | dx <- [-1, 0, 1], dy <- [-1, 0, 1], (dx, dy) /= (0, 0)]

countWords :: String -> Int
countWords s = case dropWhile isSpace s of
  \"\" -> 0
  s' -> let (_, rest) = break isSpace s' in 1 + countWords rest

main :: IO ()
main = do
  let live = [(x `mod` 13, x `mod` 7) | x <- [1 .. 20000 :: Int]]
      counts = Map.fromListWith (+) [(n, 1 :: Int) | c <- live, n <- neighbours c]
  print (Map.size counts, sum (Map.elems counts), Map.lookup (6, 3) counts)
  print (foldr (\\x acc -> 2 * x + acc) 0 [1 .. 1000 :: Int])
  print (countWords (concat (replicate 3000 \"ab cd  ef\\n\")))
",
    );
    some_native(&file, "Data.Map.Internal.insertWithKey#");
    let vm = compiled_and_agreeing(&file, &[]);
    assert_eq!(warm_and_off(&file), vm);
    // Independent of all three: every pair of 0..12 × 0..6 is live (20 000 > 13 · 7), so the
    // cells counted are the 15 × 9 of -1..13 × -1..7, with 8 neighbours per live entry; the
    // cell (6, 3) has its 8 neighbours live, each 219 or 220 times (20000 / 91); the lambda
    // fold is 1000 · 1001; three words a line.
    let expected_middle = 8 * (20000 / 91);
    assert!(vm.stdout.starts_with("(135,160000,Just "), "{}", vm.stdout);
    let middle: i64 = vm.stdout.lines().next().unwrap()["(135,160000,Just ".len()..]
        .trim_end_matches(')')
        .parse()
        .expect("a count");
    assert!(
        (expected_middle..expected_middle + 8).contains(&middle),
        "{middle}"
    );
    assert!(vm.stdout.ends_with("\n1001000\n9000\n"), "{}", vm.stdout);
}

#[test]
fn characters_are_scalars() {
    // Strings walked in place, `Char` parameters, results and constants, every comparison,
    // `ord` and `chr` (out of range: the VM's error, from native code).
    let file = program(
        "chars.hs",
        "\
digits :: Int -> String -> Int
digits acc [] = acc
digits acc (c : cs)
  | c >= '0' && c <= '9' = digits (acc * 10 + fromEnum c - fromEnum '0') cs
  | otherwise = acc

shift :: Int -> Char -> Char
shift k c = if c < 'a' || c > 'z' then c else toEnum ((fromEnum c - 97 + k) `mod` 26 + 97)

order :: Char -> Char -> Int
order a b = (if a == b then 1 else 0) + (if a /= b then 2 else 0) + (if a < b then 4 else 0)
  + (if a <= b then 8 else 0) + (if a > b then 16 else 0) + (if a >= b then 32 else 0)

code :: Int -> Char
code n = toEnum (n * 2)

main :: IO ()
main = do
  print (digits 0 \"120345x7\", digits 0 \"\")
  print (map (shift 3) \"xyz, abc!\", shift 1 '\\1114111')
  print [order a b | a <- \"a\\955\\1114111\", b <- \"\\0a\\955\"]
  print (code 48, code 0x7fff)
  print (code 0x88000)
",
    );
    let vm = native_and_agreeing(&file, &["digits/2", "shift/2", "order/2", "code/1"]);
    // Independent of both: GHC's output (0x110000 is past the last code point).
    assert_eq!(
        vm.stdout,
        "(120345,0)\n(\"abc, def!\",'\\1114111')\n[50,41,14,50,50,41,50,50,50]\n('`','\\65534')\n"
    );
    assert_eq!(vm.code, Some(1));
    assert!(
        vm.stderr.contains("Prelude.chr: bad argument: 1114112"),
        "{}",
        vm.stderr
    );
}

/// GHC's output of the program of `integers_are_held_by_address_and_their_arithmetic_is_the_vms`.
const GHC_INTEGERS: &str = "\
(-36998,1180591620717411303528,111)
9223372036854775803
((3,9.223372036854776e18,True),(3,1.25,True),(4,0.75,False))
(5,-1)
";

#[test]
fn integers_are_held_by_address_and_their_arithmetic_is_the_vms() {
    // Integer parameters, results, constants and data fields; arithmetic across the Int
    // range's ends, comparisons, conversions; a division by zero (the VM's error, from
    // native code).
    let file = program(
        "integers.hs",
        "\
data Term = Lit Integer | Sum Term Term

loop :: Integer -> Integer -> Integer
loop 0 acc = acc
loop n acc = loop (n - 1) (acc + n * n `mod` 7 - n `quot` 3 + n `rem` 5 - n `div` (-4))

steps :: Integer -> Int
steps 1 = 0
steps n = 1 + steps (if even n then n `div` 2 else 3 * n + 1)

value :: Term -> Integer
value (Lit n) = n
value (Sum a b) = value a + value b

mix :: Integer -> Int -> (Int, Double, Bool)
mix n k = (fromInteger n + k, fromInteger n / 4, n > toInteger k && n /= 3)

ratio :: Integer -> Integer -> Integer
ratio a b = negate a `mod` b

main :: IO ()
main = do
  print (loop 1000 0, loop 30 (2 ^ 70), steps 27)
  print (value (Sum (Lit 9223372036854775807) (Sum (Lit 1) (Lit (-5)))))
  print (mix (2 ^ 65) 3, mix 5 (-2), mix 3 1)
  print (ratio (2 ^ 64 + 3) 8, ratio 7 (-2))
  print (ratio 1 0)
",
    );
    let vm = native_and_agreeing(&file, &["loop/2", "steps/1", "value/1", "mix/2", "ratio/2"]);
    // Independent of both: GHC's output.
    assert_eq!(vm.stdout, GHC_INTEGERS);
    assert_eq!(vm.code, Some(1));
    assert!(vm.stderr.contains("divide by zero"), "{}", vm.stderr);
}

#[test]
fn character_classes_are_native_calls_of_the_vms_tables() {
    // `isSpace`, `isAlpha`, `isUpper` (Unicode general categories) and `toUpper` are runtime
    // calls of the VM's own functions from native code.
    let file = program(
        "classes.hs",
        "\
import Data.Char

kinds :: String -> Int -> Int -> Int -> Int -> (Int, Int, Int, Int)
kinds [] a b c d = (a, b, c, d)
kinds (x : xs) a b c d =
  kinds xs (a + fromEnum (isSpace x)) (b + fromEnum (isAlpha x)) (c + fromEnum (isUpper x)) (d + fromEnum (isDigit x))

shout :: String -> Int
shout [] = 0
shout (c : cs) = fromEnum (toUpper c) - fromEnum (toLower c) + shout cs

main :: IO ()
main = do
  print (kinds \"Hello, World 42 \\955\\tX\\8232\" 0 0 0 0)
  print (shout \"abc \\955\", map toUpper \"abc \\955\")
",
    );
    some_native(&file, "isSpace/1");
    let vm = compiled_and_agreeing(&file, &["kinds/5", "shout/1"]);
    // Independent of both (GHC's): three spaces and a tab (U+2028 is a line separator, not a
    // space, to `isSpace`); H, e, l, l, o, W, o, r, l, d, λ, X; H, W, X; 4, 2. Upper minus
    // lower case: -32 for each Latin letter, Λ - λ = 923 - 955.
    assert_eq!(vm.stdout, "(4,12,3,2)\n(-128,\"ABC \\923\")\n");
}

#[test]
fn arrays_are_read_in_place_also_by_loops_that_start_late() {
    // `dotA`'s loops read two arrays element by element; the first dot products come after
    // 400 000 direct calls building the input (past the first warm-up), so by default they are
    // compiled late, when they become hot. A hole read in native code bails to the VM's error.
    let file = program(
        "arrays.hs",
        "\
import Data.Array
import Data.Array.Numeric

build :: Int -> Int -> [Double]
build 0 _ = []
build n s = fromIntegral (s `mod` 7) : build (n - 1) (s * 5 + 1)

main :: IO ()
main = do
  let n = 200000
      x = listArray (0, n - 1) (build n 3)
      y = listArray (0, n - 1) (build n 4)
  print (sum [dotA x y + fromIntegral k | k <- [1 .. 30 :: Int]])
  let holes = listArray (0, 9) [1, 2, 3] :: Array Int Double
  print (dotA holes holes)
",
    );
    let path = file.to_str().expect("UTF-8");
    let lazy = run_dnrad(&["run", "--backend", "vm"], &file);
    let eager = run_dnrad_env(&["run", "--backend", "vm", path], None, None, &NATIVE_EAGER);
    let off = run_dnrad_env(&["run", "--backend", "vm", path], None, None, &NATIVE_OFF);
    let interp = run_dnrad(&["run", "--backend", "interp"], &file);
    assert_eq!(lazy, off);
    assert_eq!(eager, off);
    assert_eq!(
        (interp.stdout.as_str(), interp.code),
        (off.stdout.as_str(), off.code)
    );
    assert_eq!(off.code, Some(1));
    assert!(
        off.stderr.contains("undefined array element"),
        "{}",
        off.stderr
    );
    // Independent of the backends: the same sum in Rust (`mod` is `rem_euclid`, `Int` wraps).
    let build = |mut s: i64| {
        (0..200_000)
            .map(|_| {
                let v = s.rem_euclid(7) as f64;
                s = s.wrapping_mul(5).wrapping_add(1);
                v
            })
            .collect::<Vec<f64>>()
    };
    let (x, y) = (build(3), build(4));
    let dot: f64 = x.iter().zip(&y).map(|(a, b)| a * b).sum();
    let total: f64 = (1..=30).map(|k| dot + f64::from(k)).sum();
    let printed: f64 = off.stdout.trim().parse().expect("a number");
    assert!(
        (printed - total).abs() <= 1e-9 * total,
        "{printed} vs {total}"
    );
}

#[test]
fn differentiated_code_holds_its_dual_numbers_by_address() {
    // The array mode's twins of a scalar function with a comparison (`dualPrimal`), of a
    // function of a record of Doubles and of a stencil's cell over an array of dual numbers
    // (its constants `arrayConst`s folded into the code; the first reads the input array,
    // interleaved by reference) are native; the gradients are the VM's with the tier off,
    // the interpreter's and the closed forms.
    let file = program(
        "twins.hs",
        "\
import Data.Array
import Data.Array.Numeric

poly :: Double -> Double
poly x = if x > 1 then 3 * x * x - x + 2 else x * 0.5 - 1

data P = P Double Double deriving Show

norm :: P -> Double
norm (P x y) = x * x + 3 * y - x * y

smooth :: Array Int Double -> Array Int Double
smooth a = generate (l, h) cell
  where (l, h) = bounds a
        cell i = if i == l || i == h then a ! i
                 else 0.25 * a ! (i - 1) + 0.5 * a ! i + 0.25 * a ! (i + 1)

energy :: Array Int Double -> Double
energy a = let b = smooth (smooth a) in dotA b b

edge :: Array Int Double -> Double
edge v = v ! 0 * v ! 6

main :: IO ()
main = do
  print (map (grad poly) [0.5, 2, 3])
  print (grad norm (P 1.5 2))
  let a = listArray (0, 5) [1, 2, 4, 8, 16, 32]
  print (elems (grad energy a))
",
    );
    let vm = compiled_and_agreeing(&file, &["poly#R/1", "norm#R/1", "edge#R/1"]);
    some_native(&file, "cell#");
    // A read out of an input array's bounds in native code is the VM's error at its line.
    let line = "print (grad edge a)";
    fails_at(
        &file,
        "twins_error.hs",
        line,
        "Index (6) out of range ((0,5))",
        "22:18",
    );
    // poly' = 6x - 1 above 1, 0.5 below; norm's gradient (2x - y, 3 - x).
    let lines: Vec<&str> = vm.stdout.lines().collect();
    assert_eq!(lines[0], "[0.5,11.0,17.0]");
    assert_eq!(lines[1], "P 1.0 1.5");
    // The stencil twice is linear, b = S a with S = M²: the gradient of b · b is 2 Sᵀ S a.
    let m = |v: &[f64]| -> Vec<f64> {
        (0..v.len())
            .map(|i| match i {
                0 => v[0],
                i if i == v.len() - 1 => v[i],
                i => 0.25 * v[i - 1] + 0.5 * v[i] + 0.25 * v[i + 1],
            })
            .collect()
    };
    let mt = |z: &[f64]| -> Vec<f64> {
        let mut out = vec![0.0; z.len()];
        for (i, &zi) in z.iter().enumerate() {
            match i {
                0 => out[0] += zi,
                i if i == z.len() - 1 => out[i] += zi,
                i => {
                    out[i - 1] += 0.25 * zi;
                    out[i] += 0.5 * zi;
                    out[i + 1] += 0.25 * zi;
                }
            }
        }
        out
    };
    let a = [1.0, 2.0, 4.0, 8.0, 16.0, 32.0];
    let b = m(&m(&a));
    let expected: Vec<f64> = mt(&mt(&b)).iter().map(|g| 2.0 * g).collect();
    let printed: Vec<f64> = lines[2]
        .trim_matches(['[', ']'])
        .split(',')
        .map(|x| x.parse().expect("a number"))
        .collect();
    assert_eq!(printed.len(), expected.len());
    for (p, e) in printed.iter().zip(&expected) {
        assert!(
            (p - e).abs() <= 1e-12 * e.abs().max(1.0),
            "{printed:?} vs {expected:?}"
        );
    }
}

#[test]
fn native_arithmetic_is_the_vms() {
    // Every primitive the tier compiles, on the edge cases of its semantics.
    let file = program(
        "arith.hs",
        "\
divs :: Int -> Int -> Int
divs a b = ((a `quot` b) * 1000003 + (a `rem` b)) * 1000003 + (a `div` b) * 7 + (a `mod` b)

ints :: Int -> Int -> Int
ints a b = negate a + a * b - (a - b) + (if a == b then 1 else 0) + (if a /= b then 2 else 0)
  + (if a <= b then 4 else 0) + (if a > b then 8 else 0) + (if a >= b then 16 else 0)

dbl :: Double -> Double -> Double
dbl x y = x / y + exp x - log y + x ** y + atan2 x y + abs x - negate y + sin x * cos y
  + tan x + asin (x / 10) + acos (y / 10) + atan x + sinh x + cosh y + tanh x + asinh x
  + acosh (abs y + 1) + atanh (x / 10) + sqrt (abs y) + fromIntegral (round' x)
  where round' :: Double -> Int
        round' _ = 3

cmps :: Double -> Double -> Int
cmps x y = (if x == y then 1 else 0) + (if x /= y then 2 else 0) + (if x < y then 4 else 0)
  + (if x <= y then 8 else 0) + (if x > y then 16 else 0) + (if x >= y then 32 else 0)
  + (if isNaN x then 64 else 0) + (if isInfinite y then 128 else 0)
  + (if isNegativeZero x then 256 else 0)

main :: IO ()
main = do
  print [divs a b | a <- [7, -7, 0, minBound, maxBound], b <- [2, -2, 1, -1, 3, minBound]]
  print [ints a b | a <- [3, -3, maxBound], b <- [3, 5, minBound]]
  print [dbl x y | x <- [0.5, -0.25, 2], y <- [1.5, 3, 0.1]]
  let nan = 0 / 0 :: Double
      inf = 1 / 0 :: Double
  print [cmps x y | x <- [nan, 1, -0.0, 0, inf], y <- [nan, 1, 0, inf, -inf]]
",
    );
    compiled_and_agreeing(&file, &["divs/2", "ints/2", "cmps/2"]);
}

#[test]
fn division_by_zero_in_native_code_is_the_vms_error_at_its_line() {
    let file = program(
        "divzero.hs",
        "\
step :: Int -> Int -> Int
step a b = if a > 100 then a `div` b else step (a + 7) b

main :: IO ()
main = do
  print (step 0 3)
  print (step 0 0)
",
    );
    assert!(header(&file, "step/2").ends_with("native):"));
    let out = on_and_off(&["run", "--backend", "vm"], &file);
    assert_eq!(out.code, Some(1));
    assert_eq!(out.stdout, "35\n");
    assert!(out.stderr.contains("divide by zero"), "{}", out.stderr);
    assert!(out.stderr.contains("divzero.hs:2:"), "{}", out.stderr);
}

#[test]
fn a_runaway_native_recursion_ends_with_the_vms_error() {
    let file = program(
        "runaway.hs",
        "f :: Int -> Int\nf n = 1 + f (n + 1)\n\nmain :: IO ()\nmain = print (f 0)\n",
    );
    assert!(header(&file, "f/1").ends_with("native):"));
    let out = on_and_off(&["run", "--backend", "vm", "--max-heap", "200M"], &file);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert!(
        out.stderr.contains("stack overflow: recursion "),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("runaway.hs:2:"), "{}", out.stderr);
    // A recursion deep but not runaway finishes: natively as far as the stack allows, then
    // on the VM.
    let deep = program(
        "deep.hs",
        "f :: Int -> Int\nf n = if n == 0 then 0 else 1 + f (n - 1)\n\nmain :: IO ()\nmain = print (f 1000000)\n",
    );
    assert_eq!(
        on_and_off(&["run", "--backend", "vm"], &deep).stdout,
        "1000000\n"
    );
}

#[test]
fn max_time_stops_a_native_infinite_loop() {
    let file = program(
        "spin.hs",
        "spin :: Int -> Double -> Double\nspin n x = spin (n + 1) (x * 0.5 + 1)\n\nmain :: IO ()\nmain = print (spin 0 1)\n",
    );
    assert!(header(&file, "spin/2").ends_with("native):"));
    let args = [
        "run",
        "--backend",
        "vm",
        "--max-time",
        "0.3",
        file.to_str().expect("UTF-8"),
    ];
    let out = run_dnrad_env(&args, None, None, &NATIVE_EAGER);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert!(out.stderr.contains("time limit exceeded"), "{}", out.stderr);
    assert!(out.stderr.contains("spin.hs:2:"), "{}", out.stderr);
}

/// `dotA` and `matVec` of `Array Int Double`s run natively, the dot product of positions
/// (`primDoubleDot`) a runtime call of the VM's own loop, and `dotA` checks the bounds before
/// it multiplies: arrays whose bounds differ are the bounds' error (not an index's), on both
/// backends, tier on and off. Closed forms: Σ i·(i + 1) over 0..9 = 330; the matrix (r, c) ↦
/// r + c times ones, summed: Σ_r (3r + 3) over 0..2 = 18.
#[test]
fn array_dot_products_are_native_and_check_their_bounds_first() {
    let file = program(
        "dots.hs",
        "\
import Data.Array
import Data.Array.Numeric

main :: IO ()
main = do
  let x = listArray (0, 9) [fromIntegral i | i <- [0 .. 9 :: Int]] :: Array Int Double
      y = listArray (0, 9) [fromIntegral i + 1 | i <- [0 .. 9 :: Int]] :: Array Int Double
      m = listArray ((0, 0), (2, 2)) [fromIntegral (r + c) | r <- [0 .. 2], c <- [0 .. 2 :: Int]]
            :: Array (Int, Int) Double
      total k = foldl (\\acc _ -> acc + dotA x y) 0 [1 .. k :: Int]
  print (total 1000 / 1000)
  print (sumA (matVec m (listArray (0, 2) [1, 1, 1])))
  print (dotA x (listArray (0, 8) [1 .. 9]))
",
    );
    some_native(&file, "Data.Array.Numeric.dotA#spec");
    let out = native_and_agreeing(&file, &[]);
    assert_eq!(out.stdout, "330.0\n18.0\n");
    assert_eq!(out.code, Some(1));
    let error = "Data.Array.Numeric.dotA: bounds (0,9) and (0,8) differ";
    assert!(out.stderr.contains(error), "{}", out.stderr);
}

/// A gradient of a global function of a product of scalars is a direct call of its wrapper
/// (`g#grad`, the AD pass's), which native code compiles with the function's twin and the
/// loop around it: the interleave, the end of the forward pass and the reverse pass are
/// runtime calls of the VM's own functions, so the gradients, the backpropagator count and an
/// error inside the forward pass (native code bails there and the VM runs the call again)
/// are the VM's with the tier off and the interpreter's. Closed forms: ∇(x y + 3 x) = (y + 3,
/// x) and h' = 3 x², summed over i = 1 .. 2000 exactly; a record's Int copied, an input no
/// operation reads has gradient 0; ∇(x / y) = (1 / y, -x / y²).
#[test]
fn gradients_of_functions_of_scalars_are_native_loops_of_runtime_calls() {
    let file = program(
        "scalar_gradients.hs",
        "\
data P = P Double Int Double deriving Show

f :: (Double, Double) -> Double
f (x, y) = x * y + 3 * x

g :: P -> Double
g (P x k y) = fromIntegral k * x * x + (if y > 0 then y else 0)

h :: Double -> Double
h x = x * x * x

count :: (Double, Int) -> Double
count (_, k) = fromIntegral k

ratio :: (Double, Double) -> Double
ratio (x, y) = if y == 0 then error \"ratio: zero\" else x / y

loop :: Int -> Double -> Double
loop 0 acc = acc
loop i acc = case grad f (fromIntegral i, 2.5) of
  (a, b) -> loop (i - 1) (acc + a + b + grad h (fromIntegral i))

main :: IO ()
main = do
  print (loop 2000 0)
  print (grad g (P 1.5 3 (-2)))
  print (grad count (1.5, 4))
  print (grad ratio (3.0, 2.0))
",
    );
    let wrappers = ["f#grad/1", "g#grad/1", "h#grad/1", "count#grad/1"];
    let listing = run_dnrad(&["dump", "bytecode", "--all"], &file).stdout;
    for name in wrappers.iter().chain(&["loop/2", "ratio#grad/1"]) {
        assert!(
            listing
                .lines()
                .any(|l| l.starts_with(&format!("{name} (")) && l.ends_with("native):")),
            "{name} is not native in\n{listing}"
        );
    }
    compiled_and_agreeing(&file, &[]);
    let out = on_and_off(&["run", "--stats"], &file);
    assert_eq!(
        out.stdout,
        "8.008013e9\nP 9.0 3 0.0\n(0.0,4)\n(0.5,-0.75)\n"
    );
    // Two operations on the tape a gradient of f, h and g (a product by the constant k is
    // recorded through), one of ratio.
    assert!(
        out.stderr.contains("backpropagator calls: 8003"),
        "{}",
        out.stderr
    );
    fails_at(
        &file,
        "scalar_gradients_error.hs",
        "print (grad ratio (1.0, 0.0))",
        "ratio: zero",
        "16:31",
    );
}

/// The same for a function of arrays of Doubles: the wrapper interleaves each array by
/// reference (an input array), the twin's `dotA` is one operation on the tape (`numDot`, a
/// runtime call), and the gradient's arrays are made from the inputs' cotangents alone; an
/// empty array has no inputs, and arrays of different bounds are `dotA`'s error at its line.
/// Closed forms: ∇(x · y) = (y, x); ∇(k Σv + v · v) = (Σv, k + 2v).
#[test]
fn gradients_of_functions_of_arrays_are_native_too() {
    let file = program(
        "array_gradients.hs",
        "\
import Data.Array
import Data.Array.Numeric

dotArray :: (Array Int Double, Array Int Double) -> Double
dotArray (x, y) = dotA x y

scaled :: (Double, Array Int Double) -> Double
scaled (k, v) = k * sumA v + dotA v v

loop :: Int -> Array Int Double -> Double -> Double
loop 0 _ acc = acc
loop i v acc = case grad dotArray (v, v) of
  (gx, gy) -> loop (i - 1) v (acc + gx ! 2 + gy ! 0)

main :: IO ()
main = do
  let v = listArray (0, 3) [1, 2, 3, 4] :: Array Int Double
  print (loop 1000 v 0)
  print (grad dotArray (v, listArray (0, 3) [5, 6, 7, 8]))
  print (grad scaled (2, v))
  print (grad dotArray (listArray (1, 0) [], listArray (1, 0) []))
",
    );
    some_native(&file, "dotArray#grad/1");
    let vm = compiled_and_agreeing(&file, &["loop/3", "dotArray#R/1"]);
    assert_eq!(
        vm.stdout,
        "4000.0\n\
         (array (0,3) [(0,5.0),(1,6.0),(2,7.0),(3,8.0)],array (0,3) [(0,1.0),(1,2.0),(2,3.0),(3,4.0)])\n\
         (10.0,array (0,3) [(0,4.0),(1,6.0),(2,8.0),(3,10.0)])\n\
         (array (1,0) [],array (1,0) [])\n"
    );
    let stats = on_and_off(&["run", "--stats"], &file);
    // One operation (the dot product) a gradient of non-empty arrays of dotArray, 1 001 of
    // them; the rest are scaled's.
    assert!(
        stats.stderr.contains("backpropagator calls: 1005"),
        "{}",
        stats.stderr
    );
    fails_at(
        &file,
        "array_gradients_error.hs",
        "print (grad dotArray (v, listArray (0, 2) [1, 2, 3]))",
        "bounds (0,3) and (0,2) differ",
        "5:19",
    );
}
