//! The loops of the fusion: a consumer (its nil and cons cases, instantiated) driven by a
//! source's base producer, each element passed through the source's transformers. The loop is
//! a local `letrec go = \q1 .. qm s -> ..` over the consumer's changing parameters `q` and the
//! producer's state `s`; the consumer's recursive call becomes the continuation (`go q' s'`,
//! or the nil case after a range's last element). Every copy of a consumer case or of a
//! transformer's lambda gets fresh binders. It decides nothing about whether to fuse.

use super::super::terms::{
    call, freshen, if_, lambda, let_, list_case, prim, rename_var, replace_calls, var,
};
use super::super::Simplifier;
use super::source::{Base, Number, Source, Stage};
use crate::expr::{Bind, Expr, ExprKind, Lit};
use crate::name::Name;
use crate::prim::PrimOp;
use crate::span::Span;
use crate::types::Type;

/// A consumer at one call: its cases with the types and unchanged parameters substituted.
pub(super) struct Instance {
    pub name: Name,
    /// The number of parameters of the consumer's recursive calls.
    pub arity: usize,
    /// The parameters that change from call to call (positions among all, names, types).
    pub changing: Vec<(usize, Name, Type)>,
    pub result: Type,
    pub nil: Expr,
    pub head: Name,
    pub cons: Expr,
    pub span: Span,
}

/// What follows an element: the loop's next round, or (after a range's last element, or at
/// the end of an inner loop's list) what follows the loop.
#[derive(Clone)]
pub(super) enum Cont {
    /// The consumer's nil case.
    Done,
    /// `if until then <after> else go q' state`.
    Loop {
        go: Name,
        state: Vec<Expr>,
        until: Option<(Expr, Box<Cont>)>,
    },
}

/// What a loop needs before it starts: a check that the producer has no elements (then what
/// follows the loop at once), and a value computed once (a range's last element).
struct Pre {
    check: Option<(Expr, Expr)>,
    bind: Option<(Name, Type, Expr)>,
}

/// The lets of `binds` around `body`, the first outermost.
pub(super) fn lets(binds: Vec<Bind>, body: Expr) -> Expr {
    binds.into_iter().rev().fold(body, |body, b| {
        let span = b.span;
        Expr::new(ExprKind::Let(Box::new(b), Box::new(body)), span)
    })
}

impl Simplifier {
    fn fresh_var(&mut self, what: &str) -> Name {
        self.fresh += 1;
        Name::from(format!("fuse#{what}{}", self.fresh))
    }

    /// `e` with the changing parameters replaced by `q` (atoms).
    fn at(&self, inst: &Instance, e: Expr, q: &[Expr]) -> Expr {
        inst.changing
            .iter()
            .zip(q)
            .fold(e, |e, ((_, p, _), a)| rename_var(&e, p, a))
    }

    /// What follows with the changing parameters at `q`.
    fn resume(&mut self, inst: &Instance, k: &Cont, q: &[Expr]) -> Expr {
        let span = inst.span;
        match k {
            Cont::Done => {
                let nil = freshen(&inst.nil, &mut self.fresh);
                self.at(inst, nil, q)
            }
            Cont::Loop { go, state, until } => {
                let mut args = q.to_vec();
                args.extend(state.iter().cloned());
                let next = call(var(go, span), args, span);
                match until {
                    None => next,
                    Some((c, after)) => {
                        let after = self.resume(inst, after, q);
                        if_(c.clone(), after, next, span)
                    }
                }
            }
        }
    }

    /// The consumer's cons case for the element `x` (an atom), its recursive call replaced by
    /// what follows.
    fn step(&mut self, inst: &Instance, x: &Expr, q: &[Expr], k: &Cont) -> Expr {
        let cons = freshen(&inst.cons, &mut self.fresh);
        let cons = rename_var(&self.at(inst, cons, q), &inst.head, x);
        replace_calls(&cons, &inst.name, inst.arity, &mut |args, _| {
            let mut binds = Vec::new();
            let q2: Vec<Expr> = inst
                .changing
                .iter()
                .map(|(i, _, t)| self.atom(&args[*i], t, &mut binds))
                .collect();
            let next = self.resume(inst, k, &q2);
            lets(binds, next)
        })
    }

