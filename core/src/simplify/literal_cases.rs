//! Wide `case`s on literals as binary searches (the VM's simplifier, after `fold`). A `case` of
//! `Int` or `Char` literals desugars to a chain of equality tests of one variable, `case
//! prim#intEq x k of True -> r; False -> rest`, which runs in order: n tests to reach the last
//! alternative. A chain of at least `MIN_CHAIN` tests becomes a search, `case prim#intLt x m of
//! True -> (the smaller literals); False -> (the others)`, down to chains of at most `LEAF`
//! tests; of equal literals the first wins, as in the chain. The tests are comparisons of a
//! variable, pure, so only their number changes: each right-hand side runs exactly when it
//! did, and the fallthrough `rest` when no literal is equal, copied into every leaf — so only a
//! small one without binders (`0`, an `error` call) is taken. It must not touch any other
//! chain.

use super::terms::{if_, prim, small_size};
use crate::expr::{Expr, ExprKind, Lit};
use crate::prim::PrimOp;
use crate::program::Program;
use crate::span::Span;

/// The fewest tests a chain has to become a search.
const MIN_CHAIN: usize = 16;

/// The most tests a leaf of the search makes in order.
const LEAF: usize = 4;

/// The largest fallthrough copied into the leaves.
const MAX_REST: usize = 16;

/// `program` with every wide chain of literal tests a binary search.
pub(super) fn searches(mut program: Program) -> Program {
    for b in &mut program.binds {
        b.rhs = expr(&b.rhs);
    }
    program.entry = program.entry.as_ref().map(expr);
    program
}

fn expr(e: &Expr) -> Expr {
    match chain(e) {
        Some(c) if c.tests.len() >= MIN_CHAIN => search(c),
        _ => e.map_children(&mut expr),
    }
}

/// A chain: the variable, the comparisons (equality and less-than) of its type, the tests
/// (literal's key, the literal, the right-hand side) and the fallthrough.
struct Chain<'e> {
    var: &'e Expr,
    eq: PrimOp,
    lt: PrimOp,
    tests: Vec<(i64, &'e Expr, &'e Expr)>,
    rest: &'e Expr,
    span: Span,
}

/// `case eq x lit of True -> r; False -> rest` in parts: `x`, `eq`, the literal's key and
/// itself, `r`, `rest`.
fn test(e: &Expr) -> Option<(&Expr, PrimOp, i64, &Expr, &Expr, &Expr)> {
    let ExprKind::Case(s, alts, None) = &e.kind else {
        return None;
    };
    let ExprKind::Prim(eq @ (PrimOp::IntEq | PrimOp::CharEq), _, args) = &s.kind else {
        return None;
    };
    let ([x, lit], [a, b]) = (args.as_slice(), alts.as_slice()) else {
        return None;
    };
    let key = match (&x.kind, &lit.kind) {
        (ExprKind::Var(_), ExprKind::Lit(Lit::Int(k))) => *k,
        (ExprKind::Var(_), ExprKind::Lit(Lit::Char(c))) => i64::from(u32::from(*c)),
        _ => return None,
    };
    let arm = |con: &str| [a, b].into_iter().find(|alt| alt.con.as_str() == con);
    let (yes, no) = (arm("True")?, arm("False")?);
    Some((x, *eq, key, lit, &yes.rhs, &no.rhs))
}

fn chain(e: &Expr) -> Option<Chain<'_>> {
    let (var, eq, key, lit, rhs, mut rest) = test(e)?;
    let mut tests = vec![(key, lit, rhs)];
    while let Some((x, op, key, lit, rhs, next)) = test(rest) {
        if op != eq || x.kind != var.kind {
            break;
        }
        tests.push((key, lit, rhs));
        rest = next;
    }
    small_size(rest).filter(|&n| n <= MAX_REST)?;
    let lt = if eq == PrimOp::IntEq {
        PrimOp::IntLt
    } else {
        PrimOp::CharLt
    };
    Some(Chain {
        var,
        eq,
        lt,
        tests,
        rest,
        span: e.span,
    })
}

/// The chain `c` as a search, its right-hand sides and fallthrough simplified the same way.
fn search(c: Chain) -> Expr {
    let mut tests: Vec<(i64, &Expr, Expr)> = Vec::with_capacity(c.tests.len());
    for &(key, lit, rhs) in &c.tests {
        if !tests.iter().any(|(k, _, _)| *k == key) {
            tests.push((key, lit, expr(rhs)));
        }
    }
    tests.sort_by_key(|(k, _, _)| *k);
    let rest = expr(c.rest);
    split(&c, tests, &rest)
}

/// The search over `tests` (sorted by key), falling through to `rest`.
fn split(c: &Chain, mut tests: Vec<(i64, &Expr, Expr)>, rest: &Expr) -> Expr {
    if tests.len() <= LEAF {
        return tests
            .into_iter()
            .rev()
            .fold(rest.clone(), |no, (_, lit, yes)| {
                decide(c, c.eq, lit, yes, no)
            });
    }
    let upper = tests.split_off(tests.len() / 2);
    let pivot = upper[0].1;
    let (lower, upper) = (split(c, tests, rest), split(c, upper, rest));
    decide(c, c.lt, pivot, lower, upper)
}

/// `case op x lit of True -> yes; False -> no`.
fn decide(c: &Chain, op: PrimOp, lit: &Expr, yes: Expr, no: Expr) -> Expr {
    let test = prim(op, vec![c.var.clone(), lit.clone()], c.span);
    if_(test, yes, no, c.span)
}
