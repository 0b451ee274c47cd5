//! List comprehensions as walks (`core/src/simplify/comprehension.rs`, run for the VM): every
//! shape prints GHC's output on the VM (walks) and on the interpreter (`concatMap`), no
//! `concatMap` call is left in the VM's code, and a runtime error inside a comprehension is the
//! same error at the same place on both.

mod support;

use std::path::Path;
use support::{assert_prints_its_out_on_both_backends, run_dnrad, run_on_both_backends};

fn shapes() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/comprehensions/shapes.hs")
}

#[test]
fn comprehensions_print_ghcs_output_as_walks_and_as_concat_maps() {
    assert_prints_its_out_on_both_backends(&shapes());
}

#[test]
fn the_vm_code_walks_instead_of_calling_concat_map() {
    let out = run_dnrad(&["dump", "bytecode"], &shapes());
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert!(!out.stdout.contains("concatMap"), "{}", out.stdout);
    // One walk per generator: 17 in the program's comprehensions.
    let walks = out
        .stdout
        .lines()
        .filter(|l| l.starts_with("walk#") && l.contains('/'))
        .count();
    assert_eq!(walks, 17, "{}", out.stdout);
}

#[test]
fn an_error_in_a_comprehension_is_the_same_on_both_backends() {
    // The guard lets 0 through after 4: the division by zero is the first error reached. (The
    // column differs: the VM points at the application `100 `div` x`, the interpreter at the
    // operator, in any expression — issue 20.)
    let program = "\
quotients :: [Int] -> [Int]
quotients xs = [100 `div` x | x <- xs, x < 5, x /= 3]

main :: IO ()
main = print (quotients [7, 4, 3, 0, 2])
";
    for (backend, out) in run_on_both_backends("comprehensions", "error.hs", program) {
        assert_eq!(out.code, Some(1), "{backend}: {}", out.stderr);
        assert!(
            out.stderr.contains("divide by zero") && out.stderr.contains("error.hs:2:"),
            "{backend}: {}",
            out.stderr
        );
    }
}
