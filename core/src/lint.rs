//! The core lint: a type checker for core (System F with data types). Every pass's output must
//! pass it; tests run it on the core of every corpus program. It reports problems as values with
//! the offending node's span and the top-level binding they are in; it never changes the program.

use crate::expr::{Bind, Expr, ExprKind};
use crate::name::Name;
use crate::program::{DataDecl, Program};
use crate::scoped::ScopedMap;
use crate::span::Span;
use crate::types::Type;
use std::collections::HashMap;

#[derive(Clone, Debug)]
pub struct LintError {
    pub message: String,
    pub span: Span,
    pub context: String,
}

struct Lint<'p> {
    worlds: &'p [crate::dual::World],
    datas: HashMap<&'p Name, &'p DataDecl>,
    /// Constructor name to (data declaration, constructor index).
    cons: HashMap<&'p Name, (&'p DataDecl, usize)>,
    globals: HashMap<&'p Name, &'p Type>,
    locals: ScopedMap<Name, Type>,
    fresh: u32,
}

type LResult<T> = Result<T, (String, Span)>;

/// Substitute types for type variables, renaming bound variables that would capture.
pub fn subst(t: &Type, s: &[(Name, Type)], fresh: &mut u32) -> Type {
    match t {
        Type::Var(v) => s
            .iter()
            .find(|(n, _)| n == v)
            .map_or_else(|| t.clone(), |(_, r)| r.clone()),
        Type::Con(c, args) => {
            Type::Con(c.clone(), args.iter().map(|a| subst(a, s, fresh)).collect())
        }
        Type::Fun(a, b) => Type::fun(subst(a, s, fresh), subst(b, s, fresh)),
        Type::App(v, args) => {
            let head = subst(&Type::Var(v.clone()), s, fresh);
            let args = args.iter().map(|a| subst(a, s, fresh)).collect();
            match head {
                Type::Con(..) | Type::Var(_) | Type::App(..) => head.apply(args),
                other => other,
            }
        }
        Type::Forall(vs, body) => {
            let mut inner: Vec<(Name, Type)> =
                s.iter().filter(|(n, _)| !vs.contains(n)).cloned().collect();
            let mut new_vs = Vec::new();
            for v in vs {
                if inner.iter().any(|(_, r)| occurs(v, r)) {
                    *fresh += 1;
                    let renamed = Name::from(format!("{v}~{fresh}"));
                    inner.push((v.clone(), Type::Var(renamed.clone())));
                    new_vs.push(renamed);
                } else {
                    new_vs.push(v.clone());
                }
            }
            Type::Forall(new_vs, Box::new(subst(body, &inner, fresh)))
        }
    }
}

fn occurs(v: &Name, t: &Type) -> bool {
    match t {
        Type::Var(w) => w == v,
        Type::App(w, args) => w == v || args.iter().any(|a| occurs(v, a)),
        Type::Con(_, args) => args.iter().any(|a| occurs(v, a)),
        Type::Fun(a, b) => occurs(v, a) || occurs(v, b),
        Type::Forall(vs, b) => !vs.contains(v) && occurs(v, b),
    }
}

/// Equality up to renaming of bound type variables.
pub fn same_type(a: &Type, b: &Type) -> bool {
    fn go(a: &Type, b: &Type, bound: &mut Vec<(Name, Name)>) -> bool {
        match (a, b) {
            (Type::Var(x), Type::Var(y)) => {
                match bound.iter().rev().find(|(l, r)| l == x || r == y) {
                    Some((l, r)) => l == x && r == y,
                    None => x == y,
                }
            }
            (Type::Con(c, xs), Type::Con(d, ys)) => {
                c == d && xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| go(x, y, bound))
            }
            (Type::App(v, xs), Type::App(w, ys)) => {
                go(&Type::Var(v.clone()), &Type::Var(w.clone()), bound)
                    && xs.len() == ys.len()
                    && xs.iter().zip(ys).all(|(x, y)| go(x, y, bound))
            }
            (Type::Fun(a1, b1), Type::Fun(a2, b2)) => go(a1, a2, bound) && go(b1, b2, bound),
            (Type::Forall(vs, b1), Type::Forall(ws, b2)) if vs.len() == ws.len() => {
                let n = bound.len();
                bound.extend(vs.iter().cloned().zip(ws.iter().cloned()));
                let r = go(b1, b2, bound);
                bound.truncate(n);
                r
            }
            _ => false,
        }
    }
    go(a, b, &mut Vec::new())
}

