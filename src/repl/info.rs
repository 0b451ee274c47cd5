//! What `:info NAME` shows besides a value's type: the declarations that define NAME (a data
//! type, a newtype, a type synonym, a class) and the instances of it (declared, or derived by a
//! `deriving` clause), found in the source text of the session, the Prelude and the library
//! modules the session imports, each with where it is; and what `:doc NAME` shows: the comment
//! right above NAME's first declaration there. It only reads source text.

use super::chunks::head;
use crate::pipeline;
use dnrad_core::FileId;
use dnrad_frontend::ast::{Decl, DeclKind, Module};

/// A text to search, how to name it (`the session`, `the Prelude`, `Data.Map`) and its
/// declarations (none if it does not parse), parsed once for every search.
pub struct Source<'a> {
    pub name: String,
    pub text: &'a str,
    pub decls: Vec<Decl>,
}

impl<'a> Source<'a> {
    pub fn new(name: impl Into<String>, text: &'a str) -> Source<'a> {
        Source::parsed(
            name.into(),
            text,
            pipeline::parse_file(text, FileId::MAIN).ok(),
        )
    }

    fn parsed(name: String, text: &'a str, module: Option<Module>) -> Source<'a> {
        let decls = module.map(|m| m.decls).unwrap_or_default();
        Source { name, text, decls }
    }
}

/// The library modules `imports` name and the library modules they import, transitively.
pub fn library_modules<'a>(imports: impl Iterator<Item = &'a str>) -> Vec<Source<'static>> {
    let mut work: Vec<String> = imports.map(String::from).collect();
    let mut found: Vec<Source<'static>> = Vec::new();
    while let Some(module) = work.pop() {
        if found.iter().any(|s| s.name == module) {
            continue;
        }
        let Some(text) = dnrad_frontend::library::source(&module) else {
            continue;
        };
        let parsed = pipeline::parse_file(text, FileId::LIBRARY).ok();
        if let Some(parsed) = &parsed {
            work.extend(parsed.imports.iter().map(|i| i.module.name.clone()));
        }
        found.push(Source::parsed(module, text, parsed));
    }
    found
}

/// The longest declaration shown whole; a longer one shows its first lines and `...`.
const MAX_LINES: usize = 12;

/// The declarations and instances of `name` in `sources`, one paragraph each.
pub fn declarations(name: &str, sources: &[Source]) -> Vec<String> {
    let mut found = Vec::new();
    for source in sources {
        for decl in &source.decls {
            let text = &source.text[decl.span.lo as usize..decl.span.hi as usize];
            let place = format!("-- defined in {}", source.name);
            if defines(decl, name) {
                found.push(format!("{}\n  {place}", abbreviated(text)));
            } else if is_instance_of(decl, name) {
                let first = text.lines().next().unwrap_or("");
                let head = first.split(" where").next().unwrap_or(first);
                found.push(format!("{head}\n  {place}"));
            }
            for class in derived(decl, name) {
                found.push(format!(
                    "instance {class} {name}\n  -- derived in {}",
                    source.name
                ));
            }
        }
    }
    found
}

/// The comment lines right above the first declaration of `name` (a value's signature or
/// equation, a type, a class) in `sources`, without their `--`, and where it is; section rules
/// (`-- Lists ----`) are not documentation.
pub fn documentation(name: &str, sources: &[Source]) -> Option<(String, String)> {
    sources.iter().find_map(|source| {
        let decl = source
            .decls
            .iter()
            .find(|d| defines(d, name) || declares_value(d, name))?;
        let before = &source.text[..decl.span.lo as usize];
        let mut lines: Vec<&str> = before
            .lines()
            .rev()
            .skip_while(|l| l.trim().is_empty())
            .map_while(|l| l.trim_start().strip_prefix("--"))
            .take_while(|l| !l.trim_end().ends_with("----"))
            .collect();
        lines.reverse();
        let text = lines
            .iter()
            .map(|l| {
                let l = l.strip_prefix(" |").unwrap_or(l);
                l.strip_prefix(' ').unwrap_or(l).trim_end()
            })
            .collect::<Vec<_>>()
            .join("\n");
        Some((text, source.name.clone()))
    })
}

/// Whether `decl` is a signature or an equation of the value `name`.
fn declares_value(decl: &Decl, name: &str) -> bool {
    match &decl.kind {
        DeclKind::TypeSig(names, _) => names.iter().any(|n| n.name == name),
        DeclKind::FunClause { name: n, .. } => n.name == name,
        _ => false,
    }
}

/// Whether `decl` declares the type or class `name`.
fn defines(decl: &Decl, name: &str) -> bool {
    match &decl.kind {
        DeclKind::Data { name: n, .. }
        | DeclKind::Newtype { name: n, .. }
        | DeclKind::TypeSyn { name: n, .. }
        | DeclKind::Class { name: n, .. } => n.name == name,
        _ => false,
    }
}

/// Whether `decl` is an instance of the class `name` or for the type `name`.
fn is_instance_of(decl: &Decl, name: &str) -> bool {
    match &decl.kind {
        DeclKind::Instance { class, ty, .. } => class.name == name || head(ty) == name,
        _ => false,
    }
}

/// The classes a `deriving` clause of `decl` derives for the type `name`.
fn derived<'d>(decl: &'d Decl, name: &str) -> Vec<&'d str> {
    match &decl.kind {
        DeclKind::Data {
            name: n, deriving, ..
        }
        | DeclKind::Newtype {
            name: n, deriving, ..
        } if n.name == name => deriving.iter().map(|c| c.name.as_str()).collect(),
        _ => Vec::new(),
    }
}

/// `text`, or its first `MAX_LINES` lines and `...`.
pub fn abbreviated(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() <= MAX_LINES {
        return text.trim_end().to_string();
    }
    format!("{}\n  ...", lines[..MAX_LINES].join("\n"))
}
