//! Strict list fusion (deforestation): a list consumer applied to a list producer becomes one
//! loop, so the list is never built. Consumers are the Prelude's functions that take a list
//! apart by structural recursion (`consumer`: `foldl`, hence `sum`, `product`, `foldl'`;
//! `foldr`, `lengthAcc` (`length`), `mapM_` and `forM_` in any monad, `sequence_`, `and`,
//! `or`, `any`, `all`, `elem`); producers are ranges of `Int`, `Integer`, `Double` (and of
//! `Char` and other `Enum` types through `map toEnum`), `replicate`, `zip`/`zipWith` (two or
//! three lists walked together), and any list under the
//! transformers `map`, `filter`, `concatMap` (list comprehensions) (`source`). The rule: a
//! consumer call whose list argument is a producer, directly or through a `let` used only
//! there, seen through known dictionaries and small Prelude wrappers (`sum`, `length`,
//! `forM_`, `$`, `enumFromTo`), is replaced by a loop that runs the producer's state and
//! the consumer's cases (`emit`). What it keeps: each argument is evaluated once, in its
//! original order; a range's checks and errors happen before the loop, as before; a consumer
//! that stops early or recurses inside a lambda (`any`, `mapM_`) fuses only with a bare
//! producer, whose elements cost nothing (a `zip`, not a `zipWith`), so no element function runs that would not have run
//! (or the other way round); a list used twice is never fused. What changes: with an eager
//! consumer and a transformer, the element functions and the consumer's steps interleave
//! (`sum (map f xs)` runs `f x1`, `+`, `f x2`, ... instead of all `f`s first), so if both an
//! element function and a step fail, the one reached first is reported. It must not touch
//! code that does not match, and it runs before the rest of the simplifier (both backends;
//! the interpreter runs it alone).

mod consumer;
mod emit;
mod source;

pub(super) use consumer::{consumer, Consumer};

use super::terms::{atomic, rename_var, subst_types};
use super::Simplifier;
use crate::expr::{Bind, Expr, ExprKind};
use crate::lint::subst;
use crate::name::Name;
use crate::program::Program;
use crate::types::Type;
use emit::{lets, Cont, Instance};

/// How many wrappers a consumer call is unfolded through.
const MAX_UNFOLD: usize = 6;

/// How deep inside applications a consumer call of a let-bound list is found (`nested_site`).
const MAX_NESTING: usize = 6;

/// How many nodes of a `let`'s body the fusion reads to see that its list is used once: a
/// longer body (a long `do` block after the `let`) keeps its list, so that the fusion stays
/// linear in the size of the program.
const MAX_SCOPE: usize = 4096;

/// Whether `x` occurs exactly once in `e`, reading at most `MAX_SCOPE` of its nodes (`false`
/// past them).
fn used_once_within(e: &Expr, x: &Name) -> bool {
    fn walk(e: &Expr, x: &Name, budget: &mut usize, seen: &mut usize) -> bool {
        if *budget == 0 || *seen > 1 {
            return false;
        }
        *budget -= 1;
        if matches!(&e.kind, ExprKind::Var(n) if n == x) {
            *seen += 1;
        }
        let mut within = true;
        e.for_each_child(|c| within = within && walk(c, x, budget, seen));
        within
    }
    let (mut budget, mut seen) = (MAX_SCOPE, 0);
    walk(e, x, &mut budget, &mut seen) && seen == 1
}

/// Whether the expression at `sub` is `e` or inside it.
fn contains(e: &Expr, sub: *const Expr) -> bool {
    if std::ptr::eq(e, sub) {
        return true;
    }
    let mut found = false;
    e.for_each_child(|c| found = found || contains(c, sub));
    found
}

/// Put `new` in place of the subexpression of `e` at `at`, reached through `let` right-hand
/// sides and arguments (`nested_path`'s way, whose earlier children are small); whether it
/// was there.
fn replace_at(e: &mut Expr, at: *const Expr, new: Expr) -> bool {
    if std::ptr::eq(e, at) {
        *e = new;
        return true;
    }
    let children: Vec<&mut Expr> = match &mut e.kind {
        ExprKind::Let(b, body) => vec![&mut b.rhs, body],
        ExprKind::App(f, a) => vec![f, a],
        ExprKind::Con(_, _, args) | ExprKind::Prim(_, _, args) => args.iter_mut().collect(),
        _ => return false,
    };
    match children.into_iter().find(|c| contains(c, at)) {
        Some(c) => replace_at(c, at, new),
        None => false,
    }
}

