//! Inference for expressions: variables (instantiation with dictionary placeholders), literals,
//! applications (saturating constructors and primitives), lambdas, `let`, `case`, annotations.

use super::texpr::{BindTy, DictExpr, TAlt, TBind, TExpr, TKind};
use super::ty::{self, instantiate, Printer, Scheme, Ty, UnifyError};
use super::{type_error, ConSig, Tc, TcResult, VarInfo, Wanted};
use crate::untyped::{UExpr, UKind, ULit};
use dnrad_core::expr::Lit;
use dnrad_core::{Name, PrimOp, Span};
use std::collections::HashMap;

fn mk(kind: TKind, span: Span) -> TExpr {
    TExpr { kind, span }
}

impl Tc {
    /// Unify `actual` with `expected`, reporting a mismatch at `span`.
    pub fn expect(&mut self, span: Span, expected: &Ty, actual: &Ty, what: &str) -> TcResult<()> {
        match self.subst.unify(expected, actual) {
            Ok(()) => Ok(()),
            Err(UnifyError::Mismatch) => {
                let mut p = Printer::default();
                let (e, a) = (
                    p.print(&self.subst.zonk(expected)),
                    p.print(&self.subst.zonk(actual)),
                );
                Err(type_error(
                    span,
                    format!("couldn't match expected type `{e}` with actual type `{a}`{what}"),
                ))
            }
            Err(UnifyError::Occurs(m, t)) => {
                let mut p = Printer::default();
                let (v, t) = (p.print(&Ty::Meta(m)), p.print(&t));
                Err(type_error(
                    span,
                    format!("occurs check: cannot construct the infinite type `{v} ~ {t}`{what}"),
                ))
            }
        }
    }

    /// Instantiate a scheme: fresh metas for its variables, a placeholder for each predicate.
    pub fn instantiate_scheme(&mut self, s: &Scheme, span: Span) -> (Vec<Ty>, Vec<DictExpr>, Ty) {
        let metas: Vec<Ty> = s.vars.iter().map(|_| self.subst.fresh()).collect();
        let dicts = s
            .preds
            .iter()
            .map(|(c, t)| {
                let id = self.new_dict();
                self.wanted.push(Wanted {
                    id,
                    class: c.clone(),
                    ty: instantiate(t, &metas),
                    span,
                });
                DictExpr::Hole(id)
            })
            .collect();
        let t = instantiate(&s.ty, &metas);
        (metas, dicts, t)
    }

    pub fn infer_var(&mut self, name: &Name, span: Span) -> TcResult<(TExpr, Ty)> {
        match self.lookup(name).cloned() {
            Some(VarInfo::Poly(s)) => {
                let (tys, dicts, t) = self.instantiate_scheme(&s, span);
                if span.is_user() && dnrad_core::dual::DIFFERENTIATING.contains(&name.as_str()) {
                    self.ad_uses.push((span, name.clone(), tys.clone()));
                }
                Ok((
                    mk(
                        TKind::Var {
                            name: name.clone(),
                            tys,
                            dicts,
                            rec: None,
                        },
                        span,
                    ),
                    t,
                ))
            }
            Some(VarInfo::Mono(t, rec)) => Ok((
                mk(
                    TKind::Var {
                        name: name.clone(),
                        tys: vec![],
                        dicts: vec![],
                        rec,
                    },
                    span,
                ),
                t,
            )),
            None => Err(type_error(
                span,
                format!("internal error: `{name}` has no type"),
            )),
        }
    }

    pub fn infer(&mut self, e: &UExpr) -> TcResult<(TExpr, Ty)> {
        let span = e.span;
        match &e.kind {
            UKind::Var(n) => self.infer_var(n, span),
            UKind::Con(_) | UKind::Prim(_) | UKind::App(..) => self.infer_app(e),
            UKind::Lit(l) => Ok(self.infer_lit(l, span)),
            UKind::Lam(x, body) => {
                let a = self.subst.fresh();
                self.locals.push(x.clone(), VarInfo::Mono(a.clone(), None));
                let r = self.infer(body);
                self.locals.pop();
                let (b, bt) = r?;
                Ok((
                    mk(TKind::Lam(x.clone(), a.clone(), Box::new(b)), span),
                    ty::fun(a, bt),
                ))
            }
            UKind::Let(binds, body) => self.infer_let(binds, body, span, None),
            UKind::Case(scrut, alts, default) => {
                self.infer_case(scrut, alts, default.as_deref(), span, None)
            }
            UKind::Annot(inner, sig) => self.infer_annot(inner, sig, span),
            UKind::Fail(msg) => {
                let t = self.subst.fresh();
                let lit = mk(TKind::Lit(Lit::Str(msg.clone())), span);
                Ok((
                    mk(TKind::Prim(PrimOp::Error, vec![t.clone()], vec![lit]), span),
                    t,
                ))
            }
        }
    }

