//! Helpers shared by the integration tests: running the `dnrad` binary with a timeout, a small
//! parallel map, the corpus' numeric output comparison, and the property tests' random inputs.

#![allow(dead_code)] // each test binary uses a different subset

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Generous: the reference interpreter needs ~45 s for core_deep_recursion on a loaded 2-core machine.
pub const TIMEOUT: Duration = Duration::from_secs(300);

pub fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus")
}

/// The environment that turns the VM's native tier off (`backend/src/native`).
pub const NATIVE_OFF: [(&str, &str); 1] = [("DNRAD_NATIVE", "off")];

/// The environment that makes the VM compile native code at the first direct call, not after
/// a warm-up, so that short programs run it too.
pub const NATIVE_EAGER: [(&str, &str); 1] = [("DNRAD_NATIVE", "eager")];

#[derive(PartialEq, Eq, Debug)]
pub struct Outcome {
    pub stdout: String,
    pub stderr: String,
    pub code: Option<i32>,
    pub timed_out: bool,
}

/// Write `text` to a file `name` in this test process's own temporary folder `dnrad-GROUP-PID`.
pub fn temp_program(group: &str, name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dnrad-{group}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("a temporary program");
    path
}

/// Run `dnrad ARGS FILE`, killing it after `TIMEOUT`.
pub fn run_dnrad(args: &[&str], file: &Path) -> Outcome {
    let mut all: Vec<&str> = args.to_vec();
    all.push(file.to_str().expect("a UTF-8 path"));
    run_dnrad_args(&all)
}

/// Run `dnrad ARGS`, killing it after `TIMEOUT`.
pub fn run_dnrad_args(args: &[&str]) -> Outcome {
    run_dnrad_with_input(args, None)
}

/// Run `dnrad ARGS` with `input` on its standard input (a pipe), killing it after `TIMEOUT`.
pub fn run_dnrad_with_input(args: &[&str], input: Option<&str>) -> Outcome {
    run_dnrad_in(args, input, None)
}

/// Run `dnrad ARGS` in the working directory `dir` (by default this process's) with `input` on
/// its standard input (a pipe; without input, standard input is empty), killing it after
/// `TIMEOUT`.
pub fn run_dnrad_in(args: &[&str], input: Option<&str>, dir: Option<&Path>) -> Outcome {
    run_dnrad_bytes(args, input.map(str::as_bytes), dir)
}

/// `run_dnrad_in` with standard input given as bytes (which need not be UTF-8).
pub fn run_dnrad_bytes(args: &[&str], input: Option<&[u8]>, dir: Option<&Path>) -> Outcome {
    run_dnrad_env(args, input, dir, &[])
}

/// `run_dnrad_bytes` with the environment variables `env` set too.
pub fn run_dnrad_env(
    args: &[&str],
    input: Option<&[u8]>,
    dir: Option<&Path>,
    env: &[(&str, &str)],
) -> Outcome {
    let mut command = Command::new(env!("CARGO_BIN_EXE_dnrad"));
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    let mut child = command
        .args(args)
        .envs(env.iter().copied())
        .env("NO_COLOR", "1")
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn dnrad");
    if let Some(bytes) = input {
        let mut stdin = child.stdin.take().expect("a stdin pipe");
        let bytes = bytes.to_vec();
        std::thread::spawn(move || {
            use std::io::Write;
            let _ = stdin.write_all(&bytes);
        });
    }
    let mut stdout_pipe = child.stdout.take().unwrap();
    let mut stderr_pipe = child.stderr.take().unwrap();
    let out_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = stdout_pipe.read_to_end(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = stderr_pipe.read_to_end(&mut s);
        s
    });
    let start = Instant::now();
    let mut timed_out = false;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for dnrad") {
            break status;
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            timed_out = true;
            break child.wait().expect("wait for killed dnrad");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let stdout = String::from_utf8_lossy(&out_reader.join().unwrap()).into_owned();
    let stderr = String::from_utf8_lossy(&err_reader.join().unwrap()).into_owned();
    Outcome {
        stdout,
        stderr,
        code: status.code(),
        timed_out,
    }
}

/// The reverse modes of `--ad`.
pub const AD_MODES: [&str; 4] = ["naive", "staged", "cayley", "array"];

