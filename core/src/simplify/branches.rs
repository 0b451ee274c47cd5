//! Inlining of small branching library functions, after the main walk: a saturated call of a
//! non-recursive Prelude or library global whose simplified body is a few `case`s over its
//! parameters (`Data.Map.size`, `compare` at `Int`, `lexOrder`, `not`) becomes that body, with
//! fresh binders and its own (library) spans. It relies on the main walk having simplified the bodies
//! (join points inlined, dictionaries resolved); it inlines one level only (bodies are taken
//! as they were before the pass), keeps the order of evaluation (computed arguments are bound
//! by `let` first) and inlines neither the user's functions nor calls in the user's code (where
//! the reference interpreter records locations), so errors are reported where they were.

use super::terms::{atomic, count, freshen, let_, rename_var, subst_types};
use crate::expr::{Bind, Expr, ExprKind};
use crate::lint::subst;
use crate::name::Name;
use crate::program::Program;
use crate::types::Type;
use std::collections::HashMap;

/// How many nodes an inlined branching body may have.
const MAX_SIZE: usize = 12;

/// A function to inline: `/\tyvars. \params. body`.
struct Branching {
    tyvars: Vec<Name>,
    params: Vec<(Name, Type)>,
    body: Expr,
}

/// `program` with the calls of its small branching functions inlined (`keep`: never inlined).
pub(super) fn inline_program(mut program: Program, keep: &[&str]) -> Program {
    let table: HashMap<Name, Branching> = program
        .binds
        .iter()
        .filter(|b| !keep.contains(&b.name.as_str()))
        .filter_map(|b| branching(b).map(|f| (b.name.clone(), f)))
        .collect();
    if table.is_empty() {
        return program;
    }
    let mut fresh = 0;
    for b in &mut program.binds {
        b.rhs = inline_calls(&b.rhs, &table, &mut fresh);
    }
    if let Some(e) = &program.entry {
        program.entry = Some(inline_calls(e, &table, &mut fresh));
    }
    program
}

/// `b` as a small non-recursive library function whose body branches.
fn branching(b: &Bind) -> Option<Branching> {
    if b.span.is_user() {
        return None;
    }
    let (mut tyvars, mut e) = (Vec::new(), &b.rhs);
    while let ExprKind::TyLam(vs, body) = &e.kind {
        tyvars.extend(vs.iter().cloned());
        e = body;
    }
    let mut params = Vec::new();
    while let ExprKind::Lam(x, t, body) = &e.kind {
        params.push((x.clone(), t.clone()));
        e = body;
    }
    let (size, cases) = branch_size(e)?;
    let fits = !params.is_empty() && cases > 0 && size <= MAX_SIZE && count(e, &b.name) == 0;
    fits.then(|| Branching {
        tyvars,
        params,
        body: e.clone(),
    })
}

/// The number of nodes and of `case`s of `e`, if it is made of variables, literals,
/// applications, constructors, primitives and `case`s only.
fn branch_size(e: &Expr) -> Option<(usize, usize)> {
    let mut total = (1, 0);
    let mut add = |c: &Expr| -> Option<()> {
        let (n, k) = branch_size(c)?;
        total = (total.0 + n, total.1 + k);
        Some(())
    };
    match &e.kind {
        ExprKind::Var(_) | ExprKind::Lit(_) => {}
        ExprKind::App(f, a) => {
            add(f)?;
            add(a)?;
        }
        ExprKind::TyApp(f, _) => add(f)?,
        ExprKind::Con(_, _, args) | ExprKind::Prim(_, _, args) => {
            for a in args {
                add(a)?;
            }
        }
        ExprKind::Case(s, alts, d) => {
            add(s)?;
            for a in alts {
                add(&a.rhs)?;
            }
            if let Some(d) = d {
                add(d)?;
            }
            total.1 += 1;
        }
        _ => return None,
    }
    Some(total)
}

