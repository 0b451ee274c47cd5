//! Warnings over a whole typed program, and which warnings a run shows (`-W`, `-w`,
//! `-Werror`). The desugarer and the type checker find the others (name shadowing, methods an
//! instance leaves undefined); this module must not change a program.

use dnrad_core::reach::reachable_from;
use dnrad_core::{Bind, Diagnostic, ErrorKind, FileId, Program, Span};
use std::collections::HashSet;

/// What to do with warnings (`-W`: show them, the default; `-w`: hide them; `-Werror`: show
/// them and fail).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Warnings {
    /// `-Wall`: show them (the default).
    #[default]
    All,
    /// `-w`: hide them.
    None,
    /// `-Werror`: show them, and stop.
    Error,
}

/// The `unused-top-binds` warning for each top-level value of the main file that the entry
/// cannot reach (directly, or through an instance or class default of that file). Only for a
/// program with an entry: a module checked on its own uses its values by exporting them.
pub fn unused_top_binds(program: &Program) -> Vec<Diagnostic> {
    if program.entry.is_none() {
        return Vec::new();
    }
    // A data type's field selectors and a class's method selectors have the span of its
    // declaration: they are its interface, used or not (a construction by field names uses
    // none of them).
    let declared: HashSet<Span> = program.datas.iter().map(|d| d.span).collect();
    let in_main = |b: &&Bind| b.span.file == FileId::MAIN && !declared.contains(&b.span);
    let generated = |name: &str| name.contains('#');
    let roots: Vec<&str> = program
        .binds
        .iter()
        .filter(in_main)
        .map(|b| b.name.as_str())
        .filter(|n| generated(n))
        .collect();
    let reached = reachable_from(program, &roots);
    program
        .binds
        .iter()
        .filter(in_main)
        .filter(|b| !generated(b.name.as_str()) && !reached.contains(b.name.as_str()))
        .filter(|b| !b.name.unqualified().starts_with('_'))
        .map(|b| {
            Diagnostic::warning(
                ErrorKind::Scope,
                "unused-top-binds",
                b.span,
                format!("`{}` is defined but not used", b.name.unqualified()),
            )
        })
        .collect()
}
