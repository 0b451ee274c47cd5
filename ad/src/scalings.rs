//! Constant scalings fused into the sum that uses them, in the reverse world's code: `k * x +
//! y`, `x - k * y`, `k1 * x + k2 * y` (`arrayAdd` or `arraySub` of an `arrayMul` by an
//! `arrayConst k`, the helpers the translation calls) become one `primArrayLin a x b y`, the
//! number `a * x + b * y` in one cell that records `x` and `y` with partial derivatives `a`
//! and `b`. The products were numbers the tape records through (`through_unary` of the
//! backend's `ad_prims`) but still made, each a cell allocated, numbered and freed: a
//! stencil's `0.25 * a ! (i - 1) + 0.5 * a ! i + 0.25 * a ! (i + 1)` made five cells where two
//! stay on the tape. A product the simplifier bound by `let` (an inlined `+` binds its
//! arguments) joins its sum when it is of atoms (so computing it later changes nothing) and
//! every use of it is in a sum of the same function body (not under a lambda, which may run it
//! many times). The primal and the partial derivatives are those of the separate
//! operations to the last bit (a product by 1 or -1 and a negation are exact), and the
//! operands are evaluated in the same order. It runs after the translation, for the VM only
//! (the interpreter, the reference, runs the operations one by one), and must not fuse
//! anything else: a product of two dual numbers is no scaling.

use crate::translate::REVERSE_HELPERS;
use dnrad_core::expr::{Bind, Expr, ExprKind, Lit};
use dnrad_core::{Name, PrimOp, Program, Span, Type};
use std::collections::HashMap;

/// `program` with every constant scaling in a sum of the reverse world fused.
pub fn fuse_scalings(program: &mut Program) {
    for b in &mut program.binds {
        b.rhs = Fuser::default().expr(&b.rhs);
    }
    if let Some(e) = &mut program.entry {
        *e = Fuser::default().expr(e);
    }
}

/// A `let`-bound product by a constant, of atoms: the factor and the number, the lambda depth
/// of its `let`, and how many of its uses were fused and not.
struct Pending {
    factor: Expr,
    number: Expr,
    depth: u32,
    fused: u32,
    uses: u32,
}

#[derive(Default)]
struct Fuser {
    pending: HashMap<Name, Pending>,
    /// How many lambdas the walk is inside.
    depth: u32,
}

impl Fuser {
    fn expr(&mut self, e: &Expr) -> Expr {
        match &e.kind {
            ExprKind::Var(v) => {
                if let Some(p) = self.pending.get_mut(v) {
                    p.uses += 1;
                }
                e.clone()
            }
            ExprKind::Lam(..) | ExprKind::LetRec(..) | ExprKind::Twin(..) => {
                self.depth += 1;
                let e = e.map_children(&mut |c| self.expr(c));
                self.depth -= 1;
                e
            }
            ExprKind::Let(b, body) => self.bind(b, &b.rhs, e.span, &mut |f| f.expr(body)),
            _ => match self.sum(e) {
                Some(fused) => fused,
                None => e.map_children(&mut |c| self.expr(c)),
            },
        }
    }

    /// `let b = rhs in body` (the body made by `body`). A product by a constant is pending
    /// while the body is walked, and its `let` is dropped if every use of it was fused.
    /// `let x = (let y = r in p) in body`, where `p` is such a product (after more such
    /// `let`s), is taken as `let y = r in let x = p in body`: the same evaluation (names are
    /// unique), with the product bound on its own.
    fn bind(
        &mut self,
        b: &Bind,
        rhs: &Expr,
        span: Span,
        body: &mut dyn FnMut(&mut Fuser) -> Expr,
    ) -> Expr {
        if let ExprKind::Let(inner, rest) = &rhs.kind {
            if ends_in_product(rest) {
                return self.bind(inner, &inner.rhs, span, &mut |f| {
                    f.bind(b, rest, span, body)
                });
            }
        }
        let rhs = self.expr(rhs);
        if !is_product(&rhs) {
            let body = body(self);
            return let_(b.with_rhs(rhs), body, span);
        }
        let (operands, rhs) = atomised(b, rhs);
        let (factor, number) = scaling(&rhs).expect("a product of atoms");
        let pending = Pending {
            factor,
            number,
            depth: self.depth,
            fused: 0,
            uses: 0,
        };
        self.pending.insert(b.name.clone(), pending);
        let body = body(self);
        let product = match self.pending.remove(&b.name) {
            Some(p) if p.fused > 0 && p.uses == 0 => body,
            _ => let_(b.with_rhs(rhs), body, span),
        };
        operands
            .into_iter()
            .rev()
            .fold(product, |inner, b| let_(b, inner, span))
    }

    /// `e` as one `primArrayLin` if it is a sum or difference with a scaled operand.
    fn sum(&mut self, e: &Expr) -> Option<Expr> {
        let [add, sub, _] = REVERSE_HELPERS.fused.expect("the reverse world's helpers");
        let (args, negate) = match (helper_call(e, add, 2), helper_call(e, sub, 2)) {
            (Some(args), _) => (args, false),
            (_, Some(args)) => (args, true),
            _ => return None,
        };
        let [a, b] = [args[0], args[1]].map(|x| self.operand(x));
        if a.0.is_none() && b.0.is_none() {
            let [a, b] = [a, b].map(|(_, x)| x);
            let head = helper_head(e);
            return Some(Expr::new(
                ExprKind::App(
                    Box::new(Expr::new(
                        ExprKind::App(Box::new(head), Box::new(a)),
                        e.span,
                    )),
                    Box::new(b),
                ),
                e.span,
            ));
        }
        let one = || Expr::new(ExprKind::Lit(Lit::Double(1.0)), e.span);
        let (ka, xa) = (a.0.unwrap_or_else(one), a.1);
        let (kb, xb) = (b.0.unwrap_or_else(one), b.1);
        let kb = if negate { negated(kb) } else { kb };
        Some(Expr::new(
            ExprKind::Prim(PrimOp::ArrayLin, vec![], vec![ka, xa, kb, xb]),
            e.span,
        ))
    }

