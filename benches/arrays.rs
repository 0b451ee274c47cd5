//! Arrays (issue 17), on the VM in the array mode: the dot product of two `Array Int Double`
//! (`dotA`) at n = 10³ … 10⁶, its gradient, and the same for lists (`sum (zipWith (*) xs ys)`);
//! the sum of a 1000 × 1000 matrix–vector product (`matVec`) and its gradient; a 1-D stencil
//! (heat diffusion with the ends held, `generate` and `!`) on 10⁵ points for 20 steps and its
//! gradient; and a gather, `reads` random reads (a linear congruential generator's indices)
//! from an array of 10⁴, at 10⁵ and 10⁶ reads, and its gradient. The issue's goals: per-element
//! cost of the dot product flat within ±20 % across n and the array's 3 times faster than the
//! list's; gradient at most 4 primals for the product and the stencil; ten times the reads at
//! most 12 times the gather's time.
//!
//! A program builds its input `inp` (from `n`) and then does its work `r` times, as a loop
//! that computes gradient after gradient would: each result is reduced to a Double by the
//! work's `probe` (an element), added up, and dropped before the next work. Each work runs at
//! its `r` and at `r` = 0 (ids `…/nxr`, `…/nx0`), which pays the input and the code generation
//! (as in benches/nested.rs), so a work's own cost is (time(r) − time(0)) / r. Programs are compiled (and differentiated) once; each iteration
//! runs one, as `dnrad run` would. The runs take seconds (the stencil's gradient about 25 s on
//! the 2-core machine): select with `cargo bench --bench arrays -- dot/` and the like.
//!
//! The native tier compiles at each run's first call (`DNRAD_NATIVE=eager`), so a work's cost
//! is its steady state: by default the tier compiles only after a warm-up of direct calls,
//! which would put the first part of a short work on the VM and make its cost per element
//! depend on how much work a run does (`benches/programs` measures whole runs by default).

mod support;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use dnrad::pipeline::Options;
use dnrad_backend::Backend;
use dnrad_core::Program;
use std::time::Duration;

const DEFINITIONS: &str = r#"
import Data.Array
import Data.Array.Numeric

vector :: Int -> Int -> Array Int Double
vector seed n = generate (0, n - 1) (\i -> fromIntegral ((i * seed) `mod` 11) * 0.1 - 0.5)

list :: Int -> Int -> [Double]
list seed n = map (\i -> fromIntegral ((i * seed) `mod` 11) * 0.1 - 0.5) [0 .. n - 1]

matrix :: Int -> Int -> Array (Int, Int) Double
matrix seed n =
  listArray ((0, 0), (n - 1, n - 1)) [fromIntegral ((k * seed) `mod` 13) * 0.1 - 0.6 | k <- [0 .. n * n - 1]]

dotList :: ([Double], [Double]) -> Double
dotList (xs, ys) = sum (zipWith (*) xs ys)

dotArray :: (Array Int Double, Array Int Double) -> Double
dotArray (x, y) = dotA x y

matVecSum :: (Array (Int, Int) Double, Array Int Double) -> Double
matVecSum (m, v) = sumA (matVec m v)

-- One step of heat diffusion along a rod whose ends are held.
smooth :: Array Int Double -> Array Int Double
smooth a = generate (l, h) cell
  where (l, h) = bounds a
        cell i = if i == l || i == h then a ! i
                 else 0.25 * a ! (i - 1) + 0.5 * a ! i + 0.25 * a ! (i + 1)

heat :: Int -> Array Int Double -> Double
heat steps a = let b = foldl (\c _ -> smooth c) a [1 .. steps] in dotA b b

