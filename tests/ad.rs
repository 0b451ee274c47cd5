//! Automatic differentiation through the `dnrad` binary: every reverse mode on the gradient
//! example (against closed-form values), the complexity claim by counting backpropagator calls,
//! and the user-facing errors of grad / vjp / jvp.

mod support;

use std::path::{Path, PathBuf};
use support::AD_MODES as MODES;
use support::{assert_output_in_every_mode_on_both_backends, compare_numeric, run_dnrad};

fn temp_program(name: &str, text: &str) -> PathBuf {
    support::temp_program("ad", name, text)
}

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name)
}

#[test]
fn gradient_example_agrees_with_closed_forms_in_every_mode() {
    // Rosenbrock at (1.5, 2): ∂x = -2(1-x) - 400x(y-x²) = 151, ∂y = 200(y-x²) = -50.
    // vjp of (x*z, sin x) at (2, 3) with cotangent (1, 0) is (z, x) = (3, 2).
    // The least-squares line through the example's points is a = 1.94, b = 1.09.
    let expected = "(151.0,-50.0)\n(6.0,0.9092974268256817)\n(3.0,2.0)\n(6.5,151.0)\n[1.94,1.09]\n";
    for mode in MODES {
        let out = run_dnrad(&["run", "--lint", "--ad", mode], &example("gradient.hs"));
        assert_eq!(out.code, Some(0), "{mode}: {}", out.stderr);
        assert!(
            compare_numeric(&out.stdout, expected),
            "{mode}:\n{}",
            out.stdout
        );
    }
}

/// Differentiated calls of function values of every shape the VM fuses or not: a function that
/// works before returning its second lambda, one chosen at run time, a partial application and
/// a lambda, on both backends, against closed forms.
#[test]
fn gradients_through_curried_function_values_agree_with_closed_forms() {
    let file = temp_program(
        "curried.hs",
        "scaleThen :: Double -> Double -> Double\n\
         scaleThen a = let k = a * a in \\b -> k * b\n\
         choose :: Bool -> Double -> Double -> Double\n\
         choose c = if c then (\\x y -> x * y) else (\\x y -> x / y)\n\
         apply2 :: (a -> b -> c) -> a -> b -> c\n\
         apply2 f x y = f x y\n\
         f :: (Double, Double) -> Double\n\
         f (x, y) = apply2 scaleThen x y + apply2 (choose (x > 0)) x y + g x y\n\
         g :: Double -> Double -> Double\n\
         g x y = apply2 (\\a b -> sin a * b) x y + sum (zipWith (apply2 (*)) [x, y] [y, x])\n\
         main :: IO ()\n\
         main = print (grad f (1.5, 2.0))\n",
    );
    // f = x²y + xy + y sin x + 2xy: ∂x = 2xy + y + y cos x + 2y, ∂y = x² + x + sin x + 2x.
    let (x, y) = (1.5f64, 2.0f64);
    let dx = 2.0 * x * y + y + y * x.cos() + 2.0 * y;
    let dy = x * x + x + x.sin() + 2.0 * x;
    let expected = format!("({dx:?},{dy:?})\n");
    assert_output_in_every_mode_on_both_backends(&file, &expected);
}

/// `grad (doubleLoop n) 1.0`: n additions `x + x`, each sharing its argument twice.
fn bp_calls(mode: &str, n: u32) -> u64 {
    let file = temp_program(
        &format!("count_{mode}_{n}.hs"),
        &format!(
            "doubleLoop :: Int -> Double -> Double\n\
             doubleLoop n x = if n == 0 then x else doubleLoop (n - 1) (x + x)\n\
             main :: IO ()\n\
             main = print (grad (doubleLoop {n}) 1.0)\n"
        ),
    );
    let out = run_dnrad(&["run", "--stats", "--ad", mode], &file);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(out.stdout, format!("{:.1}\n", 2f64.powi(n as i32)));
    support::reported_bp_calls(&out.stderr)
}

#[test]
fn naive_mode_is_exponential_under_sharing_and_the_staged_modes_call_each_backpropagator_once() {
    for n in [8, 12, 16] {
        // Without sharing, the backpropagator of level k runs 2^(n-k) times.
        assert_eq!(bp_calls("naive", n), 2u64.pow(n) - 1, "naive, n = {n}");
        for mode in ["staged", "cayley", "array"] {
            assert_eq!(bp_calls(mode, n), u64::from(n), "{mode}, n = {n}");
        }
    }
}

