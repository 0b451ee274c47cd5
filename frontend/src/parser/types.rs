//! Types, class contexts and type signatures (`Ctx => t`). Must not know about expressions,
//! patterns or declarations.

use super::error::SyntaxError;
use super::tokens::{
    brackets, con_id, looking_at, named, node, parens, span_of, tok, token, tuple_con, var_id,
    Rule, P,
};
use crate::ast::{Pred, SigType, Type, TypeKind};
use crate::token::Tok;
use chumsky::prelude::*;
use dnrad_core::Span;

/// The type parsers the rest of the grammar uses.
pub struct Types<'src> {
    /// `a`, `T`, `[t]`, `(t1, t2)`, `(->)`, ...
    pub atype: Rule<'src, Type>,
    /// A type application `T a b`.
    pub btype: Rule<'src, Type>,
    /// A full type, with arrows.
    pub ty: Rule<'src, Type>,
    /// A class context and its `=>`.
    pub context: Rule<'src, Vec<Pred>>,
    /// A signature's type: an optional context, then a type.
    pub sig: Rule<'src, SigType>,
}

pub fn types<'src>() -> Types<'src> {
    let ty = recursive(|ty| {
        let ty = ty.boxed();
        fun_type(btype(atype(ty.clone())), ty)
    })
    .boxed();
    let atype = atype(ty.clone());
    let btype = btype(atype.clone());
    let context = context(btype.clone());
    let sig = context
        .clone()
        .or_not()
        .then(ty.clone())
        .map_with(|(context, ty), e| SigType {
            context: context.unwrap_or_default(),
            ty,
            span: span_of(e.slice()),
        })
        .boxed();
    Types {
        atype,
        btype,
        ty,
        context,
        sig,
    }
}

fn atype<'src>(ty: Rule<'src, Type>) -> Rule<'src, Type> {
    node(choice((
        var_id().map(TypeKind::Var),
        con_id().map(TypeKind::Con),
        named("[]", tok(Tok::LBracket).then(tok(Tok::RBracket))).map(TypeKind::Con),
        brackets(ty.clone()).map(|t| TypeKind::List(Box::new(t))),
        tuple_con().map(TypeKind::Con),
        named("->", parens(tok(Tok::RArrow))).map(TypeKind::Con),
        parens(ty.separated_by(tok(Tok::Comma)).collect::<Vec<_>>()).map(|mut items| {
            match items.len() {
                1 => items.swap_remove(0).kind,
                _ => TypeKind::Tuple(items),
            }
        }),
    )))
    .labelled("a type")
    .boxed()
}

fn btype<'src>(atype: Rule<'src, Type>) -> Rule<'src, Type> {
    atype
        .clone()
        .foldl(atype.repeated(), |f, arg| Type {
            span: f.span.to(arg.span),
            kind: TypeKind::App(Box::new(f), Box::new(arg)),
        })
        .boxed()
}

fn fun_type<'src>(btype: Rule<'src, Type>, ty: impl P<'src, Type>) -> Rule<'src, Type> {
    btype
        .then(tok(Tok::RArrow).ignore_then(ty).or_not())
        .map(|(arg, result)| match result {
            Some(result) => Type {
                span: arg.span.to(result.span),
                kind: TypeKind::Fun(Box::new(arg), Box::new(result)),
            },
            None => arg,
        })
        .boxed()
}

/// `C a =>` or `(C a, D b) =>`, parsed as a type and then read as constraints. It is only tried
/// when a `=>` follows the names, parentheses and commas ahead.
fn context<'src>(btype: Rule<'src, Type>) -> Rule<'src, Vec<Pred>> {
    let constraint_token = token("a class constraint", |x| {
        matches!(
            x.tok,
            Tok::VarId(_)
                | Tok::ConId(_)
                | Tok::LParen
                | Tok::RParen
                | Tok::LBracket
                | Tok::RBracket
                | Tok::Comma
        )
        .then_some(())
    });
    looking_at(constraint_token.repeated().then(tok(Tok::DArrow)))
        .ignore_then(btype)
        .then_ignore(tok(Tok::DArrow))
        .validate(|t, _, emitter| {
            to_context(t).unwrap_or_else(|span| {
                emitter.emit(SyntaxError::custom(
                    span,
                    "malformed class constraint: expected `Class tyvar`",
                ));
                Vec::new()
            })
        })
        .boxed()
}

/// The constraints a type stands for, or the span of one that is not a constraint.
fn to_context(t: Type) -> Result<Vec<Pred>, Span> {
    let items = match t.kind {
        TypeKind::Tuple(items) => items,
        _ => vec![t],
    };
    items.into_iter().map(to_pred).collect()
}

fn to_pred(t: Type) -> Result<Pred, Span> {
    let span = t.span;
    if let TypeKind::App(f, arg) = t.kind {
        if let TypeKind::Con(class) = f.kind {
            return Ok(Pred {
                class,
                ty: *arg,
                span,
            });
        }
    }
    Err(span)
}
