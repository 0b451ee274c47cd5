//! `dnrad repl`: the read-eval-print loop. Reads entries (rustyline in a terminal, plain lines
//! when standard input is piped), dispatches `:` commands, definitions and expressions to the
//! session, and prints results to standard output and diagnostics to standard error. No error
//! ends the session; only `:quit` or the end of the input does. Ctrl-C (SIGINT) while an entry
//! runs stops that run (on either backend, native code included) and returns to the prompt.

mod chunks;

mod info;
mod input;
mod kept;
mod kind;
mod session;

use crate::pipeline::{self, Options};
use crate::render::write_diagnostic;
use dnrad_ad::Mode;
use dnrad_backend::{Backend, World};
use dnrad_core::FileId;
use input::{needs_more, unwrap_block, ReplHelper};
use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::Editor;
use session::{Failure, Session};
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// Set by Ctrl-C; the run of an entry reads it (`Limits::interrupt`) and stops. Cleared before
/// each entry, so a Ctrl-C between entries stops nothing.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

const HELP: &str = "\
Enter an expression to evaluate it (IO actions are run), or a definition (function, data type,
class, instance) to add it; a definition replaces earlier ones of the same name.
`it` is the value of the last expression (an IO action's result); `x <- action` (or a pattern,
`(a, b) <- action`) runs the action once and binds its result. These values are kept as they
are, not computed again, and have the types they had (defaulted: `1 + 2` is an Integer); values
holding functions are not kept, and redefining a data type drops the values of the old one.
Entries continue over several lines while a bracket or a layout block (`where`, `let`, `do`,
`of`, a trailing `=`) is open, until an empty line; `:{ ... :}` brackets any multi-line entry.
Ctrl-C stops the entry that is running.

  :type EXPR       the type of EXPR                 (:t)
  :info NAME       a value's type; a type's or class's declaration and instances  (:i)
  :kind TYPE       the kind of TYPE                 (:k)
  :doc NAME        the comment above NAME's definition
  :core EXPR       the core IR of EXPR
  :ad EXPR         the differentiated core of EXPR
  :browse          the session's definitions        (:b)
  :load FILE       load a file, replacing the session's definitions   (:l)
  :reload          load the last file again         (:r)
  :edit [FILE]     edit FILE (or the loaded file) with $EDITOR, then load it   (:e)
  :main ARGS       run `main` with the command-line arguments ARGS
  :set ad MODE     reverse AD mode: naive, staged, cayley, array
  :set backend B   vm or interp
  :set +t          show the type of each value shown (:unset +t stops)
  :help            this text                        (:h, :?)
  :quit            leave                            (:q)
";

const COMMANDS: [&str; 19] = [
    ":type",
    ":edit",
    ":doc",
    ":info",
    ":kind",
    ":main",
    ":set +t",
    ":unset +t",
    ":core",
    ":ad",
    ":browse",
    ":load",
    ":reload",
    ":set ad",
    ":set backend",
    ":help",
    ":quit",
    ":{",
    ":}",
];

/// What happened to one entry.
enum Step {
    Continue,
    Quit,
}

struct Repl {
    session: Session,
    color: bool,
    /// In a terminal: say what happened (`Loaded ...`); piped, print results only.
    interactive: bool,
    /// `:set +t`: print the type of each value shown.
    show_types: bool,
}

impl Repl {
    fn report(&self, failure: &Failure) {
        let mut err = std::io::stderr().lock();
        for d in &failure.diagnostics {
            write_diagnostic(&mut err, &failure.sources, d, self.color);
        }
    }

    fn say(&self, text: &str) {
        let mut out = std::io::stdout().lock();
        let _ = out.write_all(text.as_bytes());
        if !text.is_empty() && !text.ends_with('\n') {
            let _ = out.write_all(b"\n");
        }
        let _ = out.flush();
    }

    fn complain(&self, text: &str) {
        eprintln!("{text}");
    }

