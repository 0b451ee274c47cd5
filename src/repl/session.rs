//! A REPL session: the loaded file's and the prompt's definitions (as `Chunk`s), the values it
//! keeps (`it`, `x <- action`: see `kept`), the options, and everything the prompt can ask of
//! them — define, evaluate, bind, `:type`, `:core`, `:ad`, `:browse`. Every request recompiles
//! the session's text (with the kept values declared) with the pipeline, the Prelude included,
//! so a session is always a program the compiler accepts. A failed request leaves the session
//! as it was. It does no terminal input or output of its own.

use super::chunks::{self, Chunk, Key};
use super::kept::{self, Decision, Kept};
use super::{info, kind};
use crate::display;
use crate::pipeline::{self, Options};
use crate::sources::Sources;
use dnrad_backend::{Value, World};
use dnrad_core::{pretty, Bind, Diagnostic, ErrorKind, FileId, Program, Span, Type};
use dnrad_frontend::ast::DeclKind;
use dnrad_frontend::desugar::SessionValue;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The names of the bindings the session adds to evaluate an expression.
const IT: &str = "dnreplIt";
const MAIN: &str = "dnreplMain";
/// The variable the wrapper binds an action's result to.
const RESULT: &str = "dnreplResult";
/// An entry no program defines: compile without running.
const NO_ENTRY: &str = "dnreplNoEntry";
/// How the session's text is named in diagnostics.
const INTERACTIVE: &str = "<interactive>";

/// A request that failed: its diagnostics and the sources they point into.
pub struct Failure {
    pub sources: Sources,
    pub diagnostics: Vec<Diagnostic>,
}

impl Failure {
    fn message(sources: Sources, msg: String) -> Failure {
        let diagnostic = Diagnostic::new(ErrorKind::Scope, Span::new(FileId::MAIN, 0, 0), msg);
        Failure {
            sources,
            diagnostics: vec![diagnostic],
        }
    }
}

pub type Result<T> = std::result::Result<T, Failure>;

/// What evaluating an expression gave besides its output.
pub struct Evaluated {
    /// The code it gave `exitWith`, if it exited that way.
    pub exit: Option<i64>,
    /// The type of the value it showed (`it`'s type in GHCi), if it showed one.
    pub ty: Option<String>,
}

/// An expression typed at the prompt inside the session's wrapper bindings: the text added
/// after the session's definitions, and where the expression is in it.
struct Wrapped {
    text: String,
    expr: std::ops::Range<usize>,
}

impl Wrapped {
    /// `before`, the expression in parentheses, then `after`.
    fn new(before: &str, expr: &str, after: &str) -> Wrapped {
        Wrapped::bare(&format!("{before}("), expr, &format!("){after}"))
    }

    /// `before`, the entry's text as it is (a statement `x <- action`), then `after`.
    fn bare(before: &str, entry: &str, after: &str) -> Wrapped {
        Wrapped {
            text: format!("{before}{entry}{after}"),
            expr: before.len()..before.len() + entry.len(),
        }
    }

    /// `failure` as the user sees it: what points into the wrapper points into the expression
    /// alone, a file of its own (`<interactive>`, line 1): into the expression where it was in
    /// it, else (the wrapper's own code) at the whole expression. The session's definitions
    /// stay where they are. So no message shows the wrapper's internal names.
    fn relocate(&self, failure: Failure) -> Failure {
        let Failure {
            mut sources,
            mut diagnostics,
        } = failure;
        let Some(session) = sources.get(FileId::MAIN) else {
            return Failure {
                sources,
                diagnostics,
            };
        };
        let base = session.text.len() - self.text.len();
        let expr = &session.text[base + self.expr.start..base + self.expr.end];
        let entry = sources.add(crate::sources::SourceFile::new(INTERACTIVE, expr));
        let (start, end) = (
            (base + self.expr.start) as u32,
            (base + self.expr.end) as u32,
        );
        let moved = |span: Span| -> Span {
            if span.file != FileId::MAIN || (span.lo as usize) < base {
                return span;
            }
            if span.lo >= start && span.hi <= end {
                Span::new(entry, span.lo - start, span.hi - start)
            } else {
                Span::new(entry, 0, end - start)
            }
        };
        for d in &mut diagnostics {
            d.span = moved(d.span);
            for (span, _) in &mut d.labels {
                *span = moved(*span);
            }
        }
        Failure {
            sources,
            diagnostics,
        }
    }
}