impl<'p> Lint<'p> {
    fn mismatch(&self, what: &str, expected: &Type, actual: &Type, span: Span) -> (String, Span) {
        (
            format!(
                "{what}: expected `{}`, found `{}`",
                crate::show_type::core(expected),
                crate::show_type::core(actual)
            ),
            span,
        )
    }

    fn expect(&self, what: &str, expected: &Type, actual: &Type, span: Span) -> LResult<()> {
        if same_type(expected, actual) {
            Ok(())
        } else {
            Err(self.mismatch(what, expected, actual, span))
        }
    }

    fn lookup(&self, n: &Name) -> Option<Type> {
        self.locals
            .get(n)
            .cloned()
            .or_else(|| self.globals.get(n).map(|t| (*t).clone()))
    }

    /// Instantiate a `forall` with the given types.
    fn instantiate(&mut self, t: &Type, tys: &[Type], span: Span) -> LResult<Type> {
        match t {
            Type::Forall(vs, body) if vs.len() >= tys.len() => {
                let s: Vec<(Name, Type)> = vs.iter().cloned().zip(tys.iter().cloned()).collect();
                let rest: Vec<Name> = vs[tys.len()..].to_vec();
                let body = subst(body, &s, &mut self.fresh);
                Ok(Type::forall(rest, body))
            }
            _ if tys.is_empty() => Ok(t.clone()),
            _ => Err((
                format!(
                    "type application of `{}` to {} types",
                    crate::show_type::core(t),
                    tys.len()
                ),
                span,
            )),
        }
    }

