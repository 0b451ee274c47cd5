//! The `dnrad` command line: `run`, `check` and `dump core`. Parses arguments (clap), reads the
//! file, calls the pipeline and renders diagnostics. Exit codes: 0 success, 1 a compile or runtime
//! error in the program, 2 a usage error (clap) or an unreadable file.

use clap::{Parser, Subcommand, ValueEnum};
use dnrad::pipeline::{self, Options};
use dnrad::render::write_diagnostic;
use dnrad::sources::Sources;
use dnrad_core::{pretty, Diagnostic};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "dnrad",
    version,
    about = "A strict Haskell 98-like language with efficient reverse-mode AD"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Compile FILE and run its `main`.
    ///
    /// Example: dnrad run examples/hello.hs
    Run {
        file: PathBuf,
        /// Re-check the core IR with the lint after every pass.
        #[arg(long)]
        lint: bool,
    },
    /// Compile FILE and report errors without running it.
    ///
    /// Example: dnrad check examples/hello.hs
    Check { file: PathBuf },
    /// Print an intermediate representation of FILE.
    ///
    /// Example: dnrad dump core examples/hello.hs
    Dump { what: DumpWhat, file: PathBuf },
}

#[derive(Clone, Copy, ValueEnum)]
enum DumpWhat {
    /// The typed core IR (dictionary-passing).
    Core,
}

fn read(file: &PathBuf) -> Result<Sources, ExitCode> {
    match std::fs::read_to_string(file) {
        Ok(text) => Ok(pipeline::sources_for(&file.display().to_string(), &text)),
        Err(e) => {
            eprintln!("dnrad: cannot read {}: {e}", file.display());
            Err(ExitCode::from(2))
        }
    }
}

fn report(sources: &Sources, diags: &[Diagnostic]) -> ExitCode {
    let color = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let mut err = std::io::stderr().lock();
    for d in diags {
        write_diagnostic(&mut err, sources, d, color);
    }
    ExitCode::from(1)
}

fn execute(command: Command) -> ExitCode {
    let (sources, result) = match command {
        Command::Run { file, lint } => {
            let sources = match read(&file) {
                Ok(s) => s,
                Err(code) => return code,
            };
            let stdout = std::io::stdout();
            let mut out = std::io::BufWriter::new(stdout.lock());
            let result = pipeline::run(&sources, Options { lint }, &mut out);
            let _ = out.flush();
            (sources, result)
        }
        Command::Check { file } => {
            let sources = match read(&file) {
                Ok(s) => s,
                Err(code) => return code,
            };
            let result = pipeline::compile(&sources, Options { lint: true }).map(|_| ());
            (sources, result)
        }
        Command::Dump {
            what: DumpWhat::Core,
            file,
        } => {
            let sources = match read(&file) {
                Ok(s) => s,
                Err(code) => return code,
            };
            let result = pipeline::compile(&sources, Options::default())
                .map(|program| print!("{}", pretty::program(&program)));
            (sources, result)
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(diags) => report(&sources, &diags),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    pipeline::with_big_stack(move || execute(cli.command))
}
