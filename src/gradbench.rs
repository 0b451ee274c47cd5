//! `dnrad gradbench DIR`: dnrad as a GradBench tool. Reads the protocol's messages, one JSON
//! object a line, and answers each with one line: `start` names the tool, `define` compiles
//! `DIR/MODULE.hs` once (its compile time reported as a timing of its own), `evaluate` applies a
//! function of the module to the input — decoded and encoded by the function's types
//! (`dnrad_backend::host`) — at least `min_runs` times and until the runs add up to
//! `min_seconds`, timing each application alone with a monotonic clock; any other kind is
//! answered with its id. A message that cannot be read, a module that does not compile and a
//! run that fails are answered with `success: false` and an error text, and the server goes
//! on. Programs' own output goes to standard error, never into the protocol.

use crate::call::{self, Prepared};
use crate::pipeline::{self, Options};
use crate::render::write_diagnostic;
use crate::sources::Sources;
use dnrad_backend::host::Types;
use dnrad_backend::{Callable, World};
use dnrad_core::Diagnostic;
use serde_json::{json, Value as Json};
use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// A defined module: its sources (for diagnostics), its callable functions and their code.
struct Module {
    sources: Sources,
    prepared: Prepared,
    callable: Callable,
}

pub struct Server {
    dir: PathBuf,
    options: Options,
    modules: HashMap<String, Module>,
}

/// Diagnostics as plain text.
fn diagnostics_text(sources: &Sources, diags: &[Diagnostic]) -> String {
    let mut out = Vec::new();
    for d in diags {
        write_diagnostic(&mut out, sources, d, false);
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn failure(id: &Json, error: impl Into<String>) -> Json {
    json!({"id": id, "success": false, "error": error.into()})
}

fn timing(name: &str, d: Duration) -> Json {
    json!({"name": name, "nanoseconds": d.as_nanos() as u64})
}

impl Server {
    pub fn new(dir: PathBuf, options: Options) -> Server {
        Server {
            dir,
            options,
            modules: HashMap::new(),
        }
    }

    /// Answer every message of `input` on `output` until the input ends.
    pub fn serve(&mut self, input: impl BufRead, output: &mut impl Write) -> std::io::Result<()> {
        for line in input.lines() {
            let line = line?;
            if line.trim().is_empty() {
                continue;
            }
            let answer = match serde_json::from_str::<Json>(&line) {
                Ok(message) => self.answer(&message),
                Err(e) => failure(&Json::Null, format!("the message is not JSON: {e}")),
            };
            writeln!(output, "{answer}")?;
            output.flush()?;
        }
        Ok(())
    }

    /// The answer to one message.
    pub fn answer(&mut self, message: &Json) -> Json {
        let id = message.get("id").cloned().unwrap_or(Json::Null);
        let text = |key: &str| message.get(key).and_then(Json::as_str);
        match text("kind") {
            Some("start") => json!({"id": id, "tool": "dnrad"}),
            Some("define") => match text("module") {
                Some(module) => self.define(&id, module),
                None => failure(&id, "`define` needs a `module`"),
            },
            Some("evaluate") => match (text("module"), text("function"), message.get("input")) {
                (Some(module), Some(function), Some(input)) => {
                    self.evaluate(&id, module, function, input)
                }
                _ => failure(
                    &id,
                    "`evaluate` needs a `module`, a `function` and an `input`",
                ),
            },
            _ => json!({"id": id}),
        }
    }

    fn define(&mut self, id: &Json, module: &str) -> Json {
        let legal = !module.is_empty()
            && module
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
        if !legal {
            return failure(id, format!("`{module}` is not a module name"));
        }
        let path = self.dir.join(format!("{module}.hs"));
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                return failure(
                    id,
                    format!("no module `{module}` ({}: {e})", path.display()),
                )
            }
        };
        let start = Instant::now();
        let mut sources = pipeline::sources_for(&path.display().to_string(), &text);
        let compiled = call::prepare(&mut sources, None, self.options).and_then(|prepared| {
            let callable =
                Callable::new(self.options.backend, &prepared.program).map_err(|d| vec![d])?;
            Ok((prepared, callable))
        });
        let elapsed = start.elapsed();
        match compiled {
            Ok((prepared, callable)) => {
                self.modules.insert(
                    module.to_string(),
                    Module {
                        sources,
                        prepared,
                        callable,
                    },
                );
                json!({"id": id, "success": true, "timings": [timing("compile", elapsed)]})
            }
            Err(diags) => failure(id, diagnostics_text(&sources, &diags)),
        }
    }

    fn evaluate(&mut self, id: &Json, module: &str, function: &str, input: &Json) -> Json {
        let Some(m) = self.modules.get(module) else {
            return failure(id, format!("module `{module}` is not defined"));
        };
        let Some(k) = m.prepared.functions.iter().position(|f| f.name == function) else {
            return failure(
                id,
                format!("module `{module}` has no function `{function}` of concrete types"),
            );
        };
        let f = &m.prepared.functions[k];
        let types = Types::new(&m.prepared.program.datas);
        let arg = match types.decode(&f.input, input, "input") {
            Ok(v) => v,
            Err(e) => return failure(id, e),
        };
        let min_runs = input.get("min_runs").and_then(Json::as_u64).unwrap_or(1);
        let min_seconds = input
            .get("min_seconds")
            .and_then(Json::as_f64)
            .unwrap_or(0.0);
        let (mut stdin, mut out, mut err) =
            (std::io::empty(), std::io::stderr(), std::io::stderr());
        let mut world = World::new(&mut stdin, &mut out, &mut err);
        let limits = self.options.limits();
        let count = m.prepared.functions.len();
        let mut session = match m.callable.session(&mut world, &limits, count) {
            Ok(s) => s,
            Err(d) => return failure(id, diagnostics_text(&m.sources, &[d])),
        };
        let (mut timings, mut total, mut result) = (Vec::new(), Duration::ZERO, None);
        while (timings.len() as u64) < min_runs.max(1) || total.as_secs_f64() < min_seconds {
            let start = Instant::now();
            let value = session.call(k, arg.clone());
            let elapsed = start.elapsed();
            match value {
                Ok(v) => result = Some(v),
                Err(d) => return failure(id, diagnostics_text(&m.sources, &[d])),
            }
            total += elapsed;
            timings.push(timing("evaluate", elapsed));
        }
        let Some(v) = result else {
            return failure(id, "internal error: no run");
        };
        match types.encode(&f.output, &v) {
            Ok(output) => json!({"id": id, "success": true, "output": output, "timings": timings}),
            Err(e) => failure(id, format!("cannot write the result as JSON: {e}")),
        }
    }
}