/// Run `file` in every reverse mode on both backends; its output must be `expected` (numbers
/// compared with a tolerance).
pub fn assert_output_in_every_mode_on_both_backends(file: &Path, expected: &str) {
    for backend in ["vm", "interp"] {
        for mode in AD_MODES {
            let out = run_dnrad(&["run", "--lint", "--backend", backend, "--ad", mode], file);
            assert_eq!(out.code, Some(0), "{backend} {mode}: {}", out.stderr);
            assert!(
                compare_numeric(&out.stdout, expected),
                "{backend} {mode}: {} (expected {expected})",
                out.stdout
            );
        }
    }
}

/// Run a generated program (written to `group/name` in the temporary directory) on both
/// backends at once.
pub fn run_on_both_backends(
    group: &str,
    name: &str,
    program: &str,
) -> Vec<(&'static str, Outcome)> {
    let file = temp_program(group, name, program);
    parallel_map(&["vm", "interp"], |b| {
        (*b, run_dnrad(&["run", "--backend", b], &file))
    })
}

/// A generated program prints `expected` and succeeds on both backends.
pub fn assert_prints_on_both_backends(group: &str, name: &str, program: &str, expected: &str) {
    for (backend, out) in run_on_both_backends(group, name, program) {
        assert!(!out.timed_out, "{name} on {backend} timed out");
        assert_eq!(
            (out.code, out.stdout.as_str()),
            (Some(0), expected),
            "{name} on {backend}: {}",
            out.stderr
        );
    }
}

/// The program `file` prints its `.out` file (GHC's output) and succeeds on both backends,
/// run with the lint.
pub fn assert_prints_its_out_on_both_backends(file: &std::path::Path) {
    let expected = std::fs::read_to_string(file.with_extension("out")).expect("an .out file");
    for backend in ["vm", "interp"] {
        let out = run_dnrad(&["run", "--lint", "--backend", backend], file);
        assert_eq!(
            (out.code, out.stdout.as_str()),
            (Some(0), expected.as_str()),
            "{} on {backend}: {}",
            file.display(),
            out.stderr
        );
    }
}

/// 3 000 operands `0`, `1`, ..., of which the 11th is `error "first"` and the 2 991st
/// `error "second"`: a long construct evaluating them left to right fails with "first".
pub fn operands_failing_first_and_second() -> Vec<String> {
    (0..3000)
        .map(|i| match i {
            10 => "error \"first\"".to_string(),
            2990 => "error \"second\"".to_string(),
            _ => i.to_string(),
        })
        .collect()
}

/// A generated program stops with the runtime error `message` on both backends.
pub fn assert_runtime_error_on_both_backends(
    group: &str,
    name: &str,
    program: &str,
    message: &str,
) {
    for (backend, out) in run_on_both_backends(group, name, program) {
        assert_eq!(out.code, Some(1), "{name} on {backend}: {}", out.stderr);
        assert!(
            out.stderr.contains(&format!("runtime error: {message}")),
            "{name} on {backend}: {}",
            out.stderr
        );
    }
}

/// The backpropagator calls that `dnrad run --stats` reported on standard error.
pub fn reported_bp_calls(stderr: &str) -> u64 {
    stderr
        .lines()
        .find_map(|l| l.strip_prefix("backpropagator calls: "))
        .and_then(|n| n.parse().ok())
        .expect("--stats reports the backpropagator calls")
}

/// Map `f` over `items` on as many threads as the machine has cores, keeping the order.
pub fn parallel_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut results: Vec<Option<R>> = (0..items.len()).map(|_| None).collect();
    let slots = std::sync::Mutex::new(&mut results);
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                if i >= items.len() {
                    break;
                }
                let r = f(&items[i]);
                slots.lock().unwrap()[i] = Some(r);
            });
        }
    });
    results
        .into_iter()
        .map(|r| r.expect("every item mapped"))
        .collect()
}

/// An input of a function of several numbers and a direction (tangent) of the same length.
pub type Sample = (Vec<f64>, Vec<f64>);

/// `count` samples of `size` numbers: inputs uniform in `domain`, directions in [-1, 1).
fn draw_samples(
    runner: &mut proptest::test_runner::TestRunner,
    size: usize,
    (lo, hi): (f64, f64),
    count: usize,
) -> Vec<Sample> {
    use proptest::strategy::{Strategy, ValueTree};
    let inputs = proptest::collection::vec(lo..hi, size);
    let directions = proptest::collection::vec(-1.0f64..1.0, size);
    (0..count)
        .map(|_| {
            let x = inputs.new_tree(runner).expect("an input").current();
            let d = directions.new_tree(runner).expect("a direction").current();
            (x, d)
        })
        .collect()
}

