//! Lambda lifting of local functions. A `let`- or `letrec`-bound group of lambdas inside a
//! global (a `where go ...` loop) becomes globals of their own that take the group's free
//! variables as leading parameters (and the type variables in scope as type parameters), and
//! every use of a member `go` becomes `go' @tvs fv1 .. fvk`. So a local loop is called like a
//! top-level function — the VM's direct entry with all its arguments, a native function when
//! they are scalars — instead of building a closure and applying it one argument at a time.
//! A lambda given to a global function (`foldl (\t (k, x) -> insertWith f k x t) empty`) is
//! lifted the same way, as a group of one: the partial application it becomes is a known
//! function at which `partial` specialises the callee.
//! Nothing runs differently: evaluating a lambda has no effect, and a partial application of a
//! known global to variables only builds a closure, so dropping the binding and passing its
//! captured values at each use keeps evaluation order, errors and their spans (the bodies keep
//! theirs). It must not lift a group under a type abstraction of its own (a polymorphic local:
//! its uses carry type arguments), one with more than `MAX_FREE` free variables (each call
//! would pass them all), nor go more than `MAX_NESTING` candidate groups deep (finding a group's
//! free variables walks its body, so the cost stays linear in the program's size).

use super::terms::map_program;
use super::terms::{head_of, instantiated, returns_io};
use crate::expr::{Bind, Expr, ExprKind};
use crate::name::Name;
use crate::program::Program;
use crate::scoped::ScopedMap;
use crate::types::Type;
use std::collections::{HashMap, HashSet};

/// The most free variables a lifted group may have.
const MAX_FREE: usize = 8;

/// The most candidate groups a lifted group may be nested in.
const MAX_NESTING: usize = 16;

/// What a lifted member's uses become: `global @tyvars free..`.
struct Lifted {
    global: Name,
    tyvars: Vec<Name>,
    free: Vec<Name>,
}

struct Lifter {
    /// The local variables in scope, with their types.
    locals: ScopedMap<Name, Type>,
    /// The type variables in scope (bound by enclosing type abstractions).
    tyvars: Vec<Name>,
    /// The members of lifted groups in scope, by their local name.
    lifted: ScopedMap<Name, Lifted>,
    /// The names globals have (a lifted member's global name must be new).
    globals: HashSet<Name>,
    /// The globals made so far.
    binds: Vec<Bind>,
    /// The types of the program's globals.
    types: HashMap<Name, Type>,
    /// How many candidate groups enclose the expression being lifted.
    nesting: usize,
}

/// `program` with its local function groups lifted to globals (appended to its bindings).
pub(super) fn lift_program(program: Program) -> Program {
    let mut l = Lifter {
        locals: ScopedMap::default(),
        tyvars: Vec::new(),
        lifted: ScopedMap::default(),
        globals: program.binds.iter().map(|b| b.name.clone()).collect(),
        binds: Vec::new(),
        types: program
            .binds
            .iter()
            .map(|b| (b.name.clone(), b.ty.clone()))
            .collect(),
        nesting: 0,
    };
    let mut program = map_program(program, &mut |e| l.expr(e));
    program.binds.append(&mut l.binds);
    program
}

/// Whether `binds` is a group the lifting may take: every right-hand side a lambda.
fn functions(binds: &[Bind]) -> bool {
    binds
        .iter()
        .all(|b| matches!(b.rhs.kind, ExprKind::Lam(..)))
}

