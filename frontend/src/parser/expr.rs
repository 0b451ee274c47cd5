//! Parsing expressions: operator chains (flat), lambdas, `let`, `if`, `case`, `do`, literals,
//! tuples, lists, arithmetic sequences, comprehensions, sections and records.

use super::cursor::{Cursor, PResult};
use super::decl::{decls_block, rhs};
use super::pat::{apat, pat, starts_apat};
use super::types::sig_type;
use crate::ast::{Alt, Expr, ExprKind, Ident, Literal, Op, OpItem, Stmt};
use crate::token::Tok;
use dnrad_core::Span;

fn mk(kind: ExprKind, span: Span) -> Expr {
    Expr { kind, span }
}

pub fn literal(p: &mut Cursor) -> PResult<Literal> {
    let lit = match p.peek().clone() {
        Tok::Integer(n) => Literal::Int(n),
        Tok::Float(x) => Literal::Frac(x),
        Tok::Char(c) => Literal::Char(c),
        Tok::Str(s) => Literal::Str(s),
        _ => return Err(p.unexpected("a literal")),
    };
    p.bump();
    Ok(lit)
}

/// An infix operator at the cursor (`+`, `:+`, `` `div` ``), without consuming it.
fn peek_op(p: &Cursor) -> Option<(Op, usize)> {
    let span = p.span();
    match p.peek() {
        Tok::VarSym(s) => Some((
            Op {
                name: Ident {
                    name: s.clone(),
                    span,
                },
                is_con: false,
            },
            1,
        )),
        Tok::ConSym(s) => Some((
            Op {
                name: Ident {
                    name: s.clone(),
                    span,
                },
                is_con: true,
            },
            1,
        )),
        Tok::Backtick => match (p.peek_at(1), p.peek_at(2)) {
            (Tok::VarId(s), Tok::Backtick) => Some((
                Op {
                    name: Ident {
                        name: s.clone(),
                        span,
                    },
                    is_con: false,
                },
                3,
            )),
            (Tok::ConId(s), Tok::Backtick) => Some((
                Op {
                    name: Ident {
                        name: s.clone(),
                        span,
                    },
                    is_con: true,
                },
                3,
            )),
            _ => None,
        },
        _ => None,
    }
}

fn take_op(p: &mut Cursor) -> Option<Op> {
    let (mut op, len) = peek_op(p)?;
    let start = p.span();
    for _ in 0..len {
        p.bump();
    }
    op.name.span = start.to(p.prev_span());
    Some(op)
}

fn is_minus(tok: &Tok) -> bool {
    matches!(tok, Tok::VarSym(s) if s == "-")
}

/// `exp → infixexp [:: sigtype]`
pub fn expr(p: &mut Cursor) -> PResult<Expr> {
    let e = infix_exp(p)?;
    if p.eat(&Tok::DColon) {
        let sig = sig_type(p)?;
        let span = e.span.to(sig.span);
        return Ok(mk(ExprKind::Typed(Box::new(e), sig), span));
    }
    Ok(e)
}

fn infix_exp(p: &mut Cursor) -> PResult<Expr> {
    let (items, _) = infix_items(p, false)?;
    Ok(chain(items))
}

/// Build an expression from chain items: a single operand stays as it is.
fn chain(mut items: Vec<OpItem>) -> Expr {
    if let [OpItem::Operand(_)] = items[..] {
        if let Some(OpItem::Operand(e)) = items.pop() {
            return e;
        }
    }
    let span_of = |i: &OpItem| match i {
        OpItem::Operand(e) => e.span,
        OpItem::Op(op) => op.name.span,
        OpItem::Neg(s) => *s,
    };
    let span = span_of(&items[0]).to(span_of(items.last().unwrap()));
    mk(ExprKind::OpChain(items), span)
}

/// Parse `[-] exp10 (op [-] exp10)*`. With `allow_section`, an operator directly followed by `)`
/// ends the chain and is returned as the operator of a left section.
fn infix_items(p: &mut Cursor, allow_section: bool) -> PResult<(Vec<OpItem>, Option<Op>)> {
    let mut items = Vec::new();
    loop {
        if is_minus(p.peek()) {
            items.push(OpItem::Neg(p.bump().span));
        }
        items.push(OpItem::Operand(exp10(p)?));
        let Some((_, len)) = peek_op(p) else {
            return Ok((items, None));
        };
        if allow_section && p.peek_at(len) == &Tok::RParen {
            return Ok((items, take_op(p)));
        }
        items.push(OpItem::Op(take_op(p).unwrap()));
    }
}

