//! Globals generalised over Double: a function whose code only moves its Doubles around — the
//! simplifier's copy of `!` at `Array Int Double`, a list walk at `[Double]` — gets a copy
//! quantified over a type variable in place of Double (`g#gen`, the variable last), kept when
//! the copy passes the core lint, so that differentiated code may call its primal code at the
//! world's numbers (`Translator::parametric_call`) instead of its twin. The lint is the proof:
//! an operation on Doubles (a primitive, a literal, a call of a function at Double) types at
//! Double only. Code that may reach the AD machinery (`machinery`) is left out: `jvp` looks at
//! values at run time whatever its type says. It changes no binding and decides nothing about
//! calls.

use dnrad_core::derivative::{self, Class};
use dnrad_core::expr::{Bind, Expr, ExprKind};
use dnrad_core::lint::{same_type, Typer};
use dnrad_core::{Name, Program, Type};
use std::collections::{HashMap, HashSet};

/// The type variable that stands for Double in a generalised copy.
const DOUBLE_VAR: &str = "double#gen";

/// The generalised copies of the functions of `program` that have one, with the original's
/// name, in the program's order; `machinery` as `machinery` finds it.
pub fn generalised(program: &Program, machinery: &HashSet<Name>) -> Vec<(Name, Bind)> {
    let mut typer = Typer::new(program);
    program
        .binds
        .iter()
        .filter(|b| !machinery.contains(&b.name))
        .filter_map(|b| Some((b.name.clone(), generalise(&mut typer, b)?)))
        .collect()
}

/// The globals whose code may reach differentiation's machinery, directly or through other
/// globals: `jvp` walks its input at run time whatever its type says, so such code is neither
/// generalised nor called as primal code from differentiated code.
pub fn machinery(program: &Program) -> HashSet<Name> {
    let globals: HashSet<&Name> = program.binds.iter().map(|b| &b.name).collect();
    let mut callers: HashMap<&Name, Vec<&Name>> = HashMap::new();
    let mut found: Vec<&Name> = Vec::new();
    for b in &program.binds {
        let mut direct = false;
        let mut work = vec![&b.rhs];
        while let Some(e) = work.pop() {
            match &e.kind {
                ExprKind::Prim(p, ..) => {
                    direct |= matches!(derivative::class(*p), Some(Class::Machinery | Class::Walk));
                }
                ExprKind::Var(n) if globals.contains(n) => {
                    callers.entry(n).or_default().push(&b.name);
                }
                _ => {}
            }
            e.for_each_child(|c| work.push(c));
        }
        if direct {
            found.push(&b.name);
        }
    }
    let mut machinery = HashSet::new();
    while let Some(n) = found.pop() {
        if machinery.insert(n.clone()) {
            found.extend(callers.get(n).into_iter().flatten());
        }
    }
    machinery
}

/// `g#gen`, when `bind` is a function that mentions Double and its copy types.
fn generalise(typer: &mut Typer, bind: &Bind) -> Option<Bind> {
    let (ty_vars, ty) = match &bind.ty {
        Type::Forall(vs, t) => (vs.clone(), &**t),
        t => (Vec::new(), t),
    };
    let (term_vars, body) = match &bind.rhs.kind {
        ExprKind::TyLam(vs, body) => (vs.clone(), &**body),
        _ => (Vec::new(), &bind.rhs),
    };
    if !matches!(body.kind, ExprKind::Lam(..)) || !mentions_double(ty) || !plain(body) {
        return None;
    }
    let name = Name::from(format!("{}#gen", bind.name));
    let var = Type::Var(Name::new(DOUBLE_VAR));
    let mut replace = |t: &Type| replace_double(t, &var);
    let gen_ty = Type::Forall(
        [ty_vars, vec![Name::new(DOUBLE_VAR)]].concat(),
        Box::new(replace(ty)),
    );
    // A recursive call calls the copy at the same types.
    let recursive = |e: &Expr| calls_as(e, &bind.name, &name, &term_vars, &var);
    let gen_body = recursive(&body.map_types(&mut replace));
    let vars = [term_vars.clone(), vec![Name::new(DOUBLE_VAR)]].concat();
    let rhs = Expr::new(ExprKind::TyLam(vars, Box::new(gen_body)), bind.rhs.span);
    let depth = typer.depth();
    typer.push(name.clone(), gen_ty.clone());
    let types = typer.type_of(&rhs).is_ok_and(|t| same_type(&t, &gen_ty));
    typer.truncate(depth);
    types.then_some(Bind {
        name,
        ty: gen_ty,
        rhs,
        span: bind.span,
    })
}

fn mentions_double(t: &Type) -> bool {
    match t {
        Type::Con(c, args) => *c == Name::new("Double") || args.iter().any(mentions_double),
        Type::Var(_) => false,
        Type::App(_, args) => args.iter().any(mentions_double),
        Type::Fun(a, b) => mentions_double(a) || mentions_double(b),
        Type::Forall(_, b) => mentions_double(b),
    }
}

fn replace_double(t: &Type, var: &Type) -> Type {
    match t {
        Type::Con(c, args) if args.is_empty() && *c == Name::new("Double") => var.clone(),
        Type::Con(c, args) => Type::Con(
            c.clone(),
            args.iter().map(|a| replace_double(a, var)).collect(),
        ),
        Type::Var(_) => t.clone(),
        Type::App(v, args) => Type::App(
            v.clone(),
            args.iter().map(|a| replace_double(a, var)).collect(),
        ),
        Type::Fun(a, b) => Type::fun(replace_double(a, var), replace_double(b, var)),
        Type::Forall(vs, b) => Type::Forall(vs.clone(), Box::new(replace_double(b, var))),
    }
}

/// Whether every primitive of `e` is one that does not involve Double (`Class::Plain`).
fn plain(e: &Expr) -> bool {
    let mut ok = match &e.kind {
        ExprKind::Prim(p, _, _) => derivative::class(*p) == Some(Class::Plain),
        _ => true,
    };
    e.for_each_child(|c| ok = ok && plain(c));
    ok
}

/// `e` with each use of the global `g` (at the type variables `vars`) a use of `copy` at them
/// and `var`.
fn calls_as(e: &Expr, g: &Name, copy: &Name, vars: &[Name], var: &Type) -> Expr {
    let at = |ts: Vec<Type>| {
        let head = Expr::new(ExprKind::Var(copy.clone()), e.span);
        Expr::new(
            ExprKind::TyApp(Box::new(head), [ts, vec![var.clone()]].concat()),
            e.span,
        )
    };
    match &e.kind {
        ExprKind::Var(n) if n == g && vars.is_empty() => at(Vec::new()),
        ExprKind::TyApp(f, ts) if matches!(&f.kind, ExprKind::Var(n) if n == g) => at(ts.clone()),
        _ => e.map_children(&mut |c| calls_as(c, g, copy, vars, var)),
    }
}