    fn type_of(&mut self, e: &Expr) -> LResult<Type> {
        let span = e.span;
        match &e.kind {
            ExprKind::Var(n) => self
                .lookup(n)
                .ok_or_else(|| (format!("variable `{n}` is not in scope"), span)),
            ExprKind::Lit(l) => Ok(l.ty()),
            ExprKind::Lam(x, t, body) => {
                self.locals.push(x.clone(), t.clone());
                let r = self.type_of(body);
                self.locals.pop();
                Ok(Type::fun(t.clone(), r?))
            }
            ExprKind::App(f, a) => {
                let ft = self.type_of(f)?;
                let at = self.type_of(a)?;
                match ft {
                    Type::Fun(p, r) => {
                        self.expect("argument type", &p, &at, a.span)?;
                        Ok(*r)
                    }
                    other => Err((
                        format!(
                            "applying a value of non-function type `{}`",
                            crate::show_type::core(&other)
                        ),
                        span,
                    )),
                }
            }
            ExprKind::TyLam(vs, body) => {
                Ok(Type::Forall(vs.clone(), Box::new(self.type_of(body)?)))
            }
            ExprKind::TyApp(f, tys) => {
                let ft = self.type_of(f)?;
                self.instantiate(&ft, tys, span)
            }
            ExprKind::Let(b, body) => {
                let rt = self.type_of(&b.rhs)?;
                self.expect(&format!("binding `{}`", b.name), &b.ty, &rt, b.span)?;
                self.locals.push(b.name.clone(), b.ty.clone());
                let r = self.type_of(body);
                self.locals.pop();
                r
            }
            ExprKind::LetRec(binds, body) => {
                let depth = self.locals.len();
                for b in binds {
                    self.locals.push(b.name.clone(), b.ty.clone());
                }
                let r = (|| {
                    for b in binds {
                        let mut rhs = &b.rhs;
                        while let ExprKind::TyLam(_, inner) | ExprKind::Twin(inner, _) = &rhs.kind {
                            rhs = inner;
                        }
                        if !matches!(rhs.kind, ExprKind::Lam(..)) {
                            return Err((
                                format!("recursive binding `{}` is not a function", b.name),
                                b.span,
                            ));
                        }
                        let rt = self.type_of(&b.rhs)?;
                        self.expect(&format!("binding `{}`", b.name), &b.ty, &rt, b.span)?;
                    }
                    self.type_of(body)
                })();
                self.locals.truncate(depth);
                r
            }
            ExprKind::Con(c, tys, args) => {
                let (d, i) = *self
                    .cons
                    .get(c)
                    .ok_or_else(|| (format!("unknown constructor `{c}`"), span))?;
                if tys.len() != d.params.len() || args.len() != d.cons[i].fields.len() {
                    return Err((format!("constructor `{c}` is not saturated"), span));
                }
                let s: Vec<(Name, Type)> =
                    d.params.iter().cloned().zip(tys.iter().cloned()).collect();
                for (f, a) in d.cons[i].fields.iter().zip(args) {
                    let ft = subst(f, &s, &mut self.fresh);
                    let at = self.type_of(a)?;
                    self.expect(&format!("field of `{c}`"), &ft, &at, a.span)?;
                }
                Ok(Type::Con(d.name.clone(), tys.clone()))
            }
            ExprKind::Prim(p, tys, args) => {
                if args.len() != p.arity() {
                    return Err((
                        format!(
                            "primitive `{}` applied to {} arguments",
                            p.name(),
                            args.len()
                        ),
                        span,
                    ));
                }
                let mut t = self.instantiate(&p.ty(), tys, span)?;
                for a in args {
                    let at = self.type_of(a)?;
                    let Type::Fun(param, r) = t else {
                        return Err((
                            format!("primitive `{}` has too few parameters", p.name()),
                            span,
                        ));
                    };
                    self.expect(&format!("argument of `{}`", p.name()), &param, &at, a.span)?;
                    t = *r;
                }
                Ok(t)
            }
            ExprKind::Case(s, alts, default) => {
                let st = self.type_of(s)?;
                let Type::Con(tname, targs) = &st else {
                    return Err((
                        format!("case on a value of type `{}`", crate::show_type::core(&st)),
                        span,
                    ));
                };
                let d = *self
                    .datas
                    .get(tname)
                    .ok_or_else(|| (format!("case on unknown type `{tname}`"), span))?;
                if alts.is_empty() && default.is_none() {
                    return Err(("case without alternatives".into(), span));
                }
                let sub: Vec<(Name, Type)> = d
                    .params
                    .iter()
                    .cloned()
                    .zip(targs.iter().cloned())
                    .collect();
                let mut result: Option<Type> = None;
                let mut seen = Vec::new();
                for alt in alts {
                    let Some(i) = d.cons.iter().position(|c| c.name == alt.con) else {
                        return Err((
                            format!("constructor `{}` is not of type `{tname}`", alt.con),
                            span,
                        ));
                    };
                    if seen.contains(&i) {
                        return Err((
                            format!("constructor `{}` has two alternatives", alt.con),
                            span,
                        ));
                    }
                    seen.push(i);
                    if alt.binders.len() != d.cons[i].fields.len() {
                        return Err((
                            format!("alternative `{}` binds the wrong number of fields", alt.con),
                            span,
                        ));
                    }
                    for ((_, bt), f) in alt.binders.iter().zip(&d.cons[i].fields) {
                        let ft = subst(f, &sub, &mut self.fresh);
                        self.expect(&format!("binder of `{}`", alt.con), &ft, bt, span)?;
                    }
                    let depth = self.locals.len();
                    for (x, t) in &alt.binders {
                        self.locals.push(x.clone(), t.clone());
                    }
                    let r = self.type_of(&alt.rhs);
                    self.locals.truncate(depth);
                    let r = r?;
                    match &result {
                        Some(t) => self.expect("case alternative", t, &r, alt.rhs.span)?,
                        None => result = Some(r),
                    }
                }
                if let Some(d) = default {
                    let r = self.type_of(d)?;
                    match &result {
                        Some(t) => self.expect("case default", t, &r, d.span)?,
                        None => result = Some(r),
                    }
                }
                Ok(result.expect("at least one alternative"))
            }
            ExprKind::Twin(primal, twins) => {
                let t = self.type_of(primal)?;
                if twins.len() != self.worlds.len() {
                    return Err(("a twin per differentiation world".into(), span));
                }
                for (world, twin) in self.worlds.iter().zip(twins) {
                    // The twin sees the primal lambda's variables at their differentiated types.
                    let mut primal_locals = ScopedMap::default();
                    for (n, t) in self.locals.iter() {
                        primal_locals.push(n.clone(), world.ty(t));
                    }
                    let saved = std::mem::replace(&mut self.locals, primal_locals);
                    let r = self.type_of(twin);
                    self.locals = saved;
                    self.expect("twin", &world.ty(&t), &r?, twin.span)?;
                }
                Ok(t)
            }
        }
    }
}

