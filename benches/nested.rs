//! Nested differentiation in the array mode (issue 16): the Hessian-vector product by forward
//! over reverse (`hessianVectorProduct f x v`, the Prelude's `snd (jvp (grad f) x v)`) and by
//! reverse over reverse (`grad (\q -> dot (grad f q) v) x`) against one gradient `grad f x`,
//! for the generalised Rosenbrock function of n variables (a `[Double]`, n = 1000) and the
//! squared loss of a two-layer tanh perceptron over a batch of 8 (10 inputs, n hidden units,
//! 3 outputs: 283 parameters at n = 20, as lists of lists); and the whole Hessian of an
//! n-variable function with a dense Hessian (log-sum-exp plus a chain of `sin (x_i x_{i+1})`;
//! n = 100) by `hessian`, one forward-over-reverse product per variable, beside one gradient
//! and one product of it. On the VM (the product) and on the interpreter at smaller sizes.
//! Programs are compiled (and differentiated) once; each iteration runs one, as `dnrad run`
//! would.
//!
//! A program builds `x` and `v` and then does its work `r` times, keeping the results in a
//! list. Each work runs at `r` = the function's repeats and at `r` = 0 (ids `…/nxr`, `…/nx0`):
//! a run also generates the backend's code for the program (the VM's bytecode, the
//! interpreter's resolved code), which for differentiated programs costs as much as several
//! gradients of these sizes, and the program with `r` = 0 pays exactly that and the input. A
//! work's own cost is (time(r) − time(0)) / r, and the ratio product / gradient of those is
//! the issue's figure (its goal: at most 4).
//!
//! Run with `cargo bench --bench nested`; `cargo bench --bench nested -- rosenbrock/vm` selects.

mod support;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use dnrad::pipeline::Options;
use dnrad_backend::Backend;
use dnrad_core::Program;
use std::time::Duration;

const DEFINITIONS: &str = r#"
rosenbrock :: [Double] -> Double
rosenbrock xs = sum (zipWith term xs (tail xs))
  where term :: Double -> Double -> Double
        term a b = let d = b - a * a
                       e = 1.0 - a
                   in 100.0 * d * d + e * e

type Params = ([[Double]], [Double], [[Double]], [Double])

layer :: [[Double]] -> [Double] -> [Double] -> [Double]
layer w b x = zipWith (\row c -> c + sum (zipWith (*) row x)) w b

mlpLoss :: [([Double], [Double])] -> Params -> Double
mlpLoss samples (w1, b1, w2, b2) = sum (map loss samples)
  where loss (x, y) = let out = layer w2 b2 (map tanh (layer w1 b1 x))
                      in sum (map (\d -> d * d) (zipWith (-) out y))

dense :: [Double] -> Double
dense xs = sum (zipWith (\a b -> sin (a * b)) xs (tail xs)) + log (sum (map exp xs))

dotList :: [Double] -> [Double] -> Double
dotList u v = sum (zipWith (*) u v)

