//! The term map `D[-]` of one world (Fig. 6 of the paper): a primal term of type τ becomes a
//! term of type `D[τ]`. Evaluation order is kept; the reverse world's operations take their IDs
//! from the run time's counter as they run, so IDs grow in evaluation order (§4's ID
//! generation as state of the run, not a monad the terms thread). Scalar operations are native
//! primitives over dual numbers of any world and level (`primNumUn`, `primNumBin`, ...) or the
//! world's helpers for the commonest (`arrayAdd`, ...).
//! It translates terms only; it decides nothing about which lambdas get twins.

use crate::build::B;
use dnrad_core::derivative::{self, Class};
use dnrad_core::dual::World;
use dnrad_core::expr::{Alt, Bind, Expr, ExprKind, Lit};
use dnrad_core::lint::{same_type, Typer};
use dnrad_core::{Diagnostic, ErrorKind, Name, PrimOp, Span, Type};
use std::collections::{HashMap, HashSet};

/// A translated term and its primal type.
pub struct M {
    pub e: Expr,
    pub ty: Type,
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
    /// Functions of two dual numbers doing what `primNumBin` of `+`, `-` and `*` does, in one
    /// primitive each (the reverse world).
    pub fused: Option<[&'static str; 3]>,
    /// The primitive that lifts a primal value into the world.
    pub lift: PrimOp,
}

pub const REVERSE_HELPERS: Helpers = Helpers {
    constant: "arrayConst",
    zero: "arrayZero",
    fused: Some(["arrayAdd", "arraySub", "arrayMul"]),
    lift: PrimOp::LiftRev,
};

pub const FORWARD_HELPERS: Helpers = Helpers {
    constant: "fwdConst",
    zero: "fwdZero",
    fused: None,
    lift: PrimOp::LiftFwd,
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
    /// A global to translate as another global (a function that differentiates, as its
    /// differentiated version) instead of its version in the world.
    pub nested_call: Option<(Name, Name)>,
    /// The globals generalised over Double, with their copies (`parametric`), which the typer
    /// knows as the outermost locals.
    generalised: HashMap<Name, Name>,
    /// The globals whose code may reach the AD machinery (`parametric::machinery`).
    machinery: HashSet<Name>,
}

pub type TResult<T> = Result<T, Diagnostic>;

/// What differentiated code that reaches the AD machinery itself says: a nested `grad`, `vjp` or
/// `jvp` that the selected mode cannot differentiate.
pub const NESTED_UNSUPPORTED: &str = "nested differentiation: this AD mode cannot differentiate a \
     function that itself calls grad, vjp or jvp (the array mode, the default, can)";

/// The kind code of `primScalars`/`primRefill` that walks the numbers of every level (the
/// run time's `walk::Scalar::Dual`; 0 walks plain Doubles).
const WALK_EVERY_NUMBER: i64 = 1;

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
}

