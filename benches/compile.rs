//! Compile time of large generated programs (issue 21): `check` (what `dnrad check` runs: the
//! Prelude, desugaring, type inference, the lint) and compilation to bytecode (the same, then
//! the simplifier and the VM's code generation, `Callable::new`) of
//! - programs of 10⁴ and 10⁵ lines: a third small declarations (`fK :: Int -> Int`,
//!   `fK x = x + K`), a third long `do` blocks, a third wide `case`s (10⁴ statements or
//!   alternatives each);
//! - list literals of 10⁴ and 10⁵ numbers (`main = print (sum xs)`).
//!
//! The issue asks for ×10 size → ≤ ×15 time. `bytecode/lines/100000` takes about 6 s an
//! iteration; `cargo bench --bench compile -- 'check|literal'` leaves it out. With `DNRAD_WRITE_PROGRAMS=DIR` it writes the programs at
//! 10⁴, 10⁵ and 10⁶ (`lines-N.hs`, `literal-N.hs`) into DIR instead of measuring, for measuring
//! the binary by hand. Both are in ARCHITECTURE.md ("Robustness: fuzzing and compile time"). It
//! checks no output.
//!
//! Run with `cargo bench --bench compile`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use dnrad::pipeline::{self, Options};
use dnrad_backend::{Backend, Callable};
use std::fmt::Write;
use std::time::Duration;

// Measure with the allocator the `dnrad` binary uses.
#[global_allocator]
static ALLOCATOR: dnrad::alloc::Allocator = dnrad::alloc::Allocator;

/// The most statements of one `do` block and alternatives of one `case` in `lines_program`:
/// a block or `case` nests what follows each statement or alternative, and nesting past 50 000
/// levels is an error (ARCHITECTURE.md, "The nesting bound").
const PART: usize = 10_000;

/// A program of about `lines` lines: a third small declarations, a third `do` blocks and a
/// third `case` alternatives, the blocks and `case`s as long as `PART` allows.
fn lines_program(lines: usize) -> String {
    let third = lines / 3;
    let functions = (third / 2).max(1);
    let parts = third.div_ceil(PART);
    let mut text = String::from("main :: IO ()\nmain = do\n");
    for p in 0..parts {
        let _ = writeln!(text, "  part{p}");
    }
    text.push_str("\nwide :: Int -> Int\nwide n = case n `div` ");
    let _ = writeln!(text, "{PART} of");
    for p in 0..parts {
        let _ = writeln!(text, "  {p} -> wide{p} n");
    }
    text.push_str("  _ -> 0\n");
    for p in 0..parts {
        let range = p * PART..((p + 1) * PART).min(third);
        let _ = write!(text, "\npart{p} :: IO ()\npart{p} = do\n");
        for i in range.clone() {
            let _ = writeln!(text, "  print (f{} {i} + wide {i})", i % functions);
        }
        let _ = write!(text, "\nwide{p} :: Int -> Int\nwide{p} n = case n of\n");
        for i in range {
            let _ = writeln!(text, "  {i} -> {}", i % 7);
        }
        text.push_str("  _ -> 0\n");
    }
    for i in 0..functions {
        let _ = write!(text, "\nf{i} :: Int -> Int\nf{i} x = x + {i}\n");
    }
    text
}

/// `main = print (sum xs)` over a literal of `n` numbers.
fn literal_program(n: usize) -> String {
    let items: Vec<String> = (0..n).map(|i| (i % 1000).to_string()).collect();
    format!(
        "main :: IO ()\nmain = print (sum xs)\n  where xs = [{}] :: [Int]\n",
        items.join(", ")
    )
}

/// What `dnrad check` does.
fn check(text: &str) {
    let mut sources = pipeline::sources_for("bench.hs", text);
    let options = Options {
        lint: true,
        ..Options::default()
    };
    pipeline::compile(&mut sources, options).expect("a generated program checks");
}

/// Compile for the VM down to its code.
fn bytecode(text: &str) {
    let mut sources = pipeline::sources_for("bench.hs", text);
    let program = pipeline::compile_for_run(&mut sources, Options::default())
        .expect("a generated program compiles");
    Callable::new(Backend::Vm, &program).expect("a generated program has code");
}

/// Write the programs at every size into `dir`.
fn write_programs(dir: &str) {
    std::fs::create_dir_all(dir).expect("a folder for the programs");
    for n in [10_000, 100_000, 1_000_000] {
        for (kind, text) in [("lines", lines_program(n)), ("literal", literal_program(n))] {
            let path = std::path::Path::new(dir).join(format!("{kind}-{n}.hs"));
            std::fs::write(&path, text).expect("a program written");
        }
    }
}

fn compile_times(c: &mut Criterion) {
    if let Ok(dir) = std::env::var("DNRAD_WRITE_PROGRAMS") {
        write_programs(&dir);
        return;
    }
    dnrad::alloc::configure_os_memory();
    let mut group = c.benchmark_group("compile");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    for n in [10_000, 100_000] {
        for (kind, text) in [("lines", lines_program(n)), ("literal", literal_program(n))] {
            // Each stage runs on the compiler thread, as in the binary.
            let id = |stage: &str| BenchmarkId::new(format!("{stage}/{kind}"), n);
            group.bench_function(id("check"), |b| {
                b.iter(|| pipeline::with_big_stack(|| check(&text)))
            });
            group.bench_function(id("bytecode"), |b| {
                b.iter(|| pipeline::with_big_stack(|| bytecode(&text)))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, compile_times);
criterion_main!(benches);
