//! Monomorphisation of local overloaded functions. A `let`-bound function generalised over
//! class constraints (a local loop without a signature: `where go i acc = ...` becomes
//! `forall t. Num t => ...`) is called with dictionaries on every iteration; when every call
//! from outside its definition instantiates it at the same types — closed, or mentioning only
//! the enclosing global's own type variables (`Data.Map`'s `build` at `Int` and the map's `k`
//! and `a`), which are in scope at the definition too — and the same known dictionaries, it
//! becomes that instance: the types are substituted, its dictionary parameters
//! are replaced by the dictionaries, and its calls lose the type and dictionary arguments — so
//! the simplifier's method selection and inlining then make its arithmetic primitive.
//! It must not touch a function used at two instances, used as a value without its
//! dictionaries, or whose recursive calls change the instance (polymorphic recursion): those
//! keep passing dictionaries.

use super::terms::{lambda, rename_var, strip_ty_lams, subst_types};
use crate::expr::{Expr, ExprKind};
use crate::lint::subst;
use crate::name::Name;
use crate::types::Type;

/// A function's instance: its type arguments and its dictionary arguments.
type Instance = (Vec<Type>, Vec<Expr>);

/// What the simplifier knows: which types are dictionaries and which globals are known ones.
pub(super) struct Known<'a> {
    pub is_dictionary_type: &'a dyn Fn(&Type) -> bool,
    pub is_known_dictionary: &'a dyn Fn(&Name) -> bool,
    /// Whether a type variable is one the enclosing global is generalised over.
    pub is_outer_tyvar: &'a dyn Fn(&Name) -> bool,
}

/// Whether `rhs` is a function with dictionary parameters.
pub(super) fn overloaded(rhs: &Expr, known: &Known) -> bool {
    let (_, body) = strip_ty_lams(rhs);
    lambda(body).is_some_and(|(_, t, _)| (known.is_dictionary_type)(t))
}

/// The monomorphic definition of `f` (bound to `rhs` of type `ty`) and its type, if every call
/// in `uses` (the expressions in its scope outside its definition) is at one closed instance of
/// known dictionaries and its own recursive calls pass its type variables and dictionaries on.
/// The calls are rewritten afterwards with `strip_calls(e, f, k)`, `k` the count returned.
pub(super) fn monomorphise(
    f: &Name,
    ty: &Type,
    rhs: &Expr,
    uses: &[&Expr],
    known: &Known,
) -> Option<(Expr, Type, usize)> {
    let (tyvars, mut body) = strip_ty_lams(rhs);
    let mut dicts = Vec::new();
    while let Some((x, t, inner)) = lambda(body).filter(|(_, t, _)| (known.is_dictionary_type)(t)) {
        dicts.push((x.clone(), t.clone()));
        body = inner;
    }
    let k = dicts.len();
    if k == 0 {
        return None;
    }
    // Recursive calls pass the instance on unchanged.
    let own: Instance = (
        tyvars.iter().map(|v| Type::Var(v.clone())).collect(),
        dicts
            .iter()
            .map(|(x, _)| Expr::new(ExprKind::Var(x.clone()), rhs.span))
            .collect(),
    );
    let mut recursive = Vec::new();
    if !calls(body, f, k, &mut recursive) || recursive.iter().any(|i| !same(i, &own)) {
        return None;
    }
    let mut outside = Vec::new();
    for e in uses {
        if !calls(e, f, k, &mut outside) {
            return None;
        }
    }
    let first = outside.first()?;
    let closed_known = first
        .0
        .iter()
        .all(|t| super::closed_but(t, known.is_outer_tyvar))
        && first.0.len() == tyvars.len()
        && first
            .1
            .iter()
            .all(|a| matches!(&a.kind, ExprKind::Var(d) if (known.is_known_dictionary)(d)));
    if !closed_known || outside.iter().any(|i| !same(i, first)) {
        return None;
    }
    let (tys, args) = outside.swap_remove(0);
    let sub: Vec<(Name, Type)> = tyvars.into_iter().zip(tys).collect();
    let mut mono = subst_types(body, &sub);
    for ((x, _), d) in dicts.iter().zip(&args) {
        mono = rename_var(&mono, x, d);
    }
    let mut mono_ty = match ty {
        Type::Forall(_, t) => subst(t, &sub, &mut 0),
        t => t.clone(),
    };
    for _ in 0..k {
        mono_ty = match mono_ty {
            Type::Fun(_, r) => *r,
            _ => return None,
        };
    }
    Some((strip_calls(&mono, f, k), mono_ty, k))
}

/// Whether two instances are the same (dictionaries are variables).
fn same(a: &Instance, b: &Instance) -> bool {
    a.0 == b.0
        && a.1.len() == b.1.len()
        && a.1.iter().zip(&b.1).all(
            |(x, y)| matches!((&x.kind, &y.kind), (ExprKind::Var(m), ExprKind::Var(n)) if m == n),
        )
}

fn is_var(e: &Expr, f: &Name) -> bool {
    matches!(&e.kind, ExprKind::Var(n) if n == f)
}

/// Add the instance of every call of `f` in `e` to `out`; false if `f` occurs other than
/// applied to at least `k` arguments.
fn calls(e: &Expr, f: &Name, k: usize, out: &mut Vec<Instance>) -> bool {
    let (head, tys, args) = e.spine();
    if is_var(head, f) {
        if args.len() < k {
            return false;
        }
        out.push((
            tys.to_vec(),
            args[..k].iter().map(|a| (*a).clone()).collect(),
        ));
        return args.iter().all(|a| calls(a, f, k, out));
    }
    if is_var(e, f) {
        return false;
    }
    let mut ok = true;
    e.for_each_child(|c| ok = ok && calls(c, f, k, out));
    ok
}

/// `e` with every call `f @tys d1 .. dk a ..` made `f a ..`.
pub(super) fn strip_calls(e: &Expr, f: &Name, k: usize) -> Expr {
    let (head, _, args) = e.spine();
    match &e.kind {
        _ if !is_var(head, f) || args.len() < k => e.map_children(&mut |c| strip_calls(c, f, k)),
        ExprKind::App(g, a) if args.len() > k => Expr::new(
            ExprKind::App(
                Box::new(strip_calls(g, f, k)),
                Box::new(strip_calls(a, f, k)),
            ),
            e.span,
        ),
        _ => head.clone(),
    }
}
