//! The `dnrad` command line: `run`, `check` and `dump core|ad|bytecode`. Parses arguments (clap), reads the
//! file, calls the pipeline and renders diagnostics. Exit codes: 0 success, 1 a compile or runtime
//! error in the program, 2 a usage error (clap) or an unreadable file; a program that calls
//! `exitWith` sets its own.

use clap::{Parser, Subcommand, ValueEnum};
use dnrad::pipeline::{self, Options};
use dnrad::render::write_diagnostic;
use dnrad::sources::Sources;
use dnrad::warnings::Warnings;
use dnrad_ad::Mode;
use dnrad_backend::{Backend, World};
use dnrad_core::{pretty, show_type, Diagnostic, ErrorKind, FileId};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// The runtime allocates many small, short-lived values; mimalloc serves them faster than the
/// system allocator (`dnrad::alloc`).
#[global_allocator]
static ALLOCATOR: dnrad::alloc::Allocator = dnrad::alloc::Allocator;

#[derive(Parser)]
#[command(
    name = "dnrad",
    version,
    about = "A strict Haskell 98-like language with efficient reverse-mode AD",
    after_help = "Examples:\n  dnrad run examples/gradient.hs\n  dnrad run --ad staged --stats examples/gradient.hs\n  dnrad grad examples/gradient.hs rosenbrock --at \"(1.5, 2.0)\" --json\n  dnrad repl examples/gradient.hs\n  dnrad dump ad examples/gradient.hs\n\nExit codes: 0 success; 1 an error in the program (compile or run time); 2 a usage error or an unreadable file; a program's exitWith sets its own.\nDiagnostics are coloured only on a terminal, never when NO_COLOR is set."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Compile FILE and run its `main`.
    ///
    /// The program reads standard input and writes standard output (flushed at each newline
    /// on a terminal, in blocks into a pipe) and standard error; `exitWith` sets the exit code.
    ///
    /// Example: dnrad run examples/hello.hs
    ///
    /// Example: dnrad run wordfreq.hs -- 10 < text.txt
    Run {
        /// The program (a .hs file with a `main`).
        file: PathBuf,
        /// A directory to search for imported modules (after the file's own directory);
        /// may be repeated.
        #[arg(short = 'i', value_name = "DIR")]
        search: Vec<PathBuf>,
        /// The program's arguments (`getArgs`), after `--`.
        #[arg(last = true, value_name = "ARGS")]
        args: Vec<String>,
        /// Re-check the core IR with the lint after every pass.
        #[arg(long)]
        lint: bool,
        /// The reverse AD mode of grad and vjp.
        #[arg(long, value_name = "MODE", default_value = "array")]
        ad: AdMode,
        /// After the run, print the number of backpropagator calls to standard error.
        #[arg(long)]
        stats: bool,
        /// The backend: the bytecode VM (on simplified core) or the reference interpreter.
        #[arg(long, value_name = "BACKEND", default_value = "vm")]
        backend: BackendArg,
        /// Build every list that a fold consumes instead of fusing the two into one loop
        /// (ARCHITECTURE.md, "List fusion"): for comparing, the output is the same.
        #[arg(long)]
        no_fusion: bool,
        #[command(flatten)]
        limits: LimitArgs,
        #[command(flatten)]
        warnings: WarnArgs,
    },
    /// Compile FILE and report errors without running it.
    ///
    /// Example: dnrad check examples/hello.hs
    Check {
        /// The program (a .hs file).
        file: PathBuf,
        /// A directory to search for imported modules (after the file's own directory);
        /// may be repeated.
        #[arg(short = 'i', value_name = "DIR")]
        search: Vec<PathBuf>,
        #[command(flatten)]
        warnings: WarnArgs,
    },
    /// Explore at a prompt: evaluate, define, ask types, differentiate.
    ///
    /// Evaluates expressions (IO actions are run), adds definitions (functions, data types,
    /// classes, instances; a later definition replaces an earlier one), and answers commands
    /// (:type, :info, :core, :ad, :browse, :load, :reload, :main, :set, :help, :quit); Ctrl-C
    /// stops a running entry. With standard input
    /// piped, reads the entries and prints results only, so sessions can be scripted.
    ///
    /// Example: dnrad repl examples/gradient.hs
    ///
    /// Example: printf ':t rosenbrock\ngrad rosenbrock (0.0, 0.0)\n' | dnrad repl examples/gradient.hs
    Repl {
        /// A file to load first.
        file: Option<PathBuf>,
        /// The reverse AD mode of grad and vjp (`:set ad` changes it).
        #[arg(long, value_name = "MODE", default_value = "array")]
        ad: AdMode,
        #[command(flatten)]
        limits: LimitArgs,
    },
    /// Print the gradient of the top-level FUNCTION of FILE at an input.
    ///
    /// FUNCTION must return a Double. VALUE is JSON (docs/host.md) or the language's literal
    /// syntax (what `show` prints), read as data of FUNCTION's input type, never as code.
    ///
    /// Example: dnrad grad examples/gradient.hs rosenbrock --at "(1.5, 2.0)"
    Grad {
        /// The program (a .hs file) that defines FUNCTION.
        file: PathBuf,
        /// A directory to search for imported modules (after the file's own directory);
        /// may be repeated.
        #[arg(short = 'i', value_name = "DIR")]
        search: Vec<PathBuf>,
        /// A top-level function of the file whose result is a Double.
        function: String,
        /// The input, e.g. `2.0`, `(1.0, [2.0, 3.0])`, `Vec3 1.0 2.0 3.0`.
        #[arg(long, value_name = "VALUE")]
        at: String,
        /// The reverse AD mode.
        #[arg(long, value_name = "MODE", default_value = "array")]
        ad: AdMode,
        /// Print the gradient as JSON (docs/host.md: lists, tuples and arrays as arrays,
        /// records as objects by field name).
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        limits: LimitArgs,
    },
    /// Apply the top-level FUNCTION of FILE to a JSON input and print its result as JSON.
    ///
    /// The input (INPUT, or standard input) is decoded by FUNCTION's argument type and the
    /// result encoded by its result type (docs/host.md): numbers, strings, arrays for lists,
    /// tuples and Data.Array's arrays, objects for records by field name.
    ///
    /// Example: echo '[1.5, 2.0]' | dnrad call examples/gradient.hs rosenbrock
    Call {
        /// The program (a .hs file) that defines FUNCTION.
        file: PathBuf,
        /// A top-level function of the file, of one argument, with a signature of concrete
        /// types.
        function: String,
        /// A file holding the input as JSON (standard input when absent).
        input: Option<PathBuf>,
        /// A directory to search for imported modules (after the file's own directory);
        /// may be repeated.
        #[arg(short = 'i', value_name = "DIR")]
        search: Vec<PathBuf>,
        /// The reverse AD mode of grad and vjp.
        #[arg(long, value_name = "MODE", default_value = "array")]
        ad: AdMode,
        /// The backend.
        #[arg(long, value_name = "BACKEND", default_value = "vm")]
        backend: BackendArg,
        #[command(flatten)]
        limits: LimitArgs,
    },
    /// Serve the GradBench protocol on standard input and output, with DIR/MODULE.hs
    /// implementing each eval's module (docs/host.md).
    ///
    /// Example: gradbench run --eval "gradbench eval hello" --tool "dnrad gradbench gradbench"
    Gradbench {
        /// The directory of the eval modules (`hello.hs`, `llsq.hs`, ...).
        dir: PathBuf,
        /// The reverse AD mode of grad and vjp.
        #[arg(long, value_name = "MODE", default_value = "array")]
        ad: AdMode,
        /// The backend.
        #[arg(long, value_name = "BACKEND", default_value = "vm")]
        backend: BackendArg,
        #[command(flatten)]
        limits: LimitArgs,
    },
    /// Print an intermediate representation of FILE.
    ///
    /// Example: dnrad dump core examples/hello.hs
    ///
    /// Example: dnrad dump ad --ad staged examples/gradient.hs
    ///
    /// Example: dnrad dump bytecode examples/gradient.hs
    Dump {
        /// Which representation.
        what: DumpWhat,
        /// The program (a .hs file).
        file: PathBuf,
        /// A directory to search for imported modules (after the file's own directory);
        /// may be repeated.
        #[arg(short = 'i', value_name = "DIR")]
        search: Vec<PathBuf>,
        /// The reverse AD mode (for `dump ad`).
        #[arg(long, value_name = "MODE", default_value = "array")]
        ad: AdMode,
        /// Include the Prelude's data types and bindings (by default only the file's own).
        #[arg(long)]
        all: bool,
        /// Show the core as the VM runs it: after the simplifier (and, for `ad`, then
        /// differentiated). `bytecode` always shows what the VM runs.
        #[arg(long)]
        simplified: bool,
    },
}