    fn loaded(&self, path: &Path) {
        if self.interactive {
            self.say(&format!("Loaded {}.", path.display()));
        }
    }

    fn load(&mut self, path: &Path) {
        match self.session.load(path) {
            Ok(()) => self.loaded(path),
            Err(f) => self.report(&f),
        }
    }

    /// `:edit [FILE]`: run `$EDITOR` (`vi` without one) on FILE or the loaded file, then load
    /// it (as GHCi).
    fn edit(&mut self, file: &str) {
        let path = match (file, self.session.file()) {
            ("", Some(loaded)) => loaded.to_path_buf(),
            ("", None) => return self.complain("no file to edit: :edit FILE, or :load one first"),
            (file, _) => PathBuf::from(file),
        };
        let editor = std::env::var("EDITOR").unwrap_or_else(|_| "vi".into());
        // Through the shell, as the variable may hold arguments (`code --wait`).
        let status = std::process::Command::new("sh")
            .args(["-c", &format!("{editor} \"$1\""), "sh"])
            .arg(&path)
            .status();
        match status {
            Ok(s) if s.success() => self.load(&path),
            Ok(s) => self.complain(&format!("the editor `{editor}` failed ({s})")),
            Err(e) => self.complain(&format!("cannot run the editor `{editor}`: {e}")),
        }
    }

    fn set(&mut self, args: &str) {
        let mut words = args.split_whitespace();
        match (words.next(), words.next()) {
            (Some("ad"), Some(mode)) => match mode.parse::<Mode>() {
                Ok(m) => self.session.options.ad = m,
                Err(e) => self.complain(&e),
            },
            (Some("backend"), Some("interp")) => self.session.options.backend = Backend::Interp,
            (Some("backend"), Some("vm")) => self.session.options.backend = Backend::Vm,
            (Some("+t"), None) => self.show_types = true,
            _ => self.complain(
                "usage: :set ad naive|staged|cayley|array, :set backend vm|interp, :set +t",
            ),
        }
    }

