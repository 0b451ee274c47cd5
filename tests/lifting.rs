//! The lambda lifting of local functions (`core/src/simplify/lift.rs`, run for the VM): local
//! functions of every shape print GHC's output on the VM (lifted) and on the interpreter (which
//! runs them unlifted), the hot ones become direct entries, a runtime error inside a lifted
//! loop keeps its message and location, and gradients through lifted loops are the
//! interpreter's in every reverse mode.

mod support;

use std::path::Path;
use support::{
    assert_output_in_every_mode_on_both_backends, assert_prints_its_out_on_both_backends,
    run_dnrad, run_on_both_backends, temp_program,
};

fn locals() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/lifting/locals.hs")
}

#[test]
fn local_functions_print_ghcs_output_lifted_and_unlifted() {
    assert_prints_its_out_on_both_backends(&locals());
}

/// The VM functions of `file` that are lifted local functions' direct entries: `name/arity`.
fn lifted_entries(file: &Path) -> Vec<String> {
    let out = run_dnrad(&["dump", "bytecode"], file);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    out.stdout
        .lines()
        .filter(|l| !l.starts_with(' '))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|f| f.contains("#lift") && f.contains('/'))
        .map(|f| {
            let (name, arity) = f.split_once('/').expect("name/arity");
            let local = name.split('#').next().expect("a name");
            format!("{local}/{arity}")
        })
        .collect()
}

#[test]
fn local_loops_become_direct_entries_with_their_free_variables_as_parameters() {
    let entries = lifted_entries(&locals());
    // `sumTo`'s loop takes `n` first; `ev`/`od` take `base`; `triangle`'s `inner` takes `i`
    // and `outer`'s `n`; `main`'s `loop` takes `k`.
    for expected in ["go/3", "ev/2", "od/2", "inner/3", "outer/2", "loop/2"] {
        assert!(
            entries.iter().any(|e| e == expected),
            "{expected} not among {entries:?}"
        );
    }
    // `weighted`'s loop has ten free variables: it stays a closure.
    assert!(!entries.iter().any(|e| e == "go/12"), "{entries:?}");
}

#[test]
fn an_error_in_a_lifted_loop_keeps_its_message_and_location() {
    let program = "\
count :: Int -> Int -> Int
count limit start = go start
  where
    go i
      | i > limit = error \"past the limit\"
      | otherwise = go (i + 1)

main :: IO ()
main = print (count 10 1)
";
    for (backend, out) in run_on_both_backends("lifting", "error.hs", program) {
        assert_eq!(out.code, Some(1), "{backend}: {}", out.stderr);
        assert!(
            out.stderr.contains("runtime error: past the limit"),
            "{backend}: {}",
            out.stderr
        );
        assert!(
            out.stderr.contains("error.hs:5:21"),
            "{backend}: {}",
            out.stderr
        );
    }
}

#[test]
fn gradients_through_lifted_loops_are_the_interpreters() {
    // d/dx of x^n by a local loop capturing n and x, and of a local Newton iteration (eight
    // steps: each uses `y` twice, so the naive mode's backpropagator calls double per step).
    let program = "\
power :: Int -> Double -> Double
power n x = go n 1
  where
    go 0 acc = acc
    go k acc = go (k - 1) (acc * x)

sqrtNewton :: Double -> Double
sqrtNewton a = go a (0 :: Int)
  where
    go y k
      | k >= 8 = y
      | otherwise = go ((y + a / y) / 2) (k + 1)

main :: IO ()
main = do
  print (grad (power 5) 2)
  print (grad sqrtNewton 9)
";
    let file = temp_program("lifting", "gradient.hs", program);
    // 5 x^4 at 2, and 1 / (2 sqrt 9).
    assert_output_in_every_mode_on_both_backends(&file, "80.0\n0.16666666666666666\n");
}

#[test]
fn a_local_function_of_several_parameters_called_once_builds_no_closure() {
    // `rotate` is inlined at its one call: at its first argument, which leaves the rest of it
    // (a lambda under the `let` of that argument) applied to the second. The application
    // becomes a `let` of the second argument: no lambda is left in `spin`.
    let program = "\
data V = V Double Double

spin :: (V, V) -> Double
spin (v, w) = case rotate v w of V a b -> a + b
  where
    rotate (V x y) (V c s) = V (c * x - s * y) (s * x + c * y)

main :: IO ()
main = print (spin (V 1 2, V 0.5 0.25))
";
    let file = temp_program("lifting", "once.hs", program);
    let core = run_dnrad(&["dump", "core", "--simplified"], &file);
    assert_eq!(core.code, Some(0), "{}", core.stderr);
    let spin: Vec<&str> = core
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with("spin ="))
        .take_while(|l| !l.is_empty())
        .collect();
    assert!(spin.len() > 1, "{}", core.stdout);
    // Only `spin`'s own parameter is a lambda.
    assert_eq!(
        spin.iter().filter(|l| l.contains("\\(")).count(),
        1,
        "{spin:#?}"
    );
    for (backend, out) in run_on_both_backends("lifting", "once.hs", program) {
        assert_eq!(out.stdout, "1.25\n", "{backend}: {}", out.stderr);
    }
}

#[test]
fn a_method_applied_under_the_let_of_its_inlined_wrapper_is_called_directly() {
    // `/=` at pairs is a known instance's method: a wrapper `\p -> Eq#dm#/= .. p` inlined at
    // its first argument is `let p = (dx, dy) in Eq#dm#/= p`, applied to `(0, 0)`; the
    // application goes under the `let` and the now saturated call is simplified in turn, so
    // the comprehension calls the pairs' `==` directly instead of a closure of the default
    // method.
    let program = "\
around :: Int -> Int -> Int
around x y = length [(x + dx, y + dy) | dx <- [-1, 0, 1], dy <- [-1, 0, 1], (dx, dy) /= (0, 0)]

main :: IO ()
main = print (around 3 4)
";
    let file = temp_program("lifting", "method.hs", program);
    let listing = run_dnrad(&["dump", "bytecode"], &file);
    assert_eq!(listing.code, Some(0), "{}", listing.stderr);
    assert!(
        !listing.stdout.contains("= global Eq#dm"),
        "{}",
        listing.stdout
    );
    for (backend, out) in run_on_both_backends("lifting", "method.hs", program) {
        assert_eq!(out.stdout, "8\n", "{backend}: {}", out.stderr);
    }
}