impl<'p> Translator<'p> {
    pub fn new(
        typer: Typer<'p>,
        con_data: HashMap<Name, Name>,
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
            nested_call: None,
            generalised: generalised
                .iter()
                .map(|(g, copy)| (g.clone(), copy.name.clone()))
                .collect(),
            machinery,
        }
    }

    /// `D` of each of `args`, in order.
    fn arguments(&mut self, w: &WorldView, args: &[Expr]) -> TResult<Vec<Expr>> {
        args.iter().map(|a| Ok(self.d(w, a)?.e)).collect()
    }

    fn con_name(&self, w: &WorldView, c: &Name) -> Name {
        match self.con_data.get(c) {
            Some(data) => w.world.con(data, c),
            None => c.clone(),
        }
    }

    /// `D[e]`.
    pub fn d(&mut self, w: &WorldView, e: &Expr) -> TResult<M> {
        let b = B { span: e.span };
        let m = |e: Expr, ty: Type| M { e, ty };
        Ok(match &e.kind {
            ExprKind::Var(n) => {
                let ty = self
                    .typer
                    .lookup(n)
                    .ok_or_else(|| internal(e.span, format!("unbound variable `{n}`")))?;
                if self.typer.is_local(n) {
                    m(b.var(n), ty)
                } else if let Some((_, to)) = self.nested_call.as_ref().filter(|(g, _)| g == n) {
                    m(b.var(to), ty)
                } else {
                    m(b.var(&w.world.name(n)), ty)
                }
            }
            ExprKind::Lit(Lit::Double(_)) => m(w.constant(b, e.clone()), Type::double()),
            ExprKind::Lit(l) => m(e.clone(), l.ty()),
            ExprKind::Lam(x, t, body) => {
                let depth = self.typer.depth();
                self.typer.push(x.clone(), t.clone());
                let mb = self.d(w, body);
                self.typer.truncate(depth);
                let mb = mb?;
                m(b.lam(x, w.world.ty(t), mb.e), Type::fun(t.clone(), mb.ty))
            }
            ExprKind::App(f, a) => {
                if let Some(call) = self.parametric_call(w, e)? {
                    return Ok(call);
                }
                let mf = self.d(w, f)?;
                let Type::Fun(_, rty) = mf.ty else {
                    return Err(internal(e.span, "application of a non-function".into()));
                };
                let ma = self.d(w, a)?;
                m(b.app(mf.e, ma.e), *rty)
            }
            ExprKind::TyLam(vs, body) => {
                let mb = self.d(w, body)?;
                let ty = Type::Forall(vs.clone(), Box::new(mb.ty));
                m(b.e(ExprKind::TyLam(vs.clone(), Box::new(mb.e))), ty)
            }
            ExprKind::TyApp(f, tys) => {
                let mf = self.d(w, f)?;
                let ty = self.typer.instantiate(&mf.ty, tys);
                let dtys = tys.iter().map(|t| w.world.ty(t)).collect();
                m(b.e(ExprKind::TyApp(Box::new(mf.e), dtys)), ty)
            }
            ExprKind::Let(bind, body) => {
                let mr = self.d(w, &bind.rhs)?;
                let depth = self.typer.depth();
                self.typer.push(bind.name.clone(), bind.ty.clone());
                let mb = self.d(w, body);
                self.typer.truncate(depth);
                let mb = mb?;
                let dty = w.world.ty(&bind.ty);
                m(b.let_(&bind.name, dty, mr.e, mb.e), mb.ty)
            }
            ExprKind::LetRec(binds, body) => {
                let depth = self.typer.depth();
                for bd in binds {
                    self.typer.push(bd.name.clone(), bd.ty.clone());
                }
                let r = self.let_rec(w, binds, body, b);
                self.typer.truncate(depth);
                r?
            }
            ExprKind::Con(c, tys, args) => {
                let vals = self.arguments(w, args)?;
                let data = self
                    .con_data
                    .get(c)
                    .cloned()
                    .ok_or_else(|| internal(e.span, format!("unknown constructor `{c}`")))?;
                let dtys = tys.iter().map(|t| w.world.ty(t)).collect();
                m(
                    b.e(ExprKind::Con(self.con_name(w, c), dtys, vals)),
                    Type::Con(data, tys.clone()),
                )
            }
            ExprKind::Prim(p, tys, args) => {
                let vals = self.arguments(w, args)?;
                self.prim(w, b, *p, tys, vals)
            }
            ExprKind::Case(s, alts, default) => {
                let ms = self.d(w, s)?;
                let mut dalts = Vec::new();
                let mut ty = None;
                for alt in alts {
                    let depth = self.typer.depth();
                    for (n, t) in &alt.binders {
                        self.typer.push(n.clone(), t.clone());
                    }
                    let r = self.d(w, &alt.rhs);
                    self.typer.truncate(depth);
                    let r = r?;
                    ty.get_or_insert(r.ty);
                    dalts.push(Alt {
                        con: self.con_name(w, &alt.con),
                        binders: alt
                            .binders
                            .iter()
                            .map(|(n, t)| (n.clone(), w.world.ty(t)))
                            .collect(),
                        rhs: r.e,
                    });
                }
                let md = default.as_ref().map(|d| self.d(w, d)).transpose()?;
                let dd = md.map(|md| {
                    ty.get_or_insert(md.ty);
                    Box::new(md.e)
                });
                let Some(ty) = ty else {
                    return Err(internal(e.span, "case without alternatives".into()));
                };
                m(b.e(ExprKind::Case(Box::new(ms.e), dalts, dd)), ty)
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
    /// Doubles is called as its copy generalised over them (`parametric`) at `D[Double]`. A
    /// closure the primal code makes has no twins, which is safe since values of a world are
    /// never lifted. Container code
    /// (`!`, `bounds`, `length`, `zip`, `listArray`) then runs at primal speed in
    /// differentiated code.
    fn parametric_call(&mut self, w: &WorldView, e: &Expr) -> TResult<Option<M>> {
        let (head, tys, args) = e.spine();
        let ExprKind::Var(g) = &head.kind else {
            return Ok(None);
        };
        let differentiates = self.nested_call.as_ref().is_some_and(|(n, _)| n == g);
        if self.typer.is_local(g) || differentiates || self.machinery.contains(g) {
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
        let mut vals = Vec::new();
        for (a, in_world) in args.iter().zip(in_world) {
            vals.push(if in_world {
                self.d(w, a)?.e
            } else {
                (*a).clone()
            });
        }
        let head = match tys[..] {
            [] => b.var(g),
            _ => b.e(ExprKind::TyApp(Box::new(b.var(g)), world_tys)),
        };
        Ok(Some(M {
            e: b.apps(head, vals),
            ty: primal,
        }))
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

    fn let_rec(&mut self, w: &WorldView, binds: &[Bind], body: &Expr, b: B) -> TResult<M> {
        let mut dbinds = Vec::new();
        for bd in binds {
            let mr = self.d(w, &bd.rhs)?;
            dbinds.push(Bind {
                name: bd.name.clone(),
                ty: w.world.ty(&bd.ty),
                rhs: mr.e,
                span: bd.span,
            });
        }
        let mb = self.d(w, body)?;
        Ok(M {
            e: b.e(ExprKind::LetRec(dbinds, Box::new(mb.e))),
            ty: mb.ty,
        })
    }

    /// `D` of a saturated primitive application to the (differentiated) argument values.
    fn prim(&mut self, w: &WorldView, b: B, p: PrimOp, tys: &[Type], vals: Vec<Expr>) -> M {
        let mut rty = self.typer.instantiate(&p.ty(), tys);
        for _ in 0..p.arity() {
            if let Type::Fun(_, r) = rty {
                rty = *r;
            }
        }
        let at = |e: Expr, ty: &Type| M { e, ty: ty.clone() };
        let fused = w.helpers.fused.as_ref().and_then(|f| fused_helper(f, p));
        if let Some(helper) = fused {
            // helper a b
            return at(b.apps(b.global(helper), vals), &rty);
        }
        let primal = |v: Expr| b.prim(PrimOp::DualPrimal, vec![w.world.deriv.clone()], vec![v]);
        let deriv = || vec![w.world.deriv.clone()];
        let Some(class) = derivative::class(p) else {
            let msg = format!(
                "internal error: `{}` has no rule of differentiation",
                p.name()
            );
            return at(
                b.prim(PrimOp::Error, vec![w.world.ty(&rty)], vec![b.str(&msg)]),
                &rty,
            );
        };
        let e = match class {
            Class::Plain => {
                let dtys = tys.iter().map(|t| w.world.ty(t)).collect();
                b.prim(p, dtys, vals)
            }
            Class::OnPrimals => b.prim(p, vec![], vals.into_iter().map(primal).collect()),
            Class::Constant => w.constant(b, b.prim(p, vec![], vals)),
            Class::Machinery => b.prim(
                PrimOp::Error,
                vec![w.world.ty(&rty)],
                vec![b.str(NESTED_UNSUPPORTED)],
            ),
            // The walk's first argument is the kind of number it walks: every level's here.
            Class::Walk => {
                let dtys = tys.iter().map(|t| w.world.ty(t)).collect();
                let every_level = b.int(WALK_EVERY_NUMBER);
                b.prim(
                    p,
                    dtys,
                    [every_level]
                        .into_iter()
                        .chain(vals.into_iter().skip(1))
                        .collect(),
                )
            }
            // primNumDot x p dp y q dq n: the world's whole-array operation.
            Class::Bulk => b.prim(PrimOp::NumDot, deriv(), vals),
            Class::Smooth(n) => {
                // primNumUn/NumBin op a [b]: the value, the partial derivatives (the rules of
                // `dnrad_core::derivative`) and the dual number, natively, at any level.
                let mut args = vec![b.int(p as i64)];
                args.extend(vals.into_iter().take(n));
                let op = if n == 1 {
                    PrimOp::NumUn
                } else {
                    PrimOp::NumBin
                };
                b.prim(op, deriv(), args)
            }
        };
        at(e, &rty)
    }
}