-- The sum of the squares of `reads` elements at indices drawn by a linear congruential generator.
gather :: Int -> Array Int Double -> Double
gather reads a = go reads 1 0
  where n = sizeA a
        go k s acc = if k == 0 then acc
                     else let s' = (s * 1103515245 + 12345) `mod` 2147483648
                              v = a ! (s' `mod` n)
                          in go (k - 1) s' (acc + v * v)
"#;

/// A measured work: its input and work expressions (`n` in scope in the input, the input as
/// `inp` and `n` in the work), a function from the work's result to a Double, and the sizes
/// `n` with how many times a program does the work.
struct Work {
    group: &'static str,
    name: &'static str,
    input: &'static str,
    work: &'static str,
    probe: &'static str,
    sizes: &'static [(usize, usize)],
}

/// Sizes of the dot product: 10⁶ elements a program.
const DOT_SIZES: &[(usize, usize)] =
    &[(1_000, 1_000), (10_000, 100), (100_000, 10), (1_000_000, 1)];

const WORKS: &[Work] = &[
    Work {
        group: "dot",
        name: "array-primal",
        input: "(vector 3 n, vector 7 n)",
        work: "dotArray inp",
        probe: "id",
        sizes: DOT_SIZES,
    },
    Work {
        group: "dot",
        name: "array-gradient",
        input: "(vector 3 n, vector 7 n)",
        work: "grad dotArray inp",
        probe: "\\(gx, gy) -> gx ! 0 + gy ! 0",
        sizes: DOT_SIZES,
    },
    Work {
        group: "dot",
        name: "list-primal",
        input: "(list 3 n, list 7 n)",
        work: "dotList inp",
        probe: "id",
        sizes: DOT_SIZES,
    },
    Work {
        group: "dot",
        name: "list-gradient",
        input: "(list 3 n, list 7 n)",
        work: "grad dotList inp",
        probe: "\\(gx, gy) -> head gx + head gy",
        sizes: DOT_SIZES,
    },
    Work {
        group: "matvec",
        name: "primal",
        input: "(matrix 3 n, vector 7 n)",
        work: "matVecSum inp",
        probe: "id",
        sizes: &[(1_000, 100)],
    },
    Work {
        group: "matvec",
        name: "gradient",
        input: "(matrix 3 n, vector 7 n)",
        work: "grad matVecSum inp",
        probe: "\\(gm, gv) -> gm ! (0, 0) + gv ! 0",
        sizes: &[(1_000, 50)],
    },
    Work {
        group: "stencil",
        name: "primal",
        input: "vector 3 n",
        work: "heat 20 inp",
        probe: "id",
        sizes: &[(100_000, 1)],
    },
    Work {
        group: "stencil",
        name: "gradient",
        input: "vector 3 n",
        work: "grad (heat 20) inp",
        probe: "\\g -> g ! 0",
        sizes: &[(100_000, 1)],
    },
    Work {
        group: "gather",
        name: "primal",
        input: "vector 3 10000",
        work: "gather n inp",
        probe: "id",
        sizes: &[(100_000, 1), (1_000_000, 1)],
    },
    Work {
        group: "gather",
        name: "gradient",
        input: "vector 3 10000",
        work: "grad (gather n) inp",
        probe: "\\g -> g ! 0",
        sizes: &[(100_000, 1), (1_000_000, 1)],
    },
];

/// The program that builds the input at size `n` and does `work` `repeats` times, printing the
/// sum of the results' probes.
fn program(work: &Work, n: usize, repeats: usize) -> Program {
    let text = format!(
        "{DEFINITIONS}\nmain :: IO ()\nmain = let n = {n} :: Int\n           inp = {}\n           r = foldl (\\acc _ -> acc + ({}) ({})) 0 [1 .. {repeats} :: Int]\n       in print r\n",
        work.input, work.probe, work.work
    );
    support::compiled(&text, Options::default())
}

fn arrays(c: &mut Criterion) {
    dnrad::alloc::configure_os_memory();
    std::env::set_var("DNRAD_NATIVE", "eager");
    for group in ["dot", "matvec", "stencil", "gather"] {
        let mut g = c.benchmark_group(format!("{group}/vm"));
        g.sample_size(10);
        g.warm_up_time(Duration::from_secs(1));
        g.measurement_time(Duration::from_secs(2));
        for work in WORKS.iter().filter(|w| w.group == group) {
            for &(n, repeats) in work.sizes {
                for r in [repeats, 0] {
                    let p = program(work, n, r);
                    let id = BenchmarkId::new(work.name, format!("{n}x{r}"));
                    g.bench_with_input(id, &p, |b, p| b.iter(|| support::run(p, Backend::Vm)));
                }
            }
        }
        g.finish();
    }
}

criterion_group!(benches, arrays);
criterion_main!(benches);
