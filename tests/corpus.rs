//! Runs the acceptance corpus (`tests/corpus/{run,errors,ad,io,ad_nested,arrays}`, a copy of `shared/programs`) through
//! the `dnrad` binary, as a user would, and compares with the expected outputs, with our own
//! realistic programs (`tests/programs`, and `tests/array_programs` on `Data.Array`) and standard
//! library tests (`tests/library`).
//! The corpus is a ratchet: every program named in `tests/corpus_ratchet.txt` must pass; the others
//! are reported. The list only grows. Programs of `ad/`, `ad_nested/`, `arrays/` and `array_programs/`
//! run once per reverse AD mode (`ad/NAME@MODE`); the naive mode skips the programs whose point is
//! exponential sharing.
//! Every case runs on both backends: the interpreter (`ID`) and the VM (`ID@vm`); both must
//! match the expected output and error line, which makes this the backends' differential test.
//! A VM case also runs with the VM's native tier off (`DNRAD_NATIVE=off`): standard output,
//! standard error and the exit code must be the same as with it on.
//! A case is `NAME.hs` or a literate `NAME.lhs`, which may import modules beside it; it may come
//! with `NAME.stdin` (its standard input; otherwise it is empty),
//! `NAME.args` (one line of arguments: `dnrad run NAME.hs -- ARGS`) and `NAME.exit` (the exit
//! code, 0 by default; standard error is not compared). Each run's working directory is a
//! fresh empty one of its own, so programs that write files do not meet each other.

mod support;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use support::{compare_numeric, corpus_dir, run_dnrad_env, Outcome, NATIVE_EAGER, NATIVE_OFF};

/// One corpus program and what it must do.
struct Case {
    /// `dir/name`, as written in the ratchet list.
    id: String,
    path: PathBuf,
    expected_out: String,
    /// For `errors/`: the line the diagnostic must name and its kind (`type`, `runtime`, ...).
    expected_error: Option<(usize, String)>,
    /// `ad/` outputs compare numbers with a tolerance.
    numeric: bool,
    /// Arguments of `dnrad` before the file.
    args: Vec<String>,
    /// The program's arguments (after `--`).
    program_args: Vec<String>,
    /// The program's standard input.
    stdin: Option<String>,
    /// The exit code a case without an error must end with.
    expected_exit: i32,
}

const AD_MODES: [&str; 4] = ["naive", "staged", "cayley", "array"];

