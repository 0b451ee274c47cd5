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
use dnrad_core::dual::World;
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
            Mode::Naive => Type::fun(d.clone(), Type::con0("Cot")),
            Mode::Staged => bp_to(Type::con0("Staged")),
            Mode::Cayley => bp_to(Type::fun(Type::con0("Staged"), Type::con0("Staged"))),
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
        },
        WorldView {
            world: World::new("F", Type::double(), false, &program.datas),
            helpers: "fwd",
            fused: false,
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
        binds.push(Bind {
            rhs: twins(&mut t, &views, &bind.rhs)?,
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
        for what in ["Const", "Un", "Bin", "Zero"] {
            roots.push(format!("{}{what}", mode.name()));
        }
        for entry in ["grad", "vjp"] {
            roots.push(format!("{entry}{}", capitalised(mode.name())));
        }
    }
    roots.extend(FUSED.map(|op| format!("array{op}")));
    roots.extend(["fwdConst", "fwdUn", "fwdBin", "fwdZero"].map(String::from));
    roots
}