    fn infer_lit(&mut self, l: &ULit, span: Span) -> (TExpr, Ty) {
        match l {
            ULit::Char(c) => (mk(TKind::Lit(Lit::Char(*c)), span), ty::con("Char")),
            ULit::Str(s) => (
                mk(TKind::Lit(Lit::Str(s.clone())), span),
                ty::list(ty::con("Char")),
            ),
            ULit::Int(n) => {
                let t = self.subst.fresh();
                let id = self.new_dict();
                self.wanted.push(Wanted {
                    id,
                    class: Name::new("Num"),
                    ty: t.clone(),
                    span,
                });
                (mk(TKind::IntLit(n.clone(), t.clone(), id), span), t)
            }
            ULit::Frac(x) => {
                let t = self.subst.fresh();
                let id = self.new_dict();
                self.wanted.push(Wanted {
                    id,
                    class: Name::new("Fractional"),
                    ty: t.clone(),
                    span,
                });
                (mk(TKind::FracLit(*x, t.clone(), id), span), t)
            }
        }
    }

    /// Application spines; constructors and primitives are applied saturated (eta-expanding
    /// partial applications). Each argument is checked against its parameter's type; a type
    /// the whole application must have is compared afterwards (by the caller), as GHC does:
    /// the arguments' own types are facts, the expected result a demand.
    fn infer_app(&mut self, e: &UExpr) -> TcResult<(TExpr, Ty)> {
        let mut args = Vec::new();
        let mut head = e;
        while let UKind::App(f, a) = &head.kind {
            args.push(a.as_ref());
            head = f;
        }
        args.reverse();
        let total = args.len();
        let span = head.span;
        let (mut f, mut ft, rest) = match &head.kind {
            UKind::Con(c) => {
                let Some(sig) = self.cons.get(c).cloned() else {
                    return Err(type_error(
                        span,
                        format!("internal error: unknown constructor `{c}`"),
                    ));
                };
                let s = self.con_scheme(&sig);
                let (tys, _, _) = self.instantiate_scheme(&s, span);
                let fields: Vec<Ty> = sig.fields.iter().map(|f| instantiate(f, &tys)).collect();
                let result = ty::apply(Ty::Con(sig.data.clone()), tys.clone());
                let (e, t) = self.saturate(
                    (&fields, result),
                    &args,
                    (span, &format!("`{}`", c.unqualified())),
                    |xs| TKind::Con(c.clone(), tys.clone(), xs),
                )?;
                (e, t, args.split_off(fields.len().min(args.len())))
            }
            UKind::Var(n) if args.len() >= 2 && self.is_strict_application(n) => {
                let (e, t) = self.infer_strict_application(n, args[0], args[1], e.span)?;
                (e, t, args.split_off(2))
            }
            UKind::Prim(p) => {
                let pt = p.ty();
                let (vars, body) = match &pt {
                    dnrad_core::Type::Forall(vs, b) => (vs.clone(), b.as_ref().clone()),
                    other => (vec![], other.clone()),
                };
                let tys: Vec<Ty> = vars.iter().map(|_| self.subst.fresh()).collect();
                let env: HashMap<Name, Ty> =
                    vars.iter().cloned().zip(tys.iter().cloned()).collect();
                let mut t = ty::from_core(&body, &env);
                let mut params = Vec::new();
                for _ in 0..p.arity() {
                    let Some((a, r)) = t.as_fun().map(|(a, r)| (a.clone(), r.clone())) else {
                        break;
                    };
                    params.push(a);
                    t = r;
                }
                let op = *p;
                let (e, t) = self.saturate((&params, t), &args, (span, "a primitive"), |xs| {
                    TKind::Prim(op, tys.clone(), xs)
                })?;
                (e, t, args.split_off(params.len().min(args.len())))
            }
            _ => {
                let (f, t) = self.infer(head)?;
                (f, t, args)
            }
        };
        // The parameters of the remaining arguments, peeled off the function's type.
        let head_ty = ft.clone();
        let offset = total - rest.len();
        let mut params = Vec::with_capacity(rest.len());
        for (i, a) in rest.iter().enumerate() {
            let (param, r) = (self.subst.fresh(), self.subst.fresh());
            if self
                .subst
                .unify(&ft, &ty::fun(param.clone(), r.clone()))
                .is_err()
            {
                let takes = offset + i;
                return Err(self.too_many_arguments(head, &head_ty, (total, takes), a.span));
            }
            params.push(param);
            ft = r;
        }
        for (i, (a, param)) in rest.iter().zip(&params).enumerate() {
            let context = argument_context(head, offset + i);
            let ae = self
                .check_expr(a, param, &context)
                .map_err(|error| differentiation_hint(head, error))?;
            let span = f.span.to(ae.span);
            f = mk(TKind::App(Box::new(f), Box::new(ae)), span);
        }
        Ok((f, ft))
    }