/// Which warnings to show, for the commands that compile a whole program.
#[derive(clap::Args)]
struct WarnArgs {
    /// `-Wall` shows warnings (the default); `-Werror` also makes them errors: nothing runs
    /// and the exit code is 1 when there is one.
    #[arg(short = 'W', value_name = "all|error", value_enum)]
    warn: Option<Warnings>,
    /// Hide warnings.
    #[arg(short = 'w', conflicts_with = "warn")]
    quiet: bool,
}

impl WarnArgs {
    fn level(&self) -> Warnings {
        if self.quiet {
            Warnings::None
        } else {
            self.warn.unwrap_or_default()
        }
    }

    /// Print `warnings` as asked; `Err` (with nothing more to report) when they stop the
    /// command (`-Werror`).
    fn report(&self, sources: &Sources, warnings: &[Diagnostic]) -> Result<(), Vec<Diagnostic>> {
        let level = self.level();
        if level == Warnings::None {
            return Ok(());
        }
        let color = color();
        let mut err = std::io::stderr().lock();
        for w in warnings {
            write_diagnostic(&mut err, sources, w, color);
        }
        if level == Warnings::Error && !warnings.is_empty() {
            return Err(Vec::new());
        }
        Ok(())
    }
}

/// The limits of a run, for every command that runs a program.
#[derive(clap::Args)]
struct LimitArgs {
    /// The deepest nesting of non-tail calls before the run (a REPL entry, a server's
    /// evaluation) stops with an error. Default: no limit of its own; a recursion's frames are
    /// heap memory, so a deep one stops at the heap limit (--max-heap).
    #[arg(long, value_name = "FRAMES", value_parser = clap::value_parser!(u64).range(1..))]
    max_depth: Option<u64>,
    /// Stop a run that takes longer than this many seconds (a REPL entry, a server's
    /// evaluation) with an error.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    max_time: Option<Duration>,
    /// Stop a run (a REPL entry, a server's evaluation) with an error once the process has more
    /// than SIZE bytes live on the heap: 512K, 100M, 2G (powers of 1024). Default: 3/4 of the
    /// machine's memory, or of the cgroup's memory limit when that is smaller.
    #[arg(long, value_name = "SIZE", value_parser = dnrad::heap_limit::parse_size)]
    max_heap: Option<usize>,
}

