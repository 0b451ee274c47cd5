//! The compilation pipeline, one call per crate boundary:
//! source -> tokens -> layout -> AST (per file) -> untyped core (desugar, against the Prelude) ->
//! typed core (inference + dictionary elaboration) -> differentiated core (when the program uses
//! grad, vjp or jvp) -> interpreter or VM, running in a `World` (the program's streams).
//! Errors stay values; with `Options::lint` the core lint re-checks the IR after every pass.

use crate::sources::{SourceFile, Sources};
use dnrad_ad::Mode;
use dnrad_backend::{Backend, World};
use dnrad_core::{lint, Diagnostic, ErrorKind, FileId, Program, Span};
use dnrad_frontend::against_prelude::PreludeEnv;
use dnrad_frontend::desugar::SessionValue;
use dnrad_frontend::prelude;
use std::cell::Cell;
use std::io::Write;
use std::sync::atomic::AtomicBool;

/// Stack size of the thread that runs the compiler and the interpreter: deep recursion in the
/// user's program lives on the interpreter's heap-allocated stack, but compiler passes recurse over
/// the syntax tree, whose depth follows the source.
pub const COMPILER_STACK: usize = 512 << 20;

#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Run the core lint after type inference and after differentiation.
    pub lint: bool,
    /// The reverse AD mode of `grad` and `vjp`.
    pub ad: Mode,
    /// The binding of the user's file that the program runs.
    pub entry: &'static str,
    /// The backend that runs it.
    pub backend: Backend,
    /// The deepest non-tail call nesting a run may reach. `None`: as deep as the heap limit
    /// lets the frames grow, or `DEFAULT_MAX_DEPTH` frames without a heap limit.
    pub max_depth: Option<usize>,
    /// How long a run (a REPL entry, a server's evaluation) may take.
    pub max_time: Option<std::time::Duration>,
    /// The most bytes the process may have live during a run (`--max-heap`; counted only by
    /// the binary's allocator, see `heap_limit`).
    pub max_heap: Option<usize>,
    /// Fuse list consumers with their producers (`--no-fusion` turns it off), on both backends.
    pub fusion: bool,
    /// A flag that stops a run once set (the REPL's Ctrl-C).
    pub interrupt: Option<&'static AtomicBool>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            lint: false,
            ad: Mode::Array,
            entry: "main",
            backend: Backend::Vm,
            max_depth: None,
            max_time: None,
            max_heap: None,
            fusion: true,
            interrupt: None,
        }
    }
}

impl Options {
    /// Fresh limits for a run (a REPL entry, a server's evaluation).
    pub fn limits(&self) -> dnrad_backend::Limits {
        let heap = self.max_heap.map(crate::heap_limit::gauge);
        let depth = match (self.max_depth, heap) {
            (Some(depth), _) => depth,
            (None, Some(_)) => usize::MAX,
            (None, None) => dnrad_backend::DEFAULT_MAX_DEPTH,
        };
        dnrad_backend::Limits::new(depth, self.max_time)
            .with_heap(heap)
            .with_interrupt(self.interrupt)
    }
}

/// The sources of a compilation of the user's file `name` with contents `text`.
pub fn sources_for(name: &str, text: &str) -> Sources {
    Sources::new(
        SourceFile::new("<prelude>", prelude::PRELUDE_SOURCE),
        SourceFile::new(name, text),
    )
}

pub fn parse_file(
    text: &str,
    file: FileId,
) -> Result<dnrad_frontend::ast::Module, Vec<Diagnostic>> {
    crate::modules::parse_file(text, file, false)
}

fn lint_pass(program: &Program, pass: &str) -> Result<(), Vec<Diagnostic>> {
    lint_some(program, pass, |_| true)
}

