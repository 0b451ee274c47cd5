//! Specialisation of global higher-order functions at partial applications of globals. A call
//! `h @ts a1 .. an` (`foldl (pull dt b) v bs`) whose argument `ai` is a global `g` applied to
//! atoms (`pull dt b`, a local function after lambda lifting), where `h` passes its parameter
//! `i` unchanged to every recursive call (a static argument, as `foldl`'s function), becomes
//! `h#pa<k> dt b v bs`: a copy of `h` at those types that takes the atoms as leading parameters
//! in place of the function, and in which `f z x` is `pull y1 y2 z x`, a saturated call of a
//! global, which the VM makes directly and the native tier can compile. The other arguments
//! keep their places, and a partial application evaluates nothing, so what runs, and in which
//! order, is unchanged. It runs after lifting and eta-expansion and before differentiation
//! (the AD pass differentiates the copies as any function), and never copies the functions
//! that differentiate (the AD pass rewrites their calls).

use super::closed;
use super::terms::{atomic, call, freshen, map_children, rename_var, replace_calls, spine};
use super::terms::{size, strip_ty_lams};
use super::terms::{subst_types, var};
use crate::expr::{Bind, Expr, ExprKind};
use crate::lint::subst;
use crate::name::Name;
use crate::program::Program;
use crate::types::Type;
use std::collections::HashMap;

/// The most specialisations a program gets.
const MAX_COPIES: usize = 200;

/// The largest function body copied.
const MAX_SIZE: usize = 2_000;

/// A global function: its type variables, parameters (names and types) and body.
struct Function<'p> {
    tyvars: Vec<Name>,
    params: Vec<(Name, Type)>,
    body: &'p Expr,
}

impl<'p> Function<'p> {
    fn of(rhs: &'p Expr) -> Option<Function<'p>> {
        let (tyvars, mut e) = strip_ty_lams(rhs);
        let mut params = Vec::new();
        while let ExprKind::Lam(x, t, b) = &e.kind {
            params.push((x.clone(), t.clone()));
            e = b;
        }
        (!params.is_empty()).then_some(Function {
            tyvars,
            params,
            body: e,
        })
    }
}

/// `items` but the one at position `i`.
fn without<T>(items: impl IntoIterator<Item = T>, i: usize) -> impl Iterator<Item = T> {
    items
        .into_iter()
        .enumerate()
        .filter(move |(j, _)| *j != i)
        .map(|(_, x)| x)
}

/// Whether every use of `h` in `e` is a call of at least `n` arguments passing the variable
/// `p` as argument `i`.
fn static_in(e: &Expr, h: &Name, n: usize, i: usize, p: &Name) -> bool {
    let (head, _, args) = spine(e);
    if let ExprKind::Var(f) = &head.kind {
        if f == h {
            return args.len() >= n
                && matches!(&args[i].kind, ExprKind::Var(x) if x == p)
                && args.iter().all(|a| static_in(a, h, n, i, p));
        }
    }
    let mut ok = true;
    e.for_each_child(|c| ok = ok && static_in(c, h, n, i, p));
    ok
}

/// A partial application `g @gtys x1 .. xk` (k ≥ 1, atoms, closed types) of a global function
/// of more than k parameters: `g`, `gtys` and the atoms.
fn partial_application<'e>(
    a: &'e Expr,
    arities: &HashMap<Name, usize>,
) -> Option<(&'e Name, &'e [Type], Vec<&'e Expr>)> {
    let (head, gtys, xs) = spine(a);
    let ExprKind::Var(g) = &head.kind else {
        return None;
    };
    let arity = *arities.get(g)?;
    (!xs.is_empty() && xs.len() < arity && xs.iter().all(|x| atomic(x)) && gtys.iter().all(closed))
        .then_some((g, gtys, xs))
}

/// The parameter types of a binding of type `ty` at type arguments `tys`, and its result after
/// them: `(T1 .. Tm, R)` for `forall vs. T1 -> .. -> Tm -> R`.
fn instantiated(ty: &Type, tys: &[Type], m: usize, fresh: &mut u32) -> Option<(Vec<Type>, Type)> {
    let mut t = match ty {
        Type::Forall(vs, body) if vs.len() == tys.len() => {
            let sub: Vec<(Name, Type)> = vs.iter().cloned().zip(tys.iter().cloned()).collect();
            subst(body, &sub, fresh)
        }
        Type::Forall(..) => return None,
        t if tys.is_empty() => t.clone(),
        _ => return None,
    };
    let mut params = Vec::with_capacity(m);
    for _ in 0..m {
        let Type::Fun(a, r) = t else {
            return None;
        };
        params.push(*a);
        t = *r;
    }
    Some((params, t))
}

struct Specialiser<'p> {
    globals: HashMap<Name, &'p Bind>,
    /// The globals never copied.
    kept: Vec<&'p str>,
    arities: HashMap<Name, usize>,
    copies: HashMap<String, Name>,
    new_binds: Vec<Bind>,
    fresh: u32,
}