/// Whether a small function's body `h b1 .. bk` evaluates its parameters exactly once each, in
/// their order, with only pure partial applications before the last: then a call may put its
/// arguments in place of the parameters without binding them first (`f $ x` is `f x`,
/// `foldl' f z xs` is `foldl f z xs`).
pub(super) fn in_order(
    body: &Expr,
    params: &[(Name, Type)],
    arities: &std::collections::HashMap<Name, usize>,
) -> bool {
    let (head, _, args) = body.spine();
    let is_param =
        |e: &Expr| matches!(&e.kind, ExprKind::Var(v) if params.iter().any(|(p, _)| p == v));
    let mut seen = Vec::new();
    let mut last = 0;
    for (i, e) in std::iter::once(head)
        .chain(args.iter().copied())
        .enumerate()
    {
        if is_param(e) {
            let ExprKind::Var(v) = &e.kind else {
                return false;
            };
            seen.push(v.clone());
            last = i;
        } else if !atomic(e) {
            return false;
        }
    }
    let ordered = seen.len() == params.len() && seen.iter().zip(params).all(|(a, (p, _))| a == p);
    // Applications before the last parameter is evaluated must only build closures.
    let partial = match &head.kind {
        _ if is_param(head) => last <= 1,
        ExprKind::Var(g) => arities.get(g).is_some_and(|&n| last <= n),
        _ => false,
    };
    ordered && partial
}

/// The functions whose calls may unfold into a consumer call: those whose body calls a
/// consumer or another of them (`sum`, `length`, `forM_`), or one of its own parameters
/// (`$`). Only their calls are unfolded in search of a consumer.
pub(super) fn wrappers(
    unfolds: &std::collections::HashMap<Name, super::Inline>,
    consumers: &std::collections::HashMap<Name, Consumer>,
) -> std::collections::HashSet<Name> {
    let mut found = std::collections::HashSet::new();
    let mut changed = true;
    while changed {
        changed = false;
        for (g, u) in unfolds {
            let ExprKind::Var(h) = &u.body.spine().0.kind else {
                continue;
            };
            let calls_param = u.params.iter().any(|(p, _)| p == h);
            if !found.contains(g) && (consumers.contains_key(h) || found.contains(h) || calls_param)
            {
                found.insert(g.clone());
                changed = true;
            }
        }
    }
    found
}

/// Where the list comes from relative to the consumer's other arguments.
#[derive(Clone, Copy, PartialEq)]
enum Order {
    /// `c a1 .. L .. an`: the consumer's arguments are evaluated first (in order with `L`'s).
    Arguments,
    /// `let x = L in lets in c .. x ..`: the list, the lets, then the arguments.
    ListFirst,
}

impl Simplifier {
    /// The program with every fusible consumer call fused (see the module comment).
    pub(super) fn fuse_program(&mut self, program: &Program) -> Program {
        let binds = program
            .binds
            .iter()
            .map(|b| {
                if self.may_fuse(&b.rhs) {
                    b.with_rhs(self.fuse(&b.rhs))
                } else {
                    b.clone()
                }
            })
            .collect();
        let entry = program.entry.as_ref().map(|e| self.fuse(e));
        Program {
            binds,
            entry,
            ..program.clone()
        }
    }