    /// `f x1 .. xn` (atoms), with a lambda's parameters bound by `let`s instead of applying it.
    fn apply(&mut self, f: &Expr, xs: &[Expr]) -> Expr {
        let span = xs.first().map_or(f.span, |x| x.span);
        let mut f = if lambda(f).is_some() {
            freshen(f, &mut self.fresh)
        } else {
            f.clone()
        };
        let mut binds = Vec::new();
        let mut rest = xs;
        while let (Some((v, t, body)), [x, more @ ..]) = (lambda(&f), rest) {
            binds.push(Bind {
                name: v.clone(),
                ty: t.clone(),
                rhs: x.clone(),
                span,
            });
            f = body.clone();
            rest = more;
        }
        let applied = if rest.is_empty() {
            f
        } else {
            call(f, rest.to_vec(), span)
        };
        lets(binds, applied)
    }

    /// The element `x` through `stages`, then the consumer's step.
    fn element(
        &mut self,
        inst: &Instance,
        stages: &[Stage],
        x: &Expr,
        q: &[Expr],
        k: &Cont,
    ) -> Expr {
        let span = inst.span;
        let Some((stage, rest)) = stages.split_first() else {
            return self.step(inst, x, q, k);
        };
        match stage {
            Stage::Map(g, t) => {
                let y = self.fresh_var("y");
                let rhs = self.apply(g, std::slice::from_ref(x));
                let body = self.element(inst, rest, &var(&y, span), q, k);
                let_(y, t.clone(), rhs, body, span)
            }
            Stage::Filter(p) => {
                let c = self.apply(p, std::slice::from_ref(x));
                let yes = self.element(inst, rest, x, q, k);
                let no = self.resume(inst, k, q);
                if_(c, yes, no, span)
            }
            Stage::ConcatMap(f, t) => {
                let list = self.apply(f, std::slice::from_ref(x));
                self.consume(inst, &list, t, rest, q, k)
            }
        }
    }

    /// The list `e` (elements of type `t`) consumed element by element through `stages`,
    /// then `k`: its `let`s and `case`s stay, a singleton or empty list in a branch is its
    /// element or nothing, any other list is an inner loop.
    fn consume(
        &mut self,
        inst: &Instance,
        e: &Expr,
        t: &Type,
        stages: &[Stage],
        q: &[Expr],
        k: &Cont,
    ) -> Expr {
        let span = e.span;
        match &e.kind {
            ExprKind::Let(b, body) => {
                let body = self.consume(inst, body, t, stages, q, k);
                Expr::new(ExprKind::Let(b.clone(), Box::new(body)), span)
            }
            ExprKind::Case(s, alts, d) => {
                let alts = alts
                    .iter()
                    .map(|a| a.with_rhs(self.consume(inst, &a.rhs, t, stages, q, k)))
                    .collect();
                let d = d
                    .as_ref()
                    .map(|d| Box::new(self.consume(inst, d, t, stages, q, k)));
                Expr::new(ExprKind::Case(s.clone(), alts, d), span)
            }
            ExprKind::Con(c, _, args) if c.as_str() == "[]" && args.is_empty() => {
                self.resume(inst, k, q)
            }
            ExprKind::Con(c, _, args)
                if c.as_str() == ":"
                    && matches!(&args[1].kind, ExprKind::Con(n, _, _) if n.as_str() == "[]") =>
            {
                let mut binds = Vec::new();
                let x = self.atom(&args[0], t, &mut binds);
                let body = self.element(inst, stages, &x, q, k);
                lets(binds, body)
            }
            _ => {
                let mut setup = Vec::new();
                let source = match self.source(e, t, &mut setup, 0) {
                    Some(s) => s,
                    None => {
                        setup.clear();
                        let list = self.atom(e, &Type::list(t.clone()), &mut setup);
                        Source {
                            base: Base::List(list),
                            base_elem: t.clone(),
                            span: e.span,
                            stages: Vec::new(),
                        }
                    }
                };
                let mut all = source.stages.clone();
                all.extend(stages.iter().cloned());
                let inner = Source {
                    stages: all,
                    ..source
                };
                let body = self.emit_loop(inst, &inner, q, k);
                lets(setup, body)
            }
        }
    }

