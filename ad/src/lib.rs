//! dnrad's automatic differentiation: the dual-numbers reverse AD of Smeding & Vákár
//! (POPL 2023) and forward-mode dual numbers, as a core-to-core transformation.
//!
//! The pass keeps the primal program and gives every lambda two twins (`ExprKind::Twin`): its
//! differentiated version in the reverse world of the selected mode and in the forward world.
//! Every global `g` gets `g#R` / `g#F`, its value lifted into each world. At run time `grad`,
//! `vjp` and `jvp` (Prelude functions) lift the function they are given into a world, which
//! switches each closure to its twin, so any function value can be differentiated: a top-level
//! name, a lambda, a partial application, or a parameter of a user's higher-order function.
//! The wrapper (interleave, deinterleave, rebuild) and the per-mode scalar helpers are Prelude
//! code. This crate must not evaluate anything and must keep the output passing the core lint.

mod build;
mod rules;
mod translate;

use build::B;
use dnrad_core::dual::{World, COT, STAGED};
use dnrad_core::expr::{Bind, Expr, ExprKind};
use dnrad_core::lint::Typer;
use dnrad_core::{Name, PrimOp, Program, Type};
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::str::FromStr;
use translate::{TResult, Translator, WorldView, FUSED};

/// The reverse-mode variants of the paper, each a step of its optimisation story.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Fig. 6 + Fig. 7: backpropagators return plain (sparse) cotangents; exponential under sharing.
    Naive,
    /// §4 / Fig. 8: IDs, `Staged` maps, `SCall` and `SResolve` from the highest ID down.
    Staged,
    /// §5–6 / Fig. 9: Cayley-transformed backpropagators `Staged -> Staged`.
    Cayley,
    /// §7 / App. A / §8.1 / §8.2: one mutable staging array, updated in place; backpropagators
    /// as data in the dual numbers' cells.
    Array,
}

impl Mode {
    pub const ALL: [Mode; 4] = [Mode::Naive, Mode::Staged, Mode::Cayley, Mode::Array];

    /// Whether differentiation nests in this mode: its dual numbers are the run time's, whose
    /// operations work at every level (`native` worlds of the translation).
    pub fn nests(self) -> bool {
        self == Mode::Array
    }