fn exp10(p: &mut Cursor) -> PResult<Expr> {
    let start = p.span();
    match p.peek() {
        Tok::Backslash => {
            p.bump();
            let mut pats = vec![apat(p)?];
            while starts_apat(p.peek()) {
                pats.push(apat(p)?);
            }
            p.expect(&Tok::RArrow, "`->` after the lambda's patterns")?;
            let body = expr(p)?;
            let span = start.to(body.span);
            Ok(mk(ExprKind::Lam(pats, Box::new(body)), span))
        }
        Tok::Let => {
            p.bump();
            let decls = decls_block(p)?;
            p.expect(&Tok::In, "`in` after the `let` bindings")?;
            let body = expr(p)?;
            let span = start.to(body.span);
            Ok(mk(ExprKind::Let(decls, Box::new(body)), span))
        }
        Tok::If => {
            p.bump();
            let c = expr(p)?;
            p.eat(&Tok::VSemi);
            p.eat(&Tok::Semi);
            p.expect(&Tok::Then, "`then`")?;
            let t = expr(p)?;
            p.eat(&Tok::VSemi);
            p.eat(&Tok::Semi);
            p.expect(&Tok::Else, "`else` (every `if` needs one)")?;
            let e = expr(p)?;
            let span = start.to(e.span);
            Ok(mk(
                ExprKind::If(Box::new(c), Box::new(t), Box::new(e)),
                span,
            ))
        }
        Tok::Case => {
            p.bump();
            let scrut = expr(p)?;
            p.expect(&Tok::Of, "`of`")?;
            let alts = p.block(alt)?;
            Ok(mk(
                ExprKind::Case(Box::new(scrut), alts),
                start.to(p.prev_span()),
            ))
        }
        Tok::Do => {
            p.bump();
            let stmts = p.block(stmt)?;
            match stmts.last() {
                Some(Stmt::Expr(_)) => Ok(mk(ExprKind::Do(stmts), start.to(p.prev_span()))),
                _ => Err(dnrad_core::Diagnostic::new(
                    dnrad_core::ErrorKind::Parse,
                    start.to(p.prev_span()),
                    "the last statement of a `do` block must be an expression",
                )),
            }
        }
        _ => fexp(p),
    }
}

fn alt(p: &mut Cursor) -> PResult<Alt> {
    let pt = pat(p)?;
    let r = rhs(p, &Tok::RArrow)?;
    Ok(Alt {
        span: pt.span.to(r.span),
        pat: pt,
        rhs: r,
    })
}

/// A `do` statement or a comprehension qualifier.
pub fn stmt(p: &mut Cursor) -> PResult<Stmt> {
    if p.at(&Tok::Let) {
        let save = p.save();
        p.bump();
        let decls = decls_block(p)?;
        if !p.at(&Tok::In) {
            return Ok(Stmt::Let(decls));
        }
        p.restore(save);
    }
    let save = p.save();
    if let Ok(pt) = pat(p) {
        if p.eat(&Tok::LArrow) {
            return Ok(Stmt::Bind(pt, expr(p)?));
        }
    }
    p.restore(save);
    Ok(Stmt::Expr(expr(p)?))
}

fn starts_aexp(tok: &Tok) -> bool {
    matches!(
        tok,
        Tok::VarId(_)
            | Tok::ConId(_)
            | Tok::Integer(_)
            | Tok::Float(_)
            | Tok::Char(_)
            | Tok::Str(_)
            | Tok::LParen
            | Tok::LBracket
    )
}

/// Function application `aexp aexp ...`; a trailing lambda/let/if/case/do is an argument too
/// (`f $ \x -> ...` is an operator chain, but `forM xs \x -> ...` is not Haskell 98).
fn fexp(p: &mut Cursor) -> PResult<Expr> {
    let mut f = record_exp(p)?;
    while starts_aexp(p.peek()) {
        let arg = record_exp(p)?;
        let span = f.span.to(arg.span);
        f = mk(ExprKind::App(Box::new(f), Box::new(arg)), span);
    }
    Ok(f)
}

/// `aexp { f = e, ... }` (construction after a constructor, update otherwise), repeatedly.
fn record_exp(p: &mut Cursor) -> PResult<Expr> {
    let mut e = aexp(p)?;
    while p.at(&Tok::LBrace) {
        let (fields, end) = p.record_fields(expr)?;
        let span = e.span.to(end);
        e = match e.kind {
            ExprKind::Con(c) => mk(ExprKind::RecordCon(c, fields), span),
            _ => mk(ExprKind::RecordUpdate(Box::new(e), fields), span),
        };
    }
    Ok(e)
}

