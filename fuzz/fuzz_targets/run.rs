//! Fuzz target `run`: an input as a whole program compiled for the VM (simplifier, AD pass,
//! bytecode) and run with small limits — `--max-heap 64M`, `--max-time 0.5`, `--max-depth
//! 100000` — and empty standard input; its output is discarded, diagnostics rendered. The
//! counting allocator is the global one, as in the binary, so the heap limit counts.
//! An input that names an operation able to create or truncate a file (`FILE_WRITERS`) is
//! compiled for the VM but not run: a mutated path could name any file the fuzzer can write.
//! Contract: a result or diagnostics (a limit exceeded is one), never a panic, a stack
//! overflow or an abort.
#![no_main]

use dnrad::pipeline::{self, Options};
use dnrad_backend::World;
use dnrad_fuzz::CompilerThread;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use std::time::Duration;

#[global_allocator]
static ALLOCATOR: dnrad::alloc::Allocator = dnrad::alloc::Allocator;

static THREAD: OnceLock<CompilerThread> = OnceLock::new();

/// The names through which a program can open a file for writing (`openFile` and `withFile`
/// take an `IOMode`, which `toEnum` can make without naming it).
const FILE_WRITERS: [&str; 4] = ["writeFile", "appendFile", "openFile", "withFile"];

fn run(_: &(), data: &[u8]) {
    let text = dnrad_fuzz::text(data);
    let mut sources = dnrad_fuzz::sources(&text);
    let options = Options {
        max_heap: Some(64 << 20),
        max_time: Some(Duration::from_millis(500)),
        max_depth: Some(100_000),
        ..Options::default()
    };
    let result = if FILE_WRITERS.iter().any(|name| text.contains(name)) {
        pipeline::compile_for_run(&mut sources, options).map(|_| ())
    } else {
        let (mut stdin, mut out, mut err) = (std::io::empty(), std::io::sink(), std::io::sink());
        let mut world = World::new(&mut stdin, &mut out, &mut err).with_args("fuzz", Vec::new());
        pipeline::run_in(&mut sources, options, &mut world).map(|_| ())
    };
    if let Err(diagnostics) = result {
        dnrad_fuzz::render(&sources, &diagnostics);
    }
}

fuzz_target!(|data: &[u8]| {
    THREAD
        .get_or_init(|| CompilerThread::start(|| (), run))
        .run(data);
});