fn new_lint(program: &Program) -> Lint<'_> {
    let mut datas = HashMap::new();
    let mut cons = HashMap::new();
    for d in &program.datas {
        datas.insert(&d.name, d);
        for (i, c) in d.cons.iter().enumerate() {
            cons.insert(&c.name, (d, i));
        }
    }
    let globals = program.binds.iter().map(|b| (&b.name, &b.ty)).collect();
    Lint {
        worlds: &program.worlds,
        datas,
        cons,
        globals,
        locals: ScopedMap::default(),
        fresh: 0,
    }
}

/// Type-check a whole program.
pub fn lint_program(program: &Program) -> Result<(), Vec<LintError>> {
    lint_bindings(program, |_| true)
}

/// Check the bindings of `program` that `which` selects, and its entry (the others give the
/// types of their names).
pub fn lint_bindings(
    program: &Program,
    which: impl Fn(&Bind) -> bool,
) -> Result<(), Vec<LintError>> {
    let mut lint = new_lint(program);
    let mut errors = Vec::new();
    for b in program.binds.iter().filter(|b| which(b)) {
        let r = lint
            .type_of(&b.rhs)
            .and_then(|t| lint.expect(&format!("binding `{}`", b.name), &b.ty, &t, b.span));
        if let Err((message, span)) = r {
            errors.push(LintError {
                message,
                span,
                context: format!("in binding `{}`", b.name),
            });
        }
    }
    if let Some(e) = &program.entry {
        let r = lint
            .type_of(e)
            .and_then(|t| lint.expect("entry", &Type::unit(), &t, e.span));
        if let Err((message, span)) = r {
            errors.push(LintError {
                message,
                span,
                context: "in the entry".into(),
            });
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// Types of open expressions, for passes that need the type of a subterm: the caller declares
/// the local variables in scope as it descends.
pub struct Typer<'p>(Lint<'p>);

impl<'p> Typer<'p> {
    pub fn new(program: &'p Program) -> Typer<'p> {
        Typer(new_lint(program))
    }

    pub fn push(&mut self, name: Name, ty: Type) {
        self.0.locals.push(name, ty);
    }

    /// How many locals are in scope (to `truncate` back to).
    pub fn depth(&self) -> usize {
        self.0.locals.len()
    }

    pub fn truncate(&mut self, depth: usize) {
        self.0.locals.truncate(depth);
    }

    pub fn type_of(&mut self, e: &Expr) -> Result<Type, LintError> {
        self.0.type_of(e).map_err(|(message, span)| LintError {
            message,
            span,
            context: "while typing a subterm".into(),
        })
    }

    /// The type of a variable in scope (local or global).
    pub fn lookup(&self, name: &Name) -> Option<Type> {
        self.0.lookup(name)
    }

    /// Whether `name` is a local in scope (rather than a global).
    pub fn is_local(&self, name: &Name) -> bool {
        self.0.locals.get(name).is_some()
    }

    /// Instantiate a type scheme (as `TyApp` does).
    pub fn instantiate(&mut self, t: &Type, tys: &[Type]) -> Type {
        self.0
            .instantiate(t, tys, Span::dummy())
            .unwrap_or_else(|_| t.clone())
    }
}

/// The type of a closed expression in the context of a program's top-level bindings.
pub fn type_of(program: &Program, e: &Expr) -> Result<Type, LintError> {
    let mut lint = new_lint(program);
    lint.type_of(e).map_err(|(message, span)| LintError {
        message,
        span,
        context: "in an expression".into(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::{Bind, Lit};
    use crate::program::builtin_datas;

    fn e(kind: ExprKind) -> Expr {
        Expr::new(kind, Span::dummy())
    }

    fn program(binds: Vec<Bind>) -> Program {
        Program {
            datas: builtin_datas(),
            binds,
            entry: None,
            worlds: Vec::new(),
        }
    }

    fn bind(name: &str, ty: Type, rhs: Expr) -> Bind {
        Bind {
            name: Name::new(name),
            ty,
            rhs,
            span: Span::dummy(),
        }
    }

    #[test]
    fn polymorphic_identity_and_its_use() {
        let a = Name::new("a");
        let body = e(ExprKind::Var(Name::new("x")));
        let lam = e(ExprKind::Lam(
            Name::new("x"),
            Type::Var(a.clone()),
            Box::new(body),
        ));
        let id = e(ExprKind::TyLam(vec![a.clone()], Box::new(lam)));
        let id_ty = Type::Forall(
            vec![Name::new("b")],
            Box::new(Type::fun(Type::var("b"), Type::var("b"))),
        );
        let use_id = e(ExprKind::App(
            Box::new(e(ExprKind::TyApp(
                Box::new(e(ExprKind::Var(Name::new("id")))),
                vec![Type::int()],
            ))),
            Box::new(e(ExprKind::Lit(Lit::Int(3)))),
        ));
        let p = program(vec![
            bind("id", id_ty, id),
            bind("three", Type::int(), use_id),
        ]);
        assert!(lint_program(&p).is_ok(), "{:?}", lint_program(&p));
    }

    #[test]
    fn ill_typed_programs_are_rejected() {
        let bad_app = e(ExprKind::Prim(
            crate::PrimOp::IntAdd,
            vec![],
            vec![
                e(ExprKind::Lit(Lit::Int(1))),
                e(ExprKind::Lit(Lit::Double(2.0))),
            ],
        ));
        let errs = lint_program(&program(vec![bind("x", Type::int(), bad_app)])).unwrap_err();
        assert!(
            errs[0].message.contains("expected `Int`, found `Double`"),
            "{}",
            errs[0].message
        );
        let unbound = e(ExprKind::Var(Name::new("nope")));
        let errs = lint_program(&program(vec![bind("y", Type::int(), unbound)])).unwrap_err();
        assert!(errs[0].message.contains("not in scope"));
        let unsaturated = e(ExprKind::Con(
            Name::new(":"),
            vec![Type::int()],
            vec![e(ExprKind::Lit(Lit::Int(1)))],
        ));
        assert!(lint_program(&program(vec![bind(
            "z",
            Type::list(Type::int()),
            unsaturated
        )]))
        .is_err());
    }

    #[test]
    fn alpha_equivalence() {
        let t1 = Type::Forall(vec![Name::new("a")], Box::new(Type::var("a")));
        let t2 = Type::Forall(vec![Name::new("b")], Box::new(Type::var("b")));
        assert!(same_type(&t1, &t2));
        assert!(!same_type(
            &t1,
            &Type::Forall(vec![Name::new("b")], Box::new(Type::var("c")))
        ));
    }
}
