//! List producers for the fusion: what a list argument of a consumer is made of — a base
//! producer (`intRange`, `intRangeThen`, `integerRange`, `doubleRange`, `replicate`,
//! `zip`/`zipWith` of two or three lists walked together, or any list, walked cell by cell)
//! under a chain of transformers (`map`, `filter`, `concatMap`), seen through small
//! Prelude wrappers and known dictionaries (`enumFromTo @Int Enum#Int#inst a b` is `intRange a 1
//! b`). It only analyses: its lets keep every argument's evaluation in the original order; the
//! loop is built by `emit`.

use super::super::terms::{atomic, lambda, prim};
use super::super::Simplifier;
use crate::expr::{Bind, Expr, ExprKind};
use crate::name::Name;
use crate::prim::PrimOp;
use crate::span::Span;
use crate::types::Type;

/// How deep a list expression is unfolded to find its producer.
const MAX_UNFOLD: usize = 8;

/// The numbers a range runs over; its helpers are the Prelude's (`intRangeEmpty`, ...).
#[derive(Clone, Copy, PartialEq, Debug)]
pub(super) enum Number {
    Int,
    Integer,
}

#[derive(Clone, Debug)]
pub(super) enum Base {
    /// `[from, from + step .. to]`, all atoms. `then` is the second element of an `Int` range
    /// written `[from, then .. to]`: its checks take it in place of the step, whose sign is
    /// wrong when `then - from` wraps around (the Prelude's `intThenEmpty`, `intThenLast`).
    Range {
        num: Number,
        from: Expr,
        step: Expr,
        to: Expr,
        then: Option<Expr>,
    },
    /// `doubleRange from step to` (GHC's half-step rule), all atoms.
    Double(Expr, Expr, Expr),
    /// `replicate n x`, atoms.
    Replicate(Expr, Expr),
    /// Any list (an atom), walked cell by cell.
    List(Expr),
    /// `zipWith f xs ys ..` (with `f`, an atom or a lambda) or `zip xs ys ..` (the elements'
    /// tuple): the lists (atoms) and their element types, walked together cell by cell until
    /// the shortest ends.
    Zip(Vec<(Expr, Type)>, Option<Expr>),
}

#[derive(Clone, Debug)]
pub(super) enum Stage {
    /// `map g`: the function and its result type.
    Map(Expr, Type),
    Filter(Expr),
    /// `concatMap f`: the function and the inner lists' element type.
    ConcatMap(Expr, Type),
}

/// A list as a base producer and the transformers over it, innermost first; `setup` holds the
/// lets that evaluate their arguments, in the original order.
pub(super) struct Source {
    pub base: Base,
    /// The base producer's element type.
    pub base_elem: Type,
    /// Where the base producer is called: its checks fail there.
    pub span: Span,
    pub stages: Vec<Stage>,
}

impl Source {
    /// Whether fusing it saves a list: a walk of a list that nothing transforms does not.
    pub fn saves(&self) -> bool {
        !(matches!(self.base, Base::List(_)) && self.stages.is_empty())
    }

    /// Whether making its elements runs no function of the program (a consumer that stops
    /// early fuses only with such a source).
    pub fn free_elements(&self) -> bool {
        self.stages.is_empty() && !matches!(self.base, Base::Zip(_, Some(_)))
    }
}

impl Simplifier {
    /// `e` as an atom, bound by a `let` in `setup` when it is not one.
    pub(super) fn atom(&mut self, e: &Expr, ty: &Type, setup: &mut Vec<Bind>) -> Expr {
        if atomic(e) {
            return e.clone();
        }
        self.fresh += 1;
        let x = Name::from(format!("fuse#{}", self.fresh));
        setup.push(Bind {
            name: x.clone(),
            ty: ty.clone(),
            rhs: e.clone(),
            span: e.span,
        });
        Expr::new(ExprKind::Var(x), e.span)
    }

    /// Whether evaluating `e` can neither fail nor loop nor take time, so that it may be
    /// evaluated again where it is used: an atom, a lambda, a selector of a known dictionary,
    /// or a global function applied to fewer atoms than it has parameters.
    pub(super) fn pure_value(&self, e: &Expr) -> bool {
        if atomic(e) || lambda(e).is_some() {
            return true;
        }
        let (head, _, args) = e.spine();
        let ExprKind::Var(g) = &head.kind else {
            return false;
        };
        if !args.iter().all(|a| atomic(a)) {
            return false;
        }
        let selected = self.selectors.contains_key(g)
            && args.len() == 1
            && matches!(&args[0].kind, ExprKind::Var(d) if self.dictionaries.contains_key(d));
        selected || self.arities.get(g).is_some_and(|&n| n > args.len())
    }