    fn command(&mut self, line: &str, stdin: &mut dyn BufRead) -> Step {
        let (cmd, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let shown = |r: Result<String, Failure>, repl: &Repl| match r {
            Ok(s) => repl.say(&s),
            Err(f) => repl.report(&f),
        };
        match cmd {
            ":q" | ":quit" => return Step::Quit,
            ":h" | ":help" | ":?" => self.say(HELP),
            ":t" | ":type" => shown(self.session.type_of(rest), self),
            ":i" | ":info" => shown(self.session.info(rest), self),
            ":k" | ":kind" => match self.session.kind_of(rest) {
                Ok(k) => self.say(&k),
                Err(e) => self.complain(&e),
            },
            ":doc" => match self.session.doc(rest) {
                Ok(d) => self.say(&d),
                Err(e) => self.complain(&e),
            },
            ":core" => shown(self.session.core_of(rest), self),
            ":ad" => shown(self.session.ad_of(rest), self),
            ":b" | ":browse" => shown(self.session.browse(), self),
            ":l" | ":load" if !rest.is_empty() => self.load(&PathBuf::from(rest)),
            ":r" | ":reload" => match self.session.reload() {
                Ok(Some(path)) => self.loaded(&path),
                Ok(None) => self.complain("no file to reload"),
                Err(f) => self.report(&f),
            },
            ":e" | ":edit" => self.edit(rest),
            ":set" => self.set(rest),
            ":unset" if rest == "+t" => self.show_types = false,
            ":main" => self.evaluate("main", command_line(rest), stdin, false),
            _ => self.complain(&format!(
                "unknown command `{cmd}` (:help lists the commands)"
            )),
        }
        Step::Continue
    }

    /// Run one entry; an expression reads `stdin` when it asks for input.
    fn entry(&mut self, text: &str, stdin: &mut dyn BufRead) -> Step {
        INTERRUPTED.store(false, Ordering::Relaxed);
        let text = unwrap_block(text);
        if text.trim().is_empty() {
            return Step::Continue;
        }
        if text.starts_with(':') {
            return self.command(text.trim(), stdin);
        }
        let declared = if Session::is_import(&text) {
            Some(self.session.import(&text))
        } else if Session::is_definition(&text) {
            Some(self.session.define(&text))
        } else {
            None
        };
        if let Some(result) = declared {
            if let Err(f) = result {
                self.report(&f);
            }
            return Step::Continue;
        }
        if let Some(names) = Session::bound_names(&text) {
            let bound = self.in_world(Vec::new(), stdin, |session, world| {
                session.bind(&text, &names, world)
            });
            if let Err(f) = bound {
                self.report(&f);
            }
            return Step::Continue;
        }
        self.evaluate(&text, Vec::new(), stdin, true);
        Step::Continue
    }

    /// `run` the session in a world of the program arguments `args` reading `stdin`.
    fn in_world<T>(
        &mut self,
        args: Vec<String>,
        stdin: &mut dyn BufRead,
        run: impl FnOnce(&mut Session, &mut World) -> T,
    ) -> T {
        let (mut out, mut err) = (std::io::stdout().lock(), std::io::stderr());
        let mut world = World::new(stdin, &mut out, &mut err).with_args("<interactive>", args);
        if std::io::stdout().is_terminal() {
            world = world.line_buffered();
        }
        run(&mut self.session, &mut world)
    }

    /// Evaluate an expression, its program's arguments `args`, reading `stdin`; with `bind_it`,
    /// `it` names its value next.
    fn evaluate(&mut self, expr: &str, args: Vec<String>, stdin: &mut dyn BufRead, bind_it: bool) {
        let evaluated = self.in_world(args, stdin, |session, world| {
            session.evaluate(expr, world, bind_it)
        });
        match evaluated {
            // An exit ends the expression, not the session (GHCi reports it the same way).
            Ok(e) => {
                if let (true, Some(ty)) = (self.show_types, &e.ty) {
                    self.say(&format!("it :: {ty}"));
                }
                if let Some(code) = e.exit {
                    self.complain(&format!("*** Exception: {}", exit_code(code)));
                }
            }
            Err(f) => self.report(&f),
        }
    }

    /// The words to complete: commands, the Prelude's names, the session's names.
    fn words(&self, prelude: &[String]) -> Vec<String> {
        let mut words: Vec<String> = COMMANDS.iter().map(|c| c.to_string()).collect();
        words.extend(prelude.iter().cloned());
        words.extend(self.session.names());
        words.sort();
        words.dedup();
        words
    }

    /// Plain lines from a pipe: results only, no prompt. An expression that reads input reads
    /// the lines that follow it.
    fn piped(&mut self) {
        let mut input = std::io::stdin().lock();
        while let Some(first) = read_line(&mut input) {
            let mut text = first;
            while needs_more(&text) {
                match read_line(&mut input) {
                    Some(line) => {
                        text.push('\n');
                        text.push_str(&line);
                    }
                    None => break,
                }
            }
            if let Step::Quit = self.entry(&text, &mut input) {
                return;
            }
        }
    }

    fn terminal(&mut self) -> rustyline::Result<()> {
        let mut editor: Editor<ReplHelper, DefaultHistory> = Editor::new()?;
        // After the editor, which sets a SIGINT handler of its own for as long as it lives.
        self.session.options.interrupt = catch_interrupts();
        let history = std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".dnrad_history"));
        if let Some(h) = &history {
            let _ = editor.load_history(h);
        }
        println!("dnrad repl — :help for the commands, :quit to leave");
        let prelude = prelude_names();
        loop {
            editor.set_helper(Some(ReplHelper {
                words: self.words(&prelude),
            }));
            match editor.readline("dnrad> ") {
                Ok(text) => {
                    let _ = editor.add_history_entry(text.as_str());
                    if let Step::Quit = self.entry(&text, &mut std::io::stdin().lock()) {
                        break;
                    }
                }
                Err(ReadlineError::Interrupted) => continue,
                Err(ReadlineError::Eof) => break,
                Err(e) => return Err(e),
            }
        }
        if let Some(h) = &history {
            let _ = editor.save_history(h);
        }
        Ok(())
    }
}

