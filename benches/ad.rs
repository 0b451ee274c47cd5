//! The paper's Table 1 functions (scalar multiplication, dot product of lists, sum of a
//! matrix-vector product, rotate_vec_by_quat): for each size, building the input alone, the
//! primal run, and one gradient per reverse mode — on the VM (the product) at sizes up to 10⁶
//! and on the interpreter at the smaller sizes. A function's own cost is its time minus the
//! input's (`input`); the ratio gradient / primal of those is the figure the VM issue asks for.
//! `fmult` and `frotvecquat` take scalars, so their size is the number of calls (a sum over a
//! list of inputs, one `grad` per call). Programs are compiled (and differentiated) once; each
//! iteration runs one, as `dnrad run` would.
//!
//! Run with `cargo bench --bench ad`; `cargo bench --bench ad -- fdotprod/vm` selects.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use dnrad::pipeline::{self, Options};
use dnrad_ad::Mode;
use dnrad_backend::Backend;
use dnrad_core::Program;
use std::time::Duration;

// Measure with the allocator the `dnrad` binary uses.
#[global_allocator]
static ALLOCATOR: dnrad::alloc::Allocator = dnrad::alloc::Allocator;

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

/// A Table 1 function: its input (an expression with `n` in scope), the gradient of one call
/// reduced to a Double (`g` bound to the gradient, `p` to the input), the sizes to run on the
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

/// What a benchmark program computes.
#[derive(Clone, Copy)]
enum Work {
    Input,
    Primal,
    Gradient(Mode),
}

/// The body of `main`'s `r`: the input alone, the function on it, or its gradient. A
/// gradient is forced by walking it with `gradSum` (for per-call functions) or by `let` (which
/// is strict).
fn body(f: &Function, work: Work) -> String {
    let name = f.name;
    match (work, f.per_call) {
        (Work::Input, _) => "inp".into(),
        (Work::Primal, false) => format!("{name} inp"),
        (Work::Gradient(_), false) => format!("grad {name} inp"),
        (Work::Primal, true) => format!("sum (map {name} inp)"),
        (Work::Gradient(_), true) => format!("sum (map (\\p -> gradSum (grad {name} p)) inp)"),
    }
}

/// Sums of gradients of the scalar functions' arguments.
const GRAD_SUMS: &str = r#"
class GradSum a where
  gradSum :: a -> Double
instance GradSum Double where
  gradSum x = x
instance (GradSum a, GradSum b) => GradSum (a, b) where
  gradSum (a, b) = gradSum a + gradSum b
instance GradSum Vec3 where
  gradSum (Vec3 a b c) = a + b + c
instance GradSum Quaternion where
  gradSum (Quaternion a b c d) = a + b + c + d
"#;

/// The compiled program that evaluates `work` for `f` at size `n`; `let` is strict, so `r` is
/// computed before `main` prints.
fn program(f: &Function, n: usize, work: Work, backend: Backend) -> Program {
    let text = format!(
        "{DEFINITIONS}{GRAD_SUMS}\nmain :: IO ()\nmain = let n = {n} :: Int\n           inp = {}\n           r = {}\n       in putStrLn \"done\"\n",
        f.input,
        body(f, work)
    );
    let sources = pipeline::sources_for("bench.hs", &text);
    let options = Options {
        ad: match work {
            Work::Gradient(mode) => mode,
            _ => Mode::Array,
        },
        backend,
        ..Options::default()
    };
    pipeline::compile_for_run(&sources, options)
        .unwrap_or_else(|e| panic!("benchmark program does not compile: {e:?}"))
}

fn run(program: &Program, backend: Backend) {
    let mut sink = std::io::sink();
    let limits = dnrad_backend::Limits::default();
    dnrad_backend::run_on(backend, program, &mut sink, &limits).expect("benchmark program runs");
}

/// The work measured at size `n` on `backend`: the input, the primal, and the gradient in
/// array mode everywhere and in every reverse mode at sizes up to 10⁴ (the slower modes'
/// logarithmic factor makes larger sizes long to measure).
fn works(n: usize, f: &Function) -> Vec<(String, Work)> {
    let mut works = vec![
        ("input".into(), Work::Input),
        ("primal".into(), Work::Primal),
    ];
    let elements = if f.name == "fsummatvec" { n * n } else { n };
    for mode in Mode::ALL {
        if mode == Mode::Array || elements <= 10_000 {
            works.push((mode.name().into(), Work::Gradient(mode)));
        }
    }
    works
}

fn table1(c: &mut Criterion) {
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
