//! The paper's Table 1 functions (scalar multiplication, dot product of lists, sum of a
//! matrix-vector product, rotate_vec_by_quat) at several sizes: the primal run and one gradient
//! per reverse mode, on the interpreter. Programs are compiled (and differentiated) once; each
//! iteration runs one, building its input inside the program, as `dnrad run` would.
//!
//! Run with `cargo bench --bench ad`; `cargo bench --bench ad -- dotprod` selects a group.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use dnrad::pipeline::{self, Options};
use dnrad_ad::Mode;
use dnrad_core::Program;
use std::time::Duration;

// Measure with the allocator the `dnrad` binary uses.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const DEFINITIONS: &str = r#"
data Vec3 = Vec3 Double Double Double
data Quaternion = Quaternion Double Double Double Double

fmult :: (Double, Double) -> Double
fmult (x, y) = x * y

fdotprod :: ([Double], [Double]) -> Double
fdotprod (xs, ys) = sum (zipWith (*) xs ys)

fsummatvec :: ([[Double]], [Double]) -> Double
fsummatvec (m, v) = sum (map (\row -> sum (zipWith (*) row v)) m)

frotvecquat :: (Vec3, Quaternion) -> Double
frotvecquat (v, q) = case rotate v q of Vec3 a b c -> a + b + c
  where
    dot (Vec3 px py pz) (Vec3 qx qy qz) = px * qx + py * qy + pz * qz
    vadd (Vec3 px py pz) (Vec3 qx qy qz) = Vec3 (px + qx) (py + qy) (pz + qz)
    scale k (Vec3 x y z) = Vec3 (k * x) (k * y) (k * z)
    cross (Vec3 ax ay az) (Vec3 bx by bz) = Vec3 (ay * bz - az * by) (az * bx - ax * bz) (ax * by - ay * bx)
    rotate u0 (Quaternion x y z s) =
      let u = Vec3 x y z
      in scale (2.0 * dot u u0) u `vadd` scale (s * s - dot u u) u0 `vadd` scale (2.0 * s) (cross u u0)

vector :: Int -> [Double]
vector n = map (\i -> fromIntegral (i `mod` 7) - 3.0) [1 .. n]

matrix :: Int -> [[Double]]
matrix n = map (\i -> map (\j -> fromIntegral ((i * j) `mod` 5) - 2.0) [1 .. n]) [1 .. n]
"#;

/// A Table 1 function: its input (an expression with `n` in scope) and the sizes to run.
struct Function {
    name: &'static str,
    input: &'static str,
    sizes: &'static [usize],
}

const FUNCTIONS: &[Function] = &[
    Function {
        name: "fmult",
        input: "(fromIntegral n, 2.5)",
        sizes: &[1],
    },
    Function {
        name: "fdotprod",
        input: "(vector n, vector n)",
        sizes: &[1000, 2000, 4000, 8000],
    },
    Function {
        name: "fsummatvec",
        input: "(matrix n, vector n)",
        sizes: &[25, 50, 100],
    },
    Function {
        name: "frotvecquat",
        input: "(Vec3 1.0 (fromIntegral n) 3.0, Quaternion 4.0 5.0 6.0 7.0)",
        sizes: &[1],
    },
];

/// The compiled program that evaluates `FUNCTION (input)` (primal) or its gradient; `let` is
/// strict, so `r` is computed before `main` prints.
fn program(f: &Function, n: usize, gradient: bool, mode: Mode) -> Program {
    let body = if gradient {
        format!("grad {} ({})", f.name, f.input)
    } else {
        format!("{} ({})", f.name, f.input)
    };
    let text = format!(
        "{DEFINITIONS}\nmain :: IO ()\nmain = let n = {n} :: Int\n           r = {body}\n       in putStrLn \"done\"\n"
    );
    let sources = pipeline::sources_for("bench.hs", &text);
    let options = Options {
        ad: mode,
        ..Options::default()
    };
    pipeline::compile_for_run(&sources, options)
        .unwrap_or_else(|e| panic!("benchmark program does not compile: {e:?}"))
}

fn run(program: &Program) {
    let mut sink = std::io::sink();
    let limits = dnrad_backend::Limits::default();
    dnrad_backend::run_program(program, &mut sink, &limits).expect("benchmark program runs");
}

fn table1(c: &mut Criterion) {
    for f in FUNCTIONS {
        let mut group = c.benchmark_group(f.name);
        group.sample_size(10);
        group.measurement_time(Duration::from_secs(3));
        for &n in f.sizes {
            let primal = program(f, n, false, Mode::Array);
            group.bench_with_input(BenchmarkId::new("primal", n), &primal, |b, p| {
                b.iter(|| run(p))
            });
            for mode in Mode::ALL {
                let grad = program(f, n, true, mode);
                group.bench_with_input(BenchmarkId::new(mode.name(), n), &grad, |b, p| {
                    b.iter(|| run(p))
                });
            }
        }
        group.finish();
    }
}

criterion_group!(benches, table1);
criterion_main!(benches);
