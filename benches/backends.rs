//! Both backends on primal-heavy programs (an arithmetic loop, a list pipeline, a tree of user
//! data with a class instance) and on the gradient of the dot product: the interpreter runs the
//! core as inferred, the VM the simplified core. Programs are compiled once per backend; each
//! iteration runs one.
//!
//! Run with `cargo bench --bench backends`.

mod support;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use dnrad::pipeline::Options;
use dnrad_backend::Backend;
use std::time::Duration;

const PROGRAMS: &[(&str, &str)] = &[
    (
        "loop",
        "loop :: Int -> Int -> Int\nloop 0 acc = acc\nloop n acc = loop (n - 1) (acc + n `mod` 7)\n\
         main = print (loop 200000 0)\n",
    ),
    (
        "lists",
        "main = print (sum (map (\\x -> x * x) (filter even [1 .. 50000 :: Int])))\n",
    ),
    (
        "tree",
        "data Tree = Leaf | Node Tree Int Tree\n\
         class Size t where\n  size :: t -> Int\n\
         instance Size Tree where\n  size Leaf = 0\n  size (Node l _ r) = size l + 1 + size r\n\
         build :: Int -> Tree\nbuild 0 = Leaf\nbuild n = Node (build (n - 1)) n (build (n - 1))\n\
         main = print (size (build 14))\n",
    ),
    (
        "dotprod-grad",
        "dot :: ([Double], [Double]) -> Double\ndot (xs, ys) = sum (zipWith (*) xs ys)\n\
         main = let xs = map fromIntegral [1 .. 5000 :: Int] in print (sum (fst (grad dot (xs, xs))))\n",
    ),
];

fn backends(c: &mut Criterion) {
    dnrad::alloc::configure_os_memory();
    for (name, text) in PROGRAMS {
        let mut group = c.benchmark_group(*name);
        group.sample_size(10);
        group.measurement_time(Duration::from_secs(3));
        for (label, backend) in [("interp", Backend::Interp), ("vm", Backend::Vm)] {
            let options = Options {
                backend,
                ..Options::default()
            };
            let program = support::compiled(text, options);
            group.bench_with_input(BenchmarkId::from_parameter(label), &program, |b, p| {
                b.iter(|| support::run(p, backend))
            });
        }
        group.finish();
    }
}

criterion_group!(benches, backends);
criterion_main!(benches);