/// The lint of the bindings `which` selects (and the entry).
fn lint_some(
    program: &Program,
    pass: &str,
    which: impl Fn(&dnrad_core::Bind) -> bool,
) -> Result<(), Vec<Diagnostic>> {
    lint::lint_bindings(program, which).map_err(|errors| {
        errors
            .into_iter()
            .map(|e| {
                Diagnostic::new(
                    ErrorKind::Type,
                    e.span,
                    format!(
                        "internal error: core lint failed after {pass}: {} ({})",
                        e.message, e.context
                    ),
                )
            })
            .collect()
    })
}

thread_local! {
    /// The Prelude, checked at a thread's first compilation and kept: it is a constant of the
    /// binary, so checking it again would give the same environment and core. A REPL entry, a
    /// fuzz input or a test's program then costs its own modules (the CLI and the REPL compile
    /// on one thread).
    static PRELUDE: Result<PreludeEnv, Vec<Diagnostic>> = PreludeEnv::new();
    /// Whether the lint has checked the Prelude's core on this thread: after type inference
    /// it is the same core every time, so later lints check the other modules' bindings only.
    static PRELUDE_LINTED: Cell<bool> = const { Cell::new(false) };
}

/// Compile the Prelude, the user's file (`FileId::MAIN` in `sources`) and the modules it imports
/// (added to `sources`) to core.
pub fn compile(sources: &mut Sources, options: Options) -> Result<Program, Vec<Diagnostic>> {
    compile_session(sources, options, &[])
}

/// `compile`, the user's file declaring a REPL session's kept values `session` (bound to the
/// values the run's world lends, `World::with_session`).
pub fn compile_session(
    sources: &mut Sources,
    options: Options,
    session: &[SessionValue],
) -> Result<Program, Vec<Diagnostic>> {
    checked(sources, options, session).map(|(program, _)| program)
}

/// `compile`, and the warnings found in the user's modules (see `warnings`), file by file in
/// source order.
pub fn compile_warned(
    sources: &mut Sources,
    options: Options,
) -> Result<(Program, Vec<Diagnostic>), Vec<Diagnostic>> {
    let (program, mut warnings) = checked(sources, options, &[])?;
    warnings.extend(crate::warnings::unused_top_binds(&program));
    warnings.sort_by_key(|w| (w.span.file, w.span.lo));
    Ok((program, warnings))
}

/// `compile_session`, and the warnings desugaring and type checking found.
fn checked(
    sources: &mut Sources,
    options: Options,
    session: &[SessionValue],
) -> Result<(Program, Vec<Diagnostic>), Vec<Diagnostic>> {
    let modules = crate::modules::load(sources)?;
    let inputs: Vec<_> = modules.iter().map(|m| m.source()).collect();
    let (typed, warnings) = PRELUDE.with(|prelude| match prelude {
        Ok(prelude) => prelude.check_program(&inputs, options.entry, session),
        Err(diagnostics) => Err(diagnostics.clone()),
    })?;
    if options.lint {
        let whole = !PRELUDE_LINTED.get();
        lint_some(&typed, "type inference", |b| {
            whole || b.span.file != FileId::PRELUDE
        })?;
        PRELUDE_LINTED.set(true);
    }
    Ok((typed, warnings))
}

/// The AD pass: twins for every lambda and the lifted globals (see the `ad` crate).
pub fn differentiate(program: &Program, options: Options) -> Result<Program, Vec<Diagnostic>> {
    let program = dnrad_ad::differentiate(program, options.ad).map_err(|d| vec![d])?;
    if options.lint {
        lint_pass(&program, "differentiation")?;
    }
    Ok(program)
}