dotParams :: Params -> Params -> Double
dotParams (a, b, c, d) (a', b', c', d') =
  sum (zipWith dotList a a') + dotList b b' + sum (zipWith dotList c c') + dotList d d'

vector :: Int -> Int -> [Double]
vector seed n = map (\i -> fromIntegral ((i * seed) `mod` 11) * 0.1 - 0.5) [1 .. n]

matrix :: Int -> Int -> Int -> [[Double]]
matrix seed rows cols = map (\r -> vector (seed + r) cols) [1 .. rows]

params :: Int -> Int -> Params
params seed hidden = (matrix seed hidden 10, vector (seed + 1) hidden,
                      matrix (seed + 2) 3 hidden, vector (seed + 3) 3)

batch :: [([Double], [Double])]
batch = map (\k -> (vector (k + 3) 10, vector (k + 5) 3)) [1 .. 8]
"#;

/// A function to differentiate: its expression, the point `x` and direction `v` (expressions
/// with `n` in scope), the dot product of its input type (for reverse over reverse), the sizes
/// to run on the VM and on the interpreter, how many times a program does a work (enough for
/// the works to outweigh the code generation), and whether to measure the whole Hessian (once
/// a run).
struct Function {
    name: &'static str,
    function: &'static str,
    point: &'static str,
    direction: &'static str,
    dot: &'static str,
    vm_sizes: &'static [usize],
    interp_sizes: &'static [usize],
    repeats: usize,
    hessian: bool,
}

const FUNCTIONS: &[Function] = &[
    Function {
        name: "rosenbrock",
        function: "rosenbrock",
        point: "vector 3 n",
        direction: "vector 7 n",
        dot: "dotList",
        vm_sizes: &[1_000],
        interp_sizes: &[100],
        repeats: 10,
        hessian: false,
    },
    Function {
        name: "mlp",
        function: "(mlpLoss batch)",
        point: "params 3 n",
        direction: "params 7 n",
        dot: "dotParams",
        vm_sizes: &[20],
        interp_sizes: &[20],
        repeats: 10,
        hessian: false,
    },
    Function {
        name: "dense",
        function: "dense",
        point: "vector 3 n",
        direction: "vector 7 n",
        dot: "dotList",
        vm_sizes: &[100],
        interp_sizes: &[20],
        repeats: 50,
        hessian: true,
    },
];

/// What a benchmark program computes.
#[derive(Clone, Copy)]
enum Work {
    Gradient,
    /// Hessian-vector product, forward over reverse.
    HvpForward,
    /// Hessian-vector product, reverse over reverse.
    HvpReverse,
    Hessian,
}

/// The body of `main`'s `r`: the work done `repeats` times. Evaluation is strict, so every
/// repetition runs; dnrad hoists no loop-invariant calls.
fn body(f: &Function, work: Work, repeats: usize) -> String {
    let g = f.function;
    let once = match work {
        Work::Gradient => format!("grad {g} inp"),
        Work::HvpForward => format!("hessianVectorProduct {g} inp dir"),
        Work::HvpReverse => format!("grad (\\q -> {} (grad {g} q) dir) inp", f.dot),
        Work::Hessian => format!("hessian {g} inp"),
    };
    format!("map (\\_ -> {once}) [1 .. {repeats} :: Int]")
}

/// The compiled program that does `work` `repeats` times for `f` at size `n`, in the array
/// mode (the default, which nests); `let` is strict, so `inp`, `dir` and `r` are computed
/// before `main` prints.
fn program(f: &Function, n: usize, work: Work, repeats: usize, backend: Backend) -> Program {
    let text = format!(
        "{DEFINITIONS}\nmain :: IO ()\nmain = let n = {n} :: Int\n           inp = {}\n           dir = {}\n           r = {}\n       in putStrLn \"done\"\n",
        f.point,
        f.direction,
        body(f, work, repeats)
    );
    let options = Options {
        backend,
        ..Options::default()
    };
    support::compiled(&text, options)
}

/// The works measured for `f` and how many times a program does each: one gradient, both
/// products and, for the functions that ask for it, the whole Hessian.
fn works(f: &Function) -> Vec<(&'static str, Work, usize)> {
    let mut works = vec![
        ("gradient", Work::Gradient, f.repeats),
        ("hvp-fwd-rev", Work::HvpForward, f.repeats),
        ("hvp-rev-rev", Work::HvpReverse, f.repeats),
    ];
    if f.hessian {
        works.push(("hessian", Work::Hessian, 1));
    }
    works
}

fn nested(c: &mut Criterion) {
    dnrad::alloc::configure_os_memory();
    for f in FUNCTIONS {
        for (label, backend, sizes) in [
            ("vm", Backend::Vm, f.vm_sizes),
            ("interp", Backend::Interp, f.interp_sizes),
        ] {
            let mut group = c.benchmark_group(format!("{}/{label}", f.name));
            group.sample_size(10);
            group.measurement_time(Duration::from_secs(3));
            for &n in sizes {
                for (name, work, repeats) in works(f) {
                    for r in [repeats, 0] {
                        let p = program(f, n, work, r, backend);
                        let id = BenchmarkId::new(name, format!("{n}x{r}"));
                        group.bench_with_input(id, &p, |b, p| b.iter(|| support::run(p, backend)));
                    }
                }
            }
            group.finish();
        }
    }
}

criterion_group!(benches, nested);
criterion_main!(benches);