pub struct Session {
    pub options: Options,
    file: Option<PathBuf>,
    /// The session's `import` declarations (the loaded file's, then the prompt's), each a line.
    imports: Vec<String>,
    chunks: Vec<Chunk>,
    /// The values kept across entries (`it`, names bound by `x <- action`).
    kept: Kept,
}

/// Remove the indentation common to all non-blank lines (a `:{ ... :}` block may be indented).
fn dedent(text: &str) -> String {
    let indent = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    text.lines()
        .map(|l| l.get(indent..).unwrap_or("").trim_end())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Printed core with the wrapper's name shown as GHCi's `it` (where it is a whole name: not
/// preceded by a character of a name).
fn as_it(core: &str) -> String {
    let mut out = String::with_capacity(core.len());
    let mut rest = core;
    while let Some(at) = rest.find(IT) {
        let before = &rest[..at];
        let whole = !before
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '\'');
        out.push_str(before);
        out.push_str(if whole { "it" } else { IT });
        rest = &rest[at + IT.len()..];
    }
    out.push_str(rest);
    out
}

/// GHCi accepts `let x = e` for a definition at the prompt.
fn without_let(text: &str) -> &str {
    text.strip_prefix("let ").unwrap_or(text)
}

impl Session {
    pub fn new(options: Options) -> Session {
        Session {
            options,
            file: None,
            imports: Vec::new(),
            chunks: Vec::new(),
            kept: Kept::default(),
        }
    }

    /// The session as one program: its imports, `chunks`, then `extra`.
    /// A qualified import of the Prelude keeps the plain one at the prompt, as in GHCi (the
    /// session's own wrappers use the Prelude's names too).
    fn text(&self, chunks: &[Chunk], extra: &str) -> String {
        let is_prelude = |i: &&String| i.split_whitespace().any(|w| w == "Prelude");
        let only_qualified = self
            .imports
            .iter()
            .filter(is_prelude)
            .all(|i| i.starts_with("import qualified "));
        let mut text = String::new();
        if only_qualified && self.imports.iter().any(|i| is_prelude(&i)) {
            text.push_str("import Prelude\n");
        }
        text.extend(self.imports.iter().map(|i| format!("{i}\n")));
        text.extend(chunks.iter().map(|c| c.text.as_str()));
        text.push_str(extra);
        text
    }

    /// The sources of the session's program (imports are searched for next to the loaded file).
    fn sources(&self, text: &str) -> Sources {
        let mut sources = pipeline::sources_for(INTERACTIVE, text);
        if let Some(dir) = self.file.as_ref().and_then(|f| f.parent()) {
            sources.search_path = vec![dir.to_path_buf()];
        }
        sources
    }

    /// Compile the session's text of `chunks` and kept values `kept` plus `extra`, running
    /// nothing; `entry` names the binding that would run.
    fn compile_with(
        &self,
        chunks: &[Chunk],
        kept: &[SessionValue],
        extra: &str,
        entry: &'static str,
    ) -> (Sources, std::result::Result<Program, Vec<Diagnostic>>) {
        let mut sources = self.sources(&self.text(chunks, extra));
        let options = Options {
            entry,
            ..self.options
        };
        let result = pipeline::compile_session(&mut sources, options, kept).map_err(|mut ds| {
            self.kept.explain(&sources, &mut ds);
            ds
        });
        (sources, result)
    }

    /// `compile_with` the session as it is.
    fn compile_now(
        &self,
        extra: &str,
        entry: &'static str,
    ) -> (Sources, std::result::Result<Program, Vec<Diagnostic>>) {
        self.compile_with(&self.chunks, &self.kept.declared(), extra, entry)
    }

    fn compile(&self, extra: &str) -> Result<Program> {
        match self.compile_now(extra, NO_ENTRY) {
            (_, Ok(p)) => Ok(p),
            (sources, Err(diagnostics)) => Err(Failure {
                sources,
                diagnostics,
            }),
        }
    }

    /// Load a file: it must compile on its own (errors point into it); its declarations then
    /// replace the session's.
    pub fn load(&mut self, path: &Path) -> Result<()> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| {
            Failure::message(
                pipeline::sources_for(&name, ""),
                format!("cannot read {name}: {e}"),
            )
        })?;
        // Without a byte-order mark, as the compiler reads it.
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text).to_string();
        let mut sources = pipeline::sources_for(&name, &text);
        let options = Options {
            entry: NO_ENTRY,
            ..self.options
        };
        if let Err(diagnostics) = pipeline::compile(&mut sources, options) {
            return Err(Failure {
                sources,
                diagnostics,
            });
        }
        // A literate file's code without its comments, dedented: its lines start in column 2
        // or 3, and the session's text joins the file's declarations with the prompt's.
        let program = if crate::modules::is_literate(&name) {
            let unlit = dnrad_frontend::unlit::unlit(&text, FileId::MAIN).map_err(|d| Failure {
                sources: pipeline::sources_for(&name, &text),
                diagnostics: vec![d],
            })?;
            dedent(&unlit)
        } else {
            text.clone()
        };
        let module =
            pipeline::parse_file(&program, FileId::MAIN).map_err(|diagnostics| Failure {
                sources: pipeline::sources_for(&name, &text),
                diagnostics,
            })?;
        self.chunks = chunks::split(&program, &module.decls);
        self.kept = Kept::default();
        self.imports = module
            .imports
            .iter()
            .map(|i| program[i.span.lo as usize..i.span.hi as usize].replace('\n', " "))
            .collect();
        self.file = Some(path.to_path_buf());
        Ok(())
    }

    /// Whether `text` is an `import` declaration.
    pub fn is_import(text: &str) -> bool {
        text.trim_start().starts_with("import ")
    }

    /// Add an `import` declaration typed at the prompt (it must name a module that exists and
    /// what it exports).
    pub fn import(&mut self, text: &str) -> Result<()> {
        let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let previous = std::mem::take(&mut self.imports);
        self.imports = previous.iter().cloned().chain([line]).collect();
        match self.compile_now("", NO_ENTRY) {
            (_, Ok(_)) => Ok(()),
            (sources, Err(diagnostics)) => {
                self.imports = previous;
                Err(Failure {
                    sources,
                    diagnostics,
                })
            }
        }
    }

    /// The file loaded last, if any.
    pub fn file(&self) -> Option<&Path> {
        self.file.as_deref()
    }

    /// Load the last loaded file again (the prompt's definitions are dropped, as in GHCi).
    pub fn reload(&mut self) -> Result<Option<PathBuf>> {
        match self.file.clone() {
            Some(path) => self.load(&path).map(|()| Some(path)),
            None => Ok(None),
        }
    }

    /// Whether `text` is one or more declarations rather than an expression. Signatures alone
    /// are an expression with its type (`maxBound :: Int`), as in GHCi: a signature needs its
    /// binding in the same entry.
    pub fn is_definition(text: &str) -> bool {
        let text = dedent(text);
        pipeline::parse_file(without_let(&text), FileId::MAIN).is_ok_and(|m| {
            m.decls
                .iter()
                .any(|d| !matches!(d.kind, DeclKind::TypeSig(..)))
        })
    }

    /// The names `text` binds if it is a statement `pattern <- action` (GHCi's), in order: the
    /// first `<-` outside brackets, after text that is a pattern.
    pub fn bound_names(text: &str) -> Option<Vec<String>> {
        use dnrad_frontend::token::Tok;
        let tokens = dnrad_frontend::lexer::lex(text, FileId::MAIN).ok()?;
        let mut depth = 0i64;
        let arrow = tokens.iter().find(|t| {
            match t.tok {
                Tok::LParen | Tok::LBracket | Tok::LBrace => depth += 1,
                Tok::RParen | Tok::RBracket | Tok::RBrace => depth -= 1,
                _ => {}
            }
            depth == 0 && t.tok == Tok::LArrow
        })?;
        let binding = format!("{} = ()", &text[..arrow.span.lo as usize]);
        let module = pipeline::parse_file(&binding, FileId::MAIN).ok()?;
        let is_pattern = |d: &dnrad_frontend::ast::Decl| match &d.kind {
            DeclKind::FunClause { args, .. } => args.is_empty(),
            DeclKind::PatBind(..) => true,
            _ => false,
        };
        match module.decls.as_slice() {
            [d] if is_pattern(d) => Some(
                chunks::split(&binding, &module.decls)
                    .iter()
                    .flat_map(|c| c.values().map(str::to_string))
                    .collect(),
            ),
            _ => None,
        }
    }

    /// Add definitions; each replaces the earlier definitions of the same names (kept values
    /// included; a kept value whose type is a replaced data type is dropped).
    pub fn define(&mut self, text: &str) -> Result<()> {
        let text = dedent(text);
        let text = without_let(&text);
        let module = pipeline::parse_file(text, FileId::MAIN).map_err(|diagnostics| Failure {
            sources: pipeline::sources_for(INTERACTIVE, text),
            diagnostics,
        })?;
        let new = chunks::split(text, &module.decls);
        let replaced: BTreeSet<&Key> = new.iter().flat_map(|c| &c.keys).collect();
        let (mut candidate, removed): (Vec<Chunk>, Vec<Chunk>) = self
            .chunks
            .iter()
            .cloned()
            .partition(|c| c.keys.iter().all(|k| !replaced.contains(k)));
        let mut kept = self.kept.clone();
        kept.forget(new.iter().flat_map(Chunk::values));
        kept.forget_types(&removed.iter().flat_map(Chunk::types).collect());
        candidate.extend(new);
        match self.compile_with(&candidate, &kept.declared(), "", NO_ENTRY) {
            (_, Ok(_)) => {
                self.chunks = candidate;
                self.kept = kept;
                Ok(())
            }
            (sources, Err(diagnostics)) => Err(Failure {
                sources,
                diagnostics,
            }),
        }
    }

    /// The session's binding of the source name `name` (its global may be qualified when the
    /// Prelude defines the same name).
    fn binding<'p>(program: &'p Program, name: &str) -> Option<&'p Bind> {
        program
            .binds
            .iter()
            .find(|b| b.span.file == FileId::MAIN && b.name.unqualified() == name)
    }

    /// Evaluate an expression in `world`: run it if it is an IO action (printing a non-unit
    /// result), otherwise print it with `show`. With `bind_it`, `it` then names the value (an
    /// action's result), as in GHCi.
    pub fn evaluate(&mut self, expr: &str, world: &mut World, bind_it: bool) -> Result<Evaluated> {
        let wrap = |before: &str, main: &str| Wrapped::new(before, expr, &format!("\n{main}"));
        // An action of any monad runs in IO, as at GHCi's prompt (`return 'x'`).
        let (plain, io) = (
            format!("\n{IT} = "),
            format!("\n{IT} = (id :: IO a -> IO a) "),
        );
        let plain_it = wrap(&plain, "");
        let (before, program) = match self.compile(&plain_it.text) {
            Ok(program) => (plain, program),
            Err(failure) => match self.compile(&wrap(&io, "").text) {
                Ok(program) => (io, program),
                Err(_) => return Err(plain_it.relocate(failure)),
            },
        };
        let wrapped = |main: &str| wrap(&before, main);
        let binding = Self::binding(&program, IT);
        let ty = binding.map(|b| b.ty.unquantified());
        // How the entry runs, giving the value (an action's result) to keep, and the type of
        // the value it shows (none for an action of `()`).
        let (main, shown) = match ty {
            Some(Type::Con(io, args)) if io.as_str() == "IO" => match args.first() {
                Some(Type::Con(unit, _)) if unit.as_str() == "()" => {
                    (format!("{MAIN} = {IT}\n"), None)
                }
                result => (
                    format!("{MAIN} = {IT} >>= \\{RESULT} -> print {RESULT} >> return {RESULT}\n"),
                    result.map(|r| display::scheme(&program, r)),
                ),
            },
            _ => (
                format!("{MAIN} = print {IT} >> return {IT}\n"),
                binding.map(|b| display::scheme(&program, &b.ty)),
            ),
        };
        let run = wrapped(&main);
        let (sources, compiled) = self.compile_now(&run.text, MAIN);
        let (sources, program, run) = match compiled {
            Ok(p) => (sources, p, run),
            // A result without `Show` is not printed.
            Err(diagnostics) if main.contains(">>= \\") => {
                let fallback = wrapped(&format!("{MAIN} = {IT}\n"));
                match self.compile_now(&fallback.text, MAIN) {
                    (s, Ok(p)) => (s, p, fallback),
                    (_, Err(_)) => {
                        return Err(run.relocate(Failure {
                            sources,
                            diagnostics,
                        }))
                    }
                }
            }
            Err(diagnostics) => {
                return Err(run.relocate(Failure {
                    sources,
                    diagnostics,
                }))
            }
        };
        // `it` is rebound only if the session still compiles with its new type.
        let decided: Vec<Decision> = match Self::result_type(&program) {
            Some(t) if bind_it => vec![kept::decide(&program, "it", t)],
            _ => Vec::new(),
        };
        let rebound = self.rebound(&decided).ok();
        let (exit, result) = self.run(program, sources, &run, world)?;
        if let (Some(chunks), Some(value)) = (rebound, result) {
            self.chunks = chunks;
            self.kept.commit(decided, vec![value]);
        }
        Ok(Evaluated { exit, ty: shown })
    }

    /// Run `x <- action` (`pattern` binds `names`): the action runs once, and the names are
    /// bound to the parts of its result for later entries.
    pub fn bind(&mut self, entry: &str, names: &[String], world: &mut World) -> Result<()> {
        // The names as right-nested pairs: `(x, (y, ()))`.
        let tuple = names
            .iter()
            .rev()
            .fold("()".to_string(), |rest, n| format!("({n}, {rest})"));
        let run = Wrapped::bare(
            &format!("\n{MAIN} = (id :: IO a -> IO a) (do {{ "),
            entry,
            &format!("\n ; return {tuple} }})\n"),
        );
        let (sources, program) = match self.compile_now(&run.text, MAIN) {
            (sources, Ok(p)) => (sources, p),
            (sources, Err(diagnostics)) => {
                return Err(run.relocate(Failure {
                    sources,
                    diagnostics,
                }))
            }
        };
        let mut parts = Vec::new();
        let mut rest = Self::result_type(&program);
        while let Some(Type::Con(pair, mut args)) = rest {
            if pair.as_str() != "(,)" || args.len() != 2 {
                break;
            }
            rest = args.pop();
            parts.extend(args.pop());
        }
        let decided: Vec<Decision> = names
            .iter()
            .zip(parts)
            .map(|(n, t)| kept::decide(&program, n, t))
            .collect();
        let chunks = self.rebound(&decided)?;
        let (_, result) = self.run(program, sources, &run, world)?;
        // The values of the kept names, in order.
        let mut values = Vec::new();
        let mut rest = result;
        for d in &decided {
            let Some(Value::Con(pair)) = rest else { break };
            if matches!(d, Decision::Keep { .. }) {
                values.push(pair.fields[0].clone());
            }
            rest = pair.fields.get(1).cloned();
        }
        if rest.is_some() {
            self.chunks = chunks;
            self.kept.commit(decided, values);
        }
        Ok(())
    }

    /// The type of the result of the wrapper's action `MAIN` (its type variables free).
    fn result_type(program: &Program) -> Option<Type> {
        match Self::binding(program, MAIN)?.ty.unquantified().clone() {
            Type::Con(io, mut args) if io.as_str() == "IO" && args.len() == 1 => args.pop(),
            _ => None,
        }
    }

    /// The session's definitions once the names `decided` binds shadow the definitions of the
    /// same names, if the session then still compiles.
    fn rebound(&self, decided: &[Decision]) -> Result<Vec<Chunk>> {
        if decided.is_empty() {
            return Ok(self.chunks.clone());
        }
        let names: BTreeSet<Key> = decided
            .iter()
            .map(|d| Key::Value(d.name().to_string()))
            .collect();
        let chunks: Vec<Chunk> = self
            .chunks
            .iter()
            .filter(|c| c.keys.is_disjoint(&names))
            .cloned()
            .collect();
        let declared = self.kept.declared_after(decided);
        match self.compile_with(&chunks, &declared, "", NO_ENTRY) {
            (_, Ok(_)) => Ok(chunks),
            (sources, Err(diagnostics)) => Err(Failure {
                sources,
                diagnostics,
            }),
        }
    }

    /// Run `program` (compiled from `sources`, the wrapper `run` last) in `world`, lending it
    /// the kept values: the exit code it gave `exitWith`, if any, and otherwise its `main`'s
    /// result.
    fn run(
        &self,
        program: Program,
        sources: Sources,
        run: &Wrapped,
        world: &mut World,
    ) -> Result<(Option<i64>, Option<Value>)> {
        world.lend(self.kept.lent());
        let result = pipeline::prepare(program, self.options).and_then(|p| {
            let limits = self.options.limits();
            dnrad_backend::run_on(self.options.backend, &p, world, &limits).map_err(|d| vec![d])
        });
        match result {
            Ok(_) => match world.exit_code() {
                Some(code) => Ok((Some(code), None)),
                None => Ok((None, world.take_result())),
            },
            Err(diagnostics) => Err(run.relocate(Failure {
                sources,
                diagnostics,
            })),
        }
    }

    /// The type of an expression, with its class context (not restricted by the monomorphism
    /// restriction, as at GHCi's prompt).
    pub fn type_of(&self, expr: &str) -> Result<String> {
        let it = Wrapped::new(&format!("\n{IT} () = "), expr, "\n");
        let program = self.compile(&it.text).map_err(|f| it.relocate(f))?;
        let Some(b) = Self::binding(&program, IT) else {
            return Ok(String::new());
        };
        let (context, body) = display::context_and_body(&program, &b.ty);
        let body = match body {
            Type::Fun(_, r) => *r,
            other => other,
        };
        Ok(format!(
            "{expr} :: {}",
            display::with_context(&context, &body)
        ))
    }

    /// The texts `:info`, `:kind` and `:doc` search: the session's `text`, the Prelude's and
    /// the library modules' the session imports (transitively).
    fn declaration_sources<'s>(&self, text: &'s str) -> Vec<info::Source<'s>> {
        let imports = self.imports.iter().filter_map(|i| {
            i.split_whitespace()
                .find(|w| *w != "import" && *w != "qualified")
        });
        let mut sources = vec![
            info::Source::new("the session", text),
            info::Source::prelude(),
        ];
        sources.extend(info::library_modules(imports));
        sources
    }

    /// `:doc NAME`: the comment above NAME's declaration (in the session, the Prelude or an
    /// imported library module), or why there is none. `(+)` is `+`; `Data.Map.insert` is the
    /// `insert` that the library module Data.Map sees (defined there, in a module it imports, or
    /// in the Prelude), imported or not.
    pub fn doc(&self, name: &str) -> std::result::Result<String, String> {
        let name = name.trim();
        let name = name
            .strip_prefix('(')
            .and_then(|n| n.strip_suffix(')'))
            .unwrap_or(name);
        let session = self.text(&self.chunks, "");
        let (name, sources) = match info::qualified(name) {
            Some((module, base)) => {
                let mut sources = info::library_modules(std::iter::once(module));
                sources.push(info::Source::prelude());
                (base, sources)
            }
            None => (name, self.declaration_sources(&session)),
        };
        match info::documentation(name, &sources) {
            Some((text, _)) if !text.trim().is_empty() => Ok(text),
            Some((_, place)) => Err(format!(
                "`{name}` (defined in {place}) has no documentation comment"
            )),
            None => Err(format!(
                "no declaration of `{name}` in the session, the Prelude or the imported modules"
            )),
        }
    }

    /// `:kind TYPE`: the kind of a type (see `kind`).
    pub fn kind_of(&self, text: &str) -> std::result::Result<String, String> {
        let session = self.text(&self.chunks, "");
        kind::kind(text, &self.declaration_sources(&session))
    }

    /// `:info NAME`: the type of the value or constructor NAME, and the declarations and
    /// instances of the type or class NAME (in the session, the Prelude and the library
    /// modules it imports).
    pub fn info(&self, name: &str) -> Result<String> {
        let symbolic = name.starts_with(|c: char| !c.is_alphanumeric() && c != '_' && c != '(');
        let expr = if symbolic {
            format!("({name})")
        } else {
            name.to_string()
        };
        let value = self.type_of(&expr);
        let session = self.text(&self.chunks, "");
        let declarations = info::declarations(name, &self.declaration_sources(&session));
        match (value, declarations.is_empty()) {
            (Err(failure), true) => Err(failure),
            (value, _) => {
                let mut shown: Vec<String> = value.into_iter().collect();
                shown.extend(declarations);
                Ok(shown.join("\n"))
            }
        }
    }

    fn show_bindings(program: &Program, names: &[String]) -> String {
        let binds = program
            .binds
            .iter()
            .filter(|b| names.iter().any(|n| n == b.name.as_str()))
            .cloned()
            .collect();
        let shown = Program {
            binds,
            ..Program::default()
        };
        as_it(&pretty::program(&shown))
    }

    /// The core of an expression.
    pub fn core_of(&self, expr: &str) -> Result<String> {
        let it = Wrapped::new(&format!("\n{IT} = "), expr, "\n");
        let program = self.compile(&it.text).map_err(|f| it.relocate(f))?;
        Ok(Self::show_bindings(&program, &[IT.to_string()]))
    }

    /// The differentiated core of an expression: its twins and its lifted versions.
    pub fn ad_of(&self, expr: &str) -> Result<String> {
        let it = Wrapped::new(&format!("\n{IT} = "), expr, "\n");
        let program = self.compile(&it.text).map_err(|f| it.relocate(f))?;
        let sources = self.sources(&self.text(&self.chunks, &it.text));
        let program = pipeline::differentiate(&program, self.options).map_err(|diagnostics| {
            it.relocate(Failure {
                sources,
                diagnostics,
            })
        })?;
        let names: Vec<String> = ["", "#R", "#F"]
            .iter()
            .map(|s| format!("{IT}{s}"))
            .collect();
        Ok(Self::show_bindings(&program, &names))
    }

    /// `name :: type` of the session's value `name` and a newline (nothing if it has none).
    fn signature(program: &Program, name: &str) -> String {
        Self::binding(program, name).map_or(String::new(), |b| {
            format!("{name} :: {}\n", display::scheme(program, &b.ty))
        })
    }

    /// The session's definitions in order: each value with its type, each type and class with
    /// its declaration (a class's methods are in it); then the kept values (`it`, names bound
    /// by `x <- action`) with their types.
    pub fn browse(&self) -> Result<String> {
        let program = self.compile("")?;
        let mut out = String::new();
        for chunk in &self.chunks {
            let declares = |k: &Key| matches!(k, Key::Type(_) | Key::Class(_));
            if chunk.keys.iter().any(declares) {
                out.push_str(&info::abbreviated(chunk.text.trim()));
                out.push('\n');
                continue;
            }
            out.extend(chunk.values().map(|v| Self::signature(&program, v)));
        }
        out.extend(self.kept.names().map(|v| Self::signature(&program, v)));
        Ok(out)
    }

    /// The value names the session defines or keeps (for completion).
    pub fn names(&self) -> Vec<String> {
        self.chunks
            .iter()
            .flat_map(|c| c.values())
            .chain(self.kept.names())
            .map(str::to_string)
            .collect()
    }
}
