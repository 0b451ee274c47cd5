//! Binding groups: dependency order, inference of implicitly typed groups with generalisation
//! (and the monomorphism restriction), checking of bindings against signatures, and the
//! elaboration of both to `TyLam`s and dictionary lambdas.

use super::deps::{binding_groups, is_recursive, needs_now};
use super::texpr::{BindTy, DictExpr, TBind, TExpr, TKind};
use super::ty::{self, Scheme, Ty};
use super::{Tc, TcResult, VarInfo, Wanted};
use crate::untyped::{BindKind, UBind, UExpr, UKind, USig};
use dnrad_core::{Diagnostic, Name, Span};

use std::collections::{HashMap, HashSet};

fn mk(kind: TKind, span: Span) -> TExpr {
    TExpr { kind, span }
}

/// The scheme a signature declares.
pub fn sig_scheme(sig: &USig) -> Scheme {
    // A signature's type has no quantifier: its variables are all free.
    let mut vars = sig.ty.variables();
    for p in &sig.context {
        p.ty.variables_into(&mut vars);
    }
    let env: HashMap<Name, Ty> = vars
        .iter()
        .enumerate()
        .map(|(i, v)| (v.clone(), Ty::Gen(i)))
        .collect();
    Scheme {
        preds: sig
            .context
            .iter()
            .map(|p| (p.class.clone(), ty::from_core(&p.ty, &env)))
            .collect(),
        ty: ty::from_core(&sig.ty, &env),
        vars,
    }
}

/// Replace skolems by the scheme variables they stand for.
fn abstract_skolems(t: &Ty, skolems: &[Ty]) -> Ty {
    let mut leaf = |t: &Ty| skolems.iter().position(|s| s == t).map(Ty::Gen);
    ty::rewrite(t, &mut leaf).unwrap_or_else(|| t.clone())
}

impl Tc {
    /// Core `/\vars. \(d1 : C1 t1) ... -> rhs` and its type.
    pub fn wrap_generalised(
        &self,
        vars: &[Name],
        params: &[(Name, Name, Ty)],
        rhs: TExpr,
        t: &Ty,
        span: Span,
    ) -> (TExpr, BindTy) {
        let mut e = rhs;
        let mut param_tys = Vec::new();
        for (d, class, pt) in params.iter().rev() {
            let dt = ty::apply(Ty::Con(class.clone()), [pt.clone()]);
            param_tys.insert(0, dt.clone());
            e = mk(TKind::Lam(d.clone(), dt, Box::new(e)), span);
        }
        if !vars.is_empty() {
            e = mk(TKind::TyLam(vars.to_vec(), Box::new(e)), span);
        }
        (
            e,
            BindTy {
                vars: vars.to_vec(),
                params: param_tys,
                ty: t.clone(),
            },
        )
    }

    /// Solve the wanted constraints collected since `outer` was saved; returns the deferred ones.
    fn solve_wanted(&mut self) -> TcResult<Vec<Wanted>> {
        let mut deferred = Vec::new();
        while let Some(w) = self.wanted.pop() {
            match self.entail(&w.class, &w.ty, w.span)? {
                Some(d) => self.dicts[w.id as usize] = Some(d),
                None => deferred.push(w),
            }
        }
        Ok(deferred)
    }