/// `e` with every saturated call of a function of `table` inlined, innermost first (the
/// arguments are rewritten before the call; an inlined body is not rewritten again).
fn inline_calls(e: &Expr, table: &HashMap<Name, Branching>, fresh: &mut u32) -> Expr {
    let e = e.map_children(&mut |c| inline_calls(c, table, fresh));
    if !matches!(e.kind, ExprKind::App(..)) {
        return e;
    }
    let (head, tys, args) = e.spine();
    let ExprKind::Var(g) = &head.kind else {
        return e;
    };
    // A call in the user's code records its location before its arguments run, which an
    // inlined body would not: only the library's calls are inlined.
    let Some(f) = table.get(g).filter(|_| !e.span.is_user()) else {
        return e;
    };
    if args.len() != f.params.len() || tys.len() != f.tyvars.len() {
        return e;
    }
    let ty_subst: Vec<(Name, Type)> = f.tyvars.iter().cloned().zip(tys.iter().cloned()).collect();
    let span = e.span;
    let mut vars = Vec::new();
    let mut lets = Vec::new();
    for ((x, t), a) in f.params.iter().zip(args) {
        if atomic(a) {
            vars.push((x.clone(), a.clone()));
        } else {
            *fresh += 1;
            let v = Name::from(format!("{x}#b{fresh}"));
            lets.push((v.clone(), subst(t, &ty_subst, fresh), a.clone()));
            vars.push((x.clone(), Expr::new(ExprKind::Var(v), span)));
        }
    }
    // The body keeps its library spans: the reference interpreter records no location inside
    // a library function, so a failing branch reports the last location the caller recorded.
    let mut out = subst_types(&freshen(&f.body, fresh), &ty_subst);
    for (x, a) in &vars {
        out = rename_var(&out, x, a);
    }
    for (name, ty, rhs) in lets.into_iter().rev() {
        out = let_(name, ty, rhs, out, span);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::Alt;
    use crate::span::Span;

    fn v(x: &str) -> Expr {
        Expr::new(ExprKind::Var(Name::new(x)), Span::dummy())
    }

    fn int() -> Type {
        Type::Con(Name::new("Int"), Vec::new())
    }

    /// `not' b = case b of True -> False; False -> True`, a library function.
    fn not_bind() -> Bind {
        let con = |c: &str| Expr::new(ExprKind::Con(Name::new(c), vec![], vec![]), Span::dummy());
        let alt = |c: &str, rhs| Alt {
            con: Name::new(c),
            binders: Vec::new(),
            rhs,
        };
        let body = Expr::new(
            ExprKind::Case(
                Box::new(v("b")),
                vec![alt("True", con("False")), alt("False", con("True"))],
                None,
            ),
            Span::dummy(),
        );
        let bool_ty = Type::Con(Name::new("Bool"), Vec::new());
        Bind {
            name: Name::new("not'"),
            ty: Type::Fun(Box::new(bool_ty.clone()), Box::new(bool_ty.clone())),
            rhs: Expr::new(
                ExprKind::Lam(Name::new("b"), bool_ty, Box::new(body)),
                Span::dummy(),
            ),
            span: Span::dummy(),
        }
    }

    fn app(f: Expr, a: Expr) -> Expr {
        Expr::new(ExprKind::App(Box::new(f), Box::new(a)), Span::dummy())
    }

    fn program(binds: Vec<Bind>) -> Program {
        Program {
            binds,
            ..Program::default()
        }
    }

    #[test]
    fn a_call_on_an_atom_becomes_the_case_on_it() {
        let user = Bind {
            name: Name::new("f"),
            ty: int(),
            rhs: app(v("not'"), v("x")),
            span: Span::dummy(),
        };
        let out = inline_program(program(vec![not_bind(), user]), &[]);
        let ExprKind::Case(s, alts, None) = &out.binds[1].rhs.kind else {
            panic!("not inlined: {:?}", out.binds[1].rhs);
        };
        assert_eq!(s.kind, ExprKind::Var(Name::new("x")));
        assert_eq!(alts.len(), 2);
    }

    #[test]
    fn a_computed_argument_is_bound_first() {
        let arg = Expr::new(
            ExprKind::Prim(crate::prim::PrimOp::IntLt, vec![], vec![v("x"), v("y")]),
            Span::dummy(),
        );
        let user = Bind {
            name: Name::new("f"),
            ty: int(),
            rhs: app(v("not'"), arg.clone()),
            span: Span::dummy(),
        };
        let out = inline_program(program(vec![not_bind(), user]), &[]);
        let ExprKind::Let(b, body) = &out.binds[1].rhs.kind else {
            panic!("no let: {:?}", out.binds[1].rhs);
        };
        assert_eq!(b.rhs, arg);
        let ExprKind::Case(s, _, _) = &body.kind else {
            panic!("no case: {body:?}");
        };
        assert_eq!(s.kind, ExprKind::Var(b.name.clone()));
    }

    #[test]
    fn kept_recursive_and_partial_calls_stay() {
        let partial = Bind {
            name: Name::new("g"),
            ty: int(),
            rhs: v("not'"),
            span: Span::dummy(),
        };
        let out = inline_program(program(vec![not_bind(), partial.clone()]), &[]);
        assert_eq!(out.binds[1], partial);
        let call = Bind {
            name: Name::new("h"),
            ty: int(),
            rhs: app(v("not'"), v("x")),
            span: Span::dummy(),
        };
        let out = inline_program(program(vec![not_bind(), call.clone()]), &["not'"]);
        assert_eq!(out.binds[1], call);
        // A function calling itself is never a candidate.
        let mut rec = not_bind();
        let ExprKind::Lam(_, _, body) = &mut rec.rhs.kind else {
            unreachable!()
        };
        let ExprKind::Case(_, alts, _) = &mut body.kind else {
            unreachable!()
        };
        alts[0].rhs = app(v("not'"), v("b"));
        assert!(branching(&rec).is_none());
    }
}
