//! Patterns. Infix constructor chains (`x : y : rest`) stay flat (`PatKind::OpChain`) for fixity
//! resolution later. Must not know about expressions, types or declarations.

use super::error::UNLISTED;
use super::tokens::{
    brackets, comma_sep, con_id, literal, node, operator, parens, record_fields, span_of, symbol,
    tok, token, var_id, Rule,
};
use crate::ast::{Literal, Pat, PatKind};
use crate::token::Tok;
use chumsky::prelude::*;

/// The pattern parsers the rest of the grammar uses.
pub struct Pats<'src> {
    /// An atomic pattern: a function argument.
    pub apat: Rule<'src, Pat>,
    /// A full pattern, with constructor operators.
    pub pat: Rule<'src, Pat>,
}

pub fn pats<'src>() -> Pats<'src> {
    let pat = recursive(|pat| n_plus_k().or(op_chain(lpat(apat(pat.boxed()))))).boxed();
    Pats {
        apat: apat(pat.clone()),
        pat,
    }
}

fn apat<'src>(pat: Rule<'src, Pat>) -> Rule<'src, Pat> {
    recursive(|apat| {
        let tuple = comma_sep(pat.clone()).map(|mut items| match items.len() {
            1 => PatKind::Paren(Box::new(items.swap_remove(0))),
            _ => PatKind::Tuple(items),
        });
        node(choice((
            var_id()
                .then(
                    tok(Tok::At)
                        .labelled(UNLISTED)
                        .ignore_then(apat.clone())
                        .or_not(),
                )
                .map(|(var, inner)| match inner {
                    Some(inner) => PatKind::As(var, Box::new(inner)),
                    None => PatKind::Var(var),
                }),
            tok(Tok::Underscore).to(PatKind::Wild),
            tok(Tok::Tilde)
                .ignore_then(apat)
                .map(|inner| PatKind::Lazy(Box::new(inner))),
            con_id()
                .then(record_fields(pat.clone()).or_not())
                .map(|(con, fields)| match fields {
                    Some(fields) => PatKind::Record(con, fields),
                    None => PatKind::Con(con, vec![]),
                }),
            literal().map(PatKind::Lit),
            brackets(pat.separated_by(tok(Tok::Comma)).collect()).map(PatKind::List),
            parens(empty()).to(PatKind::Tuple(vec![])),
            parens(tuple),
        )))
        .labelled("a pattern")
    })
    .boxed()
}

/// `pat → var + integer` (Haskell 98's n+k pattern).
fn n_plus_k<'src>() -> Rule<'src, Pat> {
    let k = token("an integer", |x| match &x.tok {
        Tok::Integer(n) => Some(n.clone()),
        _ => None,
    });
    node(
        var_id()
            .then_ignore(symbol("+", "`+`"))
            .then(k)
            .map(|(n, k)| PatKind::NPlusK(n, k)),
    )
    .boxed()
}

/// `lpat → -literal | Con apat* | apat`
fn lpat<'src>(apat: Rule<'src, Pat>) -> Rule<'src, Pat> {
    let number = token("a number", |x| match &x.tok {
        Tok::Integer(n) => Some(Literal::Int(-n)),
        Tok::Float(f) => Some(Literal::Frac(-f)),
        _ => None,
    });
    let negative = symbol("-", "`-`").ignore_then(number).map(PatKind::Lit);
    let con_app = con_id()
        .then_ignore(tok(Tok::LBrace).not())
        .then(apat.clone().repeated().collect())
        .map(|(con, args)| PatKind::Con(con, args));
    node(negative.or(con_app))
        .or(apat)
        .labelled("a pattern")
        .boxed()
}

/// `pat → lpat (conop lpat)*`
fn op_chain<'src>(lpat: Rule<'src, Pat>) -> Rule<'src, Pat> {
    lpat.clone()
        .then(operator(true).then(lpat).repeated().collect::<Vec<_>>())
        .map_with(|(first, rest), e| {
            if rest.is_empty() {
                return first;
            }
            let (ops, rest): (Vec<_>, Vec<_>) = rest.into_iter().unzip();
            let pats = std::iter::once(first).chain(rest).collect();
            Pat {
                kind: PatKind::OpChain(pats, ops),
                span: span_of(e.slice()),
            }
        })
        .boxed()
}
