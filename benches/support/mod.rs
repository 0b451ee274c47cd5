//! What the benchmarks share: the allocator the `dnrad` binary uses, compiling a benchmark
//! program to run (then running it, with arguments if it takes any, its input empty and its
//! output discarded) or to call its functions from the benchmark. It measures nothing and
//! checks nothing of what a program prints.

use dnrad::pipeline::{self, Options};
use dnrad_backend::{Backend, Callable};
use dnrad_core::Program;

// Measure with the allocator the `dnrad` binary uses.
#[global_allocator]
static ALLOCATOR: dnrad::alloc::Allocator = dnrad::alloc::Allocator;

/// The program `text` compiled for `options.backend`; a benchmark's programs must compile.
#[allow(dead_code)] // each benchmark compiles by `compiled` or `callable`
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

/// The program `text` compiled for the default backend to call its functions `names` (in that
/// order: `Session::call`'s index), as the GradBench server calls them.
#[allow(dead_code)]
pub fn callable(text: &str, names: &[&str]) -> Callable {
    let options = Options::default();
    let mut sources = pipeline::sources_for("bench.hs", text);
    let prepared = dnrad::call::prepare(&mut sources, Some(names), options)
        .unwrap_or_else(|e| panic!("benchmark program does not compile: {e:?}"));
    Callable::new(options.backend, &prepared.program).expect("benchmark program compiles")
}
