//! What `:info NAME` shows besides a value's type: the declarations that define NAME (a data
//! type, a newtype, a type synonym, a class) and the instances of it (declared, or derived by a
//! `deriving` clause), found in the source text of the session, the Prelude and the library
//! modules the session imports, each with where it is; and what `:doc NAME` shows: the comment
//! right above NAME's first declaration there (in the standard library, only a `-- |` block).
//! It only reads source text.

use super::chunks::head;
use crate::pipeline;
use dnrad_core::FileId;
use dnrad_frontend::ast::{ConDecl, ConFields, Decl, DeclKind, Module};

/// A text to search, how to name it (`the session`, `the Prelude`, `Data.Map`), whether it is
/// the standard library's (the Prelude or a library module: there only `-- |` blocks are
/// documentation) and its declarations (none if it does not parse), parsed once for every search.
pub struct Source<'a> {
    pub name: String,
    pub text: &'a str,
    pub standard: bool,
    pub decls: Vec<Decl>,
}

impl<'a> Source<'a> {
    /// The user's text (the session's).
    pub fn new(name: impl Into<String>, text: &'a str) -> Source<'a> {
        let module = pipeline::parse_file(text, FileId::MAIN).ok();
        Source::parsed(name.into(), text, false, module)
    }

    /// The Prelude.
    pub fn prelude() -> Source<'static> {
        let text = dnrad_frontend::prelude::PRELUDE_SOURCE;
        let module = pipeline::parse_file(text, FileId::MAIN).ok();
        Source::parsed("the Prelude".to_string(), text, true, module)
    }

    fn parsed(name: String, text: &'a str, standard: bool, module: Option<Module>) -> Source<'a> {
        let decls = module.map(|m| m.decls).unwrap_or_default();
        Source {
            name,
            text,
            standard,
            decls,
        }
    }
}

/// The library modules `imports` name and the library modules they import, transitively, in
/// breadth-first order (a module before the modules it imports).
pub fn library_modules<'a>(imports: impl Iterator<Item = &'a str>) -> Vec<Source<'static>> {
    let mut work: Vec<String> = imports.map(String::from).collect();
    let mut found: Vec<Source<'static>> = Vec::new();
    let mut next = 0;
    while let Some(module) = work.get(next).cloned() {
        next += 1;
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
        found.push(Source::parsed(module, text, true, parsed));
    }
    found
}

/// `Data.Map.insert` as the library module `Data.Map` and the name `insert`, if the qualifier
/// (capitalised names, each followed by a `.`) names a library module.
pub fn qualified(name: &str) -> Option<(&str, &str)> {
    let base = dnrad_core::name::unqualified(name);
    let module = name.strip_suffix(base)?.strip_suffix('.')?;
    let known = dnrad_frontend::library::source(module).is_some();
    (known && !base.is_empty()).then_some((module, base))
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

/// The documentation of the types the compiler defines, which have no declaration to search.
const BUILT_IN: &[(&str, &str)] = &[
    ("Bool", "Truth values: `False` and `True`."),
    (
        "Char",
        "A Unicode character (a code point); Data.Char's `ord` and `chr` convert it to and from Int.",
    ),
    (
        "Int",
        "64-bit signed integers; arithmetic wraps around on overflow.\n> (maxBound :: Int) + 1 == minBound",
    ),
    ("Integer", "Integers of unbounded size."),
    (
        "Double",
        "64-bit IEEE 754 floating-point numbers: what `grad`, `vjp` and `jvp` differentiate.",
    ),
];

/// The comment lines right above the first declaration of `name` (a value's signature or
/// equation, a class method's signature, a type, a class, a constructor's type) in `sources`, without their `--`,
/// and where it is; section rules (`-- Lists ----`) are not documentation, and in the standard
/// library only the `-- |` block that ends the comment is. A built-in type's is the compiler's.
pub fn documentation(name: &str, sources: &[Source]) -> Option<(String, String)> {
    let built_in = || {
        let (_, doc) = BUILT_IN.iter().find(|(n, _)| *n == name)?;
        Some((doc.to_string(), "the compiler".to_string()))
    };
    sources
        .iter()
        .find_map(|source| {
            let decl = source
                .decls
                .iter()
                .flat_map(|d| std::iter::once(d).chain(class_members(d)))
                .find(|d| {
                    defines(d, name)
                        || declares_value(d, name)
                        || constructor_of(d, name).is_some()
                        || field_of(d, name).is_some()
                })?;
            let before = &source.text[..decl.span.lo as usize];
            let mut lines: Vec<&str> = before
                .lines()
                .rev()
                .skip_while(|l| l.trim().is_empty())
                .map_while(|l| l.trim_start().strip_prefix("--"))
                .take_while(|l| !l.trim_end().ends_with("----"))
                .collect();
            if source.standard {
                let block = lines.iter().position(|l| l.starts_with(" |"));
                lines.truncate(block.map_or(0, |b| b + 1));
            }
            lines.reverse();
            let text = lines
                .iter()
                .map(|l| {
                    let l = l.strip_prefix(" |").unwrap_or(l);
                    l.strip_prefix(' ').unwrap_or(l).trim_end()
                })
                .collect::<Vec<_>>()
                .join("\n");
            // A constructor or a record field is documented by its type.
            let text = match (constructor_of(decl, name), field_of(decl, name)) {
                (Some(ty), _) if !text.is_empty() => {
                    format!("`{name}` is a constructor of `{ty}`.\n{text}")
                }
                (_, Some(ty)) if !text.is_empty() => {
                    format!("`{name}` is a field of `{ty}`.\n{text}")
                }
                _ => text,
            };
            Some((text, source.name.clone()))
        })
        .or_else(built_in)
}

/// Whether `decl` is a signature or an equation of the value `name`.
fn declares_value(decl: &Decl, name: &str) -> bool {
    match &decl.kind {
        DeclKind::TypeSig(names, _) => names.iter().any(|n| n.name == name),
        DeclKind::FunClause { name: n, .. } => n.name == name,
        _ => false,
    }
}

/// The type `decl` declares if `name` is one of its constructors.
fn constructor_of<'d>(decl: &'d Decl, name: &str) -> Option<&'d str> {
    match &decl.kind {
        DeclKind::Data { name: ty, cons, .. } if cons.iter().any(|c| c.name.name == name) => {
            Some(&ty.name)
        }
        DeclKind::Newtype { name: ty, con, .. } if con.name.name == name => Some(&ty.name),
        _ => None,
    }
}

/// The type `decl` declares if `name` is a record field of one of its constructors.
fn field_of<'d>(decl: &'d Decl, name: &str) -> Option<&'d str> {
    let (ty, cons) = match &decl.kind {
        DeclKind::Data { name, cons, .. } => (name, cons.iter().collect::<Vec<_>>()),
        DeclKind::Newtype { name, con, .. } => (name, vec![con]),
        _ => return None,
    };
    let has = |c: &ConDecl| match &c.fields {
        ConFields::Record(fields) => fields.iter().flat_map(|(ns, _)| ns).any(|n| n.name == name),
        ConFields::Positional(_) => false,
    };
    cons.into_iter().any(has).then_some(ty.name.as_str())
}

/// The declarations in the body of `decl` if it is a class (its methods' signatures and
/// default equations).
fn class_members(decl: &Decl) -> &[Decl] {
    match &decl.kind {
        DeclKind::Class { decls, .. } => decls,
        _ => &[],
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
