//! `:kind TYPE`: the kind of a type, from the declaration of its head constructor (a data
//! type, newtype, synonym or class, looked up in the same sources as `:info`) and the number of
//! arguments it is applied to. A parameter's kind is inferred from how the declaration applies
//! it (`data Fix f = Fix (f (Fix f))`: `f :: * -> *`, so `Fix :: (* -> *) -> *`); the
//! primitive types have fixed kinds. It only reads source text.

use super::chunks::head;
use super::info::Source;
use crate::pipeline;
use dnrad_core::FileId;
use dnrad_frontend::ast::{ConFields, Decl, DeclKind, Type, TypeKind};

/// The kinds of the types no declaration of the Prelude's text introduces.
const PRIMITIVE: [(&str, usize); 10] = [
    ("Int", 0),
    ("Integer", 0),
    ("Double", 0),
    ("Char", 0),
    ("Bool", 0),
    ("()", 0),
    ("[]", 1),
    ("->", 2),
    ("IO", 1),
    ("PrimArray", 1),
];

/// `TYPE :: KIND` for the type written `text`.
pub fn kind(text: &str, sources: &[Source]) -> Result<String, String> {
    let declaration = format!("type DnreplKind = {text}");
    let parsed = pipeline::parse_file(&declaration, FileId::MAIN)
        .map_err(|_| format!("`{text}` is not a type"))?;
    let Some(DeclKind::TypeSyn { ty, .. }) = parsed.decls.first().map(|d| &d.kind) else {
        return Err(format!("`{text}` is not a type"));
    };
    let (name, args) = spine(ty);
    let params = parameters(&name, sources)
        .ok_or_else(|| format!("type constructor or class not in scope: `{name}`"))?;
    let Some(rest) = params.0.get(args..) else {
        return Err(format!(
            "`{name}` is applied to {args} types, but it takes {}",
            params.0.len()
        ));
    };
    let result = if params.1 { "Constraint" } else { "*" };
    let arrows: Vec<String> = rest.iter().map(|&n| parameter_kind(n)).collect();
    let shown = arrows
        .into_iter()
        .chain([result.to_string()])
        .collect::<Vec<_>>()
        .join(" -> ");
    Ok(format!("{text} :: {shown}"))
}

/// The head constructor of `ty` and how many types it is applied to.
fn spine(ty: &Type) -> (String, usize) {
    match &ty.kind {
        TypeKind::App(f, _) => {
            let (name, n) = spine(f);
            (name, n + 1)
        }
        TypeKind::List(_) => ("[]".into(), 1),
        TypeKind::Fun(..) => ("->".into(), 2),
        TypeKind::Tuple(ts) => (head(ty), ts.len()),
        _ => (head(ty), 0),
    }
}

/// The kind of a parameter applied to `n` types (each of kind `*`).
fn parameter_kind(n: usize) -> String {
    match n {
        0 => "*".into(),
        n => format!("({} -> *)", vec!["*"; n].join(" -> ")),
    }
}

/// For the type or class `name`: how many types each parameter is applied to, and whether it
/// is a class.
fn parameters(name: &str, sources: &[Source]) -> Option<(Vec<usize>, bool)> {
    if let Some((_, n)) = PRIMITIVE.iter().find(|(p, _)| *p == name) {
        return Some((vec![0; *n], false));
    }
    if let Some(commas) = name.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
        if !commas.is_empty() && commas.chars().all(|c| c == ',') {
            return Some((vec![0; commas.len() + 1], false));
        }
    }
    sources
        .iter()
        .find_map(|source| source.decls.iter().find_map(|d| declared(d, name)))
}

/// The parameters' arities of `decl` if it declares `name`.
fn declared(decl: &Decl, name: &str) -> Option<(Vec<usize>, bool)> {
    let arities = |params: &[dnrad_frontend::ast::Ident], types: &[&Type]| -> Vec<usize> {
        params
            .iter()
            .map(|p| types.iter().map(|t| applied(t, &p.name)).max().unwrap_or(0))
            .collect()
    };
    match &decl.kind {
        DeclKind::Data {
            name: n,
            params,
            cons,
            ..
        } if n.name == name => {
            let fields: Vec<&Type> = cons.iter().flat_map(|c| field_types(&c.fields)).collect();
            Some((arities(params, &fields), false))
        }
        DeclKind::Newtype {
            name: n,
            params,
            con,
            ..
        } if n.name == name => Some((arities(params, &field_types(&con.fields)), false)),
        DeclKind::TypeSyn {
            name: n,
            params,
            ty,
        } if n.name == name => Some((arities(params, &[ty]), false)),
        DeclKind::Class {
            name: n,
            tyvar,
            decls,
            ..
        } if n.name == name => {
            let sigs: Vec<&Type> = decls
                .iter()
                .filter_map(|d| match &d.kind {
                    DeclKind::TypeSig(_, sig) => Some(&sig.ty),
                    _ => None,
                })
                .collect();
            Some((arities(std::slice::from_ref(tyvar), &sigs), true))
        }
        _ => None,
    }
}

fn field_types(fields: &ConFields) -> Vec<&Type> {
    match fields {
        ConFields::Positional(ts) => ts.iter().collect(),
        ConFields::Record(fs) => fs.iter().map(|(_, t)| t).collect(),
    }
}

/// The most types the variable `var` is applied to anywhere in `ty`.
fn applied(ty: &Type, var: &str) -> usize {
    let here = match spine_var(ty) {
        Some((v, n)) if v == var => n,
        _ => 0,
    };
    let inner = match &ty.kind {
        TypeKind::App(f, a) | TypeKind::Fun(f, a) => applied(f, var).max(applied(a, var)),
        TypeKind::List(t) => applied(t, var),
        TypeKind::Tuple(ts) => ts.iter().map(|t| applied(t, var)).max().unwrap_or(0),
        TypeKind::Var(_) | TypeKind::Con(_) => 0,
    };
    here.max(inner)
}

/// The variable at the head of an application and its number of arguments.
fn spine_var(ty: &Type) -> Option<(&str, usize)> {
    match &ty.kind {
        TypeKind::App(f, _) => spine_var(f).map(|(v, n)| (v, n + 1)),
        TypeKind::Var(v) => Some((v.name.as_str(), 0)),
        _ => None,
    }
}
