//! Term utilities of the simplifier: seeing through type abstractions and twins, sizes and
//! occurrences, substitution of variables and type variables, and rebuilding a term around
//! transformed children, and small constructors of terms. Names are unique in core, so none of
//! these renames binders.

use crate::expr::{Alt, Bind, Expr, ExprKind};
use crate::lint::subst;
use crate::name::Name;
use crate::prim::PrimOp;
use crate::program::Program;
use crate::span::Span;
use crate::types::Type;
use std::collections::HashMap;

// Small constructors of core terms, so that passes building code read like the code.

pub(super) fn var(x: &Name, span: Span) -> Expr {
    Expr::new(ExprKind::Var(x.clone()), span)
}

pub(super) fn call(f: Expr, args: Vec<Expr>, span: Span) -> Expr {
    args.into_iter().fold(f, |f, a| {
        Expr::new(ExprKind::App(Box::new(f), Box::new(a)), span)
    })
}

pub(super) fn prim(op: PrimOp, args: Vec<Expr>, span: Span) -> Expr {
    Expr::new(ExprKind::Prim(op, Vec::new(), args), span)
}

pub(super) fn let_(name: Name, ty: Type, rhs: Expr, body: Expr, span: Span) -> Expr {
    let bind = Bind {
        name,
        ty,
        rhs,
        span,
    };
    Expr::new(ExprKind::Let(Box::new(bind), Box::new(body)), span)
}

/// `case c of True -> yes; False -> no`.
pub(super) fn if_(c: Expr, yes: Expr, no: Expr, span: Span) -> Expr {
    let alt = |con: &str, rhs| Alt {
        con: Name::new(con),
        binders: Vec::new(),
        rhs,
    };
    Expr::new(
        ExprKind::Case(Box::new(c), vec![alt("True", yes), alt("False", no)], None),
        span,
    )
}

/// `case scrut of [] -> nil; head : tail -> cons`, the binders with their types.
pub(super) fn list_case(
    scrut: Expr,
    nil: Expr,
    head: (Name, Type),
    tail: (Name, Type),
    cons: Expr,
    span: Span,
) -> Expr {
    let alts = vec![
        Alt {
            con: Name::new("[]"),
            binders: Vec::new(),
            rhs: nil,
        },
        Alt {
            con: Name::new(":"),
            binders: vec![head, tail],
            rhs: cons,
        },
    ];
    Expr::new(ExprKind::Case(Box::new(scrut), alts, None), span)
}

/// `e` with the variable `from` replaced by `to` (which no binder in `e` captures).
pub(super) fn rename_var(e: &Expr, from: &Name, to: &Expr) -> Expr {
    match &e.kind {
        ExprKind::Var(n) if n == from => Expr::new(to.kind.clone(), e.span),
        _ => e.map_children(&mut |c| rename_var(c, from, to)),
    }
}

/// The type variables and body of `/\vs. e`, seeing through twins (after differentiation a
/// lambda is wrapped with its twins; a direct call runs the primal lambda).
pub(super) fn strip_ty_lams(e: &Expr) -> (Vec<Name>, &Expr) {
    let mut vs = Vec::new();
    let mut e = e;
    loop {
        match &e.kind {
            ExprKind::TyLam(more, body) => {
                vs.extend(more.iter().cloned());
                e = body;
            }
            ExprKind::Twin(primal, _) => e = primal,
            _ => return (vs, e),
        }
    }
}

/// The lambda node itself, seeing through a twin.
pub(super) fn lambda_node(e: &Expr) -> &Expr {
    match &e.kind {
        ExprKind::Twin(primal, _) => lambda_node(primal),
        _ => e,
    }
}

/// The body of `\x -> e`, seeing through a twin.
pub(super) fn lambda(e: &Expr) -> Option<(&Name, &Type, &Expr)> {
    match &e.kind {
        ExprKind::Lam(x, t, body) => Some((x, t, body)),
        ExprKind::Twin(primal, _) => lambda(primal),
        _ => None,
    }
}

pub(super) fn atomic(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Var(_) | ExprKind::Lit(_) => true,
        ExprKind::TyApp(f, _) => atomic(f),
        _ => false,
    }
}

