//! dnrad's automatic differentiation: the dual-numbers reverse AD of Smeding & Vákár
//! (POPL 2023) and forward-mode dual numbers, as a core-to-core transformation.
//!
//! The pass keeps the primal program and gives every lambda two twins (`ExprKind::Twin`): its
//! differentiated version in the reverse world of the selected mode and in the forward world.
//! Every global `g` gets `g#R` / `g#F`: a function its translation, any other value its value
//! lifted into each world. At run time `grad`,
//! `vjp` and `jvp` (Prelude functions) lift the function they are given into a world, which
//! switches each closure to its twin, so any function value can be differentiated: a top-level
//! name, a lambda, a partial application, or a parameter of a user's higher-order function.
//! The wrapper (interleave, deinterleave, rebuild) and the per-mode scalar helpers are Prelude
//! code. This crate must not evaluate anything and must keep the output passing the core lint.

mod build;
mod direct;
mod parametric;
mod scalings;
mod translate;

use build::B;
pub use direct::direct_gradients;
pub use dnrad_core::dual::Mode;
use dnrad_core::dual::{World, ARRAY_BP};
use dnrad_core::expr::{Bind, Expr, ExprKind};
use dnrad_core::lint::Typer;
use dnrad_core::{Name, Program, Type};
pub use scalings::fuse_scalings;
use std::collections::{HashMap, HashSet};
use translate::{TResult, Translator, WorldView, FORWARD_HELPERS, REVERSE_HELPERS};

/// The functions that differentiate as differentiated code sees them (`D` of them, written in
/// the Prelude by hand over nested dual numbers): the role (each mode's `grad` and `vjp`, and
/// `jvp`), its version in the reverse world and in the forward world. A nested reverse level
/// resolves in the program's mode (`adMode`).
const NESTED: [(&str, &str, &str); 3] = [
    ("grad", "gradNestR", "gradNestF"),
    ("vjp", "vjpNest", "vjpNest"),
    ("jvp", "jvpNest", "jvpNest"),
];

/// The Prelude function that differentiates in the program's mode, for a role of `NESTED`.
fn mode_entry(mode: Mode, role: &str) -> String {
    if role == "jvp" {
        role.to_string()
    } else {
        format!("{role}{}", capitalised(mode.name()))
    }
}

/// The version of global `name` in the reverse (or forward) world, if it is the function that
/// differentiates in the program's mode.
fn nested_entry(mode: Mode, reverse: bool, name: &str) -> Option<&'static str> {
    let &(_, rev, fwd) = NESTED
        .iter()
        .find(|(role, _, _)| mode_entry(mode, role) == name)?;
    Some(if reverse { rev } else { fwd })
}

/// The Prelude's selected reverse mode, which nested levels resolve in.
const ADMODE: &str = "adMode";

/// Whether a program uses `grad`, `vjp` or `jvp`, given the globals its entry and its user
/// bindings reach (`dnrad_core::reach::reachable`).
pub fn uses_ad(reached: &HashSet<String>) -> bool {
    dnrad_core::dual::ENTRY_POINTS
        .iter()
        .any(|n| reached.contains(*n))
}

/// Differentiate a program: point `grad`/`vjp` at the selected mode, drop unreachable globals,
/// and add the twins, the lifted globals and the differentiated data types of both worlds.
pub fn differentiate(program: &Program, mode: Mode) -> TResult<Program> {
    let mut program = program.clone();
    for b in &mut program.binds {
        if b.name.as_str() == "grad" || b.name.as_str() == "vjp" {
            let target = mode_entry(mode, b.name.as_str());
            b.rhs = forward_to(&b.rhs, &target, B { span: b.span });
        } else if b.name.as_str() == ADMODE {
            b.rhs = B { span: b.span }.int(mode.code());
        }
    }
    let reached = reachable(&program);
    program.binds.retain(|b| reached.contains(b.name.as_str()));

    let views = [
        WorldView {
            world: World::new("R", Type::con0(ARRAY_BP), &program.datas),
            helpers: &REVERSE_HELPERS,
        },
        WorldView {
            world: World::new("F", Type::double(), &program.datas),
            helpers: &FORWARD_HELPERS,
        },
    ];
    let con_data: HashMap<Name, Name> = program
        .datas
        .iter()
        .flat_map(|d| d.cons.iter().map(move |c| (c.name.clone(), d.name.clone())))
        .collect();
    // The copies get no twins: differentiated code only calls them, at types without functions
    // (`Translator::parametric_call`).
    let machinery = parametric::machinery(&program);
    let generalised = parametric::generalised(&program, &machinery);
    let typer = Typer::new(&program);
    let mut t = Translator::new(typer, con_data, &generalised, machinery);
    let mut binds = Vec::new();
    let mut world_binds: [Vec<Bind>; 2] = Default::default();
    for bind in &program.binds {
        let nests = [true, false].map(|reverse| nested_entry(mode, reverse, bind.name.as_str()));
        let (rhs, versions) = if nests.iter().any(Option::is_some) {
            (entry_twins(&mut t, &views, bind, nests)?, None)
        } else {
            world_versions(&views, bind, twins(&mut t, &views, &bind.rhs)?)
        };
        // A function's versions, else its value lifted.
        let mut versions = versions.unwrap_or_default().into_iter();
        for (view, world_binds) in views.iter().zip(&mut world_binds) {
            world_binds.push(Bind {
                name: view.world.name(&bind.name),
                ty: view.world.ty(&bind.ty),
                rhs: versions.next().unwrap_or_else(|| lifted(view, bind)),
                span: bind.span,
            });
        }
        binds.push(Bind {
            rhs,
            ..bind.clone()
        });
    }
    binds.extend(world_binds.into_iter().flatten());
    binds.extend(generalised.into_iter().map(|(_, copy)| copy));
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

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
        .unwrap_or_default()
}

