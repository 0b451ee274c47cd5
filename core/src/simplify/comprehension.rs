//! List comprehensions as walks (the VM's simplifier, after the rest of it and before `lift`):
//! a generator desugars to `concatMap (\x -> B) l`, which builds a list per element (`[e]` or
//! `[]` from a guard) and appends it to the rest through a closure call and `++`. Here a
//! `concatMap` of a lambda over a list becomes a local recursive walk of the list that puts
//! B's elements straight in front of the rest of the walk (Wadler's translation of
//! comprehensions):
//!
//! ```text
//! letrec h = \ys. case ys of [] -> R; x : us -> B[rest := h us] in h l
//! ```
//!
//! where in B a `[e]` becomes `e : rest`, a `[]` becomes `rest`, `case`s and `let`s are entered,
//! a nested `concatMap (\y -> B') l'` becomes an inner walk whose end is `rest`, and any other
//! list `E` becomes `E ++ rest`. `R` is `[]`, or for an inner walk the outer walk's rest. The
//! order of evaluation is the one of `concatMap f (x : xs) = f x ++ concatMap f xs`: B's parts
//! left to right, then the rest of the list; errors and non-termination are the same. `lift`
//! then makes each walk a global with a direct entry. It must not touch a `concatMap` that is
//! not the Prelude's, one applied to anything but a lambda and a list, or anything else.

use super::terms::{call, list_case, var};
use crate::expr::{Bind, Expr, ExprKind};
use crate::name::Name;
use crate::program::Program;
use crate::span::Span;
use crate::types::Type;

const CONCAT_MAP: &str = "concatMap";
const APPEND: &str = "++";

struct Walks {
    fresh: u32,
}

/// `program` with every `concatMap` of a lambda turned into a walk, if `concatMap` and `++`
/// are the Prelude's.
pub(super) fn walks(mut program: Program) -> Program {
    let prelude = |name: &str| {
        program
            .binds
            .iter()
            .any(|b| b.name.as_str() == name && !b.span.is_user())
    };
    if !prelude(CONCAT_MAP) || !prelude(APPEND) {
        return program;
    }
    let mut w = Walks { fresh: 0 };
    for b in &mut program.binds {
        if b.name.as_str() != CONCAT_MAP {
            b.rhs = w.expr(&b.rhs);
        }
    }
    program.entry = program.entry.as_ref().map(|e| w.expr(e));
    program
}

/// A generator `concatMap @a @b (\x -> body)`: `a`, `b`, `x` and `body`.
struct Generator<'e> {
    a: &'e Type,
    b: &'e Type,
    x: &'e Name,
    body: &'e Expr,
}

/// `concatMap @a @b (\x -> body) list`: the generator and the list.
fn concat_map(e: &Expr) -> Option<(Generator<'_>, &Expr)> {
    let ExprKind::App(f, list) = &e.kind else {
        return None;
    };
    let ExprKind::App(head, lam) = &f.kind else {
        return None;
    };
    let ExprKind::TyApp(g, tys) = &head.kind else {
        return None;
    };
    let (ExprKind::Var(g), [a, b], ExprKind::Lam(x, _, body)) =
        (&g.kind, tys.as_slice(), &lam.kind)
    else {
        return None;
    };
    let generator = Generator {
        a,
        b,
        x,
        body: body.as_ref(),
    };
    (g.as_str() == CONCAT_MAP).then_some((generator, list.as_ref()))
}

impl Walks {
    fn expr(&mut self, e: &Expr) -> Expr {
        match concat_map(e) {
            Some((g, list)) => {
                let list = self.expr(list);
                let nil = Expr::new(
                    ExprKind::Con(Name::from("[]"), vec![g.b.clone()], vec![]),
                    e.span,
                );
                self.walk(&g, list, nil, e.span)
            }
            None => e.map_children(&mut |c| self.expr(c)),
        }
    }

    /// `letrec h = \ys. case ys of [] -> end; x : us -> body[rest := h us] in h list`.
    fn walk(&mut self, g: &Generator, list: Expr, end: Expr, span: Span) -> Expr {
        let Generator { a, b, x, body } = *g;
        self.fresh += 1;
        let n = self.fresh;
        let (h, ys, us) = (
            Name::from(format!("walk#{n}")),
            Name::from(format!("ys#walk{n}")),
            Name::from(format!("us#walk{n}")),
        );
        let (list_a, list_b) = (Type::list(a.clone()), Type::list(b.clone()));
        let rest = call(var(&h, span), vec![var(&us, span)], span);
        let cons = self.in_front(b, body, &rest);
        let case = list_case(
            var(&ys, span),
            end,
            (x.clone(), a.clone()),
            (us, list_a.clone()),
            cons,
            span,
        );
        let bind = Bind {
            name: h.clone(),
            ty: Type::fun(list_a.clone(), list_b),
            rhs: Expr::new(ExprKind::Lam(ys, list_a, Box::new(case)), span),
            span,
        };
        let walk = call(var(&h, span), vec![list], span);
        Expr::new(ExprKind::LetRec(vec![bind], Box::new(walk)), span)
    }

    /// The elements of `e` (a list of `b`s) in front of `rest`.
    fn in_front(&mut self, b: &Type, e: &Expr, rest: &Expr) -> Expr {
        let span = e.span;
        let kind = match &e.kind {
            ExprKind::Con(c, _, args) if c.as_str() == "[]" && args.is_empty() => {
                return rest.clone();
            }
            ExprKind::Con(c, ts, args) if c.as_str() == ":" && args.len() == 2 => {
                let head = self.expr(&args[0]);
                let tail = self.in_front(b, &args[1], rest);
                ExprKind::Con(c.clone(), ts.clone(), vec![head, tail])
            }
            ExprKind::Let(bind, body) => ExprKind::Let(
                Box::new(bind.with_rhs(self.expr(&bind.rhs))),
                Box::new(self.in_front(b, body, rest)),
            ),
            ExprKind::Case(s, alts, d) => ExprKind::Case(
                Box::new(self.expr(s)),
                alts.iter()
                    .map(|alt| alt.with_rhs(self.in_front(b, &alt.rhs, rest)))
                    .collect(),
                d.as_ref().map(|d| Box::new(self.in_front(b, d, rest))),
            ),
            _ => match concat_map(e) {
                Some((g, list)) => {
                    let list = self.expr(list);
                    return self.walk(&g, list, rest.clone(), span);
                }
                None => {
                    let append =
                        ExprKind::TyApp(Box::new(var(&Name::from(APPEND), span)), vec![b.clone()]);
                    let args = vec![self.expr(e), rest.clone()];
                    return call(Expr::new(append, span), args, span);
                }
            },
        };
        Expr::new(kind, span)
    }
}
