//! List consumers for the fusion: a Prelude function that takes a list apart by structural
//! recursion, `c p1 .. pn = case p_l of [] -> A; (x : xs) -> B` where every recursive call in
//! `B` is `c` at the same types with `xs` for the list (`foldl`, `foldr`, `lengthAcc`,
//! `mapM_`, `sequence_`, `any`, `all`, `elem`, `and`, `or`, ...). It only recognises the
//! definition (in either form the pattern-match compiler gives); it builds no code.

use super::super::terms::{count, lambda, size, strip_ty_lams};
use crate::expr::{Bind, Expr, ExprKind};
use crate::name::Name;
use crate::types::Type;

/// A nil case copied at each end of a loop stays below this many nodes.
const MAX_NIL_SIZE: usize = 40;

#[derive(Clone)]
pub(crate) struct Consumer {
    pub name: Name,
    pub tyvars: Vec<Name>,
    pub params: Vec<(Name, Type)>,
    /// The type of a full application.
    pub result: Type,
    /// Which parameter is the list.
    pub list: usize,
    /// `A`, the result for the empty list.
    pub nil: Expr,
    /// The cons case's head binder and `B`.
    pub head: (Name, Type),
    pub cons: Expr,
    /// The parameters every recursive call passes on unchanged.
    pub invariant: Vec<bool>,
    /// Whether every path through `B` makes exactly one recursive call, outside any lambda:
    /// then the consumer looks at every element in order whatever they are, and elements may
    /// be computed as it goes (transformers such as `map` fuse). Otherwise (`any` stops early,
    /// `mapM_` recurses inside the action it builds) only a producer whose elements cost
    /// nothing to compute fuses with it.
    pub eager: bool,
}

/// The cases of `case v of ...` on the list variable `v`: `(nil rhs, (cons binders, rhs))`,
/// seeing through the pattern-match compiler's `let fail = /\t. \u. case v of ... in case v
/// of ...; _ -> fail @() ()`.
fn list_cases<'e>(body: &'e Expr, v: &Name) -> Option<(&'e Expr, &'e crate::expr::Alt)> {
    let (fail, outer) = match &body.kind {
        ExprKind::Let(b, inner) => (Some(b.as_ref()), inner.as_ref()),
        _ => (None, body),
    };
    let mut nil = None;
    let mut cons = None;
    let mut collect = |e: &'e Expr| -> Option<Option<&'e Expr>> {
        let ExprKind::Case(s, alts, d) = &e.kind else {
            return None;
        };
        if !matches!(&s.kind, ExprKind::Var(x) if x == v) {
            return None;
        }
        for a in alts {
            match a.con.as_str() {
                "[]" => nil = Some(&a.rhs),
                ":" => cons = Some(a),
                _ => return None,
            }
        }
        Some(d.as_deref())
    };
    let default = collect(outer)?;
    if let Some(fail) = fail {
        // The default must be the fallthrough's call, and the fallthrough the other case.
        let Bind { name, rhs, .. } = fail;
        let d = default?;
        let (head, _, _) = d.spine();
        if !matches!(&head.kind, ExprKind::Var(f) if f == name) || count(d, name) != 1 {
            return None;
        }
        let (_, lam) = strip_ty_lams(rhs);
        let (_, _, fail_body) = lambda(lam)?;
        collect(fail_body)?;
    }
    Some((nil?, cons?))
}

