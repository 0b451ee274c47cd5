//! The benchmark programs of `benches/programs/` (classic functional benchmarks written for
//! dnrad: queens, tak, sieves, arithmetic loops, bignums, a term rewriter, a parser, a solver,
//! a simulation...) on the VM at their large sizes, the arguments of each file's first line
//! (`-- bench: ARGS`). Each program is compiled once, outside the measured loop; an iteration
//! runs its `main` with those arguments (seconds each on the VM, so ten samples each). It checks
//! nothing of what a program prints: `tests/bench_programs.rs` does, at the default sizes.
//!
//! Run with `cargo bench --bench programs` (one program: `cargo bench --bench programs -- queens`);
//! `benches/programs/compare.sh` sets the same runs beside GHC's.

mod support;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use dnrad::pipeline::Options;
use dnrad_backend::Backend;
use std::time::Duration;

#[path = "support/programs.rs"]
mod programs;

fn bench_programs(c: &mut Criterion) {
    dnrad::alloc::configure_os_memory();
    let mut group = c.benchmark_group("programs");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(1));
    group.measurement_time(Duration::from_secs(30));
    for program in programs::bench_programs() {
        let options = Options {
            backend: Backend::Vm,
            ..Options::default()
        };
        let compiled = support::compiled(&program.text, options);
        let args = program.large_args;
        let id = BenchmarkId::new(program.name, args.join(" "));
        group.bench_with_input(id, &compiled, |b, p| {
            b.iter(|| support::run_with_args(p, Backend::Vm, &args))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_programs);
criterion_main!(benches);