impl Lifter {
    fn expr(&mut self, e: &Expr) -> Expr {
        let kind = match &e.kind {
            ExprKind::Var(x) => match self.lifted.get(x) {
                Some(lifted) => return use_of(lifted, e),
                None => return e.clone(),
            },
            ExprKind::Lam(x, t, body) => {
                let body = self.in_scope(&[(x.clone(), t.clone())], body);
                ExprKind::Lam(x.clone(), t.clone(), Box::new(body))
            }
            ExprKind::TyLam(vs, body) => {
                let mark = self.tyvars.len();
                self.tyvars.extend(vs.iter().cloned());
                let body = self.expr(body);
                self.tyvars.truncate(mark);
                ExprKind::TyLam(vs.clone(), Box::new(body))
            }
            ExprKind::Let(b, body) => {
                if let Some(body) = self.without_group(std::slice::from_ref(b.as_ref()), body) {
                    return body;
                }
                let rhs = self.in_candidate(&b.rhs);
                let body = self.in_scope(&[(b.name.clone(), b.ty.clone())], body);
                ExprKind::Let(Box::new(b.with_rhs(rhs)), Box::new(body))
            }
            ExprKind::LetRec(binds, body) => {
                if let Some(body) = self.without_group(binds, body) {
                    return body;
                }
                let mark = self.locals.len();
                for b in binds {
                    self.locals.push(b.name.clone(), b.ty.clone());
                }
                let binds = binds
                    .iter()
                    .map(|b| b.with_rhs(self.in_candidate(&b.rhs)))
                    .collect();
                let body = self.expr(body);
                self.locals.truncate(mark);
                ExprKind::LetRec(binds, Box::new(body))
            }
            ExprKind::Case(scrut, alts, default) => {
                let scrut = self.expr(scrut);
                let alts = alts
                    .iter()
                    .map(|a| a.with_rhs(self.in_scope(&a.binders, &a.rhs)))
                    .collect();
                let default = default.as_ref().map(|d| Box::new(self.expr(d)));
                ExprKind::Case(Box::new(scrut), alts, default)
            }
            ExprKind::App(..) => match self.call_lifting_lambdas(e) {
                Some(call) => return call,
                None => return e.map_children(&mut |c| self.expr(c)),
            },
            _ => return e.map_children(&mut |c| self.expr(c)),
        };
        Expr::new(kind, e.span)
    }

    /// The call `e` of a global with its lambda arguments lifted (each a group of one), if it
    /// has any (and is not a call of a function that differentiates: the AD pass reads its
    /// argument). An action's continuation (`m >>= \x -> ...`) stays: the VM runs a bind's
    /// lambda in place, where its statements' locations are the program's.
    fn call_lifting_lambdas(&mut self, e: &Expr) -> Option<Expr> {
        let (head, tys, args) = e.spine();
        let ExprKind::Var(g) = &head.kind else {
            return None;
        };
        if !args.iter().any(|a| matches!(a.kind, ExprKind::Lam(..)))
            || crate::dual::DIFFERENTIATING.contains(&g.as_str())
        {
            return None;
        }
        let ty = self.types.get(g)?;
        let (param_tys, _) = instantiated(ty, tys, args.len(), &mut 0)?;
        let liftable = |a: &Expr, t: &Type| matches!(a.kind, ExprKind::Lam(..)) && !returns_io(t);
        if !args.iter().zip(&param_tys).any(|(a, t)| liftable(a, t)) {
            return None;
        }
        let mark = self.lifted.len();
        let lifted_args: Vec<Expr> = args
            .into_iter()
            .zip(param_tys)
            .map(|(a, t)| match liftable(a, &t) {
                true => self.lifted_lambda(a, t),
                false => self.expr(a),
            })
            .collect();
        self.lifted.truncate(mark);
        // Each application keeps its span (the VM records the user locations among them).
        let spans = app_spans(e);
        let head = self.expr(head_of(e));
        Some(
            lifted_args
                .into_iter()
                .zip(spans)
                .fold(head, |f, (a, span)| {
                    Expr::new(ExprKind::App(Box::new(f), Box::new(a)), span)
                }),
        )
    }

    /// The lambda `a` of type `t` lifted as a group of one: its use, or `a` lifted inside when
    /// the group does not qualify.
    fn lifted_lambda(&mut self, a: &Expr, t: Type) -> Expr {
        let name = Name::from(format!("fn#{}", self.binds.len()));
        let bind = Bind {
            name: name.clone(),
            ty: t,
            rhs: a.clone(),
            span: a.span,
        };
        match self.lift_group(std::slice::from_ref(&bind)) {
            true => use_of(self.lifted.get(&name).expect("a lifted group"), a),
            false => self.expr(a),
        }
    }

    /// `rhs` lifted, counted as nested in one more candidate group when it is a function.
    fn in_candidate(&mut self, rhs: &Expr) -> Expr {
        let candidate = matches!(rhs.kind, ExprKind::Lam(..));
        self.nesting += usize::from(candidate);
        let out = self.expr(rhs);
        self.nesting -= usize::from(candidate);
        out
    }

    /// `e` lifted with the locals `bound` in scope.
    fn in_scope(&mut self, bound: &[(Name, Type)], e: &Expr) -> Expr {
        let mark = self.locals.len();
        for (x, t) in bound {
            self.locals.push(x.clone(), t.clone());
        }
        let out = self.expr(e);
        self.locals.truncate(mark);
        out
    }