    /// The loop running `source` into the consumer from the changing parameters `q0`, then
    /// `done`.
    pub(super) fn emit_loop(
        &mut self,
        inst: &Instance,
        source: &Source,
        q0: &[Expr],
        done: &Cont,
    ) -> Expr {
        let span = inst.span;
        let go = self.fresh_var("go");
        let params: Vec<(Name, Type)> = inst
            .changing
            .iter()
            .map(|(_, p, t)| {
                self.fresh += 1;
                (Name::from(format!("{p}#q{}", self.fresh)), t.clone())
            })
            .collect();
        let q: Vec<Expr> = params.iter().map(|(p, _)| var(p, span)).collect();
        let stages = &source.stages;
        let (state, body, first, pre) = match &source.base {
            Base::Range {
                num,
                from,
                step,
                to,
                then,
            } => {
                let (t, eq, add, empty, last_of) = match num {
                    Number::Int => (
                        Type::int(),
                        PrimOp::IntEq,
                        PrimOp::IntAdd,
                        "intRangeEmpty",
                        "intRangeLast",
                    ),
                    Number::Integer => (
                        Type::integer(),
                        PrimOp::IntegerEq,
                        PrimOp::IntegerAdd,
                        "integerRangeEmpty",
                        "integerRangeLast",
                    ),
                };
                let (i, last) = (self.fresh_var("i"), self.fresh_var("last"));
                let k = Cont::Loop {
                    go: go.clone(),
                    state: vec![prim(add, vec![var(&i, span), step.clone()], span)],
                    until: Some((
                        prim(eq, vec![var(&i, span), var(&last, span)], span),
                        Box::new(done.clone()),
                    )),
                };
                let body = self.element(inst, stages, &var(&i, span), &q, &k);
                let (empty, last_of) = match then {
                    Some(_) => ("intThenEmpty", "intThenLast"),
                    None => (empty, last_of),
                };
                let bounds = vec![
                    from.clone(),
                    then.as_ref().unwrap_or(step).clone(),
                    to.clone(),
                ];
                let at = source.span;
                let empty = call(var(&Name::new(empty), at), bounds.clone(), at);
                let last_value = call(var(&Name::new(last_of), at), bounds, at);
                let after = self.resume(inst, done, q0);
                let pre = Pre {
                    check: Some((empty, after)),
                    bind: Some((last, t.clone(), last_value)),
                };
                (vec![(i, t)], body, vec![from.clone()], pre)
            }
            Base::Double(from, step, to) => {
                let d = Type::double();
                let (k, limit, x) = (
                    self.fresh_var("k"),
                    self.fresh_var("limit"),
                    self.fresh_var("x"),
                );
                let value = prim(
                    PrimOp::DoubleAdd,
                    vec![
                        from.clone(),
                        prim(PrimOp::DoubleMul, vec![var(&k, span), step.clone()], span),
                    ],
                    span,
                );
                let one = Expr::new(ExprKind::Lit(Lit::Double(1.0)), span);
                let next = Cont::Loop {
                    go: go.clone(),
                    state: vec![prim(PrimOp::DoubleAdd, vec![var(&k, span), one], span)],
                    until: None,
                };
                let within = call(
                    var(&Name::new("doubleRangeWithin"), span),
                    vec![step.clone(), var(&limit, span), var(&x, span)],
                    span,
                );
                let yes = self.element(inst, stages, &var(&x, span), &q, &next);
                let no = self.resume(inst, done, &q);
                let body = let_(x, d.clone(), value, if_(within, yes, no, span), span);
                let limit_value = call(
                    var(&Name::new("doubleRangeLimit"), source.span),
                    vec![from.clone(), step.clone(), to.clone()],
                    source.span,
                );
                let pre = Pre {
                    check: None,
                    bind: Some((limit, d.clone(), limit_value)),
                };
                let zero = Expr::new(ExprKind::Lit(Lit::Double(0.0)), span);
                (vec![(k, d)], body, vec![zero], pre)
            }
            Base::Replicate(n, x) => {
                let c = self.fresh_var("n");
                let lit = |n| Expr::new(ExprKind::Lit(Lit::Int(n)), span);
                let k = Cont::Loop {
                    go: go.clone(),
                    state: vec![prim(PrimOp::IntSub, vec![var(&c, span), lit(1)], span)],
                    until: Some((
                        prim(PrimOp::IntEq, vec![var(&c, span), lit(1)], span),
                        Box::new(done.clone()),
                    )),
                };
                let body = self.element(inst, stages, x, &q, &k);
                let after = self.resume(inst, done, q0);
                let pre = Pre {
                    check: Some((prim(PrimOp::IntLe, vec![n.clone(), lit(0)], span), after)),
                    bind: None,
                };
                (vec![(c, Type::int())], body, vec![n.clone()], pre)
            }
            Base::List(list) => {
                let (s, h, t) = (
                    self.fresh_var("s"),
                    self.fresh_var("h"),
                    self.fresh_var("t"),
                );
                let elem = source.base_elem.clone();
                let lt = Type::list(elem.clone());
                let k = Cont::Loop {
                    go: go.clone(),
                    state: vec![var(&t, span)],
                    until: None,
                };
                let cons = self.element(inst, stages, &var(&h, span), &q, &k);
                let nil = self.resume(inst, done, &q);
                let body = list_case(var(&s, span), nil, (h, elem), (t, lt.clone()), cons, span);
                let pre = Pre {
                    check: None,
                    bind: None,
                };
                (vec![(s, lt)], body, vec![list.clone()], pre)
            }
            Base::Zip(lists, with) => {
                let k = |state| Cont::Loop {
                    go: go.clone(),
                    state,
                    until: None,
                };
                self.zip_walk(inst, source, lists, with.as_ref(), &q, k, done)
            }
        };
        let mut start = q0.to_vec();
        start.extend(first);
        let run = call(var(&go, span), start, span);
        let mut all = params;
        all.extend(state);
        let ty = Type::funs(
            all.iter().map(|(_, t)| t.clone()).collect(),
            inst.result.clone(),
        );
        let rhs = all.into_iter().rev().fold(body, |b, (x, t)| {
            Expr::new(ExprKind::Lam(x, t, Box::new(b)), span)
        });
        let bind = Bind {
            name: go,
            ty,
            rhs,
            span,
        };
        let mut out = Expr::new(ExprKind::LetRec(vec![bind], Box::new(run)), span);
        if let Some((x, t, value)) = pre.bind {
            out = let_(x, t, value, out, span);
        }
        if let Some((empty, after)) = pre.check {
            out = if_(empty, after, out, span);
        }
        out
    }

