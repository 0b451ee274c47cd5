//! Reachability of top-level bindings: which globals a program can use, starting from its
//! entry, the user's own bindings and given roots. Pruning the rest keeps the backends from
//! compiling the whole Prelude for every run. It never changes what a program computes (an
//! unreachable binding is never evaluated: globals are evaluated on first use).

use crate::expr::{Bind, Expr, ExprKind};
use crate::program::Program;
use std::collections::{HashMap, HashSet};

/// The globals reachable from the entry, the user's own bindings and `roots`.
pub fn reachable(program: &Program, roots: &[&str]) -> HashSet<String> {
    let by_name: HashMap<&str, &Bind> =
        program.binds.iter().map(|b| (b.name.as_str(), b)).collect();
    let mut seen: HashSet<String> = HashSet::new();
    let mut work: Vec<&Expr> = program.entry.iter().collect();
    let user = program.binds.iter().filter(|b| b.span.is_user());
    for b in user.chain(roots.iter().filter_map(|n| by_name.get(n).copied())) {
        if seen.insert(b.name.to_string()) {
            work.push(&b.rhs);
        }
    }
    while let Some(e) = work.pop() {
        free_globals(e, &mut |n| {
            if let Some(b) = by_name.get(n) {
                if seen.insert(n.to_string()) {
                    work.push(&b.rhs);
                }
            }
        });
    }
    seen
}

/// Drop the bindings the program cannot reach from its entry, its user bindings and `roots`.
pub fn prune(program: &mut Program, roots: &[&str]) {
    let reached = reachable(program, roots);
    program.binds.retain(|b| reached.contains(b.name.as_str()));
}

/// Call `f` on every variable occurrence (locals included; the caller filters by name).
fn free_globals<'e>(e: &'e Expr, f: &mut impl FnMut(&'e str)) {
    match &e.kind {
        ExprKind::Var(n) => f(n.as_str()),
        ExprKind::Lit(_) => {}
        ExprKind::Lam(_, _, body) | ExprKind::TyLam(_, body) | ExprKind::TyApp(body, _) => {
            free_globals(body, f)
        }
        ExprKind::App(a, c) => {
            free_globals(a, f);
            free_globals(c, f);
        }
        ExprKind::Let(b, body) => {
            free_globals(&b.rhs, f);
            free_globals(body, f);
        }
        ExprKind::LetRec(bs, body) => {
            bs.iter().for_each(|b| free_globals(&b.rhs, f));
            free_globals(body, f);
        }
        ExprKind::Con(_, _, args) | ExprKind::Prim(_, _, args) => {
            args.iter().for_each(|a| free_globals(a, f))
        }
        ExprKind::Case(s, alts, d) => {
            free_globals(s, f);
            alts.iter().for_each(|a| free_globals(&a.rhs, f));
            if let Some(d) = d {
                free_globals(d, f);
            }
        }
        ExprKind::Twin(p, ts) => {
            free_globals(p, f);
            ts.iter().for_each(|t| free_globals(t, f));
        }
    }
}
