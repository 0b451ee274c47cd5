//! Infinite lists that a consumer bounds: `take n [x ..]`, `takeWhile p (iterate f x)`,
//! `zip [0 ..] xs`. Strict evaluation cannot build `[x ..]`, `[x, y ..]`, `iterate f x`,
//! `repeat x` or `cycle xs`, but where one is the list argument of the Prelude's `take`,
//! `takeWhile` or of a zip (`zip`, `zip3`, `zipWith`, `zipWith3`, Control.Monad's `zipWithM`,
//! `zipWithM_`) with a finite list beside it,
//! only a finite prefix is ever read: the call becomes the Prelude's bounded producer of that
//! prefix (`enumFromN n x`, `iterateWhile p f x`, ...; for a zip, `n` is the shortest finite
//! list's length). The arguments are still evaluated once each, in their order. Only a
//! consumer applied to all its arguments where it is written is recognised (directly or as the
//! last `$` of a chain: `take n $ iterate f x`; partial applications are not); anything else
//! keeps the error an infinite list gives.
//! It reads the source's syntax and builds untyped core; types are the checker's business.

use super::binds::let_value;
use super::build::{self, apps, var};
use super::scope::ValueRef;
use super::{DResult, Ds};
use crate::ast::{Expr, ExprKind, Ident};
use crate::untyped::UExpr;
use dnrad_core::{Name, Span};

/// An infinite list as written: its producer and its arguments.
enum Infinite<'e> {
    /// `[x ..]`
    From(&'e Expr),
    /// `[x, y ..]`
    FromThen(&'e Expr, &'e Expr),
    /// `iterate f x`
    Iterate(&'e Expr, &'e Expr),
    /// `repeat x`
    Repeat(&'e Expr),
    /// `cycle xs`
    Cycle(&'e Expr),
}

impl Infinite<'_> {
    fn parts(&self) -> Vec<&Expr> {
        match *self {
            Infinite::From(x) | Infinite::Repeat(x) | Infinite::Cycle(x) => vec![x],
            Infinite::FromThen(x, y) | Infinite::Iterate(x, y) => vec![x, y],
        }
    }

    /// The Prelude function of its first `n` elements (`n` its first argument, then the
    /// parts).
    fn first_n(&self) -> &'static str {
        match self {
            Infinite::From(_) => "enumFromN",
            Infinite::FromThen(..) => "enumFromThenN",
            Infinite::Iterate(..) => "iterateN",
            Infinite::Repeat(_) => "replicate",
            Infinite::Cycle(_) => "cycleN",
        }
    }

    /// The Prelude function of its elements while a predicate holds (the predicate first),
    /// where that list is finite whenever the predicate fails.
    fn while_holds(&self) -> Option<&'static str> {
        match self {
            Infinite::From(_) => Some("enumFromWhile"),
            Infinite::FromThen(..) => Some("enumFromThenWhile"),
            Infinite::Iterate(..) => Some("iterateWhile"),
            Infinite::Repeat(_) | Infinite::Cycle(_) => None,
        }
    }
}

