//! Parsing types, contexts and type signatures (`Ctx => t`).

use super::cursor::{Cursor, PResult};
use crate::ast::{Ident, Pred, SigType, Type, TypeKind};
use crate::token::Tok;

fn mk(kind: TypeKind, lo: dnrad_core::Span, hi: dnrad_core::Span) -> Type {
    Type {
        kind,
        span: lo.to(hi),
    }
}

/// Can this token start an atomic type?
pub fn starts_atype(tok: &Tok) -> bool {
    matches!(
        tok,
        Tok::VarId(_) | Tok::ConId(_) | Tok::LParen | Tok::LBracket
    )
}

pub fn atype(p: &mut Cursor) -> PResult<Type> {
    let start = p.span();
    match p.peek().clone() {
        Tok::VarId(name) => {
            p.bump();
            Ok(mk(TypeKind::Var(Ident { name, span: start }), start, start))
        }
        Tok::ConId(name) => {
            p.bump();
            Ok(mk(TypeKind::Con(Ident { name, span: start }), start, start))
        }
        Tok::LBracket => {
            p.bump();
            if p.eat(&Tok::RBracket) {
                return Ok(mk(
                    TypeKind::Con(Ident {
                        name: "[]".into(),
                        span: start.to(p.prev_span()),
                    }),
                    start,
                    p.prev_span(),
                ));
            }
            let t = ty(p)?;
            let end = p.expect(&Tok::RBracket, "`]`")?;
            Ok(mk(TypeKind::List(Box::new(t)), start, end))
        }
        Tok::LParen => {
            p.bump();
            if p.eat(&Tok::RParen) {
                return Ok(mk(TypeKind::Tuple(vec![]), start, p.prev_span()));
            }
            if p.at(&Tok::RArrow) && p.peek_at(1) == &Tok::RParen {
                p.bump();
                let end = p.bump().span;
                return Ok(mk(
                    TypeKind::Con(Ident {
                        name: "->".into(),
                        span: start.to(end),
                    }),
                    start,
                    end,
                ));
            }
            if p.at(&Tok::Comma) {
                let mut commas = 0;
                while p.eat(&Tok::Comma) {
                    commas += 1;
                }
                let end = p.expect(&Tok::RParen, "`)`")?;
                let name = format!("({})", ",".repeat(commas));
                return Ok(mk(
                    TypeKind::Con(Ident {
                        name,
                        span: start.to(end),
                    }),
                    start,
                    end,
                ));
            }
            let items = p.comma_sep(ty)?;
            let end = p.expect(&Tok::RParen, "`)` or `,`")?;
            if items.len() == 1 {
                let mut t = items.into_iter().next().unwrap();
                t.span = start.to(end);
                Ok(t)
            } else {
                Ok(mk(TypeKind::Tuple(items), start, end))
            }
        }
        _ => Err(p.unexpected("a type")),
    }
}

pub fn btype(p: &mut Cursor) -> PResult<Type> {
    let mut t = atype(p)?;
    while starts_atype(p.peek()) {
        let arg = atype(p)?;
        let span = t.span.to(arg.span);
        t = Type {
            kind: TypeKind::App(Box::new(t), Box::new(arg)),
            span,
        };
    }
    Ok(t)
}

pub fn ty(p: &mut Cursor) -> PResult<Type> {
    let t = btype(p)?;
    if p.eat(&Tok::RArrow) {
        let r = ty(p)?;
        let span = t.span.to(r.span);
        return Ok(Type {
            kind: TypeKind::Fun(Box::new(t), Box::new(r)),
            span,
        });
    }
    Ok(t)
}

/// Turn a parsed type into a context (`C a` or `(C a, D b)`).
fn to_context(t: Type) -> PResult<Vec<Pred>> {
    let items = match t.kind {
        TypeKind::Tuple(items) => items,
        _ => vec![t],
    };
    items.into_iter().map(to_pred).collect()
}

fn to_pred(t: Type) -> PResult<Pred> {
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
    Err(dnrad_core::Diagnostic::new(
        dnrad_core::ErrorKind::Parse,
        span,
        "malformed class constraint: expected `Class tyvar`",
    ))
}

/// An optional context followed by `=>`: tries to parse a type and backtracks if no `=>` follows.
pub fn opt_context(p: &mut Cursor) -> PResult<Vec<Pred>> {
    let save = p.save();
    if let Ok(t) = btype(p) {
        if p.eat(&Tok::DArrow) {
            return to_context(t);
        }
    }
    p.restore(save);
    Ok(vec![])
}

pub fn sig_type(p: &mut Cursor) -> PResult<SigType> {
    let start = p.span();
    let context = opt_context(p)?;
    let t = ty(p)?;
    Ok(SigType {
        span: start.to(t.span),
        context,
        ty: t,
    })
}
