//! Reading input: a program reads a generated 10 MB file on standard input line by line
//! (`getLine`, one number per line after a header line with their count), parses each number
//! and sums them, on the VM. The file is generated once; each iteration runs the compiled
//! program on a fresh reader of it. The goal is under 2 s per run.
//!
//! Run with `cargo bench --bench io`.

use criterion::{criterion_group, criterion_main, Criterion};
use dnrad::pipeline::{self, Options};
use dnrad_backend::{Backend, World};
use std::io::{BufReader, Write};
use std::time::Duration;

// Measure with the allocator the `dnrad` binary uses.
#[global_allocator]
static ALLOCATOR: dnrad::alloc::Allocator = dnrad::alloc::Allocator;

const PROGRAM: &str = "\
main :: IO ()
main = do
  header <- getLine
  total <- sumLines (number header) 0
  print total

sumLines :: Int -> Int -> IO Int
sumLines 0 acc = return acc
sumLines n acc = do
  line <- getLine
  sumLines (n - 1) (acc + number line)

number :: String -> Int
number ('-' : ds) = negate (digits 0 ds)
number ds = digits 0 ds

digits :: Int -> String -> Int
digits acc [] = acc
digits acc (c : cs) = digits (acc * 10 + fromEnum c - fromEnum '0') cs
";

/// Bytes of numbers to generate.
const SIZE: usize = 10_000_000;

/// Write the input file: a count, then that many numbers in [-10⁶, 10⁶] from a fixed linear
/// congruential sequence. Returns its path and the numbers' sum.
fn input() -> (std::path::PathBuf, i64) {
    let mut numbers = Vec::new();
    let (mut state, mut bytes, mut sum) = (12345u64, 0, 0i64);
    while bytes < SIZE {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let n = (state >> 33) as i64 % 2_000_001 - 1_000_000;
        let line = n.to_string();
        bytes += line.len() + 1;
        sum += n;
        numbers.push(line);
    }
    let path = std::env::temp_dir().join(format!("dnrad-bench-io-{}.txt", std::process::id()));
    let mut file = std::io::BufWriter::new(std::fs::File::create(&path).expect("an input file"));
    writeln!(file, "{}", numbers.len()).expect("the input is written");
    for line in &numbers {
        writeln!(file, "{line}").expect("the input is written");
    }
    file.flush().expect("the input is written");
    (path, sum)
}

/// Run the program on the file; returns what it printed.
fn run(program: &dnrad_core::Program, path: &std::path::Path) -> String {
    let file = std::fs::File::open(path).expect("the input file");
    let (mut stdin, mut out, mut err) = (BufReader::new(file), Vec::new(), std::io::sink());
    let mut world = World::new(&mut stdin, &mut out, &mut err);
    let limits = dnrad_backend::Limits::default();
    dnrad_backend::run_on(Backend::Vm, program, &mut world, &limits).expect("the program runs");
    drop(world);
    String::from_utf8(out).expect("UTF-8 output")
}

fn read_lines(c: &mut Criterion) {
    dnrad::alloc::configure_os_memory();
    let (path, sum) = input();
    let mut sources = pipeline::sources_for("sum_lines.hs", PROGRAM);
    let program = pipeline::compile_for_run(&mut sources, Options::default())
        .unwrap_or_else(|e| panic!("benchmark program does not compile: {e:?}"));
    assert_eq!(run(&program, &path), format!("{sum}\n"));
    let mut group = c.benchmark_group("read-10MB-lines");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    group.bench_function("vm", |b| b.iter(|| run(&program, &path)));
    group.finish();
    let _ = std::fs::remove_file(&path);
}

criterion_group!(benches, read_lines);
criterion_main!(benches);
