//! Reachability of top-level bindings: which globals a program can use, starting from its
//! entry, the user's own bindings and given roots. Pruning the rest keeps the backends from
//! compiling the whole Prelude for every run. It never changes what a program computes (an
//! unreachable binding is never evaluated: globals are evaluated on first use).

use crate::expr::{Bind, Expr, ExprKind};
use crate::program::Program;
use std::collections::{HashMap, HashSet};

/// The globals reachable from the entry, the user's own bindings and `roots`.
pub fn reachable(program: &Program, roots: &[&str]) -> HashSet<String> {
    let user = program.binds.iter().filter(|b| b.span.is_user());
    let roots: Vec<&str> = user
        .map(|b| b.name.as_str())
        .chain(roots.iter().copied())
        .collect();
    reachable_from(program, &roots)
}

/// The globals reachable from the entry and `roots` alone.
pub fn reachable_from(program: &Program, roots: &[&str]) -> HashSet<String> {
    let by_name: HashMap<&str, &Bind> =
        program.binds.iter().map(|b| (b.name.as_str(), b)).collect();
    let mut seen: HashSet<String> = HashSet::new();
    let mut work: Vec<&Expr> = program.entry.iter().collect();
    for b in roots.iter().filter_map(|n| by_name.get(n).copied()) {
        if seen.insert(b.name.to_string()) {
            work.push(&b.rhs);
        }
    }
    while let Some(e) = work.pop() {
        if let ExprKind::Var(n) = &e.kind {
            if let Some(b) = by_name.get(n.as_str()) {
                if seen.insert(n.to_string()) {
                    work.push(&b.rhs);
                }
            }
        }
        e.for_each_child(|c| work.push(c));
    }
    seen
}

/// Drop the bindings the program cannot reach from its entry, its user bindings and `roots`.
pub fn prune(program: &mut Program, roots: &[&str]) {
    let reached = reachable(program, roots);
    keep(program, &reached);
}

/// Keep only the bindings in `reached`.
pub fn keep(program: &mut Program, reached: &HashSet<String>) {
    program.binds.retain(|b| reached.contains(b.name.as_str()));
}