    /// Check a binding against a scheme: skolemise, bring its context into scope, infer, solve.
    /// Returns the elaborated right-hand side (with type and dictionary lambdas) and its type.
    pub fn check_against(
        &mut self,
        rhs: &UExpr,
        scheme: &Scheme,
        span: Span,
    ) -> TcResult<(TExpr, BindTy)> {
        let outer = std::mem::take(&mut self.wanted);
        let givens_len = self.givens.len();
        let names: Vec<Name> = scheme
            .vars
            .iter()
            .map(|v| self.fresh_name(v.as_str()))
            .collect();
        let skolems: Vec<Ty> = scheme
            .vars
            .iter()
            .zip(&names)
            .map(|(_, n)| self.subst.fresh_skolem(n.clone()))
            .collect();
        let t = ty::instantiate(&scheme.ty, &skolems);
        let mut params = Vec::new();
        for (class, pt) in &scheme.preds {
            let d = self.fresh_name("dict");
            let pt = ty::instantiate(pt, &skolems);
            self.givens
                .push((class.clone(), pt.clone(), DictExpr::Var(d.clone())));
            params.push((d, class.clone(), pt));
        }
        let result = (|| {
            let e = self.check_expr(rhs, &t, "")?;
            let deferred = self.solve_wanted()?;
            Ok((e, deferred))
        })();
        self.givens.truncate(givens_len);
        let (e, deferred) = match result {
            Ok(r) => r,
            Err(err) => {
                self.wanted = outer;
                return Err(err);
            }
        };
        self.wanted = outer;
        self.wanted.extend(deferred);
        Ok(self.wrap_generalised(&names, &params, e, &t, span))
    }

