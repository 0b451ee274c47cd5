//! Local recursive values that reach their own group only under lambdas (a `do` block's `loop`
//! that ends `... else putStrLn l >> loop`, desugared into `getLine >>= \l -> ..`): evaluating
//! the right-hand side never needs the value itself, only a closure does, later. Such a value
//! `v = e` becomes a function of `()` and the value its call: `v#delayed _ = e[v := v#delayed ()]`,
//! `v = v#delayed ()`; each closure that reaches `v` rebuilds it when it runs, which gives the
//! same value (the program is pure). A group with a member that needs a member's value at once
//! (`xs = 1 : map (* 2) xs`) or is a point-free function (`go = step . go`, which the type
//! checker eta-expands) is left as it is. Works on the desugared group of one `let` or `where`;
//! walks expressions with explicit stacks (no recursion on their depth), and must not decide
//! anything the type checker does.

use super::build;
use crate::typecheck::deps::{binding_groups, is_lambda, is_recursive, needs_now};
use crate::untyped::{BindKind, UBind, UExpr, UKind};
use dnrad_core::Name;
use std::collections::{HashMap, HashSet};

/// `binds` (one `let` group) with every delayable recursive value delayed; `fresh` names the
/// new functions and their parameters.
pub fn recursive_values(binds: Vec<UBind>, fresh: &mut dyn FnMut(&str) -> Name) -> Vec<UBind> {
    let mut delayed: HashMap<Name, Name> = HashMap::new();
    for group in binding_groups(&binds, true) {
        let members: Vec<&UBind> = group.iter().map(|&i| &binds[i]).collect();
        let names: HashSet<&Name> = members.iter().map(|b| &b.name).collect();
        let values: Vec<&UBind> = members
            .iter()
            .copied()
            .filter(|b| b.kind != BindKind::Function && !is_lambda(&b.rhs))
            .collect();
        let delayable = values.iter().all(|b| !needs_now(&b.rhs, &names));
        if is_recursive(&members) && !values.is_empty() && delayable {
            for b in values {
                delayed.insert(b.name.clone(), fresh(&b.source_name));
            }
        }
    }
    if delayed.is_empty() {
        return binds;
    }
    let mut out = Vec::with_capacity(binds.len() + delayed.len());
    for mut b in binds {
        let span = b.span;
        replace_vars(&mut b.rhs, &delayed);
        match delayed.get(&b.name) {
            Some(f) => {
                let unit = fresh("_");
                out.push(UBind {
                    name: f.clone(),
                    source_name: b.source_name.clone(),
                    sig: None,
                    rhs: build::lam(
                        unit,
                        std::mem::replace(&mut b.rhs, unit_call(f, span)),
                        span,
                    ),
                    kind: BindKind::Function,
                    span,
                });
                out.push(b);
            }
            None => out.push(b),
        }
    }
    out
}

/// `f ()`
fn unit_call(f: &Name, span: dnrad_core::Span) -> UExpr {
    build::app(build::var(f, span), build::con("()", span))
}

/// Each mention of a key of `delayed` in `e` made the call of its function on `()`.
fn replace_vars(e: &mut UExpr, delayed: &HashMap<Name, Name>) {
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        if let UKind::Var(n) = &e.kind {
            if let Some(f) = delayed.get(n) {
                *e = unit_call(f, e.span);
            }
            continue;
        }
        e.for_each_child_mut(|c| stack.push(c));
    }
}
