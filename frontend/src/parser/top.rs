//! A module: the optional `module M (...) where` header, the top-level declarations and the end of
//! the file. Classes, instances and `default` (top-level only) are parsed here, and `import` is
//! rejected here; it must not parse what `data` (type definitions) and `decl` (everything else) do.

use super::data::type_decl;
use super::decl::decl_block;
use super::error::SyntaxError;
use super::tokens::{block, con_id, node, parens, span_of, tok, token, var_id, Rule, P};
use super::types::Types;
use crate::ast::{Decl, DeclKind, Module};
use crate::token::Tok;
use chumsky::prelude::*;

pub fn module<'src>(decl: Rule<'src, Decl>, types: &Types<'src>) -> Rule<'src, Module> {
    let header = tok(Tok::Module)
        .ignore_then(con_id().labelled("a module name"))
        .then_ignore(export_list().or_not())
        .then_ignore(tok(Tok::Where));
    let top_decl = node(top_only(decl.clone(), types)).or(decl);
    header
        .or_not()
        .ignore_then(block(top_decl, "a declaration"))
        .then_ignore(tok(Tok::Eof))
        .map(|decls| Module { decls })
        .boxed()
}

/// An export list, skipped: a dnrad program is a single module.
fn export_list<'src>() -> impl P<'src, ()> {
    recursive(|nested| {
        let other = token("an exported name", |x| {
            (!matches!(x.tok, Tok::LParen | Tok::RParen | Tok::Eof)).then_some(())
        });
        parens(nested.or(other).repeated())
    })
}

/// Declarations allowed only at the top level.
fn top_only<'src>(decl: Rule<'src, Decl>, types: &Types<'src>) -> impl P<'src, DeclKind> {
    let import = tok(Tok::Import).try_map_with(|_, e| {
        Err(SyntaxError::custom(
            span_of(e.slice()),
            "imports are not supported: dnrad programs are single modules and the Prelude is always in scope",
        ))
    });
    let body = tok(Tok::Where)
        .ignore_then(decl_block(decl))
        .or_not()
        .map(Option::unwrap_or_default);
    let context = types
        .context
        .clone()
        .or_not()
        .map(Option::unwrap_or_default);
    let class = tok(Tok::Class)
        .ignore_then(context.clone())
        .then(con_id().labelled("a class name"))
        .then(var_id().labelled("the class's type variable"))
        .then(body.clone())
        .map(|(((context, name), tyvar), decls)| DeclKind::Class {
            context,
            name,
            tyvar,
            decls,
        });
    let instance = tok(Tok::Instance)
        .ignore_then(context)
        .then(con_id().labelled("a class name"))
        .then(types.atype.clone())
        .then(body)
        .map(|(((context, class), ty), decls)| DeclKind::Instance {
            context,
            class,
            ty,
            decls,
        });
    let default = tok(Tok::Default)
        .ignore_then(parens(
            types.ty.clone().separated_by(tok(Tok::Comma)).collect(),
        ))
        .map(DeclKind::Default);
    choice((import, type_decl(types), class, instance, default))
}