/// The Prelude's entry point `rhs`, `/\vs. \x1 .. xn -> ...`, forwarding to the mode's function:
/// `/\vs. \x1 .. xn -> target @vs x1 .. xn`. It keeps its parameters, so a call of it is a
/// direct call (an alias `/\vs. target @vs` is a value: two closure calls and a partial
/// application a call).
fn forward_to(rhs: &Expr, target: &str, b: B) -> Expr {
    let (tyvars, mut e) = match &rhs.kind {
        ExprKind::TyLam(vs, body) => (Some(vs.clone()), &**body),
        _ => (None, rhs),
    };
    let mut params = Vec::new();
    while let ExprKind::Lam(x, t, body) = &e.kind {
        params.push((x.clone(), t.clone()));
        e = body;
    }
    let callee = b.at_vars(b.global(target), tyvars.as_ref());
    let call = b.apps(callee, params.iter().map(|(x, _)| b.var(x)).collect());
    let lam = (params.into_iter().rev()).fold(call, |body, (x, t)| b.lam(&x, t, body));
    b.ty_lam(tyvars.as_ref(), lam)
}

/// `liftRev/liftFwd zero g`: global `g` seen from world `w`, the value of `g#w` when `g` is not
/// a function.
fn lifted(view: &WorldView, bind: &Bind) -> Expr {
    let b = B { span: bind.span };
    let w = &view.world;
    b.prim(
        view.helpers.lift,
        vec![w.deriv.clone(), bind.ty.clone(), w.ty(&bind.ty)],
        vec![b.global(view.helpers.zero), b.var(&bind.name)],
    )
}

/// A function's versions in the worlds, `g#w = /\vs. D_w[\x -> ..]`, when `rhs` (the twins of
/// global `bind`) is a lambda: the twins of its outermost lambda, which become `\x -> g#w @vs
/// x`. So a call in differentiated code is a direct call of a global function, where `g#w =
/// liftRev zero g` was a closure made at run time, and a lifted closure of `g` reaches the same
/// code. Any other `rhs` as it is, and no versions (its globals are lifted).
fn world_versions(views: &[WorldView], bind: &Bind, rhs: Expr) -> (Expr, Option<Vec<Expr>>) {
    let b = B { span: bind.span };
    let (tyvars, e) = match rhs.kind {
        ExprKind::TyLam(vs, body) => (Some(vs), *body),
        kind => (None, b.e(kind)),
    };
    let wrap = |e: Expr| b.ty_lam(tyvars.as_ref(), e);
    let ExprKind::Twin(primal, duals) = e.kind else {
        return (wrap(e), None);
    };
    let ExprKind::Lam(x, ty, _) = &primal.kind else {
        return (wrap(b.e(ExprKind::Twin(primal, duals))), None);
    };
    let etas = views
        .iter()
        .map(|view| {
            let w = &view.world;
            let head = b.at_vars(b.var(&w.name(&bind.name)), tyvars.as_ref());
            b.lam(x, w.ty(ty), b.app(head, b.var(x)))
        })
        .collect();
    let versions = duals.into_iter().map(&wrap).collect();
    let rhs = wrap(b.e(ExprKind::Twin(primal, etas)));
    (rhs, Some(versions))
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
    let head = b.at_vars(b.var(&bind.name), tyvars.as_ref());
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
            let dual = t.d(view, lam);
            t.nested_call = None;
            duals.push(dual?.e);
        }
        e = b.e(ExprKind::Twin(Box::new(primal), duals));
    }
    t.typer.truncate(depth);
    Ok(b.ty_lam(tyvars.as_ref(), e))
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
                    duals.push(t.d(view, e)?.e);
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
                    out.push(alt.with_rhs(rhs?));
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
        for entry in ["grad", "vjp"] {
            roots.push(mode_entry(mode, entry));
        }
    }
    for helpers in [&REVERSE_HELPERS, &FORWARD_HELPERS] {
        roots.extend([helpers.constant, helpers.zero].map(String::from));
        roots.extend(helpers.fused.iter().flatten().map(|h| h.to_string()));
    }
    roots.push(ADMODE.to_string());
    for (_, rev, fwd) in NESTED {
        roots.extend([rev, fwd].map(String::from));
    }
    roots
}

#[cfg(test)]
mod tests;