    /// Whether `e` mentions a consumer or a wrapper of one (else it is left as it is, without
    /// being rebuilt).
    fn may_fuse(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Var(g) => self.consumers.contains_key(g) || self.wrappers.contains(g),
            _ => {
                let mut found = false;
                e.for_each_child(|c| found = found || self.may_fuse(c));
                found
            }
        }
    }

    fn fuse(&mut self, e: &Expr) -> Expr {
        let e = e.map_children(&mut |c| self.fuse(c));
        match self.site(&e, 0) {
            Some(fused) => fused,
            None => self.nested_site(e),
        }
    }

    /// A selector applied to a known dictionary at the head of the call `e`, or a small
    /// Prelude function called with all its arguments: `e` unfolded one step.
    pub(super) fn unfold(&mut self, e: &Expr) -> Option<Expr> {
        let (head, _, args) = e.spine();
        let ExprKind::Var(h) = &head.kind else {
            return None;
        };
        if self.selectors.contains_key(h) && !args.is_empty() {
            let mut inner = e;
            for _ in 1..args.len() {
                let ExprKind::App(f, _) = &inner.kind else {
                    return None;
                };
                inner = f;
            }
            let field = self.select(inner)?;
            let rest = args[1..].iter().map(|a| (*a).clone()).collect();
            return Some(emit_call(field, rest, e.span));
        }
        if !self.unfolds.contains_key(h) {
            return None;
        }
        self.inline_by(e.clone(), super::Table::Unfolds).ok()
    }

    /// `e` as a consumer call: the consumer, the type arguments and the arguments.
    fn consumer_call<'e>(&self, e: &'e Expr) -> Option<(Consumer, Vec<Type>, Vec<&'e Expr>)> {
        let (head, tys, args) = e.spine();
        let ExprKind::Var(g) = &head.kind else {
            return None;
        };
        let c = self.consumers.get(g)?;
        (args.len() == c.params.len() && tys.len() == c.tyvars.len())
            .then(|| (c.clone(), tys.to_vec(), args))
    }

    /// `e` fused, if it is a consumer call over a producer (possibly after unfolding).
    fn site(&mut self, e: &Expr, depth: usize) -> Option<Expr> {
        if let Some((c, tys, args)) = self.consumer_call(e) {
            let list = args[c.list].clone();
            return self.build(&c, &tys, &args, &list, Order::Arguments, Vec::new(), e);
        }
        if let ExprKind::Let(b, body) = &e.kind {
            if let Some(fused) = self.let_site(b, body) {
                return Some(fused);
            }
        }
        if depth < MAX_UNFOLD && self.wraps(e) {
            let unfolded = self.unfold(e)?;
            return self.site(&unfolded, depth + 1);
        }
        None
    }

    /// `let x = L in lets in c .. x ..` with `x` used only there, fused.
    fn let_site(&mut self, b: &Bind, body: &Expr) -> Option<Expr> {
        // The lets are passed by reference first: a spine of lets ending elsewhere (a long
        // list literal's chunks) costs no copies.
        let mut cur = body;
        let mut chain = Vec::new();
        while let ExprKind::Let(next, rest) = &cur.kind {
            chain.push(next.as_ref());
            cur = rest;
        }
        let candidate = self.consumer_call(cur).is_some() || self.wraps(cur);
        if !candidate || super::terms::count(cur, &b.name) != 1 {
            return None;
        }
        let chain = chain.into_iter().cloned().collect();
        self.let_site_in(b, body, cur, chain, 0)
    }

    /// `let x = L in e` where `e` evaluates pure values and then, first of all that may take
    /// time, a consumer call over `x` (`print (length x)`, `(sum x, 0)`, a `do` block's `let
    /// action = print (sum x) in ...`): `e` with that call fused in place (else the `let` as it
    /// was). On the way to the call, `e` is a `let` (its right-hand side is evaluated first),
    /// or an application, a constructor or a primitive whose arguments before the call (and,
    /// for an application, the function applied to them) are pure values (`evaluated_freely`),
    /// to `MAX_NESTING` levels; evaluating those before `L` instead of after is not
    /// observable. `x` must occur once in `e` (in the call). `e` is changed in place, not
    /// copied: a `do` block's rest is inside it.
    fn nested_site(&mut self, e: Expr) -> Expr {
        let Expr {
            kind: ExprKind::Let(b, mut body),
            span,
        } = e
        else {
            return e;
        };
        let fused = self.nested_path(&body, 0).and_then(|at| {
            let new = self.let_site_in(&b, &body, at, Vec::new(), 0)?;
            Some((at as *const Expr, new))
        });
        if let Some((at, new)) = fused {
            if replace_at(&mut body, at, new) {
                return *body;
            }
        }
        Expr::new(ExprKind::Let(b, body), span)
    }

    /// The consumer call `nested_site` reaches from `e`: `e` itself, or, down the first
    /// argument that is not a pure value, the call reached from it.
    fn nested_path<'e>(&self, e: &'e Expr, depth: usize) -> Option<&'e Expr> {
        if self.consumer_call(e).is_some() || self.wraps(e) {
            return Some(e);
        }
        if depth >= MAX_NESTING {
            return None;
        }
        let next = match &e.kind {
            ExprKind::App(..) => {
                // The first argument that is not a pure value, after a pure partial application
                // (the arguments after it are evaluated after it, as before).
                let (head, _, args) = e.spine();
                let k = args.iter().position(|a| !self.evaluated_freely(a))?;
                // The function applied to the arguments before it makes a closure (or is the
                // function itself, or a pure value such as a known dictionary's method).
                let partial = match &head.kind {
                    ExprKind::Var(g) => k == 0 || self.arities.get(g).is_some_and(|&n| n > k),
                    _ => false,
                };
                let mut prefix = e;
                for _ in k..args.len() {
                    let ExprKind::App(f, _) = &prefix.kind else {
                        return None;
                    };
                    prefix = f;
                }
                if !partial && !self.pure_value(prefix) {
                    return None;
                }
                args[k]
            }
            ExprKind::Con(_, _, args) | ExprKind::Prim(_, _, args) => {
                args.iter().find(|a| !self.evaluated_freely(a))?
            }
            ExprKind::Let(b, _) => &b.rhs,
            _ => return None,
        };
        self.nested_path(next, depth + 1)
    }

    /// Whether `nested_site` may evaluate `e` before the list instead of after: a pure value,
    /// or an instance function applied to atoms (`Show (Int, Int)`'s dictionary), which
    /// builds a dictionary and nothing else.
    fn evaluated_freely(&self, e: &Expr) -> bool {
        if self.pure_value(e) {
            return true;
        }
        let (head, _, args) = e.spine();
        matches!(&head.kind, ExprKind::Var(g) if self.dictionary_functions.contains(g)
            && self.arities.get(g) == Some(&args.len()))
            && args.iter().all(|a| atomic(a))
    }

    /// Whether unfolding the call `e` may lead to a consumer: its head is a wrapper.
    fn wraps(&self, e: &Expr) -> bool {
        matches!(&e.spine().0.kind, ExprKind::Var(g) if self.wrappers.contains(g))
    }

    /// `cur`, the rest of `let_site`'s scope after the lets in `chain`.
    /// (The occurrences of `x` are counted only once a consumer call is found: most lets are
    /// not list producers, and counting in every one would take time quadratic in a spine of
    /// lets.)
    fn let_site_in(
        &mut self,
        b: &Bind,
        body: &Expr,
        cur: &Expr,
        mut chain: Vec<Bind>,
        depth: usize,
    ) -> Option<Expr> {
        let x = &b.name;
        if let Some((c, tys, args)) = self.consumer_call(cur) {
            // (The list first: counting walks the whole body.)
            let over_x = matches!(&args[c.list].kind, ExprKind::Var(v) if v == x);
            if !over_x || !used_once_within(body, x) {
                return None;
            }
            return self.build(&c, &tys, &args, &b.rhs, Order::ListFirst, chain, cur);
        }
        if let ExprKind::Let(next, rest) = &cur.kind {
            chain.push(next.as_ref().clone());
            return self.let_site_in(b, body, rest, chain, depth);
        }
        if depth < MAX_UNFOLD && self.wraps(cur) {
            let unfolded = self.unfold(cur)?;
            return self.let_site_in(b, body, &unfolded, chain, depth + 1);
        }
        None
    }

    /// The loop for the consumer `c` at `tys` applied to `args`, its list being `list`.
    #[allow(clippy::too_many_arguments)]
    fn build(
        &mut self,
        c: &Consumer,
        tys: &[Type],
        args: &[&Expr],
        list: &Expr,
        order: Order,
        chain: Vec<Bind>,
        call: &Expr,
    ) -> Option<Expr> {
        let span = call.span;
        let sub: Vec<(Name, Type)> = c.tyvars.iter().cloned().zip(tys.iter().cloned()).collect();
        let ty = |t: &Type| subst(t, &sub, &mut 0);
        let Type::Con(_, elem) = ty(&c.params[c.list].1) else {
            return None;
        };
        let elem = elem.first()?.clone();
        let mut setup = Vec::new();
        let mut source = None;
        if order == Order::ListFirst {
            source = Some(self.source(list, &elem, &mut setup, 0)?);
            setup.extend(chain);
        }
        let mut nil = subst_types(&c.nil, &sub);
        let mut cons = subst_types(&c.cons, &sub);
        let mut changing = Vec::new();
        let mut q0 = Vec::new();
        for (i, ((p, t), a)) in c.params.iter().zip(args).enumerate() {
            if i == c.list {
                if order == Order::Arguments {
                    source = Some(self.source(list, &elem, &mut setup, 0)?);
                }
                continue;
            }
            let t = ty(t);
            if c.invariant[i] {
                let v = if self.pure_value(a) && super::terms::lambda(a).is_none() {
                    (*a).clone()
                } else {
                    self.atom(a, &t, &mut setup)
                };
                nil = rename_var(&nil, p, &v);
                cons = rename_var(&cons, p, &v);
            } else {
                q0.push(self.atom(a, &t, &mut setup));
                changing.push((i, p.clone(), t));
            }
        }
        let source = source?;
        if !source.saves() || !(c.eager || source.free_elements()) {
            return None;
        }
        let inst = Instance {
            name: c.name.clone(),
            arity: c.params.len(),
            changing,
            result: ty(&c.result),
            nil,
            head: c.head.0.clone(),
            cons,
            span,
        };
        let body = self.emit_loop(&inst, &source, &q0, &Cont::Done);
        self.fused += 1;
        Some(lets(setup, body))
    }
}

/// `f a1 .. an`.
fn emit_call(f: Expr, args: Vec<Expr>, span: crate::span::Span) -> Expr {
    args.into_iter().fold(f, |f, a| {
        Expr::new(ExprKind::App(Box::new(f), Box::new(a)), span)
    })
}