/// How many recursive calls of `f` every path through `e` makes, if all paths agree and none
/// is inside a lambda.
fn calls(e: &Expr, f: &Name) -> Option<usize> {
    match &e.kind {
        ExprKind::Var(n) => Some(usize::from(n == f)),
        ExprKind::Lam(_, _, b) | ExprKind::TyLam(_, b) => (count(b, f) == 0).then_some(0),
        ExprKind::Case(s, alts, d) => {
            let mut branches = alts.iter().map(|a| calls(&a.rhs, f));
            let first = match branches.next() {
                Some(c) => c?,
                None => d.as_ref().map_or(Some(0), |d| calls(d, f))?,
            };
            for c in branches.chain(d.iter().map(|d| calls(d, f))) {
                if c? != first {
                    return None;
                }
            }
            Some(calls(s, f)? + first)
        }
        _ => {
            let mut total = Some(0);
            e.for_each_child(|c| total = total.and_then(|t| Some(t + calls(c, f)?)));
            total
        }
    }
}

/// `bind` as a consumer, if it is one.
pub(crate) fn consumer(bind: &Bind) -> Option<Consumer> {
    if bind.span.is_user() {
        return None;
    }
    let g = &bind.name;
    let (tyvars, mut e) = strip_ty_lams(&bind.rhs);
    let mut ty = match &bind.ty {
        Type::Forall(_, t) => t.as_ref(),
        t => t,
    };
    let mut params = Vec::new();
    while let Some((x, t, body)) = lambda(e) {
        params.push((x.clone(), t.clone()));
        e = body;
        ty = match ty {
            Type::Fun(_, r) => r,
            _ => return None,
        };
    }
    // A function that makes a list from a list (`map`, `filter`, `++`) is a transformer:
    // fusing it as a consumer would build its result and hide it from the consumer outside.
    if matches!(ty, Type::Con(l, _) if l.as_str() == crate::types::names::LIST) {
        return None;
    }
    let list = params
        .iter()
        .position(|(p, _)| list_cases(e, p).is_some())?;
    let (nil, cons) = list_cases(e, &params[list].0)?;
    let ([(x, xt), (xs, _)], p_list) = (cons.binders.as_slice(), &params[list].0) else {
        return None;
    };
    if count(nil, g) > 0
        || count(nil, p_list) > 0
        || count(&cons.rhs, p_list) > 0
        || size(nil) > MAX_NIL_SIZE
    {
        return None;
    }
    // Every occurrence of `g` in `B` is a recursive call at the same types with `xs` for the
    // list, and `xs` occurs nowhere else.
    let n = params.len();
    let same_types: Vec<Type> = tyvars.iter().map(|v| Type::Var(v.clone())).collect();
    let mut invariant = vec![true; n];
    let mut found = 0;
    let mut ok = true;
    let mut check = |e: &Expr| {
        let (head, tys, args) = e.spine();
        found += 1;
        if tys != same_types.as_slice() || !matches!(&args[list].kind, ExprKind::Var(v) if v == xs)
        {
            ok = false;
            return;
        }
        for (i, a) in args.iter().enumerate() {
            if !matches!(&a.kind, ExprKind::Var(v) if *v == params[i].0) {
                invariant[i] = false;
            }
        }
        let _ = head;
    };
    visit_calls(&cons.rhs, g, n, &mut check);
    if !ok || found == 0 || found != count(&cons.rhs, g) || found != count(&cons.rhs, xs) {
        return None;
    }
    invariant[list] = false;
    Some(Consumer {
        name: g.clone(),
        tyvars,
        params,
        result: ty.clone(),
        list,
        nil: nil.clone(),
        head: (x.clone(), xt.clone()),
        cons: cons.rhs.clone(),
        invariant,
        eager: calls(&cons.rhs, g) == Some(1),
    })
}

/// Call `f` on every saturated call of `g` (n arguments) in `e`.
fn visit_calls(e: &Expr, g: &Name, n: usize, f: &mut dyn FnMut(&Expr)) {
    if let ExprKind::App(..) = e.kind {
        let (head, _, args) = e.spine();
        if matches!(&head.kind, ExprKind::Var(h) if h == g) && args.len() == n {
            f(e);
            args.iter().for_each(|a| visit_calls(a, g, n, f));
            return;
        }
    }
    e.for_each_child(|c| visit_calls(c, g, n, f));
}