/// One function of a generated property-test program.
pub struct PropertyFunction<'a> {
    pub name: &'a str,
    /// How many numbers make one input.
    pub size: usize,
    /// Inputs are drawn uniformly from this interval.
    pub domain: (f64, f64),
    /// Its declarations.
    pub definition: String,
    /// What `main` applies to the function's samples: `check ARGS SAMPLES`.
    pub check_args: String,
}

/// A property-test program: `header`, the functions' definitions, `tail` (which defines
/// `check`) and a `main` checking each function on `count` samples drawn with a fixed seed; with
/// the samples of each function, in the order `main` checks them.
pub fn property_program<'a>(
    header: &str,
    tail: &str,
    functions: impl IntoIterator<Item = PropertyFunction<'a>>,
    count: usize,
) -> (String, Vec<(&'a str, Vec<Sample>)>) {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let mut text = String::from(header);
    let mut main = String::from("main :: IO ()\nmain = do\n");
    let mut all = Vec::new();
    for func in functions {
        text.push_str(&func.definition);
        text.push_str("\n\n");
        let samples = draw_samples(&mut runner, func.size, func.domain, count);
        let list = haskell_samples(&samples);
        main.push_str(&format!("  check {} {list}\n", func.check_args));
        all.push((func.name, samples));
    }
    text.push_str(tail);
    text.push_str(&main);
    (text, all)
}

/// A Haskell list literal of `xs`, each number in parentheses (negative ones need them).
fn haskell_list(xs: &[f64]) -> String {
    let items: Vec<String> = xs.iter().map(|x| format!("({x:?})")).collect();
    format!("[{}]", items.join(", "))
}

/// A Haskell literal `[([Double], [Double])]` of the samples.
fn haskell_samples(samples: &[Sample]) -> String {
    let items: Vec<String> = samples
        .iter()
        .map(|(x, d)| format!("({}, {})", haskell_list(x), haskell_list(d)))
        .collect();
    format!("[{}]", items.join(", "))
}

/// Split text into alternating non-numeric text and numbers (`-1.5e-3`, `42`, `Infinity`).
fn tokens(s: &str) -> Vec<Result<f64, String>> {
    let mut out = Vec::new();
    let mut text = String::new();
    let bytes = s.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let starts_number = bytes[i].is_ascii_digit()
            || (bytes[i] == b'-' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit));
        let prev_is_word = i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        if starts_number && !prev_is_word {
            let mut j = i + 1;
            while j < bytes.len()
                && (bytes[j].is_ascii_digit()
                    || bytes[j] == b'.' && bytes.get(j + 1).is_some_and(u8::is_ascii_digit)
                    || (bytes[j] == b'e' || bytes[j] == b'E')
                        && bytes
                            .get(j + 1)
                            .is_some_and(|c| c.is_ascii_digit() || *c == b'-'))
            {
                j += if bytes[j] == b'e' || bytes[j] == b'E' {
                    2
                } else {
                    1
                };
            }
            if let Ok(x) = s[i..j].parse::<f64>() {
                if !text.is_empty() {
                    out.push(Err(std::mem::take(&mut text)));
                }
                out.push(Ok(x));
                i = j;
                continue;
            }
        }
        let ch = s[i..].chars().next().unwrap();
        text.push(ch);
        i += ch.len_utf8();
    }
    if !text.is_empty() {
        out.push(Err(text));
    }
    out
}

/// Compare outputs: text exactly, numbers with relative tolerance 1e-6 or absolute 1e-9.
pub fn compare_numeric(actual: &str, expected: &str) -> bool {
    let (a, e) = (tokens(actual), tokens(expected));
    a.len() == e.len()
        && a.iter().zip(&e).all(|(x, y)| match (x, y) {
            (Ok(x), Ok(y)) => {
                x == y || (x - y).abs() <= 1e-9 || (x - y).abs() <= 1e-6 * x.abs().max(y.abs())
            }
            (Err(x), Err(y)) => x == y,
            _ => false,
        })
}

#[cfg(test)]
mod tests {
    use super::compare_numeric;

    #[test]
    fn numeric_comparison_tolerates_rounding_only() {
        assert!(compare_numeric("x = 1.0000000001\n", "x = 1.0\n"));
        assert!(compare_numeric("[1.0e-12,-2.5]", "[0.0,-2.5000001]"));
        assert!(!compare_numeric("x = 1.01", "x = 1.0"));
        assert!(!compare_numeric("(1.0,2.0)", "(1.0, 2.0)"));
        assert!(compare_numeric("v2 3", "v2 3"));
    }
}
