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
//! A work runs in a program's loop, as gradient after gradient does in gradient descent: a
//! function of the program takes `(r, inp)` and does the work on `inp` `r` times, adding up a
//! Double of each result (its `probe`, an element) and dropping the result before the next.
//! The program is compiled (and differentiated) once and its functions are applied in a
//! session (`dnrad_backend::Session`, as the GradBench server applies them); each work's input
//! is made once, by the program's function of the size, outside the measurement. An iteration
//! is one call, `r` works; criterion's throughput is the works' elements (the dot product's n,
//! the matrix's n², the stencil's points times steps, the gather's reads), so its report is
//! the cost an element. `cargo bench --bench arrays -- dot/` and the like select.
//!
//! The native tier compiles at a function's first call (`DNRAD_NATIVE=eager`), in the
//! warm-up, so the measurement sees the steady state.

mod support;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use dnrad::pipeline::Options;
use dnrad_backend::{Value, World};
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

/// A measured work: the type and expression (of `n`) of its input, what it does to `inp` and
/// the Double taken from its result, and each size `n` with how many works a call does and
/// how many elements a work has.
struct Work {
    group: &'static str,
    name: &'static str,
    input_type: &'static str,
    input: &'static str,
    work: &'static str,
    probe: &'static str,
    sizes: &'static [Size],
}

struct Size {
    n: u64,
    repeats: u64,
    elements: u64,
}

const fn size(n: u64, repeats: u64, elements: u64) -> Size {
    Size {
        n,
        repeats,
        elements,
    }
}

/// The dot product's sizes: 10⁶ elements a call.
const DOT_SIZES: &[Size] = &[
    size(1_000, 1_000, 1_000),
    size(10_000, 100, 10_000),
    size(100_000, 10, 100_000),
    size(1_000_000, 1, 1_000_000),
];

const DOT_ARRAYS: &str = "(Array Int Double, Array Int Double)";
const DOT_LISTS: &str = "([Double], [Double])";

const WORKS: &[Work] = &[
    Work {
        group: "dot",
        name: "array-primal",
        input_type: DOT_ARRAYS,
        input: "(vector 3 n, vector 7 n)",
        work: "dotArray inp",
        probe: "id",
        sizes: DOT_SIZES,
    },
    Work {
        group: "dot",
        name: "array-gradient",
        input_type: DOT_ARRAYS,
        input: "(vector 3 n, vector 7 n)",
        work: "grad dotArray inp",
        probe: "\\(gx, gy) -> gx ! 0 + gy ! 0",
        sizes: DOT_SIZES,
    },
    Work {
        group: "dot",
        name: "list-primal",
        input_type: DOT_LISTS,
        input: "(list 3 n, list 7 n)",
        work: "dotList inp",
        probe: "id",
        sizes: DOT_SIZES,
    },
    Work {
        group: "dot",
        name: "list-gradient",
        input_type: DOT_LISTS,
        input: "(list 3 n, list 7 n)",
        work: "grad dotList inp",
        probe: "\\(gx, gy) -> head gx + head gy",
        sizes: DOT_SIZES,
    },
    Work {
        group: "matvec",
        name: "primal",
        input_type: "(Array (Int, Int) Double, Array Int Double)",
        input: "(matrix 3 n, vector 7 n)",
        work: "matVecSum inp",
        probe: "id",
        sizes: &[size(1_000, 20, 1_000_000)],
    },
    Work {
        group: "matvec",
        name: "gradient",
        input_type: "(Array (Int, Int) Double, Array Int Double)",
        input: "(matrix 3 n, vector 7 n)",
        work: "grad matVecSum inp",
        probe: "\\(gm, gv) -> gm ! (0, 0) + gv ! 0",
        sizes: &[size(1_000, 10, 1_000_000)],
    },
    Work {
        group: "stencil",
        name: "primal",
        input_type: "Array Int Double",
        input: "vector 3 n",
        work: "heat 20 inp",
        probe: "id",
        sizes: &[size(100_000, 1, 2_000_000)],
    },
    Work {
        group: "stencil",
        name: "gradient",
        input_type: "Array Int Double",
        input: "vector 3 n",
        work: "grad (heat 20) inp",
        probe: "\\g -> g ! 0",
        sizes: &[size(100_000, 1, 2_000_000)],
    },
    Work {
        group: "gather",
        name: "primal",
        input_type: "(Int, Array Int Double)",
        input: "(n, vector 3 10000)",
        work: "gather (fst inp) (snd inp)",
        probe: "id",
        sizes: &[size(100_000, 1, 100_000), size(1_000_000, 1, 1_000_000)],
    },
    Work {
        group: "gather",
        name: "gradient",
        input_type: "(Int, Array Int Double)",
        input: "(n, vector 3 10000)",
        work: "grad (gather (fst inp)) (snd inp)",
        probe: "\\g -> g ! 0",
        sizes: &[size(100_000, 1, 100_000), size(1_000_000, 1, 1_000_000)],
    },
];

/// The names of work `k`'s functions: the one that makes its input and the one that does it.
fn names(k: usize) -> [String; 2] {
    [format!("input{k}"), format!("work{k}")]
}

/// The program: the definitions and each work's two functions.
fn program() -> String {
    let mut text = DEFINITIONS.to_string();
    for (k, w) in WORKS.iter().enumerate() {
        let [input, work] = names(k);
        text += &format!(
            "\n{input} :: Int -> {ty}\n{input} n = {}\n\n{work} :: (Int, {ty}) -> Double\n\
             {work} (r, inp) = foldl (\\acc _ -> acc + ({}) ({})) 0 [1 .. r]\n",
            w.input,
            w.probe,
            w.work,
            ty = w.input_type,
        );
    }
    text
}

fn arrays(c: &mut Criterion) {
    dnrad::alloc::configure_os_memory();
    std::env::set_var("DNRAD_NATIVE", "eager");
    let names: Vec<String> = (0..WORKS.len()).flat_map(names).collect();
    let functions: Vec<&str> = names.iter().map(String::as_str).collect();
    let callable = support::callable(&program(), &functions);
    let (mut stdin, mut out, mut err) = (std::io::empty(), std::io::sink(), std::io::sink());
    let mut world = World::new(&mut stdin, &mut out, &mut err);
    let limits = Options::default().limits();
    let mut session = callable
        .session(&mut world, &limits, functions.len())
        .expect("the session starts");
    for group in ["dot", "matvec", "stencil", "gather"] {
        let mut g = c.benchmark_group(format!("{group}/vm"));
        g.sample_size(10);
        g.warm_up_time(Duration::from_secs(1));
        g.measurement_time(Duration::from_secs(3));
        for (k, work) in WORKS.iter().enumerate().filter(|(_, w)| w.group == group) {
            for s in work.sizes {
                // Made at the first sample, so a work not selected makes no input.
                let mut input = None;
                g.throughput(Throughput::Elements(s.elements * s.repeats));
                g.bench_function(BenchmarkId::new(work.name, s.n), |b| {
                    let input: &Value = input.get_or_insert_with(|| {
                        let n = Value::Int(s.n as i64);
                        let inp = session.call(2 * k, n).expect("the input is made");
                        Value::con(0, [Value::Int(s.repeats as i64), inp])
                    });
                    b.iter(|| {
                        session
                            .call(2 * k + 1, input.clone())
                            .expect("the work runs")
                    })
                });
            }
        }
        g.finish();
    }
}

criterion_group!(benches, arrays);
criterion_main!(benches);
