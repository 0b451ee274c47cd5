//! Runs every benchmark program of `benches/programs/` at its default size (no arguments) on
//! both backends, with the lint, and compares standard output exactly with `NAME.out`, which
//! GHC produced; the VM runs with its native tier on and off (`DNRAD_NATIVE=off`), which must
//! print the same and end the same way. It times nothing: the speed of these programs is measured by
//! `benches/programs.rs` and `benches/programs/compare.sh`, at the sizes their `-- bench:`
//! lines give, which must stay out of this test (they take seconds each).

mod support;

#[path = "../benches/support/programs.rs"]
mod programs;

use std::path::Path;
use support::{parallel_map, run_dnrad_env, NATIVE_EAGER, NATIVE_OFF};

/// Why `program` failed on `backend` (`vm-off`: the VM without its native tier), or `None`
/// if it printed its `.out`.
fn check(program: &Path, backend: &str) -> Option<String> {
    let expected = std::fs::read_to_string(program.with_extension("out")).expect("a .out file");
    let file = program.to_str().expect("a UTF-8 path");
    let (backend, env) = match backend {
        "vm-off" => ("vm", &NATIVE_OFF[..]),
        "vm" => ("vm", &NATIVE_EAGER[..]),
        _ => (backend, &[][..]),
    };
    let out = run_dnrad_env(
        &["run", "--lint", "--backend", backend, file],
        None,
        None,
        env,
    );
    if out.timed_out {
        return Some("timed out".into());
    }
    if out.code != Some(0) || out.stdout != expected {
        return Some(format!(
            "exit code {:?}\n--- expected\n{expected}--- actual\n{}--- stderr\n{}",
            out.code, out.stdout, out.stderr
        ));
    }
    None
}

#[test]
fn benchmark_programs_print_ghcs_output_on_both_backends() {
    // Every program has its `-- bench:` line, or this panics.
    let programs = programs::bench_programs();
    assert!(
        programs.len() >= 15,
        "benches/programs has {} programs",
        programs.len()
    );
    let cases: Vec<(&Path, &str)> = programs
        .iter()
        .flat_map(|p| {
            [
                (p.path.as_path(), "vm"),
                (p.path.as_path(), "vm-off"),
                (p.path.as_path(), "interp"),
            ]
        })
        .collect();
    let failures: Vec<String> = parallel_map(&cases, |(p, backend)| {
        check(p, backend).map(|why| format!("{} on {backend}: {why}", p.display()))
    })
    .into_iter()
    .flatten()
    .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