/// An argument of a consumer: finite (as far as the syntax tells), or an infinite list.
enum Arg<'e> {
    Finite(&'e Expr),
    Infinite(Infinite<'e>),
}

/// The zips, by name: how many arguments, the first that is a list (the rest are).
const ZIPS: [(&str, usize, usize); 6] = [
    ("zip", 2, 0),
    ("zip3", 3, 0),
    ("zipWith", 3, 1),
    ("zipWith3", 4, 1),
    ("zipWithM", 3, 1),
    ("zipWithM_", 3, 1),
];

/// The consumers that are Control.Monad's rather than the Prelude's.
const CONTROL_MONAD: [&str; 2] = ["zipWithM", "zipWithM_"];

impl Ds {
    /// `head args` (the source's application) when it is a consumer bounding an infinite list
    /// argument: its finite form.
    pub(super) fn bounded_call(
        &mut self,
        head: &Expr,
        args: &[&Expr],
        span: Span,
    ) -> DResult<Option<UExpr>> {
        let ExprKind::Var(f) = &head.kind else {
            return Ok(None);
        };
        let Some((consumer, global)) = self.consumer(f) else {
            return Ok(None);
        };
        let args: Vec<Arg> = args.iter().map(|a| self.classify(a)).collect();
        if !args.iter().any(|a| matches!(a, Arg::Infinite(_))) {
            return Ok(None);
        }
        match (consumer.as_str(), args.as_slice()) {
            ("take", [Arg::Finite(n), Arg::Infinite(list)]) => {
                let name = list.first_n();
                self.call_with_parts(name, &[n], list, span).map(Some)
            }
            ("takeWhile", [Arg::Finite(p), Arg::Infinite(list)]) => match list.while_holds() {
                Some(name) => self.call_with_parts(name, &[p], list, span).map(Some),
                None => Ok(None),
            },
            (zip, _) => self.bounded_zip(zip, &global, &args, span),
        }
    }

    /// If `f` is one of the consumers (the Prelude's, or Control.Monad's `zipWithM`s): its
    /// name and its global.
    fn consumer(&mut self, f: &Ident) -> Option<(String, Name)> {
        let name = f.name.as_str();
        let known = ["take", "takeWhile"].contains(&name) || ZIPS.iter().any(|z| z.0 == name);
        if !known {
            return None;
        }
        let global = match CONTROL_MONAD.contains(&name) {
            true => Some(Name::from(format!("Control.Monad.{name}"))),
            false => self.globals.prelude().values.get(name).cloned(),
        };
        match (self.resolve_value(f), global) {
            (Ok(ValueRef::Var(n)), Some(g)) if n == g => Some((name.to_string(), g)),
            _ => None,
        }
    }

    /// Whether `e` is an infinite list as written (not a user's own `iterate`, `repeat` or
    /// `cycle`: only names nothing in scope binds).
    fn classify<'e>(&mut self, e: &'e Expr) -> Arg<'e> {
        let e = e.unparenthesised();
        match &e.kind {
            ExprKind::ArithSeq {
                from,
                then,
                to: None,
            } => Arg::Infinite(match then {
                None => Infinite::From(from),
                Some(then) => Infinite::FromThen(from, then),
            }),
            ExprKind::App(..) => {
                let (head, args) = e.spine();
                let ExprKind::Var(f) = &head.kind else {
                    return Arg::Finite(e);
                };
                if self.resolve_value(f).is_ok() {
                    return Arg::Finite(e);
                }
                match (f.name.as_str(), args.as_slice()) {
                    ("iterate", [g, x]) => Arg::Infinite(Infinite::Iterate(g, x)),
                    ("repeat", [x]) => Arg::Infinite(Infinite::Repeat(x)),
                    ("cycle", [xs]) => Arg::Infinite(Infinite::Cycle(xs)),
                    _ => Arg::Finite(e),
                }
            }
            _ => Arg::Finite(e),
        }
    }

    /// `name firsts.. parts..` of `list`, each argument bound in order first.
    fn call_with_parts(
        &mut self,
        name: &str,
        firsts: &[&Expr],
        list: &Infinite,
        span: Span,
    ) -> DResult<UExpr> {
        let mut lets = Vec::new();
        let mut vars = Vec::new();
        for e in firsts.iter().copied().chain(list.parts()) {
            let v = self.fresh("arg");
            lets.push((v.clone(), self.expr(e)?));
            vars.push(var(&v, span));
        }
        let f = self.prelude_name(name, span)?;
        Ok(wrap(lets, apps(var(&f, span), vars), span))
    }

    /// A zip of `args` (in its own order) where some list is infinite and another finite: each
    /// infinite list its first `n`, `n` the finite lists' shortest length.
    fn bounded_zip(
        &mut self,
        zip: &str,
        global: &Name,
        args: &[Arg],
        span: Span,
    ) -> DResult<Option<UExpr>> {
        let Some(&(_, arity, first_list)) = ZIPS.iter().find(|z| z.0 == zip) else {
            return Ok(None);
        };
        let lists = &args[first_list.min(args.len())..];
        let some_finite = lists.iter().any(|a| matches!(a, Arg::Finite(_)));
        if args.len() != arity || !some_finite {
            return Ok(None);
        }
        let mut lets = Vec::new();
        // Each argument as a variable, an infinite list as its parts'.
        let mut bound: Vec<Result<Name, (&Infinite, Vec<Name>)>> = Vec::new();
        for a in args {
            match a {
                Arg::Finite(e) => {
                    let v = self.fresh("arg");
                    lets.push((v.clone(), self.expr(e)?));
                    bound.push(Ok(v));
                }
                Arg::Infinite(list) => {
                    let mut parts = Vec::new();
                    for e in list.parts() {
                        let v = self.fresh("arg");
                        lets.push((v.clone(), self.expr(e)?));
                        parts.push(v);
                    }
                    bound.push(Err((list, parts)));
                }
            }
        }
        let length = self.prelude_name("length", span)?;
        let min = self.prelude_name("min", span)?;
        let n = bound[first_list..]
            .iter()
            .filter_map(|b| b.as_ref().ok())
            .map(|v| build::app(var(&length, span), var(v, span)))
            .reduce(|a, b| apps(var(&min, span), [a, b]))
            .expect("a finite list");
        let n_var = self.fresh("n");
        let mut call_args = Vec::new();
        for b in bound {
            call_args.push(match b {
                Ok(v) => var(&v, span),
                Err((list, parts)) => {
                    let f = self.prelude_name(list.first_n(), span)?;
                    let mut xs = vec![var(&n_var, span)];
                    xs.extend(parts.iter().map(|p| var(p, span)));
                    apps(var(&f, span), xs)
                }
            });
        }
        let body = let_value(n_var, n, apps(var(global, span), call_args), span);
        Ok(Some(wrap(lets, body, span)))
    }
}

/// `body` under the `let`s of `lets`, the first outermost.
fn wrap(lets: Vec<(Name, UExpr)>, body: UExpr, span: Span) -> UExpr {
    lets.into_iter()
        .rev()
        .fold(body, |body, (v, rhs)| let_value(v, rhs, body, span))
}
