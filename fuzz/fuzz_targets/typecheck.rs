//! Fuzz target `typecheck`: an input as a main module parsed, desugared (renamed) and
//! type-checked against the Prelude, which is checked once per process
//! (`against_prelude::PreludeEnv`, kept by the compiler thread: its types share `Rc`s, so it
//! cannot be a `static`); diagnostics rendered. A module importing anything but the Prelude
//! gets the desugarer's "not loaded" error (the `check` target loads imports).
//! Contract: core or diagnostics, never a panic, a stack overflow or an abort.
#![no_main]

use dnrad_core::FileId;
use dnrad_frontend::against_prelude::PreludeEnv;
use dnrad_frontend::source::parse_text;
use dnrad_fuzz::CompilerThread;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

static THREAD: OnceLock<CompilerThread> = OnceLock::new();

fn prelude() -> PreludeEnv {
    PreludeEnv::new().unwrap_or_else(|d| panic!("the Prelude does not check: {d:?}"))
}

fn typecheck(prelude: &PreludeEnv, data: &[u8]) {
    let text = dnrad_fuzz::text(data);
    let sources = dnrad_fuzz::sources(&text);
    let stored = sources.get(FileId::MAIN).map_or("", |f| f.text.as_str());
    let checked = parse_text(stored, FileId::MAIN, false).and_then(|m| prelude.check_main(&m));
    if let Err(diagnostics) = checked {
        dnrad_fuzz::render(&sources, &diagnostics);
    }
}

fuzz_target!(|data: &[u8]| {
    THREAD
        .get_or_init(|| CompilerThread::start(prelude, typecheck))
        .run(data);
});
