//! Nested differentiation through the `dnrad` binary: Hessians of 24 functions of 1–5 variables
//! by the four pairings of forward and reverse mode against each other and against central
//! finite differences of the gradient, third derivatives against closed forms, perturbation
//! confusion in every pairing, and the cost of a nested gradient by counting backpropagator
//! calls. Each runs in every reverse mode on both backends.

mod support;

use std::path::PathBuf;
use support::run_dnrad;

fn temp_program(name: &str, text: &str) -> PathBuf {
    support::temp_program("ad_nested", name, text)
}

const BACKENDS: [&str; 2] = ["vm", "interp"];

/// The numbers in `s` (Haskell's `show` of Doubles), in order.
fn numbers(s: &str) -> Vec<f64> {
    s.split(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | '-' | 'e')))
        .filter(|t| !t.is_empty() && t.chars().any(|c| c.is_ascii_digit()))
        .map(|t| t.parse().unwrap_or_else(|_| panic!("a number: {t}")))
        .collect()
}

fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance * a.abs().max(b.abs()).max(1.0)
}

/// Each of `actual` close to the number at the same position of `expected`.
fn assert_all_close(actual: &[f64], expected: &[f64], tolerance: f64, what: &str) {
    for (a, b) in actual.iter().zip(expected) {
        assert!(close(*a, *b, tolerance), "{what}: {a} vs {b}");
    }
}

/// Run `text` in every reverse mode on both backends (with the lint), expecting success; the
/// outputs.
fn outputs(name: &str, text: &str) -> Vec<String> {
    let file = temp_program(name, text);
    let mut outs = Vec::new();
    for backend in BACKENDS {
        for mode in support::AD_MODES {
            let args = ["run", "--lint", "--backend", backend, "--ad", mode];
            let out = run_dnrad(&args, &file);
            assert_eq!(out.code, Some(0), "{backend} {mode}: {}", out.stderr);
            outs.push(out.stdout);
        }
    }
    outs
}

const HESSIANS: &str = r#"
data V = V Double Double

norm2 :: V -> Double
norm2 (V a b) = a * a + b * b

powSeries :: Int -> Double -> Double
powSeries 0 _ = 1
powSeries k x = 1 + x * powSeries (k - 1) x / fromIntegral k

fs :: [(String, [Double] -> Double, [Double])]
fs =
  [ ("sinexp", \[x] -> sin x * exp x, [0.7])
  , ("rational", \[x] -> x ^ 3 / (1 + x ^ 2), [1.3])
  , ("abs", \[x] -> abs x * x * x, [-0.8])
  , ("atan", \[x] -> atan (2 * x) + acos (x / 3), [0.4])
  , ("rosenbrock", \[x, y] -> (1 - x) ^ 2 + 100 * (y - x * x) ^ 2, [-1.2, 1.0])
  , ("sinprod", \[x, y] -> x * y + sin (x * y), [0.5, -1.5])
  , ("expcos", \[x, y] -> exp (x - y) * cos y, [0.3, 0.9])
  , ("logquad", \[x, y] -> log (1 + x * x + y * y), [1.1, -0.4])
  , ("atan2", \[x, y] -> atan2 y x * sqrt (x * x + y * y), [0.6, 0.8])
  , ("power", \[x, y] -> x ** y + y ** 2.5, [1.7, 0.6])
  , ("branch", \[x, y] -> if x > y then x * x * y else y * y * x, [0.9, 0.2])
  , ("hyperbolic", \[x, y] -> sinh x * cosh y + asinh (x * y) + tanh (x - y), [0.3, 0.7])
  , ("product3", \[x, y, z] -> x * y * z + x / (1 + z * z), [1.5, -0.5, 2.0])
  , ("norm3", \[x, y, z] -> sqrt (x * x + y * y + z * z), [1.0, 2.0, -2.0])
  , ("tanhmix", \[x, y, z] -> tanh (x + 2 * y - z) * y, [0.1, 0.2, 0.3])
  , ("horner", \[a, b, c] -> foldr (\k acc -> k + a * acc) 0 [b, c, a * b, 1.5], [0.6, -1.1, 0.8])
  , ("bilinear", \[a, b, c, d] -> (a * b - c * d) ^ 2 + a * d, [1.0, 2.0, 0.5, -1.0])
  , ("softplus", \xs -> sum (map (\x -> log (1 + exp x)) xs), [0.1, -0.3, 2.0, 1.2])
  , ("logsumexp", \xs -> log (sum (map exp xs)), [0.5, -1.0, 0.25, 2.0, -0.75])
  , ("quartic", \xs -> sum (map (^ 4) xs) - product xs, [1.1, 0.9, -0.6, 0.7, 1.3])
  , ("datatype", \[a, b, c] -> norm2 (V (a * b) (sin c)) * norm2 (V c a), [0.4, 1.6, -0.9])
  , ("closure", \xs -> let w = [1.5, -2.0, 0.5] in sum (zipWith (\wi x -> wi * sin (wi * x)) w xs), [0.2, 0.4, 0.6])
  , ("recursion", \[x, y] -> powSeries 8 (x * y) + powSeries 5 x, [0.6, 1.2])
  , ("sqrtdiv", \[x, y, z, u] -> sqrt (x * y) / (z + u * u), [2.0, 3.0, 1.5, 0.5])
  ]

