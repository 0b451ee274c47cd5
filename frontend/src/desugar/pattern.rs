//! Pattern-match compilation to flat `case`s. Each clause is matched left to right against
//! variables; a failing test jumps to the clause's failure expression, which is always a call
//! `k ()` of a let-bound fallthrough function (cheap to duplicate, evaluated only when reached).
//! Pattern variables are aliases of the scrutinee variables (no extra bindings).

use super::build;
use super::fixity::{self, Item, Tree};
use super::{DResult, Ds};
use crate::ast::{Ident, Literal, Pat, PatKind};
use crate::untyped::{UExpr, UKind, ULit};
use dnrad_core::{Diagnostic, ErrorKind, Name, Span};

/// A pattern to match against a variable.
pub(crate) type Test<'p> = (Name, Pat);

impl Ds {
    /// Match `tests` in order; on success evaluate `body` (with the pattern variables in scope),
    /// otherwise `fail`. The caller opens and closes the scope for the pattern variables.
    pub fn match_pats(
        &mut self,
        tests: &[Test],
        fail: &UExpr,
        body: &mut dyn FnMut(&mut Ds) -> DResult<UExpr>,
    ) -> DResult<UExpr> {
        let Some(((v, p), rest)) = tests.split_first() else {
            return body(self);
        };
        let with_first = |first: Vec<Test>| -> Vec<Test> {
            first.into_iter().chain(rest.iter().cloned()).collect()
        };
        match &p.kind {
            PatKind::Var(x) => {
                self.bind_as(x, v.clone())?;
                self.match_pats(rest, fail, body)
            }
            PatKind::Wild => self.match_pats(rest, fail, body),
            PatKind::Paren(q) | PatKind::Lazy(q) => {
                self.match_pats(&with_first(vec![(v.clone(), (**q).clone())]), fail, body)
            }
            PatKind::As(x, q) => {
                self.bind_as(x, v.clone())?;
                self.match_pats(&with_first(vec![(v.clone(), (**q).clone())]), fail, body)
            }
            PatKind::Lit(lit) => {
                let inner = self.match_pats(rest, fail, body)?;
                let eq = self.prelude_name("==", p.span)?;
                let test = build::apps(
                    build::var(&eq, p.span),
                    [build::var(v, p.span), literal(lit, p.span)],
                );
                Ok(build::if_then_else(test, inner, fail.clone(), p.span))
            }
            PatKind::Con(c, args) => self.match_con(v, c, args.clone(), p.span, rest, fail, body),
            PatKind::NPlusK(x, k) => {
                // `if nPlusKMatches k v then let x = v - k in ... else fail`
                let matches = self.prelude_name("nPlusKMatches", p.span)?;
                let minus = self.prelude_name("-", p.span)?;
                let k = literal(&Literal::Int(k.clone()), p.span);
                let n = self.bind_local(x)?;
                let inner = self.match_pats(rest, fail, body)?;
                let test = build::apps(
                    build::var(&matches, p.span),
                    [k.clone(), build::var(v, p.span)],
                );
                let value = build::apps(build::var(&minus, p.span), [build::var(v, p.span), k]);
                let bound = build::let_(n, &x.name, value, inner, p.span);
                Ok(build::if_then_else(test, bound, fail.clone(), p.span))
            }
            PatKind::Tuple(items) => {
                let c = tuple_con(items.len(), p.span);
                self.match_con(v, &c, items.clone(), p.span, rest, fail, body)
            }
            PatKind::List(items) => {
                let desugared = list_pattern(items, p.span);
                self.match_pats(&with_first(vec![(v.clone(), desugared)]), fail, body)
            }
            PatKind::OpChain(pats, ops) => {
                let resolved = self.resolve_pat_chain(pats, ops)?;
                self.match_pats(&with_first(vec![(v.clone(), resolved)]), fail, body)
            }
            PatKind::Record(c, fields) => {
                let args = self.record_args(c, fields, p.span)?;
                self.match_con(v, c, args, p.span, rest, fail, body)
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn match_con(
        &mut self,
        v: &Name,
        c: &Ident,
        args: Vec<Pat>,
        span: Span,
        rest: &[Test],
        fail: &UExpr,
        body: &mut dyn FnMut(&mut Ds) -> DResult<UExpr>,
    ) -> DResult<UExpr> {
        let info = self.resolve_con(c)?;
        if info.arity != args.len() {
            return Err(Diagnostic::new(
                ErrorKind::Type,
                span,
                format!(
                    "the constructor `{}` should have {} argument{}, but has been given {}",
                    c.name,
                    info.arity,
                    if info.arity == 1 { "" } else { "s" },
                    args.len()
                ),
            ));
        }
        let binders: Vec<Name> = args
            .iter()
            .map(|a| match &a.kind {
                PatKind::Var(x) => self.fresh(&x.name),
                _ => self.fresh("p"),
            })
            .collect();
        let tests: Vec<Test> = binders
            .iter()
            .cloned()
            .zip(args)
            .chain(rest.iter().cloned())
            .collect();
        let inner = self.match_pats(&tests, fail, body)?;
        let default = (info.siblings.len() > 1).then(|| fail.clone());
        Ok(build::case(
            build::var(v, span),
            vec![build::alt(info.name.as_str(), binders, inner)],
            default,
            span,
        ))
    }

    /// The positional arguments of the record pattern `c { fields }`: a field not named is `_`.
    pub fn record_args(&self, c: &Ident, fields: &[(Ident, Pat)], span: Span) -> DResult<Vec<Pat>> {
        let info = self.resolve_con(c)?;
        let names = info.field_names.unwrap_or_default();
        let wild = Pat {
            kind: PatKind::Wild,
            span,
        };
        let mut args = vec![wild; info.arity];
        for (f, fp) in fields {
            args[field_position(c, &names, f)?] = fp.clone();
        }
        Ok(args)
    }

    /// Resolve `p1 op p2 op p3` into nested constructor patterns.
    pub fn resolve_pat_chain(&mut self, pats: &[Pat], ops: &[Ident]) -> DResult<Pat> {
        let mut items = Vec::new();
        for (i, p) in pats.iter().enumerate() {
            items.push(Item::Operand(p.clone()));
            if let Some(op) = ops.get(i) {
                let info = self.resolve_con(op)?;
                items.push(Item::Op(op.clone(), self.fixity_of(&info.name), op.span));
            }
        }
        fn build(t: Tree<Pat, Ident>) -> Pat {
            match t {
                Tree::Leaf(p) => p,
                Tree::Bin(op, l, r) => {
                    let (l, r) = (build(*l), build(*r));
                    let span = l.span.to(r.span);
                    Pat {
                        kind: PatKind::Con(op, vec![l, r]),
                        span,
                    }
                }
                Tree::Neg(_, p) => build(*p),
            }
        }
        Ok(build(fixity::resolve(items)?))
    }
}

/// The position of the field `f` among the fields `names` of the constructor `c`, in a record
/// pattern or construction.
pub(super) fn field_position(c: &Ident, names: &[String], f: &Ident) -> DResult<usize> {
    names.iter().position(|n| *n == f.name).ok_or_else(|| {
        Diagnostic::new(
            ErrorKind::Scope,
            f.span,
            format!("constructor `{}` has no field `{}`", c.name, f.name),
        )
    })
}

/// The constructor of a tuple pattern of `n` items (`()` for none).
pub(super) fn tuple_con(n: usize, span: Span) -> Ident {
    let name = if n == 0 {
        "()".to_string()
    } else {
        dnrad_core::types::names::tuple_name(n)
    };
    Ident { name, span }
}

/// `[p1, p2]` as `p1 : (p2 : [])`.
pub(super) fn list_pattern(items: &[Pat], span: Span) -> Pat {
    items.iter().rev().fold(
        Pat {
            kind: PatKind::Con(
                Ident {
                    name: "[]".into(),
                    span,
                },
                vec![],
            ),
            span,
        },
        |acc, p| Pat {
            kind: PatKind::Con(
                Ident {
                    name: ":".into(),
                    span: p.span,
                },
                vec![p.clone(), acc],
            ),
            span,
        },
    )
}

pub(crate) fn literal(lit: &Literal, span: Span) -> UExpr {
    let l = match lit {
        Literal::Int(n) => ULit::Int(n.clone()),
        Literal::Frac(x) => ULit::Frac(*x),
        Literal::Char(c) => ULit::Char(*c),
        Literal::Str(s) => ULit::Str(s.clone()),
    };
    UExpr {
        kind: UKind::Lit(l),
        span,
    }
}