    /// The error of an application of `head` (of type `head_ty` if it is not a constructor
    /// or primitive, whose type was used up by their own arguments) to `given` arguments where
    /// it `takes` fewer, at the first argument too many.
    fn too_many_arguments(
        &self,
        head: &UExpr,
        head_ty: &Ty,
        (given, takes): (usize, usize),
        extra: Span,
    ) -> super::Diagnostic {
        let name = match &head.kind {
            UKind::Var(n) | UKind::Con(n) if !n.as_str().contains('#') => {
                format!("`{}`", n.unqualified())
            }
            _ => "this function".to_string(),
        };
        let arguments = |n: usize| match n {
            1 => "1 argument".to_string(),
            n => format!("{n} arguments"),
        };
        let takes_text = if matches!(head.kind, UKind::Var(_)) || takes == 0 {
            let mut p = Printer::default();
            let t = p.print(&self.subst.zonk(head_ty));
            format!("its type `{t}` takes {}", arguments(takes))
        } else {
            format!("it takes {}", arguments(takes))
        };
        type_error(
            extra,
            format!(
                "{name} is applied to {}, but {takes_text}",
                arguments(given)
            ),
        )
        .with_label(head.span, format!("{name} is applied here"))
    }

    /// Build a saturated constructor/primitive application from the first `params.len()`
    /// arguments, eta-expanding over the missing ones.
    /// `head` names the constructor or primitive in messages.
    fn saturate(
        &mut self,
        (params, result): (&[Ty], Ty),
        args: &[&UExpr],
        (span, head): (Span, &str),
        build: impl FnOnce(Vec<TExpr>) -> TKind,
    ) -> TcResult<(TExpr, Ty)> {
        let mut xs = Vec::new();
        for (i, (p, a)) in params.iter().zip(args).enumerate() {
            let context = format!(", in the {} argument of {head}", ordinal(i));
            xs.push(self.check_expr(a, p, &context)?);
        }
        let missing: Vec<(Name, Ty)> = params[xs.len()..]
            .iter()
            .map(|p| (self.fresh_name("eta"), p.clone()))
            .collect();
        for (n, _) in &missing {
            xs.push(TExpr::local(n.clone(), span));
        }
        let full_span = args
            .iter()
            .take(params.len())
            .fold(span, |s, a| s.to(a.span));
        let mut e = mk(build(xs), full_span);
        let mut t = result;
        for (n, p) in missing.into_iter().rev() {
            t = ty::fun(p.clone(), t);
            e = mk(TKind::Lam(n, p, Box::new(e)), span);
        }
        Ok((e, t))
    }

    /// A `case`; each alternative is checked against the `expected` type, or against the
    /// first one's.
    pub(super) fn infer_case(
        &mut self,
        scrut: &UExpr,
        alts: &[crate::untyped::UAlt],
        default: Option<&UExpr>,
        span: Span,
        expected: Option<&Ty>,
    ) -> TcResult<(TExpr, Ty)> {
        let (s, st) = self.infer(scrut)?;
        let result = expected.cloned().unwrap_or_else(|| self.subst.fresh());
        let mut talts = Vec::new();
        for alt in alts {
            let Some(sig) = self.cons.get(&alt.con).cloned() else {
                return Err(type_error(
                    span,
                    format!("internal error: unknown constructor `{}`", alt.con),
                ));
            };
            let ConSig {
                data,
                nparams,
                fields,
            } = sig;
            if fields.len() != alt.binders.len() {
                return Err(type_error(
                    span,
                    format!(
                        "the constructor `{}` should have {} arguments, but has been given {}",
                        alt.con,
                        fields.len(),
                        alt.binders.len()
                    ),
                ));
            }
            let tys: Vec<Ty> = (0..nparams).map(|_| self.subst.fresh()).collect();
            let data_ty = ty::apply(Ty::Con(data), tys.clone());
            self.expect(scrut.span, &data_ty, &st, "")?;
            let binders: Vec<(Name, Ty)> = alt
                .binders
                .iter()
                .cloned()
                .zip(fields.iter().map(|f| instantiate(f, &tys)))
                .collect();
            let depth = self.locals.len();
            for (n, t) in &binders {
                self.locals.push(n.clone(), VarInfo::Mono(t.clone(), None));
            }
            let r = self.check_expr(&alt.rhs, &result, "");
            self.locals.truncate(depth);
            let rhs = r?;
            talts.push(TAlt {
                con: alt.con.clone(),
                binders,
                rhs,
            });
        }
        let d = match default {
            Some(d) => Some(Box::new(self.check_expr(d, &result, "")?)),
            None => None,
        };
        Ok((mk(TKind::Case(Box::new(s), talts, d), span), result))
    }

