//! Binding groups (top level, `let`, `where`, class and instance bodies): grouping equations into
//! functions, pattern bindings, signatures, local fixities; and the shared machinery of clauses,
//! guards and `where` with fallthrough to the next clause.

use super::build;
use super::coverage::Group;
use super::delay;
use super::fixity::Fixity;
use super::pattern::Test;
use super::scope::scope_error;
use super::{DResult, Ds};
use crate::ast::{Decl, DeclKind, Expr, Ident, Pat, PatKind, Rhs, RhsBody, Stmt};
use crate::untyped::{BindKind, UBind, UExpr, UKind};
use dnrad_core::{Diagnostic, ErrorKind, Name, Span};
use std::collections::HashMap;

/// One equation of a function or alternative of a `case`: its patterns and right-hand side.
pub(crate) struct Clause<'a> {
    pub pats: &'a [Pat],
    pub rhs: &'a Rhs,
    /// Its left-hand side (`f (x:xs)`, or the alternative's pattern), where its warnings point.
    pub lhs: Span,
}

/// The value declarations of one group, before desugaring.
pub(crate) enum Binding<'a> {
    /// All equations of one function (consecutive in the source).
    Fun {
        name: &'a Ident,
        clauses: Vec<Clause<'a>>,
        span: Span,
    },
    Pat {
        pat: &'a Pat,
        rhs: &'a Rhs,
        span: Span,
    },
}

/// Signatures of a group by name, with the span of the name.
pub(crate) type Signatures<'a> = HashMap<String, (&'a crate::ast::SigType, Span)>;

/// Split a group's declarations into bindings, signatures and fixities; report duplicates.
pub(crate) fn group_decls(
    decls: &[Decl],
) -> DResult<(Vec<Binding<'_>>, Signatures<'_>, Vec<&Decl>)> {
    let mut bindings: Vec<Binding> = Vec::new();
    let mut sigs = HashMap::new();
    let mut fixities = Vec::new();
    let mut defined: HashMap<String, Span> = HashMap::new();
    for d in decls {
        match &d.kind {
            DeclKind::FunClause { name, args, rhs } => {
                let clause = Clause {
                    pats: args,
                    rhs,
                    lhs: args.iter().fold(name.span, |lhs, p| lhs.to(p.span)),
                };
                if let Some(Binding::Fun {
                    name: prev,
                    clauses,
                    span,
                }) = bindings.last_mut()
                {
                    if prev.name == name.name {
                        if clauses[0].pats.len() != args.len() {
                            return Err(Diagnostic::new(
                                ErrorKind::Parse,
                                d.span,
                                format!(
                                    "the equations of `{}` have different numbers of arguments",
                                    name.name
                                ),
                            ));
                        }
                        clauses.push(clause);
                        *span = span.to(d.span);
                        continue;
                    }
                }
                if let Some(first) = defined.insert(name.name.clone(), name.span) {
                    return Err(scope_error(
                        name.span,
                        format!("`{}` is defined more than once", name.name),
                    )
                    .with_label(first, "first defined here"));
                }
                bindings.push(Binding::Fun {
                    name,
                    clauses: vec![clause],
                    span: d.span,
                });
            }
            DeclKind::PatBind(pat, rhs) => {
                for v in pattern_vars(pat) {
                    if let Some(first) = defined.insert(v.name.clone(), v.span) {
                        return Err(scope_error(
                            v.span,
                            format!("`{}` is defined more than once", v.name),
                        )
                        .with_label(first, "first defined here"));
                    }
                }
                bindings.push(Binding::Pat {
                    pat,
                    rhs,
                    span: d.span,
                });
            }
            DeclKind::TypeSig(names, sig) => {
                for n in names {
                    if sigs.insert(n.name.clone(), (sig, n.span)).is_some() {
                        return Err(scope_error(
                            n.span,
                            format!("duplicate type signature for `{}`", n.name),
                        ));
                    }
                }
            }
            DeclKind::Fixity(..) => fixities.push(d),
            _ => {
                return Err(Diagnostic::new(
                    ErrorKind::Parse,
                    d.span,
                    "this declaration is only allowed at the top level",
                ))
            }
        }
    }
    for (name, (_, span)) in &sigs {
        if !defined.contains_key(name) {
            return Err(scope_error(
                *span,
                format!("the type signature for `{name}` lacks an accompanying binding"),
            ));
        }
    }
    Ok((bindings, sigs, fixities))
}