#[test]
fn differentiating_at_a_type_with_a_function_is_a_type_error_at_the_call_site() {
    let file = temp_program(
        "higher.hs",
        "apply1 :: (Double -> Double) -> Double\napply1 f = f 1.0\n\n\
         main :: IO ()\nmain = let g = grad apply1 (\\x -> x) in print 1\n",
    );
    let out = run_dnrad(&["check"], &file);
    assert_eq!(out.code, Some(1));
    assert!(out.stderr.contains("higher.hs:5:16"), "{}", out.stderr);
    assert!(out.stderr.contains("contains a function"), "{}", out.stderr);
}

/// Run `main` (with `decls` before it) in every mode on both backends: a runtime error at
/// the program's `main` line whose message ends with `message`.
fn assert_shape_error(name: &str, decls: &str, main: &str, message: &str) {
    let file = temp_program(
        name,
        &format!("{decls}\nmain :: IO ()\nmain = do\n  {main}\n"),
    );
    let line = decls.lines().count() + 4;
    for backend in ["vm", "interp"] {
        for mode in MODES {
            let out = run_dnrad(&["run", "--backend", backend, "--ad", mode], &file);
            assert_eq!(out.code, Some(1), "{backend} {mode}: {}", out.stderr);
            assert!(
                out.stderr.contains(&format!("runtime error: {message}\n")),
                "{backend} {mode}: {}",
                out.stderr
            );
            assert!(
                out.stderr.contains(&format!("{name}:{line}:")),
                "{backend} {mode}: {}",
                out.stderr
            );
        }
    }
}

const COTANGENT_SHAPE: &str =
    "vjp: the cotangent passed to the backpropagator does not have the shape of the function's \
     output: ";

const TANGENT_SHAPE: &str = "jvp: the tangent does not have the shape of the input: ";

/// The message names the first position where the shapes differ (constructor fields, list
/// elements, a list's length, a constructor by its number in its type).
#[test]
fn a_cotangent_of_the_wrong_shape_is_a_runtime_error_naming_the_position() {
    let decls = "data Shape = Dot | Circle Double | Box Double Double\n\n\
                 f1 :: Double -> [Double]\nf1 x = [x, 2.0 * x]\n\n\
                 f2 :: Double -> (Double, (Double, [Double]))\nf2 x = (x, (x, [x, x, x]))\n\n\
                 f3 :: Double -> [[Double]]\nf3 x = [[x], [x, x, x], [x]]\n\n\
                 f4 :: Double -> (Double, [Shape])\nf4 x = (x, [Circle x, Box x x])\n\n\
                 f5 :: Double -> (Maybe Double, Double)\nf5 x = (Just x, x)\n";
    let cases = [
        (
            "vjp f1 1.0",
            "[1.0]",
            "the output's list has 2 elements where the cotangent's has 1",
        ),
        (
            "vjp f1 1.0",
            "[]",
            "the output's list has 2 elements where the cotangent's has 0",
        ),
        (
            "vjp f2 1.0",
            "(1.0, (1.0, [1.0, 1.0, 1.0, 1.0]))",
            "at field 2 of 2, field 2 of 2: the output's list has 3 elements where the \
             cotangent's has 4",
        ),
        (
            "vjp f3 1.0",
            "[[1.0], [1.0, 1.0], [1.0]]",
            "at element 2 of a list: the output's list has 3 elements where the cotangent's \
             has 2",
        ),
        (
            "vjp f3 1.0",
            "[[1.0], [1.0, 1.0, 1.0]]",
            "the output's list has 3 elements where the cotangent's has 2",
        ),
        (
            "vjp f4 1.0",
            "(1.0, [Circle 1.0, Dot])",
            "at field 2 of 2, element 2 of a list: the output has constructor #3 of its type \
             (2 fields) where the cotangent has constructor #1 of its type (no fields)",
        ),
        (
            "vjp f5 1.0",
            "(Nothing, 1.0)",
            "at field 1 of 2: the output has constructor #2 of its type (1 field) where the \
             cotangent has constructor #1 of its type (no fields)",
        ),
    ];
    for (k, (call, cotangent, position)) in cases.iter().enumerate() {
        let main = format!("let (_, back) = {call} in print (back {cotangent})");
        let message = format!("{COTANGENT_SHAPE}{position}");
        assert_shape_error(&format!("shape{k}.hs"), decls, &main, &message);
    }
    // A backpropagator of a nested level.
    let main = "print (grad (\\x -> let (_, back) = vjp f5 x in back (Nothing, 1.0)) 1.0)";
    let message = format!("{COTANGENT_SHAPE}{}", cases[6].2);
    assert_shape_error("shape_nested.hs", decls, main, &message);
}

