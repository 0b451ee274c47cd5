//! The term map `D[-]` of one world (Fig. 6 of the paper; with §4's ID-generation monad when the
//! world threads IDs): a primal term of type τ becomes a term of type `D[τ]` or, threading IDs, a
//! computation of type `(D[τ], Int)` given the current ID variable. Evaluation order is kept, so
//! IDs grow in evaluation order. Scalar operations are native primitives over dual numbers of
//! any level (`primNumUn`, `primNumBinId`, ...) or, in the modes whose dual numbers are Prelude
//! code, calls of the world's helpers (`stagedBin`, ...) with partial derivatives computed inline.
//! It translates terms only; it decides nothing about which lambdas get twins.

use crate::build::B;
use dnrad_core::derivative::{self, Class};
use dnrad_core::dual::World;
use dnrad_core::expr::{Alt, Bind, Expr, ExprKind, Lit};
use dnrad_core::lint::{same_type, Typer};
use dnrad_core::{Diagnostic, ErrorKind, Name, PrimOp, Span, Type};
use std::collections::{HashMap, HashSet};

/// A translated term: a value (`comp == false`) or an ID-threading computation.
pub struct M {
    pub e: Expr,
    pub comp: bool,
    /// The primal type.
    pub ty: Type,
}

/// A computation whose result has been named: `case c of (x, j) -> ...` still to be wrapped
/// around the rest.
struct Pending {
    c: Expr,
    x: Name,
    ty: Type,
    j: Name,
    span: Span,
}

pub struct WorldView {
    pub world: World,
    pub helpers: &'static Helpers,
}

/// The Prelude functions that a world's differentiated code calls by name.
pub struct Helpers {
    /// `Double -> D[Double]`: a constant of the world.
    pub constant: &'static str,
    /// The derivative part of the world's constants, which lifting into the world gives.
    pub zero: &'static str,
    /// Functions of two dual numbers and the ID counter doing what `primNumBinId` of `+`, `-`
    /// and `*` does, in one primitive each (the reverse world).
    pub fused: Option<[&'static str; 3]>,
}

pub const REVERSE_HELPERS: Helpers = Helpers {
    constant: "arrayConst",
    zero: "arrayZero",
    fused: Some(["arrayAdd", "arraySub", "arrayMul"]),
};

pub const FORWARD_HELPERS: Helpers = Helpers {
    constant: "fwdConst",
    zero: "fwdZero",
    fused: None,
};

/// The fused helper of `p` among `fused`, if it has one.
fn fused_helper(fused: &[&'static str; 3], p: PrimOp) -> Option<&'static str> {
    match p {
        PrimOp::DoubleAdd => Some(fused[0]),
        PrimOp::DoubleSub => Some(fused[1]),
        PrimOp::DoubleMul => Some(fused[2]),
        _ => None,
    }
}

pub struct Translator<'p> {
    pub typer: Typer<'p>,
    pub con_data: HashMap<Name, Name>,
    /// The number of lambdas each global is bound to directly (`g = \x -> \y -> e`: 2).
    pub arities: HashMap<Name, usize>,
    /// A global to translate as another global (a function that differentiates, as its
    /// differentiated version) instead of its version in the world.
    pub nested_call: Option<(Name, Name)>,
    /// The globals generalised over Double, with their copies (`parametric`), which the typer
    /// knows as the outermost locals.
    generalised: HashMap<Name, Name>,
    /// The globals whose code may reach the AD machinery (`parametric::machinery`).
    machinery: HashSet<Name>,
    fresh: u32,
}

pub type TResult<T> = Result<T, Diagnostic>;

/// What differentiated code that reaches the AD machinery itself says: a nested `grad`, `vjp` or
/// `jvp` that the selected mode cannot differentiate.
pub const NESTED_UNSUPPORTED: &str = "nested differentiation: this AD mode cannot differentiate a \
     function that itself calls grad, vjp or jvp (the array mode, the default, can)";

/// The head of the application `e` and its arguments in order: `h a1 .. an`.
fn spine(e: &Expr) -> (&Expr, Vec<&Expr>) {
    let mut args = Vec::new();
    let mut head = e;
    while let ExprKind::App(f, a) = &head.kind {
        args.push(&**a);
        head = f;
    }
    args.reverse();
    (head, args)
}

fn internal(span: Span, msg: String) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::Type,
        span,
        format!("internal error in differentiation: {msg}"),
    )
}