impl Specialiser<'_> {
    /// `e` with its calls of global functions at partial applications specialised.
    fn expr(&mut self, e: &Expr) -> Expr {
        if let ExprKind::App(..) = e.kind {
            if let Some(call) = self.call(e) {
                return call;
            }
        }
        map_children(e, &mut |c| self.expr(c))
    }

    /// The call `e` of a specialisation, if it is a call to make one for.
    fn call(&mut self, e: &Expr) -> Option<Expr> {
        let (head, tys, args) = spine(e);
        let ExprKind::Var(h) = &head.kind else {
            return None;
        };
        if self.kept.contains(&h.as_str()) {
            return None;
        }
        let bind = *self.globals.get(h)?;
        let f = Function::of(&bind.rhs)?;
        let n = f.params.len();
        if args.len() < n || f.tyvars.len() != tys.len() || !tys.iter().all(closed) {
            return None;
        }
        let (i, (g, gtys, xs)) = (0..n).find_map(|i| {
            let pa = partial_application(args[i], &self.arities)?;
            (matches!(f.params[i].1, Type::Fun(..)) && static_in(f.body, h, n, i, &f.params[i].0))
                .then_some((i, pa))
        })?;
        let name = self.copy(h, &f, tys, i, g, gtys, xs.len())?;
        let rest = without(args, i).map(|a| self.expr(a));
        let args = xs.into_iter().cloned().chain(rest).collect();
        Some(call(var(&name, e.span), args, e.span))
    }

    /// The copy of `h` at `tys` whose parameter `i` is `g @gtys y1 .. yk` for new leading
    /// parameters `y`: its name, made on first use.
    #[allow(clippy::too_many_arguments)]
    fn copy(
        &mut self,
        h: &Name,
        f: &Function,
        tys: &[Type],
        i: usize,
        g: &Name,
        gtys: &[Type],
        k: usize,
    ) -> Option<Name> {
        let show = |ts: &[Type]| {
            ts.iter()
                .map(crate::show_type::core)
                .collect::<Vec<_>>()
                .join(",")
        };
        let key = format!("{h}@{}@{i}@{g}@{}@{k}", show(tys), show(gtys));
        if let Some(name) = self.copies.get(&key) {
            return Some(name.clone());
        }
        if self.copies.len() >= MAX_COPIES || size(f.body) > MAX_SIZE {
            return None;
        }
        let g_bind = *self.globals.get(g)?;
        let (ys_tys, _) = instantiated(&g_bind.ty, gtys, k, &mut self.fresh)?;
        let (param_tys, result) = instantiated(
            &self.globals.get(h)?.ty,
            tys,
            f.params.len(),
            &mut self.fresh,
        )?;
        let name = Name::from(format!("{h}#pa{}", self.copies.len()));
        self.copies.insert(key, name.clone());
        let ys: Vec<Name> = (0..k)
            .map(|_| {
                self.fresh += 1;
                Name::from(format!("y#pa{}", self.fresh))
            })
            .collect();
        let span = f.body.span;
        let sub: Vec<(Name, Type)> = f.tyvars.iter().cloned().zip(tys.iter().cloned()).collect();
        let n = f.params.len();
        // The recursive calls first (they pass the parameter on), then its other uses.
        let body = replace_calls(&subst_types(f.body, &sub), h, n, &mut |args, span| {
            let passed = ys.iter().map(|y| var(y, span)).chain(without(args, i));
            call(var(&name, span), passed.collect(), span)
        });
        let mut function = var(g, span);
        if !gtys.is_empty() {
            function = Expr::new(ExprKind::TyApp(Box::new(function), gtys.to_vec()), span);
        }
        let function = call(function, ys.iter().map(|y| var(y, span)).collect(), span);
        let body = rename_var(&body, &f.params[i].0, &function);
        // The atoms' parameters, then the function's but the one replaced.
        let params: Vec<(Name, Type)> = ys
            .into_iter()
            .zip(ys_tys)
            .chain(without(
                f.params.iter().map(|(p, _)| p.clone()).zip(param_tys),
                i,
            ))
            .collect();
        let ty = Type::funs(params.iter().map(|(_, t)| t.clone()).collect(), result);
        let rhs = params.into_iter().rev().fold(body, |body, (p, t)| {
            Expr::new(ExprKind::Lam(p, t, Box::new(body)), span)
        });
        let rhs = freshen(&rhs, &mut self.fresh);
        // The copy's own calls may specialise in turn.
        let rhs = self.expr(&rhs);
        self.arities.insert(name.clone(), k + n - 1);
        self.new_binds.push(Bind {
            name: name.clone(),
            ty,
            rhs,
            span: self.globals.get(h)?.span,
        });
        Some(name)
    }
}

/// `program` with its calls of global functions at partial applications of globals
/// specialised (see the module comment); the globals in `keep` and the functions that
/// differentiate are never copied.
pub(super) fn specialise(program: Program, keep: &[&str]) -> Program {
    let arities = program
        .binds
        .iter()
        .filter_map(|b| Some((b.name.clone(), Function::of(&b.rhs)?.params.len())))
        .collect();
    let mut s = Specialiser {
        globals: program.binds.iter().map(|b| (b.name.clone(), b)).collect(),
        kept: keep
            .iter()
            .chain(&crate::dual::DIFFERENTIATING)
            .copied()
            .collect(),
        arities,
        copies: HashMap::new(),
        new_binds: Vec::new(),
        fresh: 0,
    };
    // (The copies borrow the bindings: `terms::map_program` would need them moved.)
    let mut binds: Vec<Bind> = program
        .binds
        .iter()
        .map(|b| b.with_rhs(s.expr(&b.rhs)))
        .collect();
    let entry = program.entry.as_ref().map(|e| s.expr(e));
    binds.append(&mut s.new_binds);
    Program {
        binds,
        entry,
        ..program
    }
}