    /// A function argument of a transformer: itself when it is a pure value (it is then
    /// applied where each element is made), else bound first.
    fn function(&mut self, e: &Expr, ty: Type, setup: &mut Vec<Bind>) -> Expr {
        if self.pure_value(e) {
            e.clone()
        } else {
            self.atom(e, &ty, setup)
        }
    }

    /// The lists a zip walks together, as atoms (bound in `setup` in order), with their
    /// element types (the zip's leading type arguments).
    fn zipped(
        &mut self,
        lists: &[&Expr],
        tys: &[Type],
        setup: &mut Vec<Bind>,
    ) -> Vec<(Expr, Type)> {
        lists
            .iter()
            .zip(tys)
            .map(|(l, t)| (self.atom(l, &Type::list(t.clone()), setup), t.clone()))
            .collect()
    }

    /// The list `e` (of elements of type `elem`) as a source; the lets its arguments need go to
    /// `setup`. `None` if it cannot be one (then `setup` may hold lets: the caller drops them).
    pub(super) fn source(
        &mut self,
        e: &Expr,
        elem: &Type,
        setup: &mut Vec<Bind>,
        depth: usize,
    ) -> Option<Source> {
        if let ExprKind::Let(b, body) = &e.kind {
            setup.push(b.as_ref().clone());
            return self.source(body, elem, setup, depth);
        }
        let (head, tys, args) = e.spine();
        let name = match &head.kind {
            ExprKind::Var(g) => g.as_str(),
            _ => "",
        };
        let int = Type::int();
        let span = e.span;
        let base = |b: Base| {
            Some(Source {
                base: b,
                base_elem: elem.clone(),
                stages: Vec::new(),
                span,
            })
        };
        match (name, tys.len(), args.as_slice()) {
            ("intRange" | "integerRange", 0, [a, s, b]) => {
                let (num, t) = if name == "intRange" {
                    (Number::Int, int)
                } else {
                    (Number::Integer, Type::integer())
                };
                let from = self.atom(a, &t, setup);
                let step = self.atom(s, &t, setup);
                let to = self.atom(b, &t, setup);
                base(Base::Range {
                    num,
                    from,
                    step,
                    to,
                    then: None,
                })
            }
            ("intRangeThen", 0, [a, b, c]) => {
                let from = self.atom(a, &int, setup);
                let then = self.atom(b, &int, setup);
                let to = self.atom(c, &int, setup);
                let step = prim(PrimOp::IntSub, vec![then.clone(), from.clone()], span);
                let step = self.atom(&step, &int, setup);
                base(Base::Range {
                    num: Number::Int,
                    from,
                    step,
                    to,
                    then: Some(then),
                })
            }
            ("doubleRange", 0, [a, s, b]) => {
                let t = Type::double();
                let a = self.atom(a, &t, setup);
                let s = self.atom(s, &t, setup);
                let b = self.atom(b, &t, setup);
                base(Base::Double(a, s, b))
            }
            ("replicate", 1, [n, x]) => {
                let n = self.atom(n, &int, setup);
                let x = self.atom(x, &tys[0], setup);
                base(Base::Replicate(n, x))
            }
            ("zip" | "zip3", n, lists) if n == lists.len() => {
                let lists = self.zipped(lists, tys, setup);
                base(Base::Zip(lists, None))
            }
            ("zipWith" | "zipWith3", n, [f, lists @ ..]) if n == lists.len() + 1 => {
                let ty = Type::funs(tys[..lists.len()].to_vec(), tys[lists.len()].clone());
                let f = self.function(f, ty, setup);
                let lists = self.zipped(lists, tys, setup);
                base(Base::Zip(lists, Some(f)))
            }
            ("map" | "concatMap", 2, [f, xs]) => {
                let (a, b) = (tys[0].clone(), tys[1].clone());
                let result = if name == "map" {
                    b.clone()
                } else {
                    Type::list(b.clone())
                };
                let f = self.function(f, Type::fun(a.clone(), result), setup);
                let mut inner = self.source(xs, &a, setup, depth)?;
                inner.stages.push(if name == "map" {
                    Stage::Map(f, b)
                } else {
                    Stage::ConcatMap(f, b)
                });
                Some(inner)
            }
            ("filter", 1, [p, xs]) => {
                let a = tys[0].clone();
                let p = self.function(p, Type::fun(a.clone(), Type::bool()), setup);
                let mut inner = self.source(xs, &a, setup, depth)?;
                inner.stages.push(Stage::Filter(p));
                Some(inner)
            }
            _ => {
                if depth < MAX_UNFOLD {
                    if let Some(unfolded) = self.unfold(e) {
                        let before = setup.len();
                        if let Some(s) = self.source(&unfolded, elem, setup, depth + 1) {
                            return Some(s);
                        }
                        setup.truncate(before);
                    }
                }
                let list = self.atom(e, &Type::list(elem.clone()), setup);
                base(Base::List(list))
            }
        }
    }
}