    /// `body` lifted after the group `binds`, if the group qualifies: its members become
    /// globals and their uses in `body` calls of those.
    fn without_group(&mut self, binds: &[Bind], body: &Expr) -> Option<Expr> {
        let mark = self.lifted.len();
        if !self.lift_group(binds) {
            return None;
        }
        let body = self.expr(body);
        self.lifted.truncate(mark);
        Some(body)
    }

    /// Lift the group `binds` if it qualifies: its members become globals (lifted themselves)
    /// and their uses calls of those; whether it did.
    fn lift_group(&mut self, binds: &[Bind]) -> bool {
        if !functions(binds) || self.nesting >= MAX_NESTING {
            return false;
        }
        let group: HashSet<&Name> = binds.iter().map(|b| &b.name).collect();
        let Some(params) = self.free_variables(binds, &group) else {
            return false;
        };
        let free: Vec<Name> = params.iter().map(|(x, _)| x.clone()).collect();
        let globals: Vec<Name> = binds.iter().map(|b| self.fresh_global(&b.name)).collect();
        for (b, global) in binds.iter().zip(&globals) {
            self.lifted.push(
                b.name.clone(),
                Lifted {
                    global: global.clone(),
                    tyvars: self.tyvars.clone(),
                    free: free.clone(),
                },
            );
        }
        for (b, global) in binds.iter().zip(globals) {
            let rhs = self.in_candidate(&b.rhs);
            let rhs = params.iter().rev().fold(rhs, |body, (x, t)| {
                Expr::new(ExprKind::Lam(x.clone(), t.clone(), Box::new(body)), b.span)
            });
            let rhs = match self.tyvars.is_empty() {
                true => rhs,
                false => Expr::new(ExprKind::TyLam(self.tyvars.clone(), Box::new(rhs)), b.span),
            };
            let ty = Type::funs(
                params.iter().map(|(_, t)| t.clone()).collect(),
                b.ty.clone(),
            );
            self.binds.push(Bind {
                name: global,
                ty: Type::forall(self.tyvars.clone(), ty),
                rhs,
                span: b.span,
            });
        }
        true
    }

    /// The local variables in scope that the group's right-hand sides use (through the members
    /// of groups lifted before), in order of first use, with their types; `None` past
    /// `MAX_FREE`.
    fn free_variables(&self, binds: &[Bind], group: &HashSet<&Name>) -> Option<Vec<(Name, Type)>> {
        let mut free = Vec::new();
        let mut seen = HashSet::new();
        let mut stack: Vec<&Expr> = binds.iter().map(|b| &b.rhs).collect();
        while let Some(e) = stack.pop() {
            if let ExprKind::Var(x) = &e.kind {
                let used = match self.lifted.get(x) {
                    Some(lifted) => lifted.free.as_slice(),
                    None if self.locals.get(x).is_some() && !group.contains(x) => {
                        std::slice::from_ref(x)
                    }
                    None => &[],
                };
                for x in used {
                    if seen.insert(x.clone()) {
                        free.push((x.clone(), self.locals.get(x)?.clone()));
                    }
                }
                if free.len() > MAX_FREE {
                    return None;
                }
            }
            e.for_each_child(|c| stack.push(c));
        }
        Some(free)
    }

    /// A global name for the local `x`, unlike every other global's.
    fn fresh_global(&mut self, x: &Name) -> Name {
        let mut k = self.binds.len();
        loop {
            let name = Name::from(format!("{x}#lift{k}"));
            if self.globals.insert(name.clone()) {
                return name;
            }
            k += 1;
        }
    }
}

/// The spans of the applications of `e`'s spine, innermost first.
fn app_spans(e: &Expr) -> Vec<crate::span::Span> {
    let mut spans = Vec::new();
    let mut e = e;
    while let ExprKind::App(f, _) = &e.kind {
        spans.push(e.span);
        e = f;
    }
    spans.reverse();
    spans
}

/// What the use `e` of a lifted member becomes: its global applied to the type variables and
/// the free variables, at `e`'s span.
fn use_of(lifted: &Lifted, e: &Expr) -> Expr {
    let head = Expr::new(ExprKind::Var(lifted.global.clone()), e.span);
    let head = match lifted.tyvars.is_empty() {
        true => head,
        false => Expr::new(
            ExprKind::TyApp(
                Box::new(head),
                lifted.tyvars.iter().cloned().map(Type::Var).collect(),
            ),
            e.span,
        ),
    };
    lifted.free.iter().fold(head, |f, x| {
        Expr::new(
            ExprKind::App(
                Box::new(f),
                Box::new(Expr::new(ExprKind::Var(x.clone()), e.span)),
            ),
            e.span,
        )
    })
}