/// Prepare typed core for running: simplify for the VM (the interpreter runs core as inferred,
/// it is the reference semantics, but for the list fusion, which both backends get: a fused
/// list takes no memory), then differentiate when the program uses grad, vjp or jvp;
/// the AD pass sees the simplified program, so the differentiated code profits too. Bindings
/// the program cannot reach are dropped, so the backends compile only what may run.
pub fn prepare(program: Program, options: Options) -> Result<Program, Vec<Diagnostic>> {
    let mut program = program;
    let reached = dnrad_core::reach::reachable(&program, &[]);
    let uses_ad = dnrad_ad::uses_ad(&reached);
    if uses_ad {
        // Keep what the AD pass will make the program call, too.
        let roots = dnrad_ad::runtime_roots();
        let roots: Vec<&str> = roots.iter().map(String::as_str).collect();
        dnrad_core::reach::prune(&mut program, &roots);
    } else {
        dnrad_core::reach::keep(&mut program, &reached);
    }
    if options.backend == Backend::Vm {
        program = simplify(&program, options)?;
    } else if options.fusion {
        program = dnrad_core::simplify::fuse(&program, &dnrad_core::dual::ENTRY_POINTS);
        if options.lint {
            lint_pass(&program, "fusion")?;
        }
    }
    if uses_ad {
        program = differentiate(&program, options)?;
        if options.backend == Backend::Vm {
            dnrad_ad::fuse_scalings(&mut program);
            if options.lint {
                lint_pass(&program, "fusion of scalings")?;
            }
            dnrad_ad::direct_gradients(&mut program, options.ad);
            if options.lint {
                lint_pass(&program, "direct gradients")?;
            }
        }
    }
    dnrad_core::reach::prune(&mut program, &[]);
    Ok(program)
}

/// The simplifier (the VM's core); `grad`, `vjp`, `jvp` stay for the AD pass to rewrite.
pub fn simplify(program: &Program, options: Options) -> Result<Program, Vec<Diagnostic>> {
    let simplifier = dnrad_core::simplify::Options {
        fusion: options.fusion,
    };
    let program =
        dnrad_core::simplify::simplify(program, &dnrad_core::dual::ENTRY_POINTS, simplifier);
    if options.lint {
        lint_pass(&program, "simplification")?;
    }
    Ok(program)
}

/// Compile for running (see `prepare`).
pub fn compile_for_run(
    sources: &mut Sources,
    options: Options,
) -> Result<Program, Vec<Diagnostic>> {
    prepare(compile(sources, options)?, options)
}

/// What a run reports besides the program's output.
pub struct RunStats {
    /// How many backpropagator calls the reverse passes made.
    pub bp_calls: u64,
    /// The code the program gave `exitWith`, if it exited that way.
    pub exit: Option<i64>,
}

/// Compile and run `main`, writing the program's output to `out`; its standard input is empty
/// and its standard error the process's.
pub fn run(
    sources: &mut Sources,
    options: Options,
    out: &mut dyn Write,
) -> Result<RunStats, Vec<Diagnostic>> {
    let (mut stdin, mut stderr) = (std::io::empty(), std::io::stderr());
    run_in(
        sources,
        options,
        &mut World::new(&mut stdin, out, &mut stderr),
    )
}

/// Compile and run `main` in `world` (its streams, arguments and name).
pub fn run_in(
    sources: &mut Sources,
    options: Options,
    world: &mut World,
) -> Result<RunStats, Vec<Diagnostic>> {
    let program = compile_for_run(sources, options)?;
    run_program(&program, options, world)
}

/// Run a program `compile_for_run` made (`prepare`d core) in `world`.
pub fn run_program(
    program: &Program,
    options: Options,
    world: &mut World,
) -> Result<RunStats, Vec<Diagnostic>> {
    if program.entry.is_none() {
        return Err(vec![Diagnostic::new(
            ErrorKind::Scope,
            Span::new(FileId::MAIN, 0, 0),
            format!("the program has no `{}` to run", options.entry),
        )]);
    }
    let limits = options.limits();
    let bp_calls =
        dnrad_backend::run_on(options.backend, program, world, &limits).map_err(|d| vec![d])?;
    Ok(RunStats {
        bp_calls,
        exit: world.exit_code(),
    })
}

/// Run `f` on a thread with a large stack (see `COMPILER_STACK`).
pub fn with_big_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(COMPILER_STACK)
            .spawn_scoped(scope, f)
            .expect("cannot spawn the compiler thread")
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}