/// The number of nodes of a binder-free expression, or `None` if it binds anything.
pub(super) fn small_size(e: &Expr) -> Option<usize> {
    match &e.kind {
        ExprKind::Var(_) | ExprKind::Lit(_) => Some(1),
        ExprKind::App(f, a) => Some(1 + small_size(f)? + small_size(a)?),
        ExprKind::TyApp(f, _) => Some(1 + small_size(f)?),
        ExprKind::Con(_, _, args) | ExprKind::Prim(_, _, args) => {
            let mut n = 1;
            for a in args {
                n += small_size(a)?;
            }
            Some(n)
        }
        _ => None,
    }
}

pub(super) fn mentions(e: &Expr, name: &Name) -> bool {
    match &e.kind {
        ExprKind::Var(n) => n == name,
        ExprKind::Lit(_) => false,
        ExprKind::App(f, a) => mentions(f, name) || mentions(a, name),
        ExprKind::TyApp(f, _) => mentions(f, name),
        ExprKind::Con(_, _, args) | ExprKind::Prim(_, _, args) => {
            args.iter().any(|a| mentions(a, name))
        }
        _ => true,
    }
}

/// `e` with variables and type variables replaced (binder-free `e`), every node at `span`.
pub(super) fn instantiate(
    e: &Expr,
    vars: &[(Name, Expr)],
    tys: &[(Name, Type)],
    span: Span,
    fresh: &mut u32,
) -> Expr {
    let ty = |t: &Type, fresh: &mut u32| subst(t, tys, fresh);
    let kind = match &e.kind {
        ExprKind::Var(n) => match vars.iter().find(|(v, _)| v == n) {
            Some((_, r)) => return r.clone(),
            None => ExprKind::Var(n.clone()),
        },
        ExprKind::Lit(l) => ExprKind::Lit(l.clone()),
        ExprKind::App(f, a) => ExprKind::App(
            Box::new(instantiate(f, vars, tys, span, fresh)),
            Box::new(instantiate(a, vars, tys, span, fresh)),
        ),
        ExprKind::TyApp(f, ts) => ExprKind::TyApp(
            Box::new(instantiate(f, vars, tys, span, fresh)),
            ts.iter().map(|t| ty(t, fresh)).collect(),
        ),
        ExprKind::Con(c, ts, args) => ExprKind::Con(
            c.clone(),
            ts.iter().map(|t| ty(t, fresh)).collect(),
            args.iter()
                .map(|a| instantiate(a, vars, tys, span, fresh))
                .collect(),
        ),
        ExprKind::Prim(p, ts, args) => ExprKind::Prim(
            *p,
            ts.iter().map(|t| ty(t, fresh)).collect(),
            args.iter()
                .map(|a| instantiate(a, vars, tys, span, fresh))
                .collect(),
        ),
        other => unreachable!("inlined bodies bind nothing: {other:?}"),
    };
    Expr::new(kind, span)
}

/// Occurrences of variable `f` in `e`.
pub(super) fn count(e: &Expr, f: &Name) -> usize {
    match &e.kind {
        ExprKind::Var(n) => usize::from(n == f),
        ExprKind::Lit(_) => 0,
        ExprKind::Lam(_, _, b) | ExprKind::TyLam(_, b) | ExprKind::TyApp(b, _) => count(b, f),
        ExprKind::App(a, b) => count(a, f) + count(b, f),
        ExprKind::Let(b, body) => count(&b.rhs, f) + count(body, f),
        ExprKind::LetRec(bs, body) => {
            bs.iter().map(|b| count(&b.rhs, f)).sum::<usize>() + count(body, f)
        }
        ExprKind::Con(_, _, args) | ExprKind::Prim(_, _, args) => {
            args.iter().map(|a| count(a, f)).sum()
        }
        ExprKind::Case(s, alts, d) => {
            count(s, f)
                + alts.iter().map(|a| count(&a.rhs, f)).sum::<usize>()
                + d.as_ref().map_or(0, |d| count(d, f))
        }
        ExprKind::Twin(p, ts) => count(p, f) + ts.iter().map(|t| count(t, f)).sum::<usize>(),
    }
}