/// The variables a pattern binds, in order.
pub(crate) fn pattern_vars(p: &Pat) -> Vec<&Ident> {
    let mut out = Vec::new();
    let mut stack = vec![p];
    while let Some(p) = stack.pop() {
        match &p.kind {
            PatKind::Var(x) => out.push(x),
            PatKind::As(x, q) => {
                out.push(x);
                stack.push(q);
            }
            PatKind::NPlusK(x, _) => out.push(x),
            PatKind::Con(_, ps)
            | PatKind::Tuple(ps)
            | PatKind::List(ps)
            | PatKind::OpChain(ps, _) => stack.extend(ps.iter().rev()),
            PatKind::Record(_, fs) => stack.extend(fs.iter().rev().map(|(_, p)| p)),
            PatKind::Paren(q) | PatKind::Lazy(q) => stack.push(q),
            PatKind::Wild | PatKind::Lit(_) => {}
        }
    }
    out
}

impl Ds {
    /// Register local fixity declarations for names already bound in the innermost scope.
    pub fn local_fixities(&mut self, fixities: &[&Decl]) -> DResult<()> {
        for d in fixities {
            if let DeclKind::Fixity(assoc, prec, ops) = &d.kind {
                for op in ops {
                    let name = match self.resolve_value(op)? {
                        super::scope::ValueRef::Var(n) => n,
                        super::scope::ValueRef::Prim(_) => continue,
                    };
                    self.globals.fixities.insert(
                        name,
                        Fixity {
                            assoc: assoc.into(),
                            prec: *prec,
                        },
                    );
                }
            }
        }
        Ok(())
    }

    /// Desugar a local binding group (`let`/`where`): binds its names in a new scope, which the
    /// caller must pop after desugaring the body.
    pub fn local_group(&mut self, decls: &[Decl]) -> DResult<Vec<UBind>> {
        let (bindings, sigs, fixities) = group_decls(decls)?;
        self.push_scope();
        let mut names = Vec::new();
        let user = !self.privileged();
        for b in &bindings {
            let idents = match b {
                Binding::Fun { name, .. } => vec![*name],
                Binding::Pat { pat, .. } => pattern_vars(pat),
            };
            let mut ns = Vec::new();
            for v in idents {
                let n = self.bind_local(v)?;
                if user {
                    self.local_bindings.push((n.clone(), v.clone()));
                }
                ns.push(n);
            }
            names.push(ns);
        }
        self.local_fixities(&fixities)?;
        let mut out = Vec::new();
        for (b, ns) in bindings.iter().zip(names) {
            out.extend(self.binding(b, &ns, &sigs)?);
        }
        Ok(delay::recursive_values(out, &mut |base| self.fresh(base)))
    }

