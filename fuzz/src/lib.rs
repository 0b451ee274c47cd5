//! What the fuzz targets share: the compiler thread (a long-lived thread with the CLI's stack,
//! `pipeline::COMPILER_STACK`, that keeps a target's state and runs every input), the text of
//! an input, and rendering diagnostics as the CLI does (into a sink). It must not decide what a
//! target checks: each target says that.

use dnrad::render::write_diagnostic;
use dnrad::sources::Sources;
use dnrad_core::Diagnostic;
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::Mutex;

/// A thread with the compiler's stack that runs each input given to it with its state, which it
/// builds once. The CLI compiles on such a thread (`pipeline::with_big_stack`); spawning one per
/// input would cost more than a small input's parse. A panic on it is libFuzzer's crash (the
/// panic hook of `libfuzzer-sys` aborts the process).
pub struct CompilerThread {
    channel: Mutex<(SyncSender<Vec<u8>>, Receiver<()>)>,
}

impl CompilerThread {
    /// Start the thread: `setup` builds its state, then `work` runs on every input.
    pub fn start<S>(
        setup: impl FnOnce() -> S + Send + 'static,
        work: impl Fn(&S, &[u8]) + Send + 'static,
    ) -> CompilerThread {
        let (input, inputs) = sync_channel::<Vec<u8>>(0);
        let (done, finished) = sync_channel::<()>(0);
        std::thread::Builder::new()
            .name("compiler".into())
            .stack_size(dnrad::pipeline::COMPILER_STACK)
            .spawn(move || {
                let state = setup();
                for data in inputs {
                    work(&state, &data);
                    if done.send(()).is_err() {
                        break;
                    }
                }
            })
            .expect("cannot spawn the compiler thread");
        CompilerThread {
            channel: Mutex::new((input, finished)),
        }
    }

    /// Run one input on the thread and wait for it.
    pub fn run(&self, data: &[u8]) {
        let channel = self.channel.lock().unwrap_or_else(|e| e.into_inner());
        channel
            .0
            .send(data.to_vec())
            .expect("the compiler thread ended");
        channel.1.recv().expect("the compiler thread ended");
    }
}

/// The program text of an input: invalid UTF-8 becomes U+FFFD (the CLI refuses such a file
/// before compiling, so the bytes would only be lost).
pub fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

/// The sources of a one-file program `text`, whose imports come from the standard library
/// only (no directory is searched: an input must not depend on the files around the fuzzer).
pub fn sources(text: &str) -> Sources {
    let mut sources = dnrad::pipeline::sources_for("fuzz.hs", text);
    sources.search_path.clear();
    sources
}

/// Render diagnostics as the CLI does, into a sink: locations and excerpts are computed too.
pub fn render(sources: &Sources, diagnostics: &[Diagnostic]) {
    for d in diagnostics {
        write_diagnostic(&mut std::io::sink(), sources, d, false);
    }
}
