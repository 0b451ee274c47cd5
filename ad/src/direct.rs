//! Direct gradients: `grad g x`, for a global `g` of a monomorphic first-order type `A ->
//! Double`, calls a wrapper of its own, `g#grad`, where the Prelude's `grad` (the selected
//! mode's `gradMode`) lifts `g` into the reverse world at run time and calls the twin through
//! a closure. The wrapper is `gradMode`'s body with the function's twin `g#R` called directly:
//!
//! ```text
//! g#grad = \(x :: A) -> case primInterleave x of
//!   (xD :: D[A], n :: Int) -> let y = g#R xD in primBackward mode n (primIdsEnd y) x y 1.0
//! ```
//!
//! (`primLiftRev z g xD` is `g#R xD` for every global: its twin, or its value lifted into the
//! world.) A gradient's call then runs no closure, lifts nothing and is a direct call the
//! backends compile like any other; the same primitives run in the same order, so the result
//! and the errors are `grad`'s. Only saturated calls are rewritten (a partial `grad g` is a
//! function value that may be differentiated itself, and the wrapper has no twins). It runs
//! after the translation, for the VM only (the interpreter, the reference, runs the Prelude's
//! wrapper), and must not touch the differentiated worlds' code (their `grad` is another
//! function, `grad#R`, a nested level).

use crate::build::B;
use dnrad_core::dual::Mode;
use dnrad_core::dual::{World, ARRAY_BP, DUAL};
use dnrad_core::expr::{Alt, Bind, Expr, ExprKind, Lit};
use dnrad_core::types::closed;
use dnrad_core::{Name, PrimOp, Program, Span, Type};
use std::collections::{HashMap, HashSet};

/// `program` with each saturated `grad @A g x` of a global `g :: A -> Double` (no type
/// variables in `A`) a call of `g`'s direct wrapper, added to the program.
pub fn direct_gradients(program: &mut Program, mode: Mode) {
    let Some(world) = program.worlds.first().cloned() else {
        return;
    };
    let globals: HashMap<Name, Type> = program
        .binds
        .iter()
        .map(|b| (b.name.clone(), b.ty.clone()))
        .collect();
    let mut d = Direct {
        globals: &globals,
        made: HashSet::new(),
    };
    for b in &mut program.binds {
        b.rhs = d.expr(&b.rhs);
    }
    if let Some(e) = &mut program.entry {
        *e = d.expr(e);
    }
    let mut made: Vec<Name> = d.made.into_iter().collect();
    made.sort();
    let wrappers: Vec<Bind> = made
        .iter()
        .map(|g| wrapper(&world, mode, g, &globals[g]))
        .collect();
    program.binds.extend(wrappers);
}

struct Direct<'a> {
    globals: &'a HashMap<Name, Type>,
    /// The globals whose wrappers the program now calls.
    made: HashSet<Name>,
}

impl Direct<'_> {
    fn expr(&mut self, e: &Expr) -> Expr {
        if let Some((g, x)) = self.direct(e) {
            let x = self.expr(x);
            self.made.insert(g.clone());
            let b = B { span: e.span };
            return b.app(b.var(&wrapper_name(&g)), x);
        }
        e.map_children(&mut |c| self.expr(c))
    }

    /// `grad @A g x` with `g` a global of type `A -> Double` and `A` without type variables:
    /// `g` and `x`.
    fn direct<'e>(&self, e: &'e Expr) -> Option<(Name, &'e Expr)> {
        let ExprKind::App(f, x) = &e.kind else {
            return None;
        };
        let ExprKind::App(grad, g) = &f.kind else {
            return None;
        };
        let (ExprKind::TyApp(grad, tys), ExprKind::Var(g)) = (&grad.kind, &g.kind) else {
            return None;
        };
        let (ExprKind::Var(name), [a]) = (&grad.kind, tys.as_slice()) else {
            return None;
        };
        let Some(Type::Fun(arg, result)) = self.globals.get(g) else {
            return None;
        };
        let wanted = name.as_str() == "grad"
            && self.globals.contains_key(name)
            && **arg == *a
            && **result == Type::double()
            && closed(a);
        wanted.then(|| (g.clone(), &**x))
    }
}

/// The name of `g`'s direct wrapper.
fn wrapper_name(g: &Name) -> Name {
    Name::from(format!("{g}#grad"))
}

/// `g#grad :: A -> A` for `g :: A -> Double` (see the module's comment). Its code has no
/// location of its own: an error in it is reported at the call's, as in the Prelude's.
fn wrapper(world: &World, mode: Mode, g: &Name, ty: &Type) -> Bind {
    let Type::Fun(a, _) = ty else {
        unreachable!("a wrapper is made for a function's gradient only")
    };
    let span = Span::dummy();
    let b = B { span };
    let a = (**a).clone();
    let a_r = world.ty(&a);
    let dual = Type::Con(Name::new(DUAL), vec![Type::con0(ARRAY_BP)]);
    let [x, xd, n, y] = ["x#grad", "xD#grad", "n#grad", "y#grad"].map(Name::new);
    let ids = b.prim(PrimOp::IdsEnd, vec![dual.clone()], vec![b.var(&y)]);
    let backward = b.prim(
        PrimOp::Backward,
        vec![a.clone(), dual.clone(), Type::double()],
        vec![
            b.int(mode.code()),
            b.var(&n),
            ids,
            b.var(&x),
            b.var(&y),
            b.e(ExprKind::Lit(Lit::Double(1.0))),
        ],
    );
    let twin = b.app(b.var(&world.name(g)), b.var(&xd));
    let alt = Alt {
        con: Name::from(dnrad_core::types::names::tuple_name(2)),
        binders: vec![(xd, a_r.clone()), (n, Type::int())],
        rhs: b.let_(&y, dual, twin, backward),
    };
    let interleave = b.prim(PrimOp::Interleave, vec![a.clone(), a_r], vec![b.var(&x)]);
    let body = b.e(ExprKind::Case(Box::new(interleave), vec![alt], None));
    Bind {
        name: wrapper_name(g),
        ty: Type::fun(a.clone(), a.clone()),
        rhs: b.lam(&x, a, body),
        span,
    }
}
