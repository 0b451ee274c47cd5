//! Calls of local known functions with their arguments bound first. A call `go e1 e2` of a
//! `let`-bound lambda of two or more parameters is, in core's order, "apply `go` to `e1`, then
//! evaluate `e2`, then apply"; since applying a known lambda to fewer arguments than it has
//! parameters only builds a closure, `let x1 = e1; x2 = e2 in go x1 x2` evaluates the same
//! things in the same order — and the VM calls a function applied to atoms through its
//! many-argument entry instead of building the partial application first. It must not touch
//! calls of unknown functions (applying one may run code before the next argument).

use super::terms::atomic;
use crate::expr::{Bind, Expr, ExprKind};
use crate::name::Name;
use crate::types::Type;
use std::collections::HashMap;

/// The local functions in scope that are lambdas, with their parameters' types.
#[derive(Default)]
pub(super) struct KnownLocals {
    params: HashMap<Name, Vec<Type>>,
}

impl KnownLocals {
    /// Record the monomorphic lambdas among `binds` (for the scope of the group); returns what
    /// the names meant before, for `leave`.
    pub(super) fn enter(&mut self, binds: &[Bind]) -> Vec<(Name, Option<Vec<Type>>)> {
        let mut saved = Vec::new();
        for b in binds {
            let mut params = Vec::new();
            let mut e = &b.rhs;
            while let ExprKind::Lam(_, t, body) = &e.kind {
                params.push(t.clone());
                e = body;
            }
            if params.len() >= 2 {
                saved.push((b.name.clone(), self.params.insert(b.name.clone(), params)));
            }
        }
        saved
    }

    pub(super) fn leave(&mut self, saved: Vec<(Name, Option<Vec<Type>>)>) {
        for (name, before) in saved.into_iter().rev() {
            match before {
                Some(p) => self.params.insert(name, p),
                None => self.params.remove(&name),
            };
        }
    }

    /// `e` as `let`s of its non-atomic arguments around the call of atoms, if `e` calls a known
    /// local function with two or more arguments, at most as many as it has parameters.
    pub(super) fn bind_arguments(&self, e: &Expr, fresh: &mut u32) -> Option<Expr> {
        if let Some((lets, call)) = self.floated(e) {
            let call = self.bind_arguments(&call, fresh).unwrap_or(call);
            return Some(wrap(lets, call));
        }
        // The arguments with the spans of their applications, first to last.
        let mut args = Vec::new();
        let mut head = e;
        while let ExprKind::App(f, a) = &head.kind {
            args.push((a.as_ref(), head.span));
            head = f;
        }
        args.reverse();
        let ExprKind::Var(f) = &head.kind else {
            return None;
        };
        let params = self.params.get(f)?;
        if args.len() < 2 || args.len() > params.len() || args.iter().all(|(a, _)| atomic(a)) {
            return None;
        }
        let mut lets = Vec::new();
        let mut call = head.clone();
        for ((a, span), t) in args.into_iter().zip(params) {
            let arg = if atomic(a) {
                a.clone()
            } else {
                *fresh += 1;
                let x = Name::from(format!("{f}#a{fresh}"));
                lets.push(Bind {
                    name: x.clone(),
                    ty: t.clone(),
                    rhs: a.clone(),
                    span: a.span,
                });
                Expr::new(ExprKind::Var(x), a.span)
            };
            call = Expr::new(ExprKind::App(Box::new(call), Box::new(arg)), span);
        }
        Some(wrap(lets, call))
    }

    /// `e` as bindings and a call of a known local, if it is `(let x1 = r1 in .. c) a1 .. an`
    /// with `c` such a call: what binding a partial call's arguments made when the call was an
    /// application's function part (the simplifier works bottom-up). The head of an application
    /// is evaluated before its argument, so `let x1 = r1 in .. c a1 .. an` keeps the order.
    fn floated(&self, e: &Expr) -> Option<(Vec<Bind>, Expr)> {
        let mut args = Vec::new();
        let mut head = e;
        while let ExprKind::App(f, a) = &head.kind {
            args.push((a.as_ref(), head.span));
            head = f;
        }
        let mut lets = Vec::new();
        while let ExprKind::Let(b, body) = &head.kind {
            lets.push(b.as_ref().clone());
            head = body;
        }
        let mut callee = head;
        while let ExprKind::App(f, _) = &callee.kind {
            callee = f;
        }
        let known = matches!(&callee.kind, ExprKind::Var(f) if self.params.contains_key(f));
        if args.is_empty() || lets.is_empty() || !known {
            return None;
        }
        let call = args.into_iter().rev().fold(head.clone(), |f, (a, span)| {
            Expr::new(ExprKind::App(Box::new(f), Box::new(a.clone())), span)
        });
        Some((lets, call))
    }
}

/// `lets` (outermost first) around `body`.
fn wrap(lets: Vec<Bind>, body: Expr) -> Expr {
    lets.into_iter().rev().fold(body, |body, b| {
        let span = b.span;
        Expr::new(ExprKind::Let(Box::new(b), Box::new(body)), span)
    })
}