    /// Infer one dependency group of implicitly typed bindings (or check one signature binding).
    /// `join_result` is the type of the `let` whose bindings these are, when it is known: a join
    /// point's result (`BindKind::Join`, a pattern match's fallthrough, called in tail position
    /// of the `let`'s body) has that type, so its body is checked against it.
    fn infer_group(
        &mut self,
        binds: &[&UBind],
        top: bool,
        join_result: Option<&Ty>,
    ) -> TcResult<Vec<TBind>> {
        if let [b] = binds {
            if let Some(sig) = &b.sig {
                let scheme = sig_scheme(sig);
                let (rhs, ty) = self.check_against(&b.rhs, &scheme, b.span)?;
                return Ok(vec![TBind {
                    name: b.name.clone(),
                    ty,
                    rhs,
                    span: b.span,
                }]);
            }
        }
        let outer = std::mem::take(&mut self.wanted);
        let group = self.rec_groups.len() as u32;
        self.rec_groups.push((vec![], vec![]));
        // Everything made while the group is inferred is one level deeper than its
        // environment; what is still above that level afterwards is the group's own.
        let outer_level = self.subst.level();
        self.subst.enter_level();
        let metas: Vec<Ty> = binds.iter().map(|_| self.subst.fresh()).collect();
        let depth = self.locals.len();
        // While the group is inferred its members are monomorphic (their variables are at the
        // group's level, so a `let` inside it does not generalise over them).
        for (b, t) in binds.iter().zip(&metas) {
            let info = VarInfo::Mono(t.clone(), Some(group));
            if top {
                self.globals.insert(b.name.clone(), info);
            } else {
                self.locals.push(b.name.clone(), info);
            }
        }
        let inferred = (|| {
            let mut rhss = Vec::new();
            for (b, t) in binds.iter().zip(&metas) {
                if let (BindKind::Join, Some(result)) = (b.kind, join_result) {
                    let unit = ty::con("()");
                    self.expect(b.rhs.span, t, &ty::fun(unit, result.clone()), "")?;
                }
                rhss.push(self.check_expr(&b.rhs, t, "")?);
            }
            Ok(rhss)
        })();
        self.subst.leave_level();
        if !top {
            self.locals.truncate(depth);
        }
        let rhss = match inferred {
            Ok(r) => r,
            Err(e) => {
                self.wanted = outer;
                return Err(e);
            }
        };
        let deferred = self.solve_wanted()?;
        let mut group_metas = self.subst.free_metas(&metas);
        group_metas.retain(|&m| self.subst.meta_level(m) > outer_level);
        let restricted = binds.iter().any(|b| b.kind != BindKind::Function);
        // (A join point is never generalised: it stays monomorphic.)
        let join = binds.iter().any(|b| b.kind == BindKind::Join);
        let mut params: Vec<(Name, Name, Ty)> = Vec::new();
        let mut outward = Vec::new();
        let zonked: Vec<(Wanted, Vec<u32>)> = deferred
            .into_iter()
            .map(|w| {
                let ms = self.subst.free_metas([&w.ty]);
                (w, ms)
            })
            .collect();
        if restricted {
            let constrained: HashSet<u32> = zonked
                .iter()
                .flat_map(|(_, ms)| ms.iter().copied())
                .collect();
            // The monomorphism restriction: the constrained variables stay the environment's,
            // the others are generalised (`action = return []` of a `do` block's `xs <-
            // return []`: its list's element type is still free, its monad is not).
            group_metas.retain(|m| !join && !constrained.contains(m));
            outward.extend(zonked.into_iter().map(|(w, _)| w));
        } else {
            let generalised: HashSet<u32> = group_metas.iter().copied().collect();
            for (w, ms) in zonked {
                if !ms.is_empty() && ms.iter().all(|m| generalised.contains(m)) {
                    let t = self.subst.zonk(&w.ty);
                    let existing = params
                        .iter()
                        .find(|(_, c, pt)| *c == w.class && *pt == t)
                        .map(|(d, _, _)| d.clone());
                    let d = match existing {
                        Some(d) => d,
                        None => {
                            let d = self.fresh_name("dict");
                            params.push((d.clone(), w.class.clone(), t));
                            d
                        }
                    };
                    self.dicts[w.id as usize] = Some(DictExpr::Var(d));
                } else {
                    outward.push(w);
                }
            }
        }
        // Generalise: each quantified meta becomes a rigid variable named for core.
        let names: Vec<Name> = group_metas.iter().map(|_| self.fresh_name("t")).collect();
        let skolems: Vec<Ty> = names
            .iter()
            .map(|n| self.subst.fresh_skolem(n.clone()))
            .collect();
        for (m, s) in group_metas.iter().zip(&skolems) {
            self.subst.set(*m, s.clone());
        }
        let params: Vec<(Name, Name, Ty)> = params
            .into_iter()
            .map(|(d, c, t)| (d, c, self.subst.zonk(&t)))
            .collect();
        self.rec_groups[group as usize] = (
            skolems.clone(),
            params.iter().map(|(d, _, _)| d.clone()).collect(),
        );
        let mut out = Vec::new();
        for ((b, t), rhs) in binds.iter().zip(&metas).zip(rhss) {
            let zt = self.subst.zonk(t);
            let scheme = Scheme {
                vars: names.clone(),
                preds: params
                    .iter()
                    .map(|(_, c, pt)| (c.clone(), abstract_skolems(pt, &skolems)))
                    .collect(),
                ty: abstract_skolems(&zt, &skolems),
            };
            let (rhs, core_ty) = self.wrap_generalised(&names, &params, rhs, &zt, b.span);
            // What was not generalised stays in the environment.
            self.subst.lower_levels(&zt, outer_level);
            let info = if join {
                VarInfo::Mono(zt, None)
            } else {
                VarInfo::Poly(scheme)
            };
            if top {
                self.globals.insert(b.name.clone(), info);
            } else {
                self.locals.push(b.name.clone(), info);
            }
            out.push(TBind {
                name: b.name.clone(),
                ty: core_ty,
                rhs,
                span: b.span,
            });
        }
        for w in &outward {
            self.subst.lower_levels(&w.ty, outer_level);
        }
        self.wanted = outer;
        self.wanted.extend(outward);
        Ok(out)
    }

