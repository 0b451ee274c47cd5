//! The REPL's definitions as pieces of source text, each with the names it defines, so that a
//! later definition can replace an earlier one (GHCi's shadowing). A piece is one top-level
//! declaration, or a function's signature and consecutive equations together. It only slices and
//! names text; compiling is the session's job.

use dnrad_frontend::ast::{ConFields, Decl, DeclKind, Pat, PatKind, Type, TypeKind};
use std::collections::BTreeSet;

/// What a piece of source defines, for replacing it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Key {
    Value(String),
    Type(String),
    Con(String),
    Class(String),
    Instance(String, String),
    Fixity(String),
    Default,
}

#[derive(Clone, Debug)]
pub struct Chunk {
    pub text: String,
    pub keys: BTreeSet<Key>,
}

impl Chunk {
    /// The value names the chunk defines (for completion and `:browse`).
    pub fn values(&self) -> impl Iterator<Item = &str> {
        self.keys.iter().filter_map(|k| match k {
            Key::Value(v) => Some(v.as_str()),
            _ => None,
        })
    }

    /// The type names the chunk declares.
    pub fn types(&self) -> impl Iterator<Item = String> + '_ {
        self.keys.iter().filter_map(|k| match k {
            Key::Type(t) => Some(t.clone()),
            _ => None,
        })
    }
}

fn pattern_vars(p: &Pat, out: &mut BTreeSet<Key>) {
    match &p.kind {
        PatKind::Var(v) | PatKind::NPlusK(v, _) => {
            out.insert(Key::Value(v.name.clone()));
        }
        PatKind::As(v, inner) => {
            out.insert(Key::Value(v.name.clone()));
            pattern_vars(inner, out);
        }
        PatKind::Con(_, ps) | PatKind::OpChain(ps, _) | PatKind::Tuple(ps) | PatKind::List(ps) => {
            ps.iter().for_each(|q| pattern_vars(q, out))
        }
        PatKind::Lazy(q) | PatKind::Paren(q) => pattern_vars(q, out),
        PatKind::Record(_, fs) => fs.iter().for_each(|(_, q)| pattern_vars(q, out)),
        PatKind::Wild | PatKind::Lit(_) => {}
    }
}

/// The name of the type constructor at the head of an instance type.
pub(super) fn head(t: &Type) -> String {
    match &t.kind {
        TypeKind::App(f, _) => head(f),
        TypeKind::Con(c) => c.name.clone(),
        TypeKind::List(_) => "[]".into(),
        TypeKind::Tuple(ts) => format!("({})", ",".repeat(ts.len().saturating_sub(1))),
        TypeKind::Fun(..) => "->".into(),
        TypeKind::Var(v) => v.name.clone(),
    }
}

fn keys(d: &Decl) -> BTreeSet<Key> {
    let mut out = BTreeSet::new();
    match &d.kind {
        DeclKind::TypeSig(names, _) => {
            out.extend(names.iter().map(|n| Key::Value(n.name.clone())));
        }
        DeclKind::FunClause { name, .. } => {
            out.insert(Key::Value(name.name.clone()));
        }
        DeclKind::PatBind(p, _) => pattern_vars(p, &mut out),
        DeclKind::Data { name, cons, .. } => {
            out.insert(Key::Type(name.name.clone()));
            for c in cons {
                out.insert(Key::Con(c.name.name.clone()));
                if let ConFields::Record(fields) = &c.fields {
                    for (names, _) in fields {
                        out.extend(names.iter().map(|n| Key::Value(n.name.clone())));
                    }
                }
            }
        }
        DeclKind::Newtype { name, con, .. } => {
            out.insert(Key::Type(name.name.clone()));
            out.insert(Key::Con(con.name.name.clone()));
            if let ConFields::Record(fields) = &con.fields {
                for (names, _) in fields {
                    out.extend(names.iter().map(|n| Key::Value(n.name.clone())));
                }
            }
        }
        DeclKind::TypeSyn { name, .. } => {
            out.insert(Key::Type(name.name.clone()));
        }
        DeclKind::Class { name, decls, .. } => {
            out.insert(Key::Class(name.name.clone()));
            for d in decls {
                if let DeclKind::TypeSig(names, _) = &d.kind {
                    out.extend(names.iter().map(|n| Key::Value(n.name.clone())));
                }
            }
        }
        DeclKind::Instance { class, ty, .. } => {
            out.insert(Key::Instance(class.name.clone(), head(ty)));
        }
        DeclKind::Fixity(_, _, ops) => {
            out.extend(ops.iter().map(|o| Key::Fixity(o.name.clone())));
        }
        DeclKind::Default(_) => {
            out.insert(Key::Default);
        }
    }
    out
}

/// The name of the function a declaration is a signature or an equation of.
fn function(d: &Decl) -> Option<&str> {
    match &d.kind {
        DeclKind::FunClause { name, .. } => Some(&name.name),
        DeclKind::TypeSig(names, _) if names.len() == 1 => Some(&names[0].name),
        _ => None,
    }
}

/// Split `text` (whose top-level declarations are `decls`, spans relative to `text`) into
/// pieces: a signature and the equations of the same function that follow it stay together.
/// Where the comment lines right above position `lo` (the start of a declaration's line)
/// start, or `lo`: a chunk keeps its documentation comment (`:doc`).
fn with_comment(text: &str, lo: usize) -> usize {
    let mut start = lo;
    while let Some(before) = text[..start].strip_suffix('\n') {
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        if !before[line_start..].trim_start().starts_with("--") {
            break;
        }
        start = line_start;
    }
    start
}

pub fn split(text: &str, decls: &[Decl]) -> Vec<Chunk> {
    let mut out: Vec<(usize, usize, BTreeSet<Key>, Option<String>)> = Vec::new();
    for d in decls {
        let (lo, hi) = (with_comment(text, d.span.lo as usize), d.span.hi as usize);
        let name = function(d).map(str::to_string);
        match out.last_mut() {
            Some(last) if name.is_some() && last.3 == name => {
                last.1 = hi;
                last.2.extend(keys(d));
            }
            _ => out.push((lo, hi, keys(d), name)),
        }
    }
    out.into_iter()
        .map(|(lo, hi, keys, _)| Chunk {
            text: format!("{}\n", &text[lo..hi]),
            keys,
        })
        .collect()
}