    /// An operand of a sum: its factor, if it is a product by a constant (written there or
    /// bound by a pending `let` of this lambda), and its number (the operand itself if not).
    fn operand(&mut self, x: &Expr) -> (Option<Expr>, Expr) {
        if let ExprKind::Var(v) = &x.kind {
            if let Some(p) = self.pending.get_mut(v).filter(|p| p.depth == self.depth) {
                p.fused += 1;
                return (Some(p.factor.clone()), p.number.clone());
            }
        }
        let x = self.expr(x);
        match scaling(&x) {
            Some((k, n)) => (Some(k), n),
            None => (None, x),
        }
    }
}

fn let_(b: Bind, body: Expr, span: Span) -> Expr {
    Expr::new(ExprKind::Let(Box::new(b), Box::new(body)), span)
}

/// Whether `e` is a product by a constant after a chain of `let`s.
fn ends_in_product(mut e: &Expr) -> bool {
    while let ExprKind::Let(_, rest) = &e.kind {
        e = rest;
    }
    is_product(e)
}

/// Whether `e` is a product by a constant.
fn is_product(e: &Expr) -> bool {
    let [.., mul] = REVERSE_HELPERS.fused.expect("the reverse world's helpers");
    helper_call(e, mul, 2).is_some_and(|args| args.iter().any(|a| constant(a).is_some()))
}

/// `rhs`, the product by a constant `b` binds, with each operand that is no atom (the number,
/// or the constant's Double) bound first by a `let` of its own, named after `b`: those
/// bindings in evaluation order, and the product of atoms.
fn atomised(b: &Bind, rhs: Expr) -> (Vec<Bind>, Expr) {
    let mut binds = Vec::new();
    let mut bind = |e: Expr, ty: Type, suffix: &str| {
        if atom(&e) {
            return e;
        }
        let name = Name::from(format!("{}#{suffix}", b.name));
        let span = e.span;
        binds.push(Bind {
            name: name.clone(),
            ty,
            rhs: e,
            span,
        });
        Expr::new(ExprKind::Var(name), span)
    };
    let ExprKind::App(f, q) = rhs.kind else {
        unreachable!("a product")
    };
    let ExprKind::App(mul, p) = f.kind else {
        unreachable!("a product")
    };
    let mut operand = |e: Expr| match e.kind {
        ExprKind::App(c, k) if constant(&e).is_some() => {
            let k = bind(*k, Type::double(), "k");
            Expr::new(ExprKind::App(c, Box::new(k)), e.span)
        }
        _ => bind(e, b.ty.clone(), "x"),
    };
    let p = operand(*p);
    let q = operand(*q);
    let product = ExprKind::App(
        Box::new(Expr::new(ExprKind::App(mul, Box::new(p)), f.span)),
        Box::new(q),
    );
    (binds, Expr::new(product, rhs.span))
}

/// Whether `e` is a variable or literal.
fn atom(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::Var(_) | ExprKind::Lit(_))
}

/// The helper `name` of the reverse world applied to `n` arguments: the arguments.
fn helper_call<'e>(e: &'e Expr, name: &str, n: usize) -> Option<Vec<&'e Expr>> {
    let (head, _, args) = e.spine();
    let is_helper = matches!(&head.kind, ExprKind::Var(v) if v.as_str() == name);
    (is_helper && args.len() == n).then_some(args)
}

/// The function an application applies (with its type arguments).
fn helper_head(e: &Expr) -> Expr {
    match &e.kind {
        ExprKind::App(f, _) => helper_head(f),
        _ => e.clone(),
    }
}

/// The factor (a Double) and the number of `e` when it is a product by a constant. A constant
/// after the number is taken only when it is a literal or a variable, so that evaluating it
/// first changes nothing.
fn scaling(e: &Expr) -> Option<(Expr, Expr)> {
    let [.., mul] = REVERSE_HELPERS.fused.expect("the reverse world's helpers");
    let [p, q] = helper_call(e, mul, 2)?[..] else {
        return None;
    };
    if let Some(k) = constant(p) {
        return Some((k.clone(), q.clone()));
    }
    let k = constant(q).filter(|k| atom(k))?;
    Some((k.clone(), p.clone()))
}

/// `k` if `e` is `arrayConst k`.
fn constant(e: &Expr) -> Option<&Expr> {
    match helper_call(e, REVERSE_HELPERS.constant, 1)?[..] {
        [k] => Some(k),
        _ => None,
    }
}

/// `-k`, a literal's folded.
fn negated(k: Expr) -> Expr {
    let kind = match k.kind {
        ExprKind::Lit(Lit::Double(x)) => ExprKind::Lit(Lit::Double(-x)),
        kind => ExprKind::Prim(PrimOp::DoubleNegate, vec![], vec![Expr::new(kind, k.span)]),
    };
    Expr::new(kind, k.span)
}