fn aexp(p: &mut Cursor) -> PResult<Expr> {
    let start = p.span();
    match p.peek().clone() {
        Tok::VarId(name) => {
            p.bump();
            Ok(mk(ExprKind::Var(Ident { name, span: start }), start))
        }
        Tok::ConId(name) => {
            p.bump();
            Ok(mk(ExprKind::Con(Ident { name, span: start }), start))
        }
        Tok::Integer(_) | Tok::Float(_) | Tok::Char(_) | Tok::Str(_) => {
            let lit = literal(p)?;
            Ok(mk(ExprKind::Lit(lit), start))
        }
        Tok::LParen => paren(p),
        Tok::LBracket => bracket(p),
        _ => Err(p.unexpected("an expression")),
    }
}

/// Everything that starts with `(`: unit, operators, tuples, tuple constructors, sections.
fn paren(p: &mut Cursor) -> PResult<Expr> {
    let start = p.bump().span;
    if p.at(&Tok::RParen) {
        let end = p.bump().span;
        return Ok(mk(ExprKind::Tuple(vec![]), start.to(end)));
    }
    if p.at(&Tok::Comma) {
        let mut commas = 0;
        while p.eat(&Tok::Comma) {
            commas += 1;
        }
        let end = p.expect(&Tok::RParen, "`)`")?;
        let name = Ident {
            name: format!("({})", ",".repeat(commas)),
            span: start.to(end),
        };
        return Ok(mk(ExprKind::Con(name), start.to(end)));
    }
    if let Some((_, len)) = peek_op(p) {
        if p.peek_at(len) == &Tok::RParen {
            let op = take_op(p).unwrap();
            let end = p.bump().span;
            let ident = Ident {
                name: op.name.name,
                span: start.to(end),
            };
            let kind = if op.is_con {
                ExprKind::Con(ident)
            } else {
                ExprKind::Var(ident)
            };
            return Ok(mk(kind, start.to(end)));
        }
        if !is_minus(p.peek()) {
            let op = take_op(p).unwrap();
            let e = infix_exp(p)?;
            let end = p.expect(&Tok::RParen, "`)` to close the section")?;
            return Ok(mk(ExprKind::RightSection(op, Box::new(e)), start.to(end)));
        }
    }
    let (items, trailing) = infix_items(p, true)?;
    if let Some(op) = trailing {
        let end = p.expect(&Tok::RParen, "`)`")?;
        return Ok(mk(
            ExprKind::LeftSection(Box::new(chain(items)), op),
            start.to(end),
        ));
    }
    let mut first = chain(items);
    if p.eat(&Tok::DColon) {
        let sig = sig_type(p)?;
        let span = first.span.to(sig.span);
        first = mk(ExprKind::Typed(Box::new(first), sig), span);
    }
    let mut items = vec![first];
    while p.eat(&Tok::Comma) {
        items.push(expr(p)?);
    }
    let end = p.expect(&Tok::RParen, "`)` or `,`")?;
    let span = start.to(end);
    if items.len() == 1 {
        Ok(mk(ExprKind::Paren(Box::new(items.pop().unwrap())), span))
    } else {
        Ok(mk(ExprKind::Tuple(items), span))
    }
}

/// Everything that starts with `[`: lists, sequences, comprehensions.
fn bracket(p: &mut Cursor) -> PResult<Expr> {
    let start = p.bump().span;
    if p.at(&Tok::RBracket) {
        let end = p.bump().span;
        return Ok(mk(ExprKind::List(vec![]), start.to(end)));
    }
    let first = expr(p)?;
    let seq = |p: &mut Cursor, from: Expr, then: Option<Expr>| -> PResult<Expr> {
        let to = if p.at(&Tok::RBracket) {
            None
        } else {
            Some(Box::new(expr(p)?))
        };
        let end = p.expect(&Tok::RBracket, "`]`")?;
        Ok(mk(
            ExprKind::ArithSeq {
                from: Box::new(from),
                then: then.map(Box::new),
                to,
            },
            start.to(end),
        ))
    };
    if p.eat(&Tok::DotDot) {
        return seq(p, first, None);
    }
    if p.eat(&Tok::Bar) {
        let quals = p.comma_sep(stmt)?;
        let end = p.expect(&Tok::RBracket, "`]` or `,`")?;
        return Ok(mk(
            ExprKind::ListComp(Box::new(first), quals),
            start.to(end),
        ));
    }
    let mut items = vec![first];
    if p.eat(&Tok::Comma) {
        let second = expr(p)?;
        if p.eat(&Tok::DotDot) {
            return seq(p, items.pop().unwrap(), Some(second));
        }
        items.push(second);
        while p.eat(&Tok::Comma) {
            items.push(expr(p)?);
        }
    }
    let end = p.expect(&Tok::RBracket, "`]` or `,`")?;
    Ok(mk(ExprKind::List(items), start.to(end)))
}