unit :: Int -> Int -> [Double]
unit n i = [if j == i then 1 else 0 | j <- [0 .. n - 1]]

shift :: Double -> [Double] -> [Double] -> [Double]
shift h x e = zipWith (\a b -> a + h * b) x e

hessians :: ([Double] -> Double) -> [Double] -> [[[Double]]]
hessians f x =
  let n = length x
      is = [0 .. n - 1]
      e = unit n
      fr = [snd (jvp (grad f) x (e i)) | i <- is]
      rf = [grad (\q -> snd (jvp f q (e i))) x | i <- is]
      rr = [grad (\q -> grad f q !! i) x | i <- is]
      ff = [[snd (jvp (\q -> snd (jvp f q (e i))) x (e j)) | j <- is] | i <- is]
      h = 1.0e-5
      fd = [zipWith (\a b -> (a - b) / (2 * h)) (grad f (shift h x (e i))) (grad f (shift (negate h) x (e i))) | i <- is]
  in [fr, rf, rr, ff, fd]

main :: IO ()
main = mapM_ (\(name, f, x) -> putStrLn (name ++ " " ++ show (length x) ++ " " ++ show (hessians f x))) fs
"#;

#[test]
fn hessians_by_the_four_pairings_agree_with_each_other_and_with_finite_differences() {
    for out in outputs("hessians.hs", HESSIANS) {
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 24, "{out}");
        for line in lines {
            let (name, rest) = line.split_once(' ').expect("a name");
            let (n, matrices) = rest.split_once(' ').expect("a size");
            let n: usize = n.parse().expect("a size");
            let xs = numbers(matrices);
            assert_eq!(xs.len(), 5 * n * n, "{name}: {matrices}");
            let matrix = |k: usize| &xs[k * n * n..(k + 1) * n * n];
            let fr = matrix(0);
            for (k, pairing) in [
                "reverse over forward",
                "reverse over reverse",
                "forward over forward",
            ]
            .iter()
            .enumerate()
            {
                let what = format!("{name}: forward over reverse vs {pairing}");
                assert_all_close(fr, matrix(k + 1), 1e-9, &what);
            }
            let what = format!("{name}: vs the finite differences");
            assert_all_close(fr, matrix(4), 1e-5, &what);
            let transposed: Vec<f64> = (0..n * n).map(|k| fr[(k % n) * n + k / n]).collect();
            assert_all_close(fr, &transposed, 1e-9, &format!("{name}: symmetric"));
        }
    }
}

/// The derivative of a scalar function by reverse mode (`dr`) and by forward mode (`df`).
const DERIVATIVES: &str = "
dr, df :: (Double -> Double) -> Double -> Double
dr f = grad f
df f x = snd (jvp f x 1)
";

#[test]
fn third_derivatives_agree_with_closed_forms_at_three_levels() {
    let program = r#"
fs :: [(Double -> Double, Double -> Double)]
fs = [ (sin, \x -> negate (cos x))
     , (\x -> exp (2 * x), \x -> 8 * exp (2 * x))
     , (\x -> x ^ 5, \x -> 60 * x * x)
     , (log, \x -> 2 / x ^ 3)
     , (atan, \x -> (6 * x * x - 2) / (1 + x * x) ^ 3) ]

main :: IO ()
main = mapM_ (\(f, f3) -> print [ (dr (dr (dr f)) x, df (df (df f)) x, dr (df (dr f)) x,
                                   df (dr (dr f)) x, dr (dr (df f)) x, f3 x)
                                | x <- [0.3, 1.7] ]) fs
"#;
    for out in outputs("third.hs", &format!("{DERIVATIVES}{program}")) {
        let xs = numbers(&out);
        assert_eq!(xs.len(), 5 * 2 * 6, "{out}");
        for row in xs.chunks(6) {
            assert_all_close(&row[..5], &[row[5]; 5], 1e-9, &out);
        }
    }
}

