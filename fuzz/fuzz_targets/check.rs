//! Fuzz target `check`: an input as a whole program through what `dnrad check` runs
//! (`pipeline::compile` with the lint: the Prelude, standard library imports, desugaring,
//! type inference), diagnostics rendered. The Prelude is checked once, at the compiler thread's
//! first input (`pipeline::compile` keeps it per thread).
//! Contract: core or diagnostics, never a panic, a stack overflow or an abort.
#![no_main]

use dnrad::pipeline::{self, Options};
use dnrad_fuzz::CompilerThread;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

static THREAD: OnceLock<CompilerThread> = OnceLock::new();

fn check(_: &(), data: &[u8]) {
    let text = dnrad_fuzz::text(data);
    let mut sources = dnrad_fuzz::sources(&text);
    let options = Options {
        lint: true,
        ..Options::default()
    };
    if let Err(diagnostics) = pipeline::compile(&mut sources, options) {
        dnrad_fuzz::render(&sources, &diagnostics);
    }
}

fuzz_target!(|data: &[u8]| {
    THREAD
        .get_or_init(|| CompilerThread::start(|| (), check))
        .run(data);
});