#[test]
fn a_tangent_of_the_wrong_shape_is_a_runtime_error_naming_the_position() {
    let decls = "g :: (Double, [Double]) -> Double\ng (a, xs) = a * sum xs\n";
    let message = format!(
        "{TANGENT_SHAPE}at field 2 of 2: the input's list has 2 elements where the tangent's has 1"
    );
    let main = "print (jvp g (1.0, [1.0, 2.0]) (1.0, [1.0]))";
    assert_shape_error("tangent.hs", decls, main, &message);
    // At a nested forward level, inside jvp (every mode) and inside grad.
    let inner = "(\\x -> fst (jvp g (x, [x, 2.0]) (1.0, [1.0])))";
    let main = format!("print (jvp {inner} 1.0 1.0)");
    assert_shape_error("tangent_jvp.hs", decls, &main, &message);
    let main = format!("print (grad {inner} 1.0)");
    assert_shape_error("tangent_grad.hs", decls, &main, &message);
}

#[test]
fn grad_subcommand_prints_the_gradient_at_a_value() {
    let out = support::run_dnrad_args(&[
        "grad",
        example("gradient.hs").to_str().unwrap(),
        "rosenbrock",
        "--at",
        "(1.5, 2.0)",
    ]);
    assert_eq!(
        (out.code, out.stdout.as_str()),
        (Some(0), "(151.0,-50.0)\n"),
        "{}",
        out.stderr
    );
    let out = support::run_dnrad_args(&[
        "grad",
        example("gradient.hs").to_str().unwrap(),
        "squaredError",
        "--at",
        "[1.0, 1.0]",
    ]);
    // ∂/∂a = Σ 2(a x + b - y) x, ∂/∂b = Σ 2(a x + b - y) at a = b = 1.
    assert_eq!(
        (out.code, out.stdout.as_str()),
        (Some(0), "[-27.4,-12.0]\n"),
        "{}",
        out.stderr
    );
}

#[test]
fn dump_ad_shows_the_twins_of_the_users_functions() {
    let out = run_dnrad(&["dump", "ad", "--ad", "staged"], &example("gradient.hs"));
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert!(out.stdout.contains("rosenbrock = twin"), "{}", out.stdout);
    assert!(out.stdout.contains("rosenbrock#R ::"), "{}", out.stdout);
    assert!(out.stdout.contains("Dual ArrayBp"), "{}", out.stdout);
    assert!(!out.stdout.contains("\nmap ::"), "the Prelude is not shown");
}

#[test]
fn a_polymorphic_gradient_descent_helper_differentiates_its_parameter_in_every_mode() {
    // `grad` at a type variable: the helper knows nothing of its parameter type.
    let file = temp_program(
        "gd.hs",
        "class Param p where\n  step :: Double -> p -> p -> p\n\
         instance Param Double where\n  step r x g = x - r * g\n\
         data Line = Line Double Double deriving (Show)\n\
         instance Param Line where\n  step r (Line a b) (Line ga gb) = Line (a - r * ga) (b - r * gb)\n\
         gd :: Param p => (p -> Double) -> p -> Int -> p\n\
         gd f p n = if n == 0 then p else gd f (step 0.1 p (grad f p)) (n - 1)\n\
         main :: IO ()\nmain = do\n  print (gd (\\x -> (x - 3.0) * (x - 3.0)) 0.0 200)\n  \
         print (gd (\\(Line a b) -> (a - 1.0) ^ 2 + (b + 2.0) ^ 2) (Line 0.0 0.0) 200)\n",
    );
    for mode in MODES {
        let out = run_dnrad(&["run", "--lint", "--ad", mode], &file);
        assert_eq!(out.code, Some(0), "{mode}: {}", out.stderr);
        assert!(
            compare_numeric(&out.stdout, "3.0\nLine 1.0 (-2.0)\n"),
            "{mode}: {}",
            out.stdout
        );
    }
}