/// The `let`-bound names of `e` bound once and used once (a pattern match's fallthrough
/// `fail` reached from one place), in one walk.
pub(super) fn used_once(e: &Expr) -> std::collections::HashSet<Name> {
    fn walk(e: &Expr, binds: &mut HashMap<Name, usize>, uses: &mut HashMap<Name, usize>) {
        match &e.kind {
            ExprKind::Var(x) => *uses.entry(x.clone()).or_default() += 1,
            ExprKind::Let(b, _) => *binds.entry(b.name.clone()).or_default() += 1,
            ExprKind::LetRec(bs, _) => {
                for b in bs {
                    *binds.entry(b.name.clone()).or_default() += 2;
                }
            }
            _ => {}
        }
        e.for_each_child(|c| walk(c, binds, uses));
    }
    let (mut binds, mut uses) = (HashMap::new(), HashMap::new());
    walk(e, &mut binds, &mut uses);
    binds
        .into_iter()
        .filter(|(x, n)| *n == 1 && uses.get(x) == Some(&1))
        .map(|(x, _)| x)
        .collect()
}

/// `e` as a call `f @tys arg` of a variable of one argument: `f`, `tys`, `arg`.
pub(super) fn call_of_one(e: &Expr) -> Option<(&Name, &[Type], &Expr)> {
    let ExprKind::App(head, arg) = &e.kind else {
        return None;
    };
    let (h, tys) = match &head.kind {
        ExprKind::TyApp(h, tys) => (h.as_ref(), tys.as_slice()),
        _ => (head.as_ref(), &[][..]),
    };
    match &h.kind {
        ExprKind::Var(f) => Some((f, tys, arg)),
        _ => None,
    }
}

/// `e` with the call `f @tys arg` replaced by `make(tys, arg, span)`.
pub(super) fn replace_call(
    e: &Expr,
    f: &Name,
    make: &mut dyn FnMut(&[Type], Expr, Span) -> Expr,
) -> Expr {
    match call_of_one(e) {
        Some((g, tys, arg)) if g == f => {
            let arg = replace_call(arg, f, make);
            make(tys, arg, e.span)
        }
        _ => e.map_children(&mut |c| replace_call(c, f, make)),
    }
}

/// `e` with type variables replaced in every type annotation.
pub(super) fn subst_types(e: &Expr, sub: &[(Name, Type)]) -> Expr {
    let mut fresh = 0;
    e.map_types(&mut |ty| subst(ty, sub, &mut fresh))
}

/// `program` with `f` applied to every binding's right-hand side, then to the entry.
pub(super) fn map_program(program: Program, f: &mut dyn FnMut(&Expr) -> Expr) -> Program {
    let binds = program
        .binds
        .iter()
        .map(|b| b.with_rhs(f(&b.rhs)))
        .collect();
    let entry = program.entry.as_ref().map(f);
    Program {
        binds,
        entry,
        ..program
    }
}

/// `e`'s head with its type arguments: `f @tys` of `f @tys a1 .. an`.
pub(super) fn head_of(e: &Expr) -> &Expr {
    match &e.kind {
        ExprKind::App(f, _) => head_of(f),
        _ => e,
    }
}

/// `e` with every binder it binds renamed to a fresh name (`x#u7`), so that a copy of `e` can
/// stand beside the original; its free variables stay.
pub(super) fn freshen(e: &Expr, fresh: &mut u32) -> Expr {
    freshen_in(e, &mut Vec::new(), fresh)
}

fn fresh_name(x: &Name, fresh: &mut u32) -> Name {
    *fresh += 1;
    Name::from(format!("{x}#u{fresh}"))
}

