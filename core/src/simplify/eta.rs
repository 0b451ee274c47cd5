//! Eta-expansion of globals defined as partial applications. A global `f x = g x 1` whose body
//! applies a known global function `g` of more parameters to atoms only (variables and
//! literals) becomes `f x y = g x 1 y`, so `f a b` is one direct call of `f` that calls `g`
//! with all its arguments (`safe q = check 1` after lambda lifting), not a call returning a
//! closure that is applied next. Nothing runs differently: applying `f` to fewer arguments
//! than `g` takes only built a closure, and atoms cost nothing to evaluate again. It must not
//! expand a body with an argument that computes something (evaluating it once per
//! application instead of once per closure could run an error or a long computation more
//! often, or at another time).

use super::terms::{atomic, strip_ty_lams};
use crate::expr::{Bind, Expr, ExprKind};
use crate::name::Name;
use crate::types::Type;
use std::collections::HashMap;

/// How many rounds: a global expanded may make another one expandable.
const ROUNDS: usize = 3;

/// `binds` with every global that is a partial application of a known global's atoms
/// eta-expanded to that global's arity.
pub(super) fn expand(binds: &mut [Bind]) {
    for _ in 0..ROUNDS {
        let arities: HashMap<Name, usize> = binds
            .iter()
            .map(|b| (b.name.clone(), arity(&b.rhs)))
            .filter(|(_, n)| *n > 0)
            .collect();
        let mut changed = false;
        for b in binds.iter_mut() {
            if let Some(rhs) = expanded(b, &arities) {
                b.rhs = rhs;
                changed = true;
            }
        }
        if !changed {
            return;
        }
    }
}

/// The number of parameters of `\x1 .. xn -> body` (under type abstractions).
fn arity(rhs: &Expr) -> usize {
    let (_, mut e) = strip_ty_lams(rhs);
    let mut n = 0;
    while let ExprKind::Lam(_, _, body) = &e.kind {
        n += 1;
        e = body;
    }
    n
}

/// `b`'s right-hand side eta-expanded, if its body is `g a1 .. ak` with `g` a global of more
/// than `k` parameters and every `ai` an atom.
fn expanded(b: &Bind, arities: &HashMap<Name, usize>) -> Option<Expr> {
    let (tyvars, rhs) = strip_ty_lams(&b.rhs);
    // The parameters' types come from the binding's type, under the same type variables.
    let mut ty = match &b.ty {
        Type::Forall(vs, t) if *vs == tyvars => t.as_ref(),
        Type::Forall(..) => return None,
        t if tyvars.is_empty() => t,
        _ => return None,
    };
    let mut params = Vec::new();
    let mut body = rhs;
    while let ExprKind::Lam(x, t, inner) = &body.kind {
        params.push((x.clone(), t.clone()));
        body = inner;
        let Type::Fun(_, rest) = ty else {
            return None;
        };
        ty = rest;
    }
    let (head, _, args) = body.spine();
    let ExprKind::Var(g) = &head.kind else {
        return None;
    };
    let missing = arities.get(g)?.checked_sub(args.len())?;
    if missing == 0 || !args.iter().all(|a| atomic(a)) {
        return None;
    }
    let span = body.span;
    let mut body = body.clone();
    for _ in 0..missing {
        let Type::Fun(t, rest) = ty else {
            break;
        };
        let x = Name::from(format!("{}#eta{}", b.name, params.len()));
        let arg = Expr::new(ExprKind::Var(x.clone()), span);
        body = Expr::new(ExprKind::App(Box::new(body), Box::new(arg)), span);
        params.push((x, t.as_ref().clone()));
        ty = rest;
    }
    let lams = params.into_iter().rev().fold(body, |body, (x, t)| {
        Expr::new(ExprKind::Lam(x, t, Box::new(body)), span)
    });
    Some(match tyvars.is_empty() {
        true => lams,
        false => Expr::new(ExprKind::TyLam(tyvars, Box::new(lams)), b.rhs.span),
    })
}