    /// Desugar one binding whose bound names are `names` (one for a function, one per variable
    /// of a pattern binding).
    pub fn binding(
        &mut self,
        b: &Binding,
        names: &[Name],
        sigs: &Signatures,
    ) -> DResult<Vec<UBind>> {
        let sig_of = |ds: &Ds, n: &str| sigs.get(n).map(|(s, _)| ds.convert_sig(s)).transpose();
        match b {
            Binding::Fun {
                name,
                clauses,
                span,
            } => {
                let rhs = self.function(name, clauses, *span)?;
                let kind = if clauses[0].pats.is_empty() {
                    BindKind::Value
                } else {
                    BindKind::Function
                };
                Ok(vec![UBind {
                    name: names[0].clone(),
                    source_name: name.name.clone(),
                    sig: sig_of(self, &name.name)?,
                    rhs,
                    kind,
                    span: *span,
                }])
            }
            Binding::Pat { pat, rhs, span } => {
                let whole = self.fresh("pat");
                let value = self.rhs(
                    rhs,
                    &build::fail("pattern binding: no guard matched".into(), *span),
                )?;
                let mut out = vec![UBind {
                    name: whole.clone(),
                    source_name: whole.to_string(),
                    sig: None,
                    rhs: value,
                    kind: BindKind::Value,
                    span: *span,
                }];
                for (v, n) in pattern_vars(pat).into_iter().zip(names) {
                    let fail = build::fail(
                        format!(
                            "Irrefutable pattern failed for pattern binding of `{}`",
                            v.name
                        ),
                        *span,
                    );
                    self.push_scope();
                    let tests: Vec<Test> = vec![(whole.clone(), (*pat).clone())];
                    let target = v.clone();
                    let sel = self.match_pats(&tests, &fail, &mut |ds| {
                        let super::scope::ValueRef::Var(x) = ds.resolve_value(&target)? else {
                            return Err(scope_error(
                                target.span,
                                "a pattern variable cannot be a primitive",
                            ));
                        };
                        Ok(build::var(&x, target.span))
                    });
                    self.pop_scope();
                    out.push(UBind {
                        name: n.clone(),
                        source_name: v.name.clone(),
                        sig: sig_of(self, &v.name)?,
                        rhs: sel?,
                        kind: BindKind::Value,
                        span: *span,
                    });
                }
                Ok(out)
            }
        }
    }

    /// A function from its equations: `\a1 .. an -> match clause 1, else clause 2, ...`.
    pub fn function(&mut self, name: &Ident, clauses: &[Clause], span: Span) -> DResult<UExpr> {
        let arity = clauses[0].pats.len();
        if arity == 0 {
            let fail = build::fail(format!("Non-exhaustive guards in `{}`", name.name), span);
            let (value, falls_through) = self.guarded_rhs(clauses[0].rhs, &fail)?;
            if falls_through {
                self.warn_guards_incomplete(&name.name, clauses[0].lhs);
            }
            return Ok(value);
        }
        let args: Vec<Name> = (0..arity).map(|_| self.fresh("a")).collect();
        let fail = build::fail(
            format!("Non-exhaustive patterns in function {}", name.name),
            span,
        );
        let body = self.clauses(&args, clauses, fail, Group::Equations(&name.name), span)?;
        Ok(args
            .iter()
            .rev()
            .fold(body, |acc, a| build::lam(a.clone(), acc, span)))
    }

    /// Match `scruts` against each clause's patterns in turn, falling through on failure. In a
    /// user module, the clauses' coverage is checked (`group` says what they are, for warnings).
    pub fn clauses(
        &mut self,
        scruts: &[Name],
        clauses: &[Clause],
        fail: UExpr,
        group: Group,
        span: Span,
    ) -> DResult<UExpr> {
        let mut next = fail;
        let mut lets: Vec<(Name, UExpr)> = Vec::new();
        let mut falls_through = vec![false; clauses.len()];
        for (clause, falls) in clauses.iter().zip(&mut falls_through).rev() {
            let fail_call = match &next.kind {
                UKind::Fail(_) => next.clone(),
                _ => {
                    let k = self.fresh("fail");
                    let u = self.fresh("u");
                    lets.push((k.clone(), build::lam(u, next.clone(), span)));
                    build::app(build::var(&k, span), build::con("()", span))
                }
            };
            let tests: Vec<Test> = scruts
                .iter()
                .cloned()
                .zip(clause.pats.iter().cloned())
                .collect();
            self.push_scope();
            let result = self.match_pats(&tests, &fail_call, &mut |ds| {
                let (value, guards_fail) = ds.guarded_rhs(clause.rhs, &fail_call)?;
                *falls = guards_fail;
                Ok(value)
            });
            self.pop_scope();
            next = result?;
        }
        if !self.privileged() {
            self.check_coverage(group, clauses, &falls_through);
        }
        // The fallthrough functions nest: each one refers only to those bound before it.
        Ok(lets.into_iter().rev().fold(next, |body, (k, f)| {
            let_one(k, f, body, span, BindKind::Join)
        }))
    }

    /// A right-hand side: `where` bindings around guards; all guards failing gives `fail`.
    pub fn rhs(&mut self, rhs: &Rhs, fail: &UExpr) -> DResult<UExpr> {
        Ok(self.guarded_rhs(rhs, fail)?.0)
    }