/// The next line of `input` without its line ending, or `None` at its end. Bytes that are not
/// UTF-8 become U+FFFD (the entry then fails to lex; the session goes on).
fn read_line(input: &mut dyn BufRead) -> Option<String> {
    let mut bytes = Vec::new();
    match input.read_until(b'\n', &mut bytes) {
        Ok(0) | Err(_) => None,
        Ok(_) => {
            let mut line = String::from_utf8_lossy(&bytes).into_owned();
            if line.ends_with('\n') {
                line.pop();
                if line.ends_with('\r') {
                    line.pop();
                }
            }
            Some(line)
        }
    }
}

/// The arguments of `:main`: words, or text in double quotes (`"a b"` is one argument; `\"`
/// and `\\` escape inside it), as GHCi splits them.
fn command_line(text: &str) -> Vec<String> {
    let mut args = Vec::new();
    let mut chars = text.chars().peekable();
    loop {
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
        let Some(&first) = chars.peek() else {
            return args;
        };
        let mut arg = String::new();
        if first == '"' {
            chars.next();
            while let Some(c) = chars.next() {
                match c {
                    '"' => break,
                    '\\' => arg.extend(chars.next()),
                    c => arg.push(c),
                }
            }
        } else {
            while let Some(c) = chars.next_if(|c| !c.is_whitespace()) {
                arg.push(c);
            }
        }
        args.push(arg);
    }
}

/// How GHC shows the exit code `code` (`ExitFailure 3`).
fn exit_code(code: i64) -> String {
    match code {
        0 => "ExitSuccess".into(),
        n if n < 0 => format!("ExitFailure ({n})"),
        n => format!("ExitFailure {n}"),
    }
}

/// The value names the Prelude exports (what a user can type; its helpers and primitives are
/// not in scope).
fn prelude_names() -> Vec<String> {
    use dnrad_frontend::ast::{Entity, Members};
    let source = dnrad_frontend::prelude::PRELUDE_SOURCE;
    let exports = pipeline::parse_file(source, FileId::PRELUDE)
        .ok()
        .and_then(|m| m.exports)
        .unwrap_or_default();
    let mut names = Vec::new();
    for entity in exports {
        match entity {
            Entity::Var(v) => names.push(v.name),
            Entity::Type(_, Some(Members::Listed(members))) => {
                names.extend(members.into_iter().map(|m| m.name))
            }
            _ => {}
        }
    }
    names
}

/// Make Ctrl-C (SIGINT) set `INTERRUPTED`, which runs then read: the flag, or `None` when a
/// handler was set already (Ctrl-C then ends the process, as without one).
fn catch_interrupts() -> Option<&'static AtomicBool> {
    let handled = ctrlc::set_handler(|| INTERRUPTED.store(true, Ordering::Relaxed)).is_ok();
    handled.then_some(&INTERRUPTED)
}

/// Run the REPL, loading `file` first if given.
pub fn run(file: Option<PathBuf>, options: Options, color: bool) -> std::process::ExitCode {
    let mut repl = Repl {
        session: Session::new(options),
        color,
        interactive: std::io::stdin().is_terminal(),
        show_types: false,
    };
    if let Some(f) = file {
        repl.load(&f);
    }
    if repl.interactive {
        if let Err(e) = repl.terminal() {
            eprintln!("dnrad: the terminal failed: {e}");
            return std::process::ExitCode::from(1);
        }
    } else {
        repl.session.options.interrupt = catch_interrupts();
        repl.piped();
    }
    std::process::ExitCode::SUCCESS
}