#[test]
fn jacobians_and_hessians_differentiate_under_an_outer_level() {
    // The API's one-hot values walk the outer level's dual numbers: each line is the derivative
    // of a Jacobian's or a Hessian's entry, then its closed form.
    let program = r#"
f3 :: Double -> Double
f3 y = y * y * y

g :: (Double, Double) -> Double
g (x, y) = x * x * y + sin y

hessTrace :: (Double, Double) -> Double
hessTrace p = case hessian g p of
  [(a, _), (_, d)] -> a + d
  _ -> 0

main :: IO ()
main = do
  print [grad (\x -> head (jacobian f3 x)) 2.0, 6 * 2.0]
  print [grad (\x -> head (jacobianFwd f3 x)) 2.0, 6 * 2.0]
  print [grad (\x -> head (hessian f3 x)) 2.0, 6]
  print [diff (\x -> head (hessian f3 x)) 2.0, 6]
  print [snd (grad hessTrace (0.7, 1.0)), 2 - cos 1.0]
  print [snd (jvp (\x -> fst (head (jacobian (\(a, b) -> a * b + a * a) (x, x)))) 1.5 1.0), 3]
"#;
    for out in outputs("api_nested.hs", program) {
        let xs = numbers(&out);
        assert_eq!(xs.len(), 12, "{out}");
        for pair in xs.chunks(2) {
            assert_all_close(&pair[..1], &pair[1..], 1e-12, &out);
        }
    }
}

#[test]
fn no_perturbation_confusion_in_any_pairing() {
    // d/dx (x · (d/dy (x + y)) 1) at x = 1 is 1; a confused implementation gives 2.
    let program = r#"
main :: IO ()
main = do
  print [outer (\x -> x * inner (\y -> x + y) 1) 1 | outer <- [dr, df], inner <- [dr, df]]
  print [outer (\x -> inner (\y -> x * y * y) x) 1.5 | outer <- [dr, df], inner <- [dr, df]]
  print [a (\x -> b (\y -> c (\z -> x * y * z) 2) 3) 4 | a <- [dr, df], b <- [dr, df], c <- [dr, df]]
"#;
    let expected = "[1.0,1.0,1.0,1.0]\n[6.0,6.0,6.0,6.0]\n[1.0,1.0,1.0,1.0,1.0,1.0,1.0,1.0]\n";
    for out in outputs("confusion.hs", &format!("{DERIVATIVES}{program}")) {
        assert_eq!(out, expected);
    }
}

/// The backpropagator calls of a mixed second derivative through a chain of `n` steps
/// `y ↦ sin (x y) + y` (every value used twice, every step's partial derivatives depending on
/// the outer variable): reverse over reverse. The value is checked against forward over
/// reverse.
fn nested_bp_calls(backend: &str, mode: &str, n: u32) -> u64 {
    let file = temp_program(
        &format!("nested_count_{mode}_{n}.hs"),
        &format!(
            "chain :: Int -> Double -> Double -> Double\n\
             chain n x y = if n == 0 then y else chain (n - 1) x (sin (x * y) + y)\n\
             main :: IO ()\n\
             main = do\n\
             \x20 print (grad (\\x -> grad (\\y -> chain {n} x y) 0.5) 0.3)\n\
             \x20 print (snd (jvp (\\x -> grad (\\y -> chain {n} x y) 0.5) 0.3 1))\n"
        ),
    );
    let args = ["run", "--stats", "--backend", backend, "--ad", mode];
    let out = run_dnrad(&args, &file);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let xs = numbers(&out.stdout);
    assert!(xs.len() == 2 && close(xs[0], xs[1], 1e-9), "{}", out.stdout);
    support::reported_bp_calls(&out.stderr)
}

#[test]
fn a_nested_gradient_calls_each_levels_backpropagators_a_linear_number_of_times() {
    for backend in BACKENDS {
        for mode in ["staged", "cayley", "array"] {
            let calls: Vec<u64> = [10, 20, 30]
                .iter()
                .map(|&n| nested_bp_calls(backend, mode, n))
                .collect();
            // Affine in n (each level resolves each of its operations once), not exponential.
            let what = format!("{backend} {mode}: {calls:?}");
            assert_eq!(calls[1] - calls[0], calls[2] - calls[1], "{what}");
            assert!(calls[1] - calls[0] <= 10 * 16, "{what}");
        }
    }
}

/// GradBench's `particle` eval (`examples/particle.hs`): gradient descent on a simulation whose
/// every step takes a gradient, in all four pairings of the outer and the inner mode, gives
/// GradBench's answer. (Not in the naive mode: each Euler step uses the state several times, so
/// its paths multiply with every step.)
#[test]
fn the_charged_particle_gives_gradbenchs_answer_in_all_four_pairings() {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/particle.hs");
    let runs = ["staged", "cayley", "array"]
        .map(|mode| ("vm", mode))
        .into_iter()
        .chain([("interp", "array")]);
    for (backend, mode) in runs {
        let out = run_dnrad(&["run", "--backend", backend, "--ad", mode], &file);
        assert_eq!(out.code, Some(0), "{backend} {mode}: {}", out.stderr);
        let lines: Vec<&str> = out.stdout.lines().collect();
        assert_eq!(lines.len(), 4, "{}", out.stdout);
        for line in lines {
            let (pairing, w) = line.split_once(' ').expect("a pairing and a number");
            let w: f64 = w.parse().expect("a number");
            assert!(
                close(w, 0.2071918746486116, 1e-12),
                "{backend} {mode} {pairing}: {w}"
            );
        }
    }
}