impl WorldView {
    fn constant(&self, b: B, x: Expr) -> Expr {
        b.app(b.global(self.helpers.constant), x)
    }
    /// A value paired with the current ID, when the world threads IDs.
    fn comp(&self, m: M, i: &Name) -> Expr {
        if m.comp || !self.world.threads_ids {
            return m.e;
        }
        let b = B { span: m.e.span };
        b.pair(m.e, self.world.ty(&m.ty), b.var(i), Type::int())
    }
}

impl<'p> Translator<'p> {
    pub fn new(
        typer: Typer<'p>,
        con_data: HashMap<Name, Name>,
        arities: HashMap<Name, usize>,
        generalised: &[(Name, Bind)],
        machinery: HashSet<Name>,
    ) -> Translator<'p> {
        let mut typer = typer;
        for (_, copy) in generalised {
            typer.push(copy.name.clone(), copy.ty.clone());
        }
        Translator {
            typer,
            con_data,
            arities,
            nested_call: None,
            generalised: generalised
                .iter()
                .map(|(g, copy)| (g.clone(), copy.name.clone()))
                .collect(),
            machinery,
            fresh: 0,
        }
    }

    pub fn fresh(&mut self, base: &str) -> Name {
        self.fresh += 1;
        Name::from(format!("{base}#ad{}", self.fresh))
    }

    /// Name the value of `m`: a value is used as it is, a computation is bound by a pending
    /// `case`; returns the value and the ID variable after it.
    fn open(&mut self, m: M, i: &Name, pending: &mut Vec<Pending>) -> (Expr, Name) {
        if !m.comp {
            return (m.e, i.clone());
        }
        let x = self.fresh("v");
        let j = self.fresh("i");
        let span = m.e.span;
        pending.push(Pending {
            c: m.e,
            x: x.clone(),
            ty: m.ty,
            j: j.clone(),
            span,
        });
        (B { span }.var(&x), j)
    }

    /// Translate `args` left to right, naming their values; returns the values and the ID
    /// variable after the last.
    fn arguments(
        &mut self,
        w: &WorldView,
        args: &[Expr],
        i: &Name,
        pending: &mut Vec<Pending>,
    ) -> TResult<(Vec<Expr>, Name)> {
        let mut cur = i.clone();
        let mut vals = Vec::new();
        for a in args {
            let ma = self.d(w, a, &cur)?;
            let (v, next) = self.open(ma, &cur, pending);
            vals.push(v);
            cur = next;
        }
        Ok((vals, cur))
    }

    /// Wrap the pending bindings around the result `m`, whose ID variable is `i`.
    fn finish(&self, w: &WorldView, m: M, i: &Name, pending: Vec<Pending>) -> M {
        if pending.is_empty() {
            return m;
        }
        let ty = m.ty.clone();
        let mut e = w.comp(m, i);
        for p in pending.into_iter().rev() {
            let b = B { span: p.span };
            e = b.unpair(p.c, (&p.x, w.world.ty(&p.ty)), (&p.j, Type::int()), e);
        }
        M { e, comp: true, ty }
    }

    fn con_name(&self, w: &WorldView, c: &Name) -> Name {
        match self.con_data.get(c) {
            Some(data) => w.world.con(data, c),
            None => c.clone(),
        }
    }

    /// `D[e]` with current ID variable `i`.
    pub fn d(&mut self, w: &WorldView, e: &Expr, i: &Name) -> TResult<M> {
        let b = B { span: e.span };
        let pure = |e: Expr, ty: Type| M { e, comp: false, ty };
        Ok(match &e.kind {
            ExprKind::Var(n) => {
                let ty = self
                    .typer
                    .lookup(n)
                    .ok_or_else(|| internal(e.span, format!("unbound variable `{n}`")))?;
                if self.typer.is_local(n) {
                    pure(b.var(n), ty)
                } else if let Some((_, to)) = self.nested_call.as_ref().filter(|(g, _)| g == n) {
                    pure(b.var(to), ty)
                } else {
                    pure(b.var(&w.world.name(n)), ty)
                }
            }
            ExprKind::Lit(Lit::Double(_)) => pure(w.constant(b, e.clone()), Type::double()),
            ExprKind::Lit(l) => pure(e.clone(), l.ty()),
            ExprKind::Lam(x, t, body) => {
                let depth = self.typer.depth();
                self.typer.push(x.clone(), t.clone());
                let j = self.fresh("i");
                let mb = self.d(w, body, &j);
                self.typer.truncate(depth);
                let mb = mb?;
                let ty = Type::fun(t.clone(), mb.ty.clone());
                let body = if w.world.threads_ids {
                    b.lam(&j, Type::int(), w.comp(mb, &j))
                } else {
                    mb.e
                };
                pure(b.lam(x, w.world.ty(t), body), ty)
            }
            ExprKind::App(f, a) => {
                if let Some(m) = self.parametric_call(w, e, i)? {
                    return Ok(m);
                }
                let known = w.world.threads_ids.then(|| self.known_call(e)).flatten();
                if let Some((head, args)) = known {
                    return self.known_call_d(w, b, head, &args, i);
                }
                let mut pending = Vec::new();
                let mf = self.d(w, f, i)?;
                let Type::Fun(_, rty) = mf.ty.clone() else {
                    return Err(internal(e.span, "application of a non-function".into()));
                };
                let (fv, i1) = self.open(mf, i, &mut pending);
                let ma = self.d(w, a, &i1)?;
                let (av, i2) = self.open(ma, &i1, &mut pending);
                let call = b.app(fv, av);
                let m = if w.world.threads_ids {
                    M {
                        e: b.app(call, b.var(&i2)),
                        comp: true,
                        ty: *rty,
                    }
                } else {
                    pure(call, *rty)
                };
                self.finish(w, m, &i2, pending)
            }
            ExprKind::TyLam(vs, body) => {
                let mb = self.d(w, body, i)?;
                let ty = Type::Forall(vs.clone(), Box::new(mb.ty.clone()));
                if !mb.comp {
                    pure(b.e(ExprKind::TyLam(vs.clone(), Box::new(mb.e))), ty)
                } else {
                    self.ty_lam_comp(w, b, vs, mb, ty)
                }
            }
            ExprKind::TyApp(f, tys) => {
                let mut pending = Vec::new();
                let mf = self.d(w, f, i)?;
                let ty = self.typer.instantiate(&mf.ty, tys);
                let (fv, i1) = self.open(mf, i, &mut pending);
                let dtys = tys.iter().map(|t| w.world.ty(t)).collect();
                let m = pure(b.e(ExprKind::TyApp(Box::new(fv), dtys)), ty);
                self.finish(w, m, &i1, pending)
            }
            ExprKind::Let(bind, body) => {
                let mr = self.d(w, &bind.rhs, i)?;
                let depth = self.typer.depth();
                self.typer.push(bind.name.clone(), bind.ty.clone());
                let dty = w.world.ty(&bind.ty);
                let r = if mr.comp {
                    let j = self.fresh("i");
                    self.d(w, body, &j).map(|mb| {
                        let ty = mb.ty.clone();
                        let rest = w.comp(mb, &j);
                        M {
                            e: b.unpair(mr.e, (&bind.name, dty), (&j, Type::int()), rest),
                            comp: true,
                            ty,
                        }
                    })
                } else {
                    self.d(w, body, i).map(|mb| M {
                        e: b.let_(&bind.name, dty, mr.e, mb.e),
                        comp: mb.comp,
                        ty: mb.ty,
                    })
                };
                self.typer.truncate(depth);
                r?
            }
            ExprKind::LetRec(binds, body) => {
                let depth = self.typer.depth();
                for bd in binds {
                    self.typer.push(bd.name.clone(), bd.ty.clone());
                }
                let r = self.let_rec(w, binds, body, i, b);
                self.typer.truncate(depth);
                r?
            }
            ExprKind::Con(c, tys, args) => {
                let mut pending = Vec::new();
                let (vals, cur) = self.arguments(w, args, i, &mut pending)?;
                let data = self
                    .con_data
                    .get(c)
                    .cloned()
                    .ok_or_else(|| internal(e.span, format!("unknown constructor `{c}`")))?;
                let dtys = tys.iter().map(|t| w.world.ty(t)).collect();
                let m = pure(
                    b.e(ExprKind::Con(self.con_name(w, c), dtys, vals)),
                    Type::Con(data, tys.clone()),
                );
                self.finish(w, m, &cur, pending)
            }
            ExprKind::Prim(p, tys, args) => {
                let mut pending = Vec::new();
                let (vals, cur) = self.arguments(w, args, i, &mut pending)?;
                let m = self.prim(w, b, *p, tys, vals, &cur);
                self.finish(w, m, &cur, pending)
            }
            ExprKind::Case(s, alts, default) => {
                let mut pending = Vec::new();
                let ms = self.d(w, s, i)?;
                let (sv, j) = self.open(ms, i, &mut pending);
                let mut arms = Vec::new();
                for alt in alts {
                    let depth = self.typer.depth();
                    for (n, t) in &alt.binders {
                        self.typer.push(n.clone(), t.clone());
                    }
                    let r = self.d(w, &alt.rhs, &j);
                    self.typer.truncate(depth);
                    arms.push(r?);
                }
                let md = default.as_ref().map(|d| self.d(w, d, &j)).transpose()?;
                let Some(ty) = arms.first().or(md.as_ref()).map(|m| m.ty.clone()) else {
                    return Err(internal(e.span, "case without alternatives".into()));
                };
                let comp = arms.iter().chain(md.as_ref()).any(|m| m.comp);
                let mut arms = arms.into_iter();
                let dalts = alts
                    .iter()
                    .map(|alt| {
                        let m = arms.next().expect("one arm per alternative");
                        let m = if comp { w.comp(m, &j) } else { m.e };
                        Alt {
                            con: self.con_name(w, &alt.con),
                            binders: alt
                                .binders
                                .iter()
                                .map(|(n, t)| (n.clone(), w.world.ty(t)))
                                .collect(),
                            rhs: m,
                        }
                    })
                    .collect();
                let dd = md.map(|m| Box::new(if comp { w.comp(m, &j) } else { m.e }));
                let m = M {
                    e: b.e(ExprKind::Case(Box::new(sv), dalts, dd)),
                    comp,
                    ty,
                };
                self.finish(w, m, &j, pending)
            }
            ExprKind::Twin(..) => {
                return Err(internal(e.span, "a program differentiated twice".into()))
            }
        })
    }

    /// `D[g @τ.. a1 .. ak]` as the primal call `g @D[τ].. a1' .. ak'`, when the primal code
    /// serves the world as it is: `g` is a global (not the function that differentiates) whose
    /// type at `D[τ]..` takes each argument and returns the result as the world has them —
    /// `a'` is `D[a]` — or takes an argument as the primal program has it, which is then a
    /// closed expression without lambdas (a dictionary at `Int`, a global function over
    /// `Int`s) passed as it is. Such a `g` is polymorphic in the types that carry dual numbers
    /// and has no dictionary over them, so it only moves their values (parametricity): it makes
    /// no dual number and no ID, and needs no twin. A function at Double that only moves its
    /// Doubles is called as its copy generalised over them (`parametric`) at `D[Double]`. Only
    /// in a world that threads IDs, where no function value can cross such a call but a closed
    /// primal one. Container code (`!`, `bounds`, `length`, `zip`, `listArray`) then runs at
    /// primal speed in differentiated code.
    fn parametric_call(&mut self, w: &WorldView, e: &Expr, i: &Name) -> TResult<Option<M>> {
        let (head, args) = spine(e);
        let (g, tys): (&Name, &[Type]) = match &head.kind {
            ExprKind::Var(n) => (n, &[]),
            ExprKind::TyApp(f, tys) => match &f.kind {
                ExprKind::Var(n) => (n, tys),
                _ => return Ok(None),
            },
            _ => return Ok(None),
        };
        let differentiates = self.nested_call.as_ref().is_some_and(|(n, _)| n == g);
        if !w.world.threads_ids
            || self.typer.is_local(g)
            || differentiates
            || self.machinery.contains(g)
        {
            return Ok(None);
        }
        // A function over Doubles that only moves them: its copy over a type variable, at
        // Double.
        let generalised = self.generalised.get(g).cloned();
        let tys = match generalised {
            Some(_) => [tys, &[Type::double()]].concat(),
            None => tys.to_vec(),
        };
        let g = generalised.as_ref().unwrap_or(g);
        let Some(scheme) = self.typer.lookup(g) else {
            return Ok(None);
        };
        let world_tys: Vec<Type> = tys.iter().map(|t| w.world.ty(t)).collect();
        let mut primal = self.typer.instantiate(&scheme, &tys);
        let mut world = self.typer.instantiate(&scheme, &world_tys);
        // For each argument, whether it is passed as the world has it.
        let mut in_world = Vec::new();
        for a in &args {
            let (Type::Fun(p, p_rest), Type::Fun(q, q_rest)) = (primal, world) else {
                return Ok(None);
            };
            if same_type(&w.world.ty(&p), &q) {
                in_world.push(true);
            } else if same_type(&p, &q) && self.closed_without_lambdas(a) {
                in_world.push(false);
            } else {
                return Ok(None);
            }
            (primal, world) = (*p_rest, *q_rest);
        }
        if !same_type(&w.world.ty(&primal), &world) {
            return Ok(None);
        }
        let b = B { span: e.span };
        let mut pending = Vec::new();
        let mut cur = i.clone();
        let mut vals = Vec::new();
        for (a, in_world) in args.iter().zip(in_world) {
            if in_world {
                let ma = self.d(w, a, &cur)?;
                let (v, next) = self.open(ma, &cur, &mut pending);
                vals.push(v);
                cur = next;
            } else {
                vals.push((*a).clone());
            }
        }
        let head = match tys[..] {
            [] => b.var(g),
            _ => b.e(ExprKind::TyApp(Box::new(b.var(g)), world_tys)),
        };
        let m = M {
            e: b.apps(head, vals),
            comp: false,
            ty: primal,
        };
        Ok(Some(self.finish(w, m, &cur, pending)))
    }

    /// Whether `e` is built of globals, literals, applications and constructors only, so the
    /// primal program's value of it is the same wherever it is evaluated, and holds no lambda
    /// (which would have no twins, were it ever differentiated).
    fn closed_without_lambdas(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Var(n) => !self.typer.is_local(n),
            ExprKind::Lit(_) => true,
            ExprKind::App(f, a) => self.closed_without_lambdas(f) && self.closed_without_lambdas(a),
            ExprKind::TyApp(f, _) => self.closed_without_lambdas(f),
            ExprKind::Con(_, _, args) => args.iter().all(|a| self.closed_without_lambdas(a)),
            _ => false,
        }
    }

    /// `g @τ.. a1 .. ak` with `k ≥ 2` and `g` a global bound to at least `k` lambdas: the head
    /// and the arguments. Applying `D[g]` to fewer than its lambdas only builds a closure and
    /// returns the ID it was given, so such a call may evaluate all its arguments first.
    fn known_call<'e>(&self, e: &'e Expr) -> Option<(&'e Expr, Vec<&'e Expr>)> {
        let (head, args) = spine(e);
        let mut g = head;
        while let ExprKind::TyApp(f, _) = &g.kind {
            g = f;
        }
        let ExprKind::Var(n) = &g.kind else {
            return None;
        };
        let arity = *self.arities.get(n)?;
        (args.len() >= 2 && args.len() <= arity && !self.typer.is_local(n)).then_some((head, args))
    }

    /// `D` of a known call (`known_call`): the arguments in order, then the function applied
    /// to them one after the other as one nest of calls, `case (D[g] a1 i) of (h, j) -> h a2 j`
    /// and so on — the shape the VM runs as one threaded call.
    fn known_call_d(
        &mut self,
        w: &WorldView,
        b: B,
        head: &Expr,
        args: &[&Expr],
        i: &Name,
    ) -> TResult<M> {
        let mut pending = Vec::new();
        let mh = self.d(w, head, i)?;
        let mut ty = mh.ty.clone();
        let (f, mut cur) = self.open(mh, i, &mut pending);
        let mut vals = Vec::new();
        for a in args {
            let ma = self.d(w, a, &cur)?;
            let (v, next) = self.open(ma, &cur, &mut pending);
            vals.push(v);
            cur = next;
        }
        let mut call: Option<M> = None;
        for v in vals {
            let Type::Fun(_, rty) = ty else {
                return Err(internal(b.span, "application of a non-function".into()));
            };
            ty = *rty;
            let e = match call.take() {
                None => b.app(b.app(f.clone(), v), b.var(&cur)),
                Some(prev) => {
                    let (h, j) = (self.fresh("v"), self.fresh("i"));
                    let next = b.app(b.app(b.var(&h), v), b.var(&j));
                    b.unpair(prev.e, (&h, w.world.ty(&prev.ty)), (&j, Type::int()), next)
                }
            };
            call = Some(M {
                e,
                comp: true,
                ty: ty.clone(),
            });
        }
        let m = call.ok_or_else(|| internal(b.span, "a call without arguments".into()))?;
        Ok(self.finish(w, m, &cur, pending))
    }

    fn let_rec(
        &mut self,
        w: &WorldView,
        binds: &[Bind],
        body: &Expr,
        i: &Name,
        b: B,
    ) -> TResult<M> {
        let mut dbinds = Vec::new();
        for bd in binds {
            let mr = self.d(w, &bd.rhs, i)?;
            if mr.comp {
                return Err(internal(
                    bd.span,
                    "a recursive binding that is not a function".into(),
                ));
            }
            dbinds.push(Bind {
                name: bd.name.clone(),
                ty: w.world.ty(&bd.ty),
                rhs: mr.e,
                span: bd.span,
            });
        }
        let mb = self.d(w, body, i)?;
        Ok(M {
            e: b.e(ExprKind::LetRec(dbinds, Box::new(mb.e))),
            comp: mb.comp,
            ty: mb.ty,
        })
    }

    /// A type abstraction over a computation (a polymorphic non-value binding): run the
    /// computation once and take the value and the next ID from it at any instantiation.
    fn ty_lam_comp(&mut self, w: &WorldView, b: B, vs: &[Name], mb: M, ty: Type) -> M {
        let p = self.fresh("p");
        let (r, j, r2, j2) = (
            self.fresh("r"),
            self.fresh("i"),
            self.fresh("r"),
            self.fresh("i"),
        );
        let dty = w.world.ty(&mb.ty);
        let pair_ty = Type::tuple(vec![dty.clone(), Type::int()]);
        let vars: Vec<Type> = vs.iter().cloned().map(Type::Var).collect();
        let units: Vec<Type> = vs.iter().map(|_| Type::unit()).collect();
        let sub: Vec<(Name, Type)> = vs.iter().cloned().zip(units.iter().cloned()).collect();
        let dty_unit = dnrad_core::lint::subst(&dty, &sub, &mut 0);
        let inst = |tys: Vec<Type>| b.e(ExprKind::TyApp(Box::new(b.var(&p)), tys));
        let value = b.e(ExprKind::TyLam(
            vs.to_vec(),
            Box::new(b.unpair(inst(vars), (&r, dty), (&j, Type::int()), b.var(&r))),
        ));
        let next = b.unpair(inst(units), (&r2, dty_unit), (&j2, Type::int()), b.var(&j2));
        let e = b.let_(
            &p,
            Type::Forall(vs.to_vec(), Box::new(pair_ty)),
            b.e(ExprKind::TyLam(vs.to_vec(), Box::new(mb.e))),
            b.pair(value, w.world.ty(&ty), next, Type::int()),
        );
        M { e, comp: true, ty }
    }

    /// `D` of a saturated primitive application to the (differentiated) argument values.
    fn prim(
        &mut self,
        w: &WorldView,
        b: B,
        p: PrimOp,
        tys: &[Type],
        vals: Vec<Expr>,
        i: &Name,
    ) -> M {
        let mut rty = self.typer.instantiate(&p.ty(), tys);
        for _ in 0..p.arity() {
            if let Type::Fun(_, r) = rty {
                rty = *r;
            }
        }
        let pure = |e: Expr| M {
            e,
            comp: false,
            ty: rty.clone(),
        };
        let fused = w.helpers.fused.as_ref().and_then(|f| fused_helper(f, p));
        if let Some(helper) = fused.filter(|_| w.world.threads_ids) {
            // helper a b i
            let mut args: Vec<Expr> = vals.into_iter().take(2).collect();
            args.push(b.var(i));
            return M {
                e: b.apps(b.global(helper), args),
                comp: true,
                ty: Type::double(),
            };
        }
        let primal = |v: Expr| b.prim(PrimOp::DualPrimal, vec![w.world.deriv.clone()], vec![v]);
        let Some(class) = derivative::class(p) else {
            return pure(b.prim(
                PrimOp::Error,
                vec![w.world.ty(&rty)],
                vec![b.str(&format!(
                    "internal error: `{}` has no rule of differentiation",
                    p.name()
                ))],
            ));
        };
        match class {
            Class::Plain => {
                let dtys = tys.iter().map(|t| w.world.ty(t)).collect();
                pure(b.prim(p, dtys, vals))
            }
            Class::OnPrimals => pure(b.prim(p, vec![], vals.into_iter().map(primal).collect())),
            Class::Constant => pure(w.constant(b, b.prim(p, vec![], vals))),
            Class::Machinery => pure(b.prim(
                PrimOp::Error,
                vec![w.world.ty(&rty)],
                vec![b.str(NESTED_UNSUPPORTED)],
            )),
            Class::Bulk => {
                // primNumDot x p dp y q dq n [i]: the world's whole-array operation.
                let ids = w.world.threads_ids;
                let mut args = vals;
                if ids {
                    args.push(b.var(i));
                }
                let op = if ids {
                    PrimOp::NumDotId
                } else {
                    PrimOp::NumDot
                };
                M {
                    e: b.prim(op, vec![w.world.deriv.clone()], args),
                    comp: ids,
                    ty: Type::double(),
                }
            }
            Class::Smooth(n) => {
                // primNumUn/NumBin op a [b] [i]: the value, the partial derivatives (the rules
                // of `dnrad_core::derivative`) and the dual number, natively, at any level.
                let mut args = vec![b.int(p as i64)];
                args.extend(vals.into_iter().take(n));
                let ids = w.world.threads_ids;
                let op = match (n, ids) {
                    (1, false) => PrimOp::NumUn,
                    (_, false) => PrimOp::NumBin,
                    (1, true) => PrimOp::NumUnId,
                    (_, true) => PrimOp::NumBinId,
                };
                if ids {
                    args.push(b.var(i));
                }
                M {
                    e: b.prim(op, vec![w.world.deriv.clone()], args),
                    comp: ids,
                    ty: Type::double(),
                }
            }
        }
    }
}