    /// `e :: sig` is elaborated as `let tmp :: sig = e in tmp`.
    /// `seq` and `$!` applied to (at least) two arguments.
    fn is_strict_application(&self, f: &Name) -> bool {
        *f == self.known("seq") || *f == self.known("$!")
    }

    /// `a `seq` b` is `let _ = a in b` and `f $! x` is `let v = x in f v`: core's `let` is
    /// strict, so the first argument is evaluated first and the call stays in tail position (as
    /// an argument of the Prelude function it would not be: `go acc n = acc `seq` go …` would
    /// use a frame per step).
    fn infer_strict_application(
        &mut self,
        f: &Name,
        first: &UExpr,
        second: &UExpr,
        span: Span,
    ) -> TcResult<(TExpr, Ty)> {
        let x = self.fresh_name("strict");
        let (rhs, ty, body, t) = if *f == self.known("seq") {
            let (a, at) = self.infer(first)?;
            let (b, bt) = self.infer(second)?;
            (a, at, b, bt)
        } else {
            let (g, gt) = self.infer(first)?;
            let (arg, result) = (self.subst.fresh(), self.subst.fresh());
            self.expect(first.span, &ty::fun(arg.clone(), result.clone()), &gt, "")?;
            let (a, at) = self.infer(second)?;
            self.expect(second.span, &arg, &at, "")?;
            let var = TExpr::local(x.clone(), second.span);
            let call = mk(TKind::App(Box::new(g), Box::new(var)), span);
            (a, arg, call, result)
        };
        let bind = TBind {
            name: x,
            ty: BindTy {
                vars: vec![],
                params: vec![],
                ty,
            },
            rhs,
            span: first.span,
        };
        Ok((mk(TKind::Let(Box::new(bind), Box::new(body)), span), t))
    }

    /// `(e :: t)`. A monomorphic annotation checks `e` in place, so a call in tail position
    /// stays one; a polymorphic one binds `e` with the signature and uses it at once.
    fn infer_annot(
        &mut self,
        inner: &UExpr,
        sig: &crate::untyped::USig,
        span: Span,
    ) -> TcResult<(TExpr, Ty)> {
        let scheme = super::binds::sig_scheme(sig);
        if scheme.vars.is_empty() && scheme.preds.is_empty() {
            let (e, t) = self.infer(inner)?;
            self.expect(inner.span, &scheme.ty, &t, "")?;
            return Ok((e, t));
        }
        let tmp = self.fresh_name("annot");
        let bind = crate::untyped::UBind {
            name: tmp.clone(),
            source_name: "annotation".into(),
            sig: Some(sig.clone()),
            rhs: inner.clone(),
            kind: crate::untyped::BindKind::Function,
            span,
        };
        let body = UExpr {
            kind: UKind::Var(tmp),
            span,
        };
        self.infer_let(std::slice::from_ref(&bind), &body, span, None)
    }
}

/// A mismatch in an argument of `grad`, `vjp` or `jvp` says what they differentiate.
fn differentiation_hint(head: &UExpr, error: super::Diagnostic) -> super::Diagnostic {
    let UKind::Var(n) = &head.kind else {
        return error;
    };
    let note = match n.as_str() {
        "grad" => {
            "`grad f x` differentiates a function `f` whose result is a `Double` at `x`, \
                   which holds Doubles (a number, or tuples, lists, arrays or data types of them)"
        }
        "vjp" | "jvp" => {
            "`vjp` and `jvp` differentiate functions from and to types that hold \
                          Doubles (a number, or tuples, lists, arrays or data types of them)"
        }
        _ => return error,
    };
    error.with_note(note)
}

/// "first", "second", … for the `i`th argument (from 0).
fn ordinal(i: usize) -> String {
    const WORDS: [&str; 6] = ["first", "second", "third", "fourth", "fifth", "sixth"];
    WORDS
        .get(i)
        .map_or_else(|| format!("argument {}", i + 1), |w| w.to_string())
}

/// How a message names argument `i` of an application of `head`: `, in the second argument of
/// `/``, for a named function (not one the compiler made up).
fn argument_context(head: &UExpr, i: usize) -> String {
    match &head.kind {
        UKind::Var(n) if !n.as_str().contains('#') => {
            format!(", in the {} argument of `{}`", ordinal(i), n.unqualified())
        }
        _ => String::new(),
    }
}