    /// `rhs`, and whether it can fall through to `fail`: it has guards and none of them is
    /// always true (`otherwise`, `True`).
    pub fn guarded_rhs(&mut self, rhs: &Rhs, fail: &UExpr) -> DResult<(UExpr, bool)> {
        let binds = if rhs.wheres.is_empty() {
            None
        } else {
            Some(self.local_group(&rhs.wheres)?)
        };
        let mut falls_through = false;
        let body = match &rhs.body {
            RhsBody::Plain(e) => self.expr(e),
            RhsBody::Guarded(guards) => {
                falls_through = true;
                let mut acc = Ok(fail.clone());
                for (quals, e, span) in guards.iter().rev() {
                    acc = (|| {
                        let rest = acc?;
                        if let [Stmt::Expr(g)] = quals.as_slice() {
                            let g = self.expr(g)?;
                            falls_through &= !self.always_true(&g);
                            let e = self.expr(e)?;
                            return Ok(build::if_then_else(g, e, rest, *span));
                        }
                        // Each qualifier that fails goes on to the next guard: a join point.
                        let (k, unit) = (self.fresh("guard"), self.fresh("_"));
                        let next = build::app(build::var(&k, *span), build::con("()", *span));
                        self.push_scope();
                        let chain = self.qualifiers(quals, e, &next, *span);
                        self.pop_scope();
                        let rest = build::lam(unit, rest, *span);
                        Ok(let_one(k, rest, chain?, *span, BindKind::Join))
                    })();
                }
                acc
            }
        };
        if let Some(binds) = binds {
            self.pop_scope();
            return Ok((
                UExpr {
                    kind: UKind::Let(binds, Box::new(body?)),
                    span: rhs.span,
                },
                falls_through,
            ));
        }
        Ok((body?, falls_through))
    }
}

impl Ds {
    /// A guard's qualifiers, then `body`; a condition that is false or a pattern that does not
    /// match gives `fail`. A pattern's and a `let`'s variables are in scope after them.
    fn qualifiers(
        &mut self,
        quals: &[Stmt],
        body: &Expr,
        fail: &UExpr,
        span: Span,
    ) -> DResult<UExpr> {
        let Some((first, rest)) = quals.split_first() else {
            return self.expr(body);
        };
        match first {
            Stmt::Expr(g) => {
                let g = self.expr(g)?;
                let then = self.qualifiers(rest, body, fail, span)?;
                Ok(build::if_then_else(g, then, fail.clone(), span))
            }
            Stmt::Let(decls) => {
                let binds = self.local_group(decls)?;
                let inner = self.qualifiers(rest, body, fail, span);
                self.pop_scope();
                Ok(UExpr {
                    kind: UKind::Let(binds, Box::new(inner?)),
                    span,
                })
            }
            Stmt::Bind(p, source) => {
                let source = self.expr(source)?;
                let x = self.fresh("x");
                let test = [(x.clone(), p.clone())];
                let matched =
                    self.match_pats(&test, fail, &mut |ds| ds.qualifiers(rest, body, fail, span))?;
                Ok(let_value(x, source, matched, span))
            }
        }
    }
}

pub(crate) fn let1(name: Name, rhs: UExpr, body: UExpr, span: Span) -> UExpr {
    let_one(name, rhs, body, span, BindKind::Function)
}

/// `let name = rhs in body` under the monomorphism restriction: `name` is never a function of
/// dictionaries, so `rhs` is evaluated where the `let` is. For generated values such as a `case`
/// scrutinee: generalising `case reads s of ...` over its `Read a` would make each
/// alternative's use of it ambiguous.
pub(crate) fn let_value(name: Name, rhs: UExpr, body: UExpr, span: Span) -> UExpr {
    let_one(name, rhs, body, span, BindKind::Value)
}

fn let_one(name: Name, rhs: UExpr, body: UExpr, span: Span, kind: BindKind) -> UExpr {
    let source_name = name.to_string();
    build::let_of_kind(name, &source_name, rhs, body, span, kind)
}