fn freshen_in(e: &Expr, env: &mut Vec<(Name, Name)>, fresh: &mut u32) -> Expr {
    let kind = match &e.kind {
        ExprKind::Var(n) => match env.iter().rev().find(|(old, _)| old == n) {
            Some((_, new)) => ExprKind::Var(new.clone()),
            None => return e.clone(),
        },
        ExprKind::Lam(x, t, b) => {
            let y = fresh_name(x, fresh);
            env.push((x.clone(), y.clone()));
            let b = freshen_in(b, env, fresh);
            env.pop();
            ExprKind::Lam(y, t.clone(), Box::new(b))
        }
        ExprKind::Let(b, body) => {
            let rhs = freshen_in(&b.rhs, env, fresh);
            let y = fresh_name(&b.name, fresh);
            env.push((b.name.clone(), y.clone()));
            let body = freshen_in(body, env, fresh);
            env.pop();
            let bind = Bind {
                name: y,
                ..b.with_rhs(rhs)
            };
            ExprKind::Let(Box::new(bind), Box::new(body))
        }
        ExprKind::LetRec(bs, body) => {
            let depth = env.len();
            let names: Vec<Name> = bs.iter().map(|b| fresh_name(&b.name, fresh)).collect();
            env.extend(bs.iter().map(|b| b.name.clone()).zip(names.iter().cloned()));
            let bs = bs
                .iter()
                .zip(names)
                .map(|(b, name)| Bind {
                    name,
                    ..b.with_rhs(freshen_in(&b.rhs, env, fresh))
                })
                .collect();
            let body = freshen_in(body, env, fresh);
            env.truncate(depth);
            ExprKind::LetRec(bs, Box::new(body))
        }
        ExprKind::Case(s, alts, d) => {
            let s = freshen_in(s, env, fresh);
            let alts = alts
                .iter()
                .map(|a| {
                    let depth = env.len();
                    let binders = a
                        .binders
                        .iter()
                        .map(|(x, t)| {
                            let y = fresh_name(x, fresh);
                            env.push((x.clone(), y.clone()));
                            (y, t.clone())
                        })
                        .collect();
                    let rhs = freshen_in(&a.rhs, env, fresh);
                    env.truncate(depth);
                    crate::expr::Alt {
                        con: a.con.clone(),
                        binders,
                        rhs,
                    }
                })
                .collect();
            let d = d.as_ref().map(|d| Box::new(freshen_in(d, env, fresh)));
            ExprKind::Case(Box::new(s), alts, d)
        }
        _ => return e.map_children(&mut |c| freshen_in(c, env, fresh)),
    };
    Expr::new(kind, e.span)
}

/// `e` with every saturated call `f @tys a1 .. an` replaced by `make(args, span)`.
pub(super) fn replace_calls(
    e: &Expr,
    f: &Name,
    n: usize,
    make: &mut dyn FnMut(Vec<Expr>, Span) -> Expr,
) -> Expr {
    if let ExprKind::App(..) = e.kind {
        let (head, _, args) = e.spine();
        if matches!(&head.kind, ExprKind::Var(g) if g == f) && args.len() == n {
            let args = args.iter().map(|a| replace_calls(a, f, n, make)).collect();
            return make(args, e.span);
        }
    }
    e.map_children(&mut |c| replace_calls(c, f, n, make))
}

/// The number of nodes of `e`.
pub(super) fn size(e: &Expr) -> usize {
    let mut n = 1;
    e.for_each_child(|c| n += size(c));
    n
}

/// The parameter types of a binding of type `ty` at type arguments `tys`, and its result after
/// them: `(T1 .. Tm, R)` for `forall vs. T1 -> .. -> Tm -> R`.
pub(super) fn instantiated(
    ty: &Type,
    tys: &[Type],
    m: usize,
    fresh: &mut u32,
) -> Option<(Vec<Type>, Type)> {
    let mut t = match ty {
        Type::Forall(vs, body) if vs.len() == tys.len() => {
            let sub: Vec<(Name, Type)> = vs.iter().cloned().zip(tys.iter().cloned()).collect();
            subst(body, &sub, fresh)
        }
        Type::Forall(..) => return None,
        t if tys.is_empty() => t.clone(),
        _ => return None,
    };
    let mut params = Vec::with_capacity(m);
    for _ in 0..m {
        let Type::Fun(a, r) = t else {
            return None;
        };
        params.push(*a);
        t = *r;
    }
    Some((params, t))
}

/// Whether `t` is a function whose result is an `IO` action.
pub(super) fn returns_io(t: &Type) -> bool {
    match t {
        Type::Fun(_, r) => returns_io(r),
        Type::Con(c, _) => c.as_str() == "IO",
        _ => false,
    }
}