    /// `let` with any number of bindings in any order: types are inferred group by group, then
    /// the bindings are emitted as `let`/`letrec` in evaluation order. With an `expected` type,
    /// the body and the join points are checked against it.
    pub fn infer_let(
        &mut self,
        binds: &[UBind],
        body: &UExpr,
        span: Span,
        expected: Option<&Ty>,
    ) -> TcResult<(TExpr, Ty)> {
        let depth = self.locals.len();
        let result = (|| {
            for b in binds {
                if let Some(sig) = &b.sig {
                    self.locals
                        .push(b.name.clone(), VarInfo::Poly(sig_scheme(sig)));
                }
            }
            let mut typed: HashMap<Name, TBind> = HashMap::new();
            for comp in binding_groups(binds, false) {
                let members: Vec<&UBind> = comp.iter().map(|&i| &binds[i]).collect();
                for tb in self.infer_group(&members, false, expected)? {
                    typed.insert(tb.name.clone(), tb);
                }
            }
            let (b, bt) = match expected {
                Some(t) => (self.check_expr(body, t, "")?, t.clone()),
                None => self.infer(body)?,
            };
            Ok((typed, b, bt))
        })();
        self.locals.truncate(depth);
        let (mut typed, mut e, t) = result?;
        let point_free = point_free_in_cycles(binds, true);
        for comp in binding_groups(binds, true).into_iter().rev() {
            let members: Vec<&UBind> = comp.iter().map(|&i| &binds[i]).collect();
            let mut tbinds: Vec<TBind> = members
                .iter()
                .filter_map(|b| typed.remove(&b.name))
                .collect();
            e = if is_recursive(&members) {
                for (tb, b) in tbinds.iter_mut().zip(&members) {
                    self.recursive_member(tb, b)?;
                    if let Some(&arity) = point_free.get(&tb.name) {
                        self.eta_expand_under(tb, arity);
                    }
                }
                mk(TKind::LetRec(tbinds, Box::new(e)), span)
            } else {
                let Some(b) = tbinds.pop() else { continue };
                mk(TKind::Let(Box::new(b), Box::new(e)), span)
            };
        }
        Ok((e, t))
    }

    /// Make `e` (of type `t`, under its type lambdas) a lambda if it is not one and `t` is a
    /// function type: `\x -> e x`. Returns whether `e` is a lambda now.
    pub fn eta_expand(&mut self, e: &mut TExpr, t: &Ty) -> bool {
        let mut body = e;
        while let TKind::TyLam(_, ref mut inner) = body.kind {
            body = inner;
        }
        if matches!(body.kind, TKind::Lam(..)) {
            return true;
        }
        let Some(arg) = self.subst.zonk(t).as_fun().map(|(a, _)| a.clone()) else {
            return false;
        };
        let span = body.span;
        let x = self.fresh_name("eta");
        let var = TExpr::local(x.clone(), span);
        // `body` moves into the call; the placeholder left in its place is overwritten at once.
        let inner = std::mem::replace(body, mk(TKind::Lit(dnrad_core::expr::Lit::Int(0)), span));
        let call = mk(TKind::App(Box::new(inner), Box::new(var)), span);
        *body = mk(TKind::Lam(x, arg, Box::new(call)), span);
        true
    }

    /// `tb`'s body under its type and dictionary lambdas and `arity` parameters, eta-expanded
    /// if it is of a function type (`point_free_in_cycles`).
    fn eta_expand_under(&mut self, tb: &mut TBind, arity: usize) {
        let mut t = self.subst.zonk(&tb.ty.ty);
        for _ in 0..arity {
            let Some((_, result)) = t.as_fun().map(|(a, r)| (a.clone(), r.clone())) else {
                return;
            };
            t = result;
        }
        if let Some(body) = under_lambdas_of(&mut tb.rhs, tb.ty.params.len() + arity) {
            self.eta_expand(body, &t);
        }
    }