    pub fn name(self) -> &'static str {
        match self {
            Mode::Naive => "naive",
            Mode::Staged => "staged",
            Mode::Cayley => "cayley",
            Mode::Array => "array",
        }
    }

    /// The derivative part `X` of `D[Double] = Dual X` in this mode's reverse world.
    fn deriv(self) -> Type {
        let d = Type::double();
        let bp_to = |t: Type| Type::tuple(vec![Type::int(), Type::fun(d.clone(), t)]);
        match self {
            Mode::Naive => Type::fun(d.clone(), Type::con0(COT)),
            Mode::Staged => bp_to(Type::con0(STAGED)),
            Mode::Cayley => bp_to(Type::fun(Type::con0(STAGED), Type::con0(STAGED))),
            Mode::Array => Type::con0(dnrad_core::dual::ARRAY_BP),
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Mode {
    type Err = String;
    fn from_str(s: &str) -> Result<Mode, String> {
        Mode::ALL
            .into_iter()
            .find(|m| m.name() == s)
            .ok_or_else(|| format!("unknown AD mode `{s}` (naive, staged, cayley, array)"))
    }
}

/// The Prelude functions that differentiate; a program that reaches none of them needs no AD.
pub const AD_ENTRY_POINTS: [&str; 3] = ["grad", "vjp", "jvp"];

/// The functions that differentiate as differentiated code sees them (`D` of them, written in
/// the Prelude by hand over nested dual numbers): the primal function, its version in the
/// reverse world and in the forward world. The reverse versions run in the array mode's world;
/// the forward ones run reverse levels in it too, so only `jvp` nests in the forward world of
/// the other modes.
const NESTED: [(&str, &str, &str); 3] = [
    ("gradArray", "gradNestR", "gradNestF"),
    ("vjpArray", "vjpNestR", "vjpNestF"),
    ("jvp", "jvpNestR", "jvpNestF"),
];

/// The version of global `name` in the reverse (or forward) world of `mode`, if it is a
/// function that differentiates and the world can nest it.
fn nested_entry(mode: Mode, reverse: bool, name: &str) -> Option<&'static str> {
    let &(_, rev, fwd) = NESTED.iter().find(|(primal, _, _)| *primal == name)?;
    match (reverse, mode.nests()) {
        (true, true) => Some(rev),
        (false, true) => Some(fwd),
        (false, false) if name == "jvp" => Some(fwd),
        _ => None,
    }
}

/// Whether a program uses `grad`, `vjp` or `jvp`, given the globals its entry and its user
/// bindings reach (`dnrad_core::reach::reachable`).
pub fn uses_ad(reached: &HashSet<String>) -> bool {
    AD_ENTRY_POINTS.iter().any(|n| reached.contains(*n))
}

/// Differentiate a program: point `grad`/`vjp` at the selected mode, drop unreachable globals,
/// and add the twins, the lifted globals and the differentiated data types of both worlds.
pub fn differentiate(program: &Program, mode: Mode) -> TResult<Program> {
    let mut program = program.clone();
    for b in &mut program.binds {
        if b.name.as_str() == "grad" || b.name.as_str() == "vjp" {
            let target = format!("{}{}", b.name, capitalised(mode.name()));
            b.rhs = forward_to(&b.ty, &target, B { span: b.span });
        }
    }
    let reached = reachable(&program);
    program.binds.retain(|b| reached.contains(b.name.as_str()));

    let views = [
        WorldView {
            world: World::new("R", mode.deriv(), mode != Mode::Naive, &program.datas),
            helpers: mode.name(),
            fused: mode == Mode::Array,
            native: mode.nests(),
        },
        WorldView {
            world: World::new("F", Type::double(), false, &program.datas),
            helpers: "fwd",
            fused: false,
            native: true,
        },
    ];
    let con_data: HashMap<Name, Name> = program
        .datas
        .iter()
        .flat_map(|d| d.cons.iter().map(move |c| (c.name.clone(), d.name.clone())))
        .collect();
    let arities = program
        .binds
        .iter()
        .map(|b| (b.name.clone(), lambdas(&b.rhs)))
        .collect();
    let mut t = Translator::new(Typer::new(&program), con_data, arities);
    let mut binds = Vec::new();
    for bind in &program.binds {
        let nests = [true, false].map(|reverse| nested_entry(mode, reverse, bind.name.as_str()));
        let rhs = if nests.iter().any(Option::is_some) {
            entry_twins(&mut t, &views, bind, nests)?
        } else {
            twins(&mut t, &views, &bind.rhs)?
        };
        binds.push(Bind {
            rhs,
            ..bind.clone()
        });
    }
    for (view, lift) in views.iter().zip([PrimOp::LiftRev, PrimOp::LiftFwd]) {
        for bind in &program.binds {
            binds.push(lifted(view, lift, bind));
        }
    }
    let mut datas = program.datas.clone();
    for view in &views {
        datas.extend(view.world.datas(&program.datas));
    }
    Ok(Program {
        datas,
        binds,
        entry: program.entry.clone(),
        worlds: views.into_iter().map(|v| v.world).collect(),
    })
}

/// The number of lambdas `e` is directly (under its type abstractions): `/\a. \x -> \y -> e'`
/// has 2.
fn lambdas(e: &Expr) -> usize {
    let mut n = 0;
    let mut e = e;
    if let ExprKind::TyLam(_, body) = &e.kind {
        e = body;
    }
    while let ExprKind::Lam(_, _, body) = &e.kind {
        n += 1;
        e = body;
    }
    n
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
        .unwrap_or_default()
}

/// `/\vs. target @vs` for a binding of type `forall vs. t`.
fn forward_to(ty: &Type, target: &str, b: B) -> Expr {
    match ty {
        Type::Forall(vs, _) => b.e(ExprKind::TyLam(
            vs.clone(),
            Box::new(b.e(ExprKind::TyApp(
                Box::new(b.global(target)),
                vs.iter().cloned().map(Type::Var).collect(),
            ))),
        )),
        _ => b.global(target),
    }
}

/// `g#w = liftRev/liftFwd zero g`: a global seen from world `w`.
fn lifted(view: &WorldView, lift: PrimOp, bind: &Bind) -> Bind {
    let b = B { span: bind.span };
    let w = &view.world;
    Bind {
        name: w.name(&bind.name),
        ty: w.ty(&bind.ty),
        rhs: b.prim(
            lift,
            vec![w.deriv.clone(), bind.ty.clone(), w.ty(&bind.ty)],
            vec![
                b.global(&format!("{}Zero", view.helpers)),
                b.var(&bind.name),
            ],
        ),
        span: bind.span,
    }
}

/// The twins of a function that differentiates (`f = /\a. \p1 -> .. \pn -> body`) in the worlds
/// where it nests: the twin of its `k`-th lambda is `D` of `\pk -> .. \pn -> f @a p1 .. pn`
/// with `f` seen as its differentiated version (`NESTED`), so a closure of it (`grad f`) and a
/// call of it differentiate alike, and a forward closure of it has a reverse sibling. In the
/// other worlds its twins are `D` of its lambdas (which reach the AD machinery: an error when
/// run).
fn entry_twins(
    t: &mut Translator,
    views: &[WorldView],
    bind: &Bind,
    nests: [Option<&str>; 2],
) -> TResult<Expr> {
    let b = B { span: bind.span };
    let (tyvars, mut e) = match &bind.rhs.kind {
        ExprKind::TyLam(vs, body) => (Some(vs.clone()), &**body),
        _ => (None, &bind.rhs),
    };
    let mut params = Vec::new();
    while let ExprKind::Lam(x, ty, body) = &e.kind {
        params.push((x.clone(), ty.clone()));
        e = body;
    }
    let depth = t.typer.depth();
    for (x, ty) in &params {
        t.typer.push(x.clone(), ty.clone());
    }
    let original = e;
    let body = twins(t, views, e);
    let mut e = body?;
    let head = match &tyvars {
        Some(vs) => b.e(ExprKind::TyApp(
            Box::new(b.var(&bind.name)),
            vs.iter().cloned().map(Type::Var).collect(),
        )),
        None => b.var(&bind.name),
    };
    let call = b.apps(head, params.iter().map(|(x, _)| b.var(x)).collect());
    for k in (0..params.len()).rev() {
        t.typer.truncate(depth + k);
        let (x, ty) = &params[k];
        let lams = |body: &Expr| {
            params[k..]
                .iter()
                .rev()
                .fold(body.clone(), |body, (x, ty)| b.lam(x, ty.clone(), body))
        };
        let (eta, lambda) = (lams(&call), lams(original));
        let primal = b.lam(x, ty.clone(), e);
        let mut duals = Vec::new();
        for (view, nested) in views.iter().zip(nests) {
            let lam = if nested.is_some() { &eta } else { &lambda };
            t.nested_call = nested.map(|n| (bind.name.clone(), Name::new(n)));
            let dual = t.d(view, lam, &Name::new("i#ad"));
            t.nested_call = None;
            duals.push(dual?.e);
        }
        e = b.e(ExprKind::Twin(Box::new(primal), duals));
    }
    t.typer.truncate(depth);
    Ok(match tyvars {
        Some(vs) => b.e(ExprKind::TyLam(vs, Box::new(e))),
        None => e,
    })
}

/// The primal term with every lambda wrapped in a `Twin` carrying its differentiated versions.
fn twins(t: &mut Translator, views: &[WorldView], e: &Expr) -> TResult<Expr> {
    let b = B { span: e.span };
    let depth = t.typer.depth();
    let r = (|| {
        Ok(match &e.kind {
            ExprKind::Var(_) | ExprKind::Lit(_) => e.clone(),
            ExprKind::Lam(x, ty, body) => {
                t.typer.push(x.clone(), ty.clone());
                let body = twins(t, views, body)?;
                t.typer.truncate(depth);
                let mut duals = Vec::new();
                for view in views {
                    let i = Name::new("i#ad");
                    duals.push(t.d(view, e, &i)?.e);
                }
                let primal = b.lam(x, ty.clone(), body);
                b.e(ExprKind::Twin(Box::new(primal), duals))
            }
            ExprKind::App(f, a) => b.app(twins(t, views, f)?, twins(t, views, a)?),
            ExprKind::TyLam(vs, body) => b.e(ExprKind::TyLam(
                vs.clone(),
                Box::new(twins(t, views, body)?),
            )),
            ExprKind::TyApp(f, tys) => {
                b.e(ExprKind::TyApp(Box::new(twins(t, views, f)?), tys.clone()))
            }
            ExprKind::Let(bind, body) => {
                let rhs = twins(t, views, &bind.rhs)?;
                t.typer.push(bind.name.clone(), bind.ty.clone());
                let body = twins(t, views, body)?;
                let bind = Bind {
                    rhs,
                    ..(**bind).clone()
                };
                b.e(ExprKind::Let(Box::new(bind), Box::new(body)))
            }
            ExprKind::LetRec(binds, body) => {
                for bd in binds {
                    t.typer.push(bd.name.clone(), bd.ty.clone());
                }
                let mut out = Vec::new();
                for bd in binds {
                    out.push(Bind {
                        rhs: twins(t, views, &bd.rhs)?,
                        ..bd.clone()
                    });
                }
                b.e(ExprKind::LetRec(out, Box::new(twins(t, views, body)?)))
            }
            ExprKind::Con(c, tys, args) => b.e(ExprKind::Con(
                c.clone(),
                tys.clone(),
                args.iter()
                    .map(|a| twins(t, views, a))
                    .collect::<TResult<_>>()?,
            )),
            ExprKind::Prim(p, tys, args) => b.prim(
                *p,
                tys.clone(),
                args.iter()
                    .map(|a| twins(t, views, a))
                    .collect::<TResult<_>>()?,
            ),
            ExprKind::Case(s, alts, default) => {
                let s = twins(t, views, s)?;
                let mut out = Vec::new();
                for alt in alts {
                    for (n, ty) in &alt.binders {
                        t.typer.push(n.clone(), ty.clone());
                    }
                    let rhs = twins(t, views, &alt.rhs);
                    t.typer.truncate(depth);
                    out.push(dnrad_core::Alt {
                        rhs: rhs?,
                        ..alt.clone()
                    });
                }
                let default = default
                    .as_ref()
                    .map(|d| twins(t, views, d).map(Box::new))
                    .transpose()?;
                b.e(ExprKind::Case(Box::new(s), out, default))
            }
            ExprKind::Twin(..) => e.clone(),
        })
    })();
    t.typer.truncate(depth);
    r
}

/// The globals reachable from the entry, the user's own bindings and `runtime_roots`.
fn reachable(program: &Program) -> HashSet<String> {
    let roots = runtime_roots();
    let roots: Vec<&str> = roots.iter().map(String::as_str).collect();
    dnrad_core::reach::reachable(program, &roots)
}

/// The Prelude bindings that differentiation makes a program call without the program naming
/// them: the helpers differentiated code calls by name, and each mode's `grad` and `vjp`.
pub fn runtime_roots() -> Vec<String> {
    let mut roots = Vec::new();
    for mode in Mode::ALL {
        let helpers: &[&str] = if mode.nests() {
            &["Const", "Zero"]
        } else {
            &["Const", "Un", "Bin", "Zero"]
        };
        for what in helpers {
            roots.push(format!("{}{what}", mode.name()));
        }
        for entry in ["grad", "vjp"] {
            roots.push(format!("{entry}{}", capitalised(mode.name())));
        }
    }
    roots.extend(FUSED.map(|op| format!("array{op}")));
    roots.extend(["fwdConst", "fwdZero"].map(String::from));
    for (_, rev, fwd) in NESTED {
        for name in [rev, fwd] {
            if !roots.iter().any(|r| r == name) {
                roots.push(name.to_string());
            }
        }
    }
    roots
}