/// Programs that the naive mode cannot finish: their point is exponential sharing, or (Newton's
/// iterations, each using its iterate several times) their paths multiply with every step.
fn exponential_for_naive(stem: &str) -> bool {
    stem.contains("complexity") || stem.contains("sharing") || stem == "newton_root"
}

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for dir in VENDORED.into_iter().chain(OURS) {
        let root = if OURS.contains(&dir) {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests")
        } else {
            corpus_dir()
        };
        let mut files: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
            .expect("corpus directory")
            .map(|e| e.expect("corpus entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "hs" || e == "lhs"))
            .collect();
        files.sort();
        for path in files {
            let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
            let expected_out =
                std::fs::read_to_string(path.with_extension("out")).expect(".out file");
            let expected_error = std::fs::read_to_string(path.with_extension("err"))
                .ok()
                .map(|s| {
                    let mut words = s.split_whitespace();
                    let line = words.next().and_then(|l| l.parse().ok());
                    let kind = words.next().map(String::from);
                    line.zip(kind)
                        .expect("`.err` holds a line number and a kind")
                });
            let companion = |ext: &str| std::fs::read_to_string(path.with_extension(ext)).ok();
            let program_args: Vec<String> = companion("args")
                .map(|l| l.split_whitespace().map(String::from).collect())
                .unwrap_or_default();
            let stdin = companion("stdin");
            let expected_exit = companion("exit")
                .map_or(0, |c| c.trim().parse().expect("`.exit` holds an exit code"));
            let run = |id: String, args: &[&str]| Case {
                id,
                path: path.clone(),
                expected_out: expected_out.clone(),
                expected_error: expected_error.clone(),
                numeric: numeric_dir(dir),
                args: args.iter().map(|a| a.to_string()).collect(),
                program_args: program_args.clone(),
                stdin: stdin.clone(),
                expected_exit,
            };
            let modes: Vec<Option<&str>> = if numeric_dir(dir) {
                AD_MODES
                    .into_iter()
                    .filter(|m| *m != "naive" || !exponential_for_naive(&stem))
                    .map(Some)
                    .collect()
            } else {
                vec![None]
            };
            for mode in modes {
                for backend in ["interp", "vm"] {
                    let mut id = format!("{dir}/{stem}");
                    let mut args = vec!["run", "--lint", "--backend", backend];
                    if let Some(m) = mode {
                        id.push_str(&format!("@{m}"));
                        args.extend(["--ad", m]);
                    }
                    if backend == "vm" {
                        id.push_str("@vm");
                    }
                    out.push(run(id, &args));
                }
            }
        }
    }
    out
}

/// Run `case` in a fresh working directory of its own, with the environment variables `env`.
fn run_case(case: &Case, env: &[(&str, &str)]) -> Outcome {
    let mut args: Vec<&str> = case.args.iter().map(String::as_str).collect();
    args.push(case.path.to_str().expect("a UTF-8 path"));
    if !case.program_args.is_empty() {
        args.push("--");
        args.extend(case.program_args.iter().map(String::as_str));
    }
    let name = case.id.replace(['/', '@'], "_") + &env.len().to_string();
    let dir = std::env::temp_dir().join(format!("dnrad-corpus-{}/{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a working directory for the case");
    let stdin = case.stdin.as_deref().map(str::as_bytes);
    let outcome = run_dnrad_env(&args, stdin, Some(&dir), env);
    let _ = std::fs::remove_dir_all(&dir);
    outcome
}

/// Why a case failed, or `None` if it passed.
fn check(case: &Case) -> Option<String> {
    let outcome = run_case(case, &NATIVE_EAGER);
    if case.args.iter().any(|a| a == "vm") {
        let off = run_case(case, &NATIVE_OFF);
        if off != outcome {
            return Some(format!(
                "the native tier changed the run\n--- off\n{off:?}\n--- on\n{outcome:?}"
            ));
        }
    }
    let Outcome {
        stdout,
        stderr,
        code,
        timed_out,
    } = outcome;
    if timed_out {
        return Some("timed out".into());
    }
    if stderr.contains("panicked") {
        return Some(format!("dnrad panicked:\n{stderr}"));
    }
    let same_output = if case.numeric {
        compare_numeric(&stdout, &case.expected_out)
    } else {
        stdout == case.expected_out
    };
    if !same_output {
        return Some(format!(
            "stdout differs\n--- expected\n{}--- actual\n{}--- stderr\n{}",
            case.expected_out, stdout, stderr
        ));
    }
    match &case.expected_error {
        None if code != Some(case.expected_exit) => Some(format!(
            "exit code {code:?}, expected {}\n{stderr}",
            case.expected_exit
        )),
        None => None,
        Some(_) if code != Some(1) => Some(format!("expected exit code 1, got {code:?}\n{stderr}")),
        Some((line, kind)) => {
            let file = case.path.file_name().unwrap().to_string_lossy();
            let needle = format!("{file}:{line}:");
            let headline = format!("Error: {kind} error: ");
            if !stderr.contains(&needle) {
                Some(format!("diagnostic does not name {needle}\n{stderr}"))
            } else if !stderr.contains(&headline) {
                Some(format!("diagnostic is not a {kind} error\n{stderr}"))
            } else {
                None
            }
        }
    }
}

fn ratchet() -> BTreeSet<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus_ratchet.txt");
    std::fs::read_to_string(path)
        .expect("tests/corpus_ratchet.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

#[test]
fn corpus_ratchet() {
    let cases = cases();
    let required = ratchet();
    let known: BTreeSet<String> = cases.iter().map(|c| c.id.clone()).collect();
    let unknown: Vec<&String> = required.difference(&known).collect();
    assert!(
        unknown.is_empty(),
        "the ratchet names programs that do not exist: {unknown:?}"
    );

    let results = support::parallel_map(&cases, check);
    let mut regressions = Vec::new();
    let mut passing = 0;
    for (case, failure) in cases.iter().zip(&results) {
        let status = match (failure, required.contains(&case.id)) {
            (None, true) => "pass",
            (None, false) => "PASS (not yet on the ratchet: add it)",
            (Some(_), true) => "FAIL (ratchet)",
            (Some(_), false) => "fail",
        };
        passing += usize::from(failure.is_none());
        eprintln!("{status:>40}  {}", case.id);
        if let (Some(why), true) = (failure, required.contains(&case.id)) {
            regressions.push(format!("{}: {why}", case.id));
        }
    }
    eprintln!(
        "corpus: {passing}/{} programs pass, {} on the ratchet",
        cases.len(),
        required.len()
    );
    assert!(
        regressions.is_empty(),
        "ratchet programs failed:\n{}",
        regressions.join("\n\n")
    );
}

/// Directories whose programs differentiate: numbers compare with a tolerance and every case
/// runs once per reverse AD mode.
fn numeric_dir(dir: &str) -> bool {
    matches!(dir, "ad" | "ad_nested" | "arrays" | "array_programs")
}

/// Our own directories under `tests/`: `programs/`, whole realistic programs (outputs from GHC);
/// `library/`, the standard library's modules function by function (outputs from GHC);
/// `array_programs/`, realistic programs on `Data.Array` (outputs from GHC, derivatives from
/// closed forms).
const OURS: [&str; 3] = ["programs", "library", "array_programs"];

/// The shared corpus' directories this one vendors (`tests/corpus/DIR`).
const VENDORED: [&str; 6] = ["run", "errors", "ad", "io", "ad_nested", "arrays"];

/// The files under `dir`, relative to it, sorted; folders named `oracle` (the programs that
/// computed `ad/` references, kept in the shared corpus for reference only) are left out.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![PathBuf::new()];
    while let Some(rel) = todo.pop() {
        let Ok(entries) = std::fs::read_dir(dir.join(&rel)) else {
            continue;
        };
        for entry in entries.flatten() {
            let rel = rel.join(entry.file_name());
            if entry.path().is_dir() {
                if entry.file_name() != "oracle" {
                    todo.push(rel);
                }
            } else {
                out.push(rel);
            }
        }
    }
    out.sort();
    out
}

/// The vendored corpus must not drift from the shared acceptance corpus when that is available:
/// the same files (programs, modules, expected outputs, inputs), byte for byte.
#[test]
fn vendored_corpus_matches_shared() {
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/programs");
    if !shared.is_dir() {
        eprintln!("no ../shared/programs here; nothing to compare");
        return;
    }
    for dir in VENDORED {
        let (ours, theirs) = (corpus_dir().join(dir), shared.join(dir));
        assert_eq!(
            files_under(&ours),
            files_under(&theirs),
            "tests/corpus/{dir} has other files than shared/programs/{dir}"
        );
        for rel in files_under(&theirs) {
            assert!(
                std::fs::read(ours.join(&rel)).ok() == std::fs::read(theirs.join(&rel)).ok(),
                "tests/corpus/{dir}/{} differs from shared/programs",
                rel.display()
            );
        }
    }
}