impl LimitArgs {
    /// `options` with these limits.
    fn apply(self, options: Options) -> Options {
        Options {
            max_depth: self
                .max_depth
                .map(|depth| usize::try_from(depth).unwrap_or(usize::MAX)),
            max_time: self.max_time,
            max_heap: self.max_heap.or_else(dnrad::heap_limit::default_max_heap),
            ..options
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum DumpWhat {
    /// The typed core IR (dictionary-passing).
    Core,
    /// The differentiated core: every lambda with its twins, the lifted globals.
    Ad,
    /// The VM's register code for the program (simplified and, when it uses AD, differentiated).
    Bytecode,
}

/// The backends (see the `backend` crate).
#[derive(Clone, Copy, ValueEnum)]
enum BackendArg {
    /// The bytecode VM.
    Vm,
    /// The tree-walking interpreter (the reference semantics).
    Interp,
}

impl BackendArg {
    fn backend(self) -> Backend {
        match self {
            BackendArg::Vm => Backend::Vm,
            BackendArg::Interp => Backend::Interp,
        }
    }
}

/// The reverse AD modes (see the `ad` crate).
#[derive(Clone, Copy, ValueEnum)]
enum AdMode {
    /// Fig. 6-7 of the paper: plain cotangents, exponential under sharing.
    Naive,
    /// §4: staged backpropagator calls in a persistent map.
    Staged,
    /// §5-6: Cayley-transformed backpropagators.
    Cayley,
    /// §7-8.1: a mutable staging array (the default).
    Array,
}

impl AdMode {
    fn mode(self) -> Mode {
        match self {
            AdMode::Naive => Mode::Naive,
            AdMode::Staged => Mode::Staged,
            AdMode::Cayley => Mode::Cayley,
            AdMode::Array => Mode::Array,
        }
    }
}

/// The sources of a compilation of `file`, whose imports are searched for in its directory and
/// then in `search`.
fn read(file: &PathBuf, search: &[PathBuf]) -> Result<Sources, ExitCode> {
    match std::fs::read_to_string(file) {
        Ok(text) => {
            let mut sources = pipeline::sources_for(&file.display().to_string(), &text);
            sources.search_path.extend(search.iter().cloned());
            Ok(sources)
        }
        Err(e) => {
            eprintln!("dnrad: cannot read {}: {e}", file.display());
            Err(ExitCode::from(2))
        }
    }
}

/// Colour diagnostics only on a terminal, and never when `NO_COLOR` is set.
fn color() -> bool {
    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

fn report(sources: &Sources, diags: &[Diagnostic]) -> ExitCode {
    let color = color();
    let mut err = std::io::stderr().lock();
    for d in diags {
        write_diagnostic(&mut err, sources, d, color);
    }
    ExitCode::from(1)
}

/// The process's exit status for the program's `exitWith` code (0 for `ExitSuccess`; an
/// `ExitFailure` is never 0): the code itself where a status can hold it, else 255, as GHC's
/// programs do — never a status that reads as success (256 kept to its low 8 bits is 0).
fn process_status(code: i64) -> ExitCode {
    ExitCode::from(u8::try_from(code).unwrap_or(255))
}

fn execute(command: Command) -> ExitCode {
    let (sources, result) = match command {
        Command::Run {
            file,
            search,
            args,
            lint,
            ad,
            stats,
            backend,
            no_fusion,
            limits,
            warnings,
        } => {
            let mut sources = match read(&file, &search) {
                Ok(s) => s,
                Err(code) => return code,
            };
            let options = limits.apply(Options {
                lint,
                ad: ad.mode(),
                backend: backend.backend(),
                fusion: !no_fusion,
                ..Options::default()
            });
            // The name GHC gives the compiled program: the file's stem.
            let name = file
                .file_stem()
                .map_or_else(String::new, |s| s.to_string_lossy().into());
            let mut stdin = std::io::stdin().lock();
            let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
            let mut err = std::io::stderr();
            let mut world = World::new(&mut stdin, &mut out, &mut err).with_args(&name, args);
            if std::io::stdout().is_terminal() {
                world = world.line_buffered();
            }
            let compiled = pipeline::compile_warned(&mut sources, options);
            let result = compiled.and_then(|(program, found)| {
                warnings.report(&sources, &found)?;
                let program = pipeline::prepare(program, options)?;
                pipeline::run_program(&program, options, &mut world)
            });
            drop(world);
            let _ = out.flush();
            match result {
                Ok(s) => {
                    if stats {
                        eprintln!("backpropagator calls: {}", s.bp_calls);
                    }
                    return s.exit.map_or(ExitCode::SUCCESS, process_status);
                }
                Err(diags) => (sources, Err(diags)),
            }
        }
        Command::Grad {
            file,
            search,
            function,
            at,
            ad,
            json,
            limits,
        } => {
            let options = limits.apply(Options {
                ad: ad.mode(),
                ..Options::default()
            });
            return gradient(&file, &search, &function, &at, json, options);
        }
        Command::Call {
            file,
            function,
            input,
            search,
            ad,
            backend,
            limits,
        } => {
            let mut sources = match read(&file, &search) {
                Ok(s) => s,
                Err(code) => return code,
            };
            let text = match &input {
                Some(path) => std::fs::read_to_string(path),
                None => std::io::read_to_string(std::io::stdin()),
            };
            let text = match text {
                Ok(t) => t,
                Err(e) => {
                    let what = input.map_or("standard input".into(), |p| p.display().to_string());
                    eprintln!("dnrad: cannot read {what}: {e}");
                    return ExitCode::from(2);
                }
            };
            let options = limits.apply(Options {
                ad: ad.mode(),
                backend: backend.backend(),
                ..Options::default()
            });
            return call(&mut sources, &function, &text, options);
        }
        Command::Gradbench {
            dir,
            ad,
            backend,
            limits,
        } => {
            let options = limits.apply(Options {
                ad: ad.mode(),
                backend: backend.backend(),
                ..Options::default()
            });
            let mut server = dnrad::gradbench::Server::new(dir, options);
            let served = server.serve(std::io::stdin().lock(), &mut std::io::stdout().lock());
            return match served {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("dnrad: gradbench: {e}");
                    ExitCode::from(1)
                }
            };
        }
        Command::Repl { file, ad, limits } => {
            let options = limits.apply(Options {
                ad: ad.mode(),
                ..Options::default()
            });
            return dnrad::repl::run(file, options, color());
        }
        Command::Check {
            file,
            search,
            warnings,
        } => {
            let mut sources = match read(&file, &search) {
                Ok(s) => s,
                Err(code) => return code,
            };
            let options = Options {
                lint: true,
                ..Options::default()
            };
            let result = pipeline::compile_warned(&mut sources, options)
                .and_then(|(_, found)| warnings.report(&sources, &found));
            (sources, result)
        }
        Command::Dump {
            what,
            file,
            search,
            ad,
            all,
            simplified,
        } => {
            let mut sources = match read(&file, &search) {
                Ok(s) => s,
                Err(code) => return code,
            };
            let options = Options {
                ad: ad.mode(),
                ..Options::default()
            };
            if let DumpWhat::Bytecode = what {
                let result = pipeline::compile_for_run(&mut sources, options).and_then(|program| {
                    let location = |span| sources.location(span);
                    dnrad_backend::dump_bytecode(&program, all, &location).map_err(|d| vec![d])
                });
                let result = result.map(|text| {
                    let _ = write!(std::io::stdout(), "{text}");
                });
                return finish(&sources, result);
            }
            let result = pipeline::compile(&mut sources, options).and_then(|program| {
                let program = if simplified {
                    pipeline::simplify(&program, options)?
                } else {
                    program
                };
                match what {
                    DumpWhat::Core => Ok(program),
                    _ => pipeline::differentiate(&program, options),
                }
            });
            let result = result.map(|mut program| {
                if !all {
                    program.datas.retain(|d| d.span.is_user());
                    program.binds.retain(|b| b.span.is_user());
                }
                // A closed pipe (`dnrad dump core f.hs | head`) is not an error.
                let _ = write!(std::io::stdout(), "{}", pretty::program(&program));
            });
            (sources, result)
        }
    };
    finish(&sources, result)
}

/// The binding `dnrad grad` adds to the user's file (after checking the function it names):
/// the gradient, shown by the type's own `Show`.
const GRAD_SHOWN: &str = "dnradGradientShown";
/// The same, the gradient itself (for `--json`).
const GRAD_VALUE: &str = "dnradGradient";

/// `dnrad grad`: the gradient of the top-level `function` of `file` at the value `at` (JSON, or
/// the language's literal syntax), printed by the type's `Show` or, with `json`, as JSON. The
/// function is checked first, so the binding added to the file (which names only it) cannot fail
/// but for a type without `Show`; the value crosses as data.
fn gradient(
    file: &PathBuf,
    search: &[PathBuf],
    function: &str,
    at: &str,
    json: bool,
    options: Options,
) -> ExitCode {
    let mut sources = match read(file, search) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let checked = match dnrad::call::prepare(&mut sources, Some(&[function]), options) {
        Ok(p) => p,
        Err(diags) => return report(&sources, &diags),
    };
    let f = &checked.functions[0];
    if f.output != dnrad_core::Type::double() {
        let message = format!(
            "grad needs a function whose result is a Double, but `{function}` returns `{}`",
            show_type::source(&f.output)
        );
        let span = f.span;
        return report(&sources, &[Diagnostic::new(ErrorKind::Type, span, message)]);
    }
    let types = dnrad_backend::host::Types::new(&checked.program.datas);
    let decoded = match serde_json::from_str::<serde_json::Value>(at) {
        Ok(j) => types.decode(&f.input, &j, "--at"),
        Err(_) => dnrad_backend::host::decode_literal(&types, &f.input, at)
            .map_err(|e| format!("--at {e}")),
    };
    let arg = match decoded {
        Ok(v) => v,
        Err(e) => {
            eprintln!("dnrad: {e}");
            return ExitCode::from(1);
        }
    };
    let (entry, rhs) = if json {
        (GRAD_VALUE, format!("grad ({function}) x"))
    } else {
        (GRAD_SHOWN, format!("show (grad ({function}) x)"))
    };
    let text = format!(
        "{}\n\n{entry} x = {rhs}\n",
        sources.get(FileId::MAIN).map_or("", |f| f.text.as_str())
    );
    let mut spliced = pipeline::sources_for(&file.display().to_string(), &text);
    spliced.search_path.extend(search.iter().cloned());
    let prepared = match dnrad::call::prepare(&mut spliced, Some(&[entry]), options) {
        Ok(p) => p,
        Err(_) => {
            eprintln!(
                "dnrad: the gradient's type `{}` has no Show instance: use --json",
                show_type::source(&f.input)
            );
            return ExitCode::from(1);
        }
    };
    let v = match dnrad::call::call_once(&prepared, 0, arg, options) {
        Ok(v) => v,
        Err(d) => return report(&spliced, &[d]),
    };
    let output = prepared.functions[0].output.clone();
    match types.encode(&output, &v) {
        Ok(serde_json::Value::String(shown)) if !json => println!("{shown}"),
        Ok(j) => println!("{j}"),
        Err(e) => {
            eprintln!("dnrad: cannot write the gradient: {e}");
            return ExitCode::from(1);
        }
    }
    ExitCode::SUCCESS
}

/// `dnrad call`: the function applied to the JSON `input`, its result printed as JSON.
fn call(sources: &mut Sources, function: &str, input: &str, options: Options) -> ExitCode {
    let prepared = match dnrad::call::prepare(sources, Some(&[function]), options) {
        Ok(p) => p,
        Err(diags) => return report(sources, &diags),
    };
    let json: serde_json::Value = match serde_json::from_str(input) {
        Ok(j) => j,
        Err(e) => {
            eprintln!("dnrad: the input is not JSON: {e}");
            return ExitCode::from(1);
        }
    };
    let types = dnrad_backend::host::Types::new(&prepared.program.datas);
    let f = &prepared.functions[0];
    let arg = match types.decode(&f.input, &json, "input") {
        Ok(v) => v,
        Err(e) => {
            eprintln!("dnrad: {e}");
            return ExitCode::from(1);
        }
    };
    match dnrad::call::call_once(&prepared, 0, arg, options) {
        Ok(v) => match types.encode(&f.output, &v) {
            Ok(j) => {
                println!("{j}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("dnrad: cannot write the result as JSON: {e}");
                ExitCode::from(1)
            }
        },
        Err(d) => report(sources, &[d]),
    }
}

/// The exit code of a command: success, or its diagnostics reported.
fn finish(sources: &Sources, result: Result<(), Vec<Diagnostic>>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(diags) => report(sources, &diags),
    }
}

fn main() -> ExitCode {
    dnrad::alloc::configure_os_memory();
    let cli = Cli::parse();
    pipeline::with_big_stack(move || execute(cli.command))
}

/// A positive number of seconds (`--max-time`).
fn seconds(text: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s.is_finite() => Ok(Duration::from_secs_f64(s)),
        _ => Err(format!("`{text}` is not a positive number of seconds")),
    }
}
