//! Wide `case`s on literals as binary searches (`core/src/simplify/literal_cases.rs`, run for
//! the VM): `Int` and `Char` cases (repeated, negative and extreme literals, non-ASCII
//! characters, an `error` default) print GHC's output on the VM (searches) and on the
//! interpreter (chains) and fail with the same error, and the VM's code is a search.

mod support;

use std::path::Path;
use support::run_dnrad;

fn wide() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/literal_cases/wide.hs")
}

#[test]
fn wide_cases_print_ghcs_output_as_searches_and_as_chains() {
    let file = wide();
    let expected = std::fs::read_to_string(file.with_extension("out")).expect("wide.out");
    for backend in ["vm", "interp"] {
        let out = run_dnrad(&["run", "--lint", "--backend", backend], &file);
        assert_eq!(out.stdout, expected, "{backend}: {}", out.stderr);
        // The last line's `letter 'b'` falls through to the default's error.
        assert_eq!(out.code, Some(1), "{backend}");
        assert!(
            out.stderr.contains("runtime error: no letter") && out.stderr.contains("wide.hs:55:"),
            "{backend}: {}",
            out.stderr
        );
    }
}

#[test]
fn the_vm_runs_wide_cases_as_searches_and_narrow_ones_as_chains() {
    let out = run_dnrad(&["dump", "core", "--simplified"], &wide());
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let body = |name: &str| {
        let start = out
            .stdout
            .find(&format!("\n{name} =",))
            .unwrap_or_else(|| panic!("no {name} in\n{}", out.stdout));
        let rest = &out.stdout[start + 1..];
        rest[..rest.find("\n\n").unwrap_or(rest.len())].to_string()
    };
    assert!(body("score").contains("prim#intLt"), "{}", body("score"));
    assert!(body("letter").contains("prim#charLt"), "{}", body("letter"));
    assert!(!body("small").contains("prim#intLt"), "{}", body("small"));
}
