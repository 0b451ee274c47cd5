//! The paper's Table 1 functions (scalar multiplication, dot product of lists, sum of a
//! matrix-vector product, rotate_vec_by_quat): for each size, building the input alone, the
//! primal run, and one gradient per reverse mode — on the VM (the product) at sizes up to 10⁶
//! and on the interpreter at the smaller sizes. `fmult` and `frotvecquat` take scalars, so their
//! size is the number of calls (one call, or one `grad`, per element of a list of arguments).
//! Programs are compiled (and differentiated) once; each iteration runs one, as `dnrad run`
//! would.
//!
//! A program builds its input once and then applies the function (or its gradient) to it
//! `repeats` times, keeping the results in a list, so primal and gradient runs differ only in
//! `f` against `grad f`. A function's own cost is (time − the input's time) / repeats; the ratio
//! gradient / primal of those is the figure the VM issue asks for. Repeating divides the noise of
//! the input's time, which is as large as a small function's, by `repeats`.
//!
//! Run with `cargo bench --bench ad`; `cargo bench --bench ad -- fdotprod/vm` selects.

mod support;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use dnrad::pipeline::Options;
use dnrad_ad::Mode;
use dnrad_backend::Backend;
use dnrad_core::Program;
use std::time::Duration;
use support::run;

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

pairs :: Int -> [(Double, Double)]
pairs n = map (\i -> (fromIntegral i, 2.5)) [1 .. n]

rotations :: Int -> [(Vec3, Quaternion)]
rotations n = map (\i -> (Vec3 1.0 (fromIntegral i) 3.0, Quaternion 4.0 5.0 6.0 7.0)) [1 .. n]
"#;

/// A Table 1 function: its input (an expression with `n` in scope), the sizes to run on the
/// VM, and how many of them (the smallest) also on the interpreter.
struct Function {
    name: &'static str,
    input: &'static str,
    /// Whether the input is a list of arguments, one call each (scalar functions).
    per_call: bool,
    sizes: &'static [usize],
    interp_sizes: usize,
}

const FUNCTIONS: &[Function] = &[
    Function {
        name: "fmult",
        input: "pairs n",
        per_call: true,
        sizes: &[10_000],
        interp_sizes: 1,
    },
    Function {
        name: "fdotprod",
        input: "(vector n, vector n)",
        per_call: false,
        sizes: &[1_000, 10_000, 100_000, 1_000_000],
        interp_sizes: 2,
    },
    Function {
        name: "fsummatvec",
        input: "(matrix n, vector n)",
        per_call: false,
        sizes: &[32, 100, 316],
        interp_sizes: 2,
    },
    Function {
        name: "frotvecquat",
        input: "rotations n",
        per_call: true,
        sizes: &[10_000],
        interp_sizes: 1,
    },
];

/// How many times a program applies the function at a size of `elements` numbers: enough for
/// about 10⁶ numbers, at most 10.
fn repeats(elements: usize) -> usize {
    (1_000_000 / elements).clamp(1, 10)
}

/// What a benchmark program computes.
#[derive(Clone, Copy)]
enum Work {
    Input,
    Primal,
    Gradient(Mode),
}

/// The body of `main`'s `r`: the input alone, or `repeats` applications of the function or
/// of its gradient to it (of each element, for per-call functions). Evaluation is strict, so
/// every application runs; dnrad hoists no loop-invariant calls.
fn body(f: &Function, n: usize, work: Work) -> String {
    let apply = match work {
        Work::Input => return "inp".into(),
        Work::Primal => f.name.to_string(),
        Work::Gradient(_) => format!("(grad {})", f.name),
    };
    let once = if f.per_call {
        format!("length (map {apply} inp)")
    } else {
        format!("{apply} inp")
    };
    format!(
        "map (\\_ -> {once}) [1 .. {} :: Int]",
        repeats(elements(f, n))
    )
}

/// How many numbers the input of `f` at size `n` holds.
fn elements(f: &Function, n: usize) -> usize {
    if f.name == "fsummatvec" {
        n * n
    } else {
        n
    }
}

/// The compiled program that evaluates `work` for `f` at size `n`; `let` is strict, so `r` is
/// computed before `main` prints.
fn program(f: &Function, n: usize, work: Work, backend: Backend) -> Program {
    let text = format!(
        "{DEFINITIONS}\nmain :: IO ()\nmain = let n = {n} :: Int\n           inp = {}\n           r = {}\n       in putStrLn \"done\"\n",
        f.input,
        body(f, n, work)
    );
    let options = Options {
        ad: match work {
            Work::Gradient(mode) => mode,
            _ => Mode::Array,
        },
        backend,
        ..Options::default()
    };
    support::compiled(&text, options)
}

/// The work measured at size `n` on `backend`: the input, the primal, and the gradient in
/// array mode everywhere and in every reverse mode at sizes up to 10⁴ (the slower modes'
/// logarithmic factor makes larger sizes long to measure).
fn works(n: usize, f: &Function) -> Vec<(String, Work)> {
    let mut works = vec![
        ("input".into(), Work::Input),
        ("primal".into(), Work::Primal),
    ];
    for mode in Mode::ALL {
        if mode == Mode::Array || elements(f, n) <= 10_000 {
            works.push((mode.name().into(), Work::Gradient(mode)));
        }
    }
    works
}

fn table1(c: &mut Criterion) {
    dnrad::alloc::configure_os_memory();
    for f in FUNCTIONS {
        for (label, backend) in [("vm", Backend::Vm), ("interp", Backend::Interp)] {
            let sizes = match backend {
                Backend::Vm => f.sizes,
                Backend::Interp => &f.sizes[..f.interp_sizes],
            };
            let mut group = c.benchmark_group(format!("{}/{label}", f.name));
            group.sample_size(10);
            group.measurement_time(Duration::from_secs(3));
            for &n in sizes {
                for (name, work) in works(n, f) {
                    let p = program(f, n, work, backend);
                    group.bench_with_input(BenchmarkId::new(name, n), &p, |b, p| {
                        b.iter(|| run(p, backend))
                    });
                }
            }
            group.finish();
        }
    }
}

criterion_group!(benches, table1);
criterion_main!(benches);
