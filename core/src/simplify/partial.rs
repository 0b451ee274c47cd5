//! Specialisation of global higher-order functions at known functions. A call `h @ts a1 .. an`
//! (`foldl (pull dt b) v bs`) whose argument `ai` is a known function — a global `g` applied
//! to fewer arguments than it takes, each a local variable, a literal, a global or a known
//! function in turn (`pull dt b`, a local function after lambda lifting; `isSpace`;
//! `insertOne (plus Num#Int#inst#f2)`) — where `h` passes its parameter `i` unchanged to every
//! recursive call (a static argument, as `foldl`'s function), becomes `h#pa<k> dt b v bs`: a
//! copy of `h` at those types that takes the known function's local variables as leading
//! parameters in place of the function, and in which `f z x` is `pull y1 y2 z x`, a saturated
//! call of a global, which the VM makes directly and the native tier can compile. The copy's
//! own calls specialise in turn (`insertOne`'s call of `insertWith f` at `plus ..`), so a
//! chain of higher-order library functions ends in direct calls. The other arguments keep
//! their places, and a partial application evaluates nothing, so what runs, and in which
//! order, is unchanged. It runs after lifting and eta-expansion and before differentiation
//! (the AD pass differentiates the copies as any function), and never copies the functions
//! that differentiate; of those, only `grad`, `vjp` and `jvp` are known functions (`map (grad
//! f) xs` calls `grad f x` in its copy: a saturated call, which the AD pass makes a direct
//! gradient).

use super::closed;
use super::terms::{call, freshen, head_of, rename_var, replace_calls};
use super::terms::{instantiated, returns_io, size, strip_ty_lams};
use super::terms::{subst_types, var};
use crate::dual::ENTRY_POINTS;
use crate::expr::{Bind, Expr, ExprKind};
use crate::name::Name;
use crate::program::Program;
use crate::types::Type;
use std::collections::HashMap;

/// The most specialisations a program gets.
const MAX_COPIES: usize = 200;

/// The largest function body copied.
const MAX_SIZE: usize = 2_000;

/// The most partial applications a known function nests (a function passing `wrap f` to
/// another that passes `wrap (wrap f)` back would otherwise ask for ever larger ones).
const MAX_KNOWN: usize = 6;

/// The name standing for a known function's `j`th local variable in its shape.
fn placeholder(j: usize) -> Name {
    Name::from(format!("known#{j}"))
}

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
    let (head, _, args) = e.spine();
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

/// A known function (see the module comment): its shape, the expression with its local
/// variables replaced by placeholders (`placeholder(j)` for the `j`th), and those variables
/// with their types.
struct Known {
    shape: Expr,
    locals: Vec<(Name, Type)>,
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
        e.map_children(&mut |c| self.expr(c))
    }

    /// Whether `x` is a global's name (a copy's too).
    fn global(&self, x: &Name) -> bool {
        self.globals.contains_key(x) || self.arities.contains_key(x)
    }

    /// Whether `x` is a literal or a global at closed types.
    fn closed_atom(&self, x: &Expr) -> bool {
        match &x.kind {
            ExprKind::Lit(_) => true,
            ExprKind::Var(y) => self.global(y),
            ExprKind::TyApp(f, ts) => ts.iter().all(closed) && self.closed_atom(f),
            _ => false,
        }
    }

    /// `a` as a known function, if it is one.
    fn known(&mut self, a: &Expr) -> Option<Known> {
        let mut locals = Vec::new();
        let mut nodes = 0;
        let shape = self.known_shape(a, &mut locals, &mut nodes)?;
        Some(Known { shape, locals })
    }

    /// The shape of the known function `a`, adding its local variables to `locals`; `nodes`
    /// counts its partial applications.
    fn known_shape(
        &mut self,
        a: &Expr,
        locals: &mut Vec<(Name, Type)>,
        nodes: &mut usize,
    ) -> Option<Expr> {
        let (head, gtys, xs) = a.spine();
        let ExprKind::Var(g) = &head.kind else {
            return None;
        };
        *nodes += 1;
        let arity = *self.arities.get(g)?;
        if *nodes > MAX_KNOWN
            || xs.len() >= arity
            || (self.kept.contains(&g.as_str()) && !ENTRY_POINTS.contains(&g.as_str()))
            || !gtys.iter().all(closed)
        {
            return None;
        }
        let (param_tys, _) =
            instantiated(&self.globals.get(g)?.ty, gtys, xs.len(), &mut self.fresh)?;
        let mut args = Vec::with_capacity(xs.len());
        for (x, t) in xs.into_iter().zip(param_tys) {
            let arg = match &x.kind {
                ExprKind::Var(y) if !self.global(y) => {
                    let j = match locals.iter().position(|(l, _)| l == y) {
                        Some(j) => j,
                        None => {
                            locals.push((y.clone(), t));
                            locals.len() - 1
                        }
                    };
                    var(&placeholder(j), x.span)
                }
                _ if self.closed_atom(x) => x.clone(),
                _ => self.known_shape(x, locals, nodes)?,
            };
            args.push(arg);
        }
        Some(call(head_of(a).clone(), args, a.span))
    }

    /// The call `e` of a specialisation, if it is a call to make one for.
    fn call(&mut self, e: &Expr) -> Option<Expr> {
        let (head, tys, args) = e.spine();
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
        let (i, known) = (0..n).find_map(|i| {
            // (An action's continuation stays: the VM runs a bind's function in place, where
            // its statements' locations are the program's.)
            let static_function = matches!(f.params[i].1, Type::Fun(..))
                && !returns_io(&f.params[i].1)
                && static_in(f.body, h, n, i, &f.params[i].0);
            static_function.then(|| self.known(args[i]).map(|k| (i, k)))?
        })?;
        let name = self.copy(h, &f, tys, i, &known)?;
        let locals = known.locals.iter().map(|(y, _)| var(y, e.span));
        let rest = without(args, i).map(|a| self.expr(a)).collect::<Vec<_>>();
        Some(call(
            var(&name, e.span),
            locals.chain(rest).collect(),
            e.span,
        ))
    }

    /// The copy of `h` at `tys` whose parameter `i` is the known function `known`, its local
    /// variables new leading parameters `y`: its name, made on first use.
    fn copy(
        &mut self,
        h: &Name,
        f: &Function,
        tys: &[Type],
        i: usize,
        known: &Known,
    ) -> Option<Name> {
        let tys_shown: Vec<String> = tys.iter().map(crate::show_type::core).collect();
        let key = format!(
            "{h}@{}@{i}@{}",
            tys_shown.join(","),
            crate::pretty::expr(&known.shape)
        );
        if let Some(name) = self.copies.get(&key) {
            return Some(name.clone());
        }
        if self.copies.len() >= MAX_COPIES || size(f.body) > MAX_SIZE {
            return None;
        }
        let k = known.locals.len();
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
        let function = ys
            .iter()
            .enumerate()
            .fold(known.shape.clone(), |shape, (j, y)| {
                rename_var(&shape, &placeholder(j), &var(y, span))
            });
        let body = rename_var(&body, &f.params[i].0, &function);
        // The known function's local variables, then the function's parameters but the one
        // replaced.
        let params: Vec<(Name, Type)> = ys
            .into_iter()
            .zip(known.locals.iter().map(|(_, t)| t.clone()))
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
