//! Fuzz target `parse`: an input as one module's text through the lexer, the layout and the
//! parser (the frontend's entry for a file, `source::parse_text`), its diagnostics rendered.
//! Contract: a syntax tree or diagnostics, never a panic, a stack overflow or an abort.
#![no_main]

use dnrad_core::FileId;
use dnrad_frontend::source::parse_text;
use dnrad_fuzz::CompilerThread;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

static THREAD: OnceLock<CompilerThread> = OnceLock::new();

fn parse(_: &(), data: &[u8]) {
    let text = dnrad_fuzz::text(data);
    let sources = dnrad_fuzz::sources(&text);
    let stored = sources.get(FileId::MAIN).map_or("", |f| f.text.as_str());
    if let Err(diagnostics) = parse_text(stored, FileId::MAIN, false) {
        dnrad_fuzz::render(&sources, &diagnostics);
    }
}

fuzz_target!(|data: &[u8]| {
    THREAD
        .get_or_init(|| CompilerThread::start(|| (), parse))
        .run(data);
});