    /// A zip's round of the loop: a `case` on each list (the first outermost: its end is seen
    /// first, as `zipWith`'s equations do; any end is the consumer's nil case), the element
    /// `with` the heads applied (their tuple without one) through the source's stages, the
    /// tails the next round's state (`next`).
    #[allow(clippy::too_many_arguments)]
    fn zip_walk(
        &mut self,
        inst: &Instance,
        source: &Source,
        lists: &[(Expr, Type)],
        with: Option<&Expr>,
        q: &[Expr],
        next: impl FnOnce(Vec<Expr>) -> Cont,
        done: &Cont,
    ) -> (Vec<(Name, Type)>, Expr, Vec<Expr>, Pre) {
        let span = inst.span;
        let walks: Vec<_> = lists
            .iter()
            .map(|(_, t)| {
                let s = (self.fresh_var("s"), Type::list(t.clone()));
                (s, (self.fresh_var("h"), t.clone()), self.fresh_var("t"))
            })
            .collect();
        let k = next(walks.iter().map(|(_, _, t)| var(t, span)).collect());
        let heads: Vec<Expr> = walks.iter().map(|(_, (h, _), _)| var(h, span)).collect();
        let zipped = match with {
            Some(f) => self.apply(f, &heads),
            None => {
                let tys = lists.iter().map(|(_, t)| t.clone()).collect();
                let tuple = Name::from(crate::types::names::tuple_name(heads.len()));
                Expr::new(ExprKind::Con(tuple, tys, heads), span)
            }
        };
        let y = self.fresh_var("y");
        let elem = self.element(inst, &source.stages, &var(&y, span), q, &k);
        let mut body = let_(y, source.base_elem.clone(), zipped, elem, span);
        for ((s, lt), head, t) in walks.iter().rev() {
            let nil = self.resume(inst, done, q);
            let tail = (t.clone(), lt.clone());
            body = list_case(var(s, span), nil, head.clone(), tail, body, span);
        }
        let pre = Pre {
            check: None,
            bind: None,
        };
        let state = walks.into_iter().map(|(s, _, _)| s).collect();
        let first = lists.iter().map(|(l, _)| l.clone()).collect();
        (state, body, first, pre)
    }
}
