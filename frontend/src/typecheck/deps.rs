//! Dependency analysis of binding groups: the free variables of untyped terms, whether a term
//! needs a variable's value when it is evaluated, and the strongly connected components of a
//! set of bindings, in dependency order (Tarjan's algorithm).

use crate::untyped::{UBind, UExpr, UKind};
use dnrad_core::Name;
use std::collections::{HashMap, HashSet};

/// Variables occurring in `e` (a superset of its free variables is fine: bound names are unique).
pub fn occurring_vars(e: &UExpr, out: &mut HashSet<Name>) {
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        if let UKind::Var(n) = &e.kind {
            out.insert(n.clone());
        }
        e.for_each_child(|c| stack.push(c));
    }
}

/// Whether `e` is a lambda (under type annotations).
pub fn is_lambda(e: &UExpr) -> bool {
    match &e.kind {
        UKind::Lam(..) => true,
        UKind::Annot(e, _) => is_lambda(e),
        _ => false,
    }
}

/// Whether evaluating `e` may need the value of one of `names`: a mention outside every lambda.
pub fn needs_now(e: &UExpr, names: &HashSet<&Name>) -> bool {
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        match &e.kind {
            UKind::Var(n) if names.contains(n) => return true,
            // (A lambda's body, and a local function's, runs later.)
            UKind::Lam(..) => {}
            UKind::Let(bs, b) => {
                stack.push(b);
                stack.extend(bs.iter().filter(|b| !is_lambda(&b.rhs)).map(|b| &b.rhs));
            }
            _ => e.for_each_child(|c| stack.push(c)),
        }
    }
    false
}

/// Does a group refer to its own members?
pub fn is_recursive(members: &[&UBind]) -> bool {
    let names: HashSet<&Name> = members.iter().map(|b| &b.name).collect();
    members.iter().any(|b| {
        let mut vars = HashSet::new();
        occurring_vars(&b.rhs, &mut vars);
        vars.iter().any(|v| names.contains(v))
    })
}

/// Strongly connected components of `binds` in dependency order. For type inference
/// (`through_signatures == false`) references to bindings with a type signature do not count (their
/// types are known in advance); for evaluation order every reference counts.
pub fn binding_groups(binds: &[UBind], through_signatures: bool) -> Vec<Vec<usize>> {
    let index: HashMap<&Name, usize> = binds
        .iter()
        .enumerate()
        .map(|(i, b)| (&b.name, i))
        .collect();
    let edges: Vec<Vec<usize>> = binds
        .iter()
        .map(|b| {
            let mut vars = HashSet::new();
            occurring_vars(&b.rhs, &mut vars);
            let mut out: Vec<usize> = vars
                .iter()
                .filter_map(|v| index.get(v).copied())
                .filter(|&j| through_signatures || binds[j].sig.is_none())
                .collect();
            out.sort_unstable();
            out
        })
        .collect();
    tarjan(&edges)
}

/// Tarjan's SCC algorithm (iterative); components come out with dependencies first.
fn tarjan(edges: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let n = edges.len();
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut out = Vec::new();
    let mut next = 0;
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        let mut work: Vec<(usize, usize)> = vec![(root, 0)];
        while let Some(&mut (v, ref mut i)) = work.last_mut() {
            if *i == 0 && index[v] == usize::MAX {
                index[v] = next;
                low[v] = next;
                next += 1;
                stack.push(v);
                on_stack[v] = true;
            }
            if let Some(&w) = edges[v].get(*i) {
                *i += 1;
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut comp = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    comp.push(w);
                    if w == v {
                        break;
                    }
                }
                comp.sort_unstable();
                out.push(comp);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::tarjan;

    #[test]
    fn components_in_dependency_order() {
        // 0 -> 1, 1 -> 2, 2 -> 1, 3 -> 0
        let comps = tarjan(&[vec![1], vec![2], vec![1], vec![0]]);
        assert_eq!(comps, vec![vec![1, 2], vec![0], vec![3]]);
        assert_eq!(tarjan(&[vec![0]]), vec![vec![0]]);
    }
}
