//! Parsing patterns. Infix constructor chains (`x : y : rest`) stay flat (`PatKind::OpChain`) for
//! fixity resolution later.

use super::cursor::{Cursor, PResult};
use super::expr::literal;
use crate::ast::{Ident, Literal, Pat, PatKind};
use crate::token::Tok;

fn mk(kind: PatKind, span: dnrad_core::Span) -> Pat {
    Pat { kind, span }
}

/// Can this token start an atomic pattern?
pub fn starts_apat(tok: &Tok) -> bool {
    matches!(
        tok,
        Tok::VarId(_)
            | Tok::ConId(_)
            | Tok::Underscore
            | Tok::Integer(_)
            | Tok::Float(_)
            | Tok::Char(_)
            | Tok::Str(_)
            | Tok::LParen
            | Tok::LBracket
            | Tok::Tilde
    )
}

/// A constructor operator in a pattern: `:+`, `` `Cons` ``.
pub fn con_op(p: &mut Cursor) -> Option<Ident> {
    match p.peek().clone() {
        Tok::ConSym(name) => Some(Ident {
            name,
            span: p.bump().span,
        }),
        Tok::Backtick => {
            if let (Tok::ConId(name), Tok::Backtick) = (p.peek_at(1).clone(), p.peek_at(2)) {
                let start = p.bump().span;
                p.bump();
                let end = p.bump().span;
                Some(Ident {
                    name,
                    span: start.to(end),
                })
            } else {
                None
            }
        }
        _ => None,
    }
}

/// `pat → lpat (conop lpat)*`
pub fn pat(p: &mut Cursor) -> PResult<Pat> {
    let first = lpat(p)?;
    let mut pats = vec![first];
    let mut ops = Vec::new();
    while let Some(op) = con_op(p) {
        ops.push(op);
        pats.push(lpat(p)?);
    }
    if ops.is_empty() {
        return Ok(pats.pop().unwrap());
    }
    let span = pats[0].span.to(pats.last().unwrap().span);
    Ok(mk(PatKind::OpChain(pats, ops), span))
}

/// `lpat → -literal | Con apat* | apat`
pub fn lpat(p: &mut Cursor) -> PResult<Pat> {
    let start = p.span();
    if matches!(p.peek(), Tok::VarSym(s) if s == "-")
        && matches!(p.peek_at(1), Tok::Integer(_) | Tok::Float(_))
    {
        p.bump();
        let lit = match literal(p)? {
            Literal::Int(n) => Literal::Int(-n),
            Literal::Frac(x) => Literal::Frac(-x),
            other => other,
        };
        return Ok(mk(PatKind::Lit(lit), start.to(p.prev_span())));
    }
    if let Tok::ConId(name) = p.peek().clone() {
        if p.peek_at(1) != &Tok::LBrace {
            p.bump();
            let con = Ident { name, span: start };
            let mut args = Vec::new();
            while starts_apat(p.peek()) {
                args.push(apat(p)?);
            }
            return Ok(mk(PatKind::Con(con, args), start.to(p.prev_span())));
        }
    }
    apat(p)
}

pub fn apat(p: &mut Cursor) -> PResult<Pat> {
    let start = p.span();
    match p.peek().clone() {
        Tok::VarId(name) => {
            p.bump();
            let var = Ident { name, span: start };
            if p.eat(&Tok::At) {
                let inner = apat(p)?;
                let span = start.to(inner.span);
                return Ok(mk(PatKind::As(var, Box::new(inner)), span));
            }
            Ok(mk(PatKind::Var(var), start))
        }
        Tok::Underscore => {
            p.bump();
            Ok(mk(PatKind::Wild, start))
        }
        Tok::Tilde => {
            p.bump();
            let inner = apat(p)?;
            let span = start.to(inner.span);
            Ok(mk(PatKind::Lazy(Box::new(inner)), span))
        }
        Tok::ConId(name) => {
            p.bump();
            let con = Ident { name, span: start };
            if p.at(&Tok::LBrace) {
                let (fields, end) = p.record_fields(pat)?;
                return Ok(mk(PatKind::Record(con, fields), start.to(end)));
            }
            Ok(mk(PatKind::Con(con, vec![]), start))
        }
        Tok::Integer(_) | Tok::Float(_) | Tok::Char(_) | Tok::Str(_) => {
            let lit = literal(p)?;
            Ok(mk(PatKind::Lit(lit), start))
        }
        Tok::LBracket => {
            p.bump();
            let mut items = Vec::new();
            if !p.at(&Tok::RBracket) {
                items = p.comma_sep(pat)?;
            }
            let end = p.expect(&Tok::RBracket, "`]` or `,`")?;
            Ok(mk(PatKind::List(items), start.to(end)))
        }
        Tok::LParen => {
            p.bump();
            if p.at(&Tok::RParen) {
                let end = p.bump().span;
                return Ok(mk(PatKind::Tuple(vec![]), start.to(end)));
            }
            let items = p.comma_sep(pat)?;
            let end = p.expect(&Tok::RParen, "`)` or `,`")?;
            let span = start.to(end);
            if items.len() == 1 {
                Ok(mk(
                    PatKind::Paren(Box::new(items.into_iter().next().unwrap())),
                    span,
                ))
            } else {
                Ok(mk(PatKind::Tuple(items), span))
            }
        }
        _ => Err(p.unexpected("a pattern")),
    }
}