/// `seq` and `$!` are strict `let`s after type inference, so differentiated code through them
/// is ordinary: gradients against closed forms in every mode, on both backends.
#[test]
fn seq_and_strict_application_differentiate() {
    let file = temp_program(
        "strict.hs",
        "square :: Double -> Double\n\
         square z = z * z\n\
         f :: (Double, Double) -> Double\n\
         f (x, y) = let p = x * y in p `seq` (square $! p + x)\n\
         sumSquares :: Int -> Double -> Double -> Double\n\
         sumSquares n acc x = if n == 0 then acc else acc `seq` sumSquares (n - 1) (acc + x * x) x\n\
         main :: IO ()\n\
         main = do\n\
         \x20 print (grad f (1.5, 2.0))\n\
         \x20 print (grad (sumSquares 1000 0) 3.0)\n",
    );
    // f = (xy + x)²: ∂x = 2(xy + x)(y + 1), ∂y = 2(xy + x)x; sumSquares n 0 x = n x², so 2nx.
    let (x, y) = (1.5f64, 2.0f64);
    let v = x * y + x;
    let expected = format!("({:?},{:?})\n6000.0\n", 2.0 * v * (y + 1.0), 2.0 * v * x);
    assert_output_in_every_mode_on_both_backends(&file, &expected);
}

/// Sums of products by constants (`0.25 * x + 0.5 * y`, `x * 3 - y`, a product bound by `let`
/// and used twice, a factor computed from an `Int`, three terms, second derivatives through
/// them) are one `arrayLin` each on the VM (`dnrad_ad::fuse_scalings`), the operations one by
/// one on the interpreter: closed-form gradients, printed the same to the last digit by both
/// backends, with the VM's native tier and without, in every mode.
#[test]
fn constant_scalings_fused_into_sums_keep_every_gradient_to_the_last_bit() {
    let file = temp_program(
        "scalings.hs",
        "f1, f2, f3, f4, f6, h :: (Double, Double) -> Double\n\
         f1 (x, y) = 0.25 * x + 0.5 * y\n\
         f2 (x, y) = x * 3 - y\n\
         f3 (x, y) = x - 2 * y * y\n\
         f4 (x, y) = let s = 1.5 * x in s + s * y\n\
         f5 :: Int -> (Double, Double) -> Double\n\
         f5 n (x, y) = fromIntegral n * x - y * fromIntegral n\n\
         f6 (x, y) = 0.25 * x + 0.5 * y + 0.25 * x\n\
         h (x, y) = 0.5 * x * x + 3 * (x * y)\n\
         main :: IO ()\n\
         main = do\n\
         \x20 let p = (3.0, -2.0)\n\
         \x20 mapM_ (\\f -> print (grad f p)) [f1, f2, f3, f4, f5 4, f6]\n\
         \x20 print (snd (jvp (grad h) p (1.0, 0.0)))\n\
         \x20 print (grad (\\q -> fst (grad h q)) p)\n",
    );
    // ∂f4 = (1.5 + 1.5y, 1.5x); h's gradient (x + 3y, 3x), its derivative along x (1, 3).
    let expected = "(0.25,0.5)\n(3.0,-1.0)\n(1.0,8.0)\n(-1.5,4.5)\n(4.0,-4.0)\n(0.5,0.5)\n\
                    (1.0,3.0)\n(1.0,3.0)\n";
    for mode in MODES {
        let args = ["run", "--lint", "--ad", mode, "--backend"];
        for (backend, env) in [
            ("interp", &[][..]),
            ("vm", &support::NATIVE_EAGER[..]),
            ("vm", &support::NATIVE_OFF[..]),
        ] {
            let path = file.to_str().expect("a UTF-8 path");
            let args = [&args[..], &[backend, path]].concat();
            let out = support::run_dnrad_env(&args, None, None, env);
            assert_eq!(
                (out.code, out.stdout.as_str()),
                (Some(0), expected),
                "{backend} {mode} {env:?}: {}",
                out.stderr
            );
        }
    }
    let listing = run_dnrad(&["dump", "bytecode"], &file).stdout;
    let fused = listing.matches("prim arrayLin").count();
    assert!(fused >= 6, "one arrayLin a sum of scalings:\n{listing}");
}
