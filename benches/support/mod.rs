//! What the benchmarks share: the allocator the `dnrad` binary uses, compiling a benchmark
//! program, and running one (with arguments, if it takes any) with its input empty and its
//! output discarded. It measures nothing and checks nothing of what a program prints.

use dnrad::pipeline::{self, Options};
use dnrad_backend::Backend;
use dnrad_core::Program;

// Measure with the allocator the `dnrad` binary uses.
#[global_allocator]
static ALLOCATOR: dnrad::alloc::Allocator = dnrad::alloc::Allocator;

/// The program `text` compiled for `options.backend`; a benchmark's programs must compile.
pub fn compiled(text: &str, options: Options) -> Program {
    let mut sources = pipeline::sources_for("bench.hs", text);
    pipeline::compile_for_run(&mut sources, options)
        .unwrap_or_else(|e| panic!("benchmark program does not compile: {e:?}"))
}

/// Run a compiled program's `main` on `backend`; it must succeed.
#[allow(dead_code)] // each benchmark uses `run` or `run_with_args`
pub fn run(program: &Program, backend: Backend) {
    run_with_args(program, backend, &[]);
}

/// Run a compiled program's `main` on `backend` with `args` as its `getArgs`; it must succeed.
pub fn run_with_args(program: &Program, backend: Backend, args: &[String]) {
    let (mut stdin, mut out, mut err) = (std::io::empty(), std::io::sink(), std::io::sink());
    let mut world =
        dnrad_backend::World::new(&mut stdin, &mut out, &mut err).with_args("bench", args.to_vec());
    let limits = dnrad_backend::Limits::default();
    dnrad_backend::run_on(backend, program, &mut world, &limits).expect("benchmark program runs");
}