    /// A member of a local recursive group must be a function (core's `letrec` binds lambdas,
    /// as top-level functions are): a point-free binding of function type (`go = g . h` using
    /// `go`) is eta-expanded; a value that needs its own value never finishes under strict
    /// evaluation and is an error (at top level it is the runtime error `<<loop>>`).
    fn recursive_member(&mut self, tb: &mut TBind, b: &UBind) -> TcResult<()> {
        if self.eta_expand(&mut tb.rhs, &tb.ty.ty) {
            return Ok(());
        }
        Err(Diagnostic::new(
            dnrad_core::ErrorKind::Type,
            b.span,
            format!(
                "<<loop>>: `{}` depends on its own value: under strict evaluation a local value \
                 cannot be defined in terms of itself (only functions can)",
                b.source_name
            ),
        ))
    }

    /// All top-level bindings: signatures first, then groups in dependency order.
    pub fn top_level(&mut self, binds: &[UBind]) -> Vec<Diagnostic> {
        let mut errors = Vec::new();
        for b in binds {
            if let Some(sig) = &b.sig {
                self.globals
                    .insert(b.name.clone(), VarInfo::Poly(sig_scheme(sig)));
            }
        }
        let point_free = point_free_in_cycles(binds, false);
        for comp in binding_groups(binds, false) {
            let members: Vec<&UBind> = comp.iter().map(|&i| &binds[i]).collect();
            match self.infer_group(&members, true, None) {
                Ok(mut tbinds) => {
                    for tb in &mut tbinds {
                        if let Some(&arity) = point_free.get(&tb.name) {
                            self.eta_expand_under(tb, arity);
                        }
                    }
                    self.out.extend(tbinds)
                }
                Err(e) => {
                    errors.push(e);
                    // Keep going with a type that fits everywhere, to report independent errors.
                    for b in members {
                        let any = Scheme {
                            vars: vec![Name::new("a")],
                            preds: vec![],
                            ty: Ty::Gen(0),
                        };
                        self.globals.insert(b.name.clone(), VarInfo::Poly(any));
                    }
                }
            }
        }
        errors
    }
}

/// The members of `binds` whose body, under their parameters' lambdas (how many: the map's
/// value), needs a value of their own cycle of references: `depth = (+ 1) . maximum . map depth
/// . kids` at top level (evaluated once, as a top-level value is, it needs its own value:
/// `<<loop>>`), `size w = f . map (size w) . kids` anywhere (each call calls itself before it
/// returns). Of a function type, such a body is eta-expanded (`eta_expand_under`) and
/// evaluated at each call. `functions_only`: leave out the values without parameters (a local
/// group's, which `recursive_member` handles).
fn point_free_in_cycles(binds: &[UBind], functions_only: bool) -> HashMap<Name, usize> {
    let mut out = HashMap::new();
    for comp in binding_groups(binds, true) {
        let members: Vec<&UBind> = comp.iter().map(|&i| &binds[i]).collect();
        let names: HashSet<&Name> = members.iter().map(|b| &b.name).collect();
        if !is_recursive(&members) {
            continue;
        }
        for b in members {
            let (arity, body) = under_lambdas(&b.rhs);
            if (arity > 0 || !functions_only) && needs_now(body, &names) {
                out.insert(b.name.clone(), arity);
            }
        }
    }
    out
}

/// `e` under its type lambdas and `n` lambdas, if it has them.
fn under_lambdas_of(e: &mut TExpr, n: usize) -> Option<&mut TExpr> {
    let n = match &e.kind {
        TKind::TyLam(..) => n,
        TKind::Lam(..) if n > 0 => n - 1,
        _ => return (n == 0).then_some(e),
    };
    match &mut e.kind {
        TKind::TyLam(_, inner) | TKind::Lam(_, _, inner) => under_lambdas_of(inner, n),
        _ => None,
    }
}

/// How many lambdas `e` starts with, and what is under them.
fn under_lambdas(e: &UExpr) -> (usize, &UExpr) {
    let mut e = e;
    let mut n = 0;
    loop {
        match &e.kind {
            UKind::Lam(_, body) => {
                n += 1;
                e = body;
            }
            UKind::Annot(inner, _) => e = inner,
            _ => return (n, e),
        }
    }
}
