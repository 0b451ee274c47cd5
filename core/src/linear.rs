//! The lint's resource-linearity check for the array mode's staging array (§7 of the paper):
//! every variable of type `StagedArr` is used exactly once in its scope — not duplicated, not
//! dropped, not captured by a lambda, and the same in every branch of a `case`. Linear use is
//! what makes updating the array in place indistinguishable from copying it. Only variables
//! whose type is syntactically `StagedArr` are checked; it reports, it never rewrites.

use crate::expr::{Expr, ExprKind};
use crate::name::Name;
use crate::span::Span;
use crate::types::Type;

/// The type that must be used linearly.
pub const LINEAR: &str = "StagedArr";

fn is_linear(t: &Type) -> bool {
    matches!(t, Type::Con(c, args) if c.as_str() == LINEAR && args.is_empty())
}

type Violation = (String, Span);

/// How many times `var` is used in `e`, failing where it is captured or branches disagree.
fn uses(var: &Name, e: &Expr) -> Result<usize, Violation> {
    let captured = || {
        Err((
            format!("the staging array `{var}` is captured by a function (it must be used exactly once)"),
            e.span,
        ))
    };
    Ok(match &e.kind {
        ExprKind::Var(n) => usize::from(n == var),
        ExprKind::Lit(_) => 0,
        ExprKind::Lam(x, _, body) => {
            if x != var && uses(var, body)? > 0 {
                return captured();
            }
            0
        }
        ExprKind::App(f, a) => uses(var, f)? + uses(var, a)?,
        ExprKind::TyLam(_, b) | ExprKind::TyApp(b, _) => uses(var, b)?,
        ExprKind::Let(b, body) => {
            uses(var, &b.rhs)? + if &b.name == var { 0 } else { uses(var, body)? }
        }
        ExprKind::LetRec(binds, body) => {
            if binds.iter().any(|b| &b.name == var) {
                return Ok(0);
            }
            for b in binds {
                if uses(var, &b.rhs)? > 0 {
                    return captured();
                }
            }
            uses(var, body)?
        }
        ExprKind::Con(_, _, args) | ExprKind::Prim(_, _, args) => {
            let mut n = 0;
            for a in args {
                n += uses(var, a)?;
            }
            n
        }
        ExprKind::Case(s, alts, default) => {
            let mut branches = Vec::new();
            for alt in alts {
                let shadowed = alt.binders.iter().any(|(n, _)| n == var);
                branches.push(if shadowed { 0 } else { uses(var, &alt.rhs)? });
            }
            if let Some(d) = default {
                branches.push(uses(var, d)?);
            }
            let first = branches.first().copied().unwrap_or(0);
            if branches.iter().any(|&b| b != first) {
                return Err((
                    format!("the staging array `{var}` is used in some branches of a case but not in others"),
                    e.span,
                ));
            }
            uses(var, s)? + first
        }
        ExprKind::Twin(primal, _) => uses(var, primal)?,
    })
}

/// A lambda's parameters are all in scope in the body of a chain `\x -> \y -> body` (a curried
/// function of several arguments), so the chain counts as one function: the array bound by `x`
/// may be used in `body`. (Partial applications are not tracked.)
fn exactly_once(var: &Name, scope: &Expr, span: Span) -> Result<(), Violation> {
    let mut scope = scope;
    loop {
        match &scope.kind {
            ExprKind::Lam(x, _, _) if x == var => {
                return Err((format!("the staging array `{var}` is never used"), span));
            }
            ExprKind::Lam(_, _, body) | ExprKind::Twin(body, _) => scope = body,
            _ => break,
        }
    }
    match uses(var, scope)? {
        1 => Ok(()),
        n => Err((
            format!("the staging array `{var}` is used {n} times (it must be used exactly once)"),
            span,
        )),
    }
}

/// Check every binder of type `StagedArr` in `e`.
pub fn check(e: &Expr, errors: &mut Vec<Violation>) {
    fn record(r: Result<(), Violation>, errors: &mut Vec<Violation>) {
        if let Err(v) = r {
            errors.push(v);
        }
    }
    match &e.kind {
        ExprKind::Var(_) | ExprKind::Lit(_) => {}
        ExprKind::Lam(x, t, body) => {
            if is_linear(t) {
                record(exactly_once(x, body, e.span), errors);
            }
            check(body, errors);
        }
        ExprKind::App(f, a) => {
            check(f, errors);
            check(a, errors);
        }
        ExprKind::TyLam(_, b) | ExprKind::TyApp(b, _) => check(b, errors),
        ExprKind::Let(b, body) => {
            if is_linear(&b.ty) {
                record(exactly_once(&b.name, body, b.span), errors);
            }
            check(&b.rhs, errors);
            check(body, errors);
        }
        ExprKind::LetRec(binds, body) => {
            binds.iter().for_each(|b| check(&b.rhs, errors));
            check(body, errors);
        }
        ExprKind::Con(_, _, args) | ExprKind::Prim(_, _, args) => {
            args.iter().for_each(|a| check(a, errors))
        }
        ExprKind::Case(s, alts, default) => {
            check(s, errors);
            for alt in alts {
                for (n, t) in &alt.binders {
                    if is_linear(t) {
                        record(exactly_once(n, &alt.rhs, alt.rhs.span), errors);
                    }
                }
                check(&alt.rhs, errors);
            }
            if let Some(d) = default {
                check(d, errors);
            }
        }
        // Twins of code that handles the array themselves differentiate AD primitives, which
        // is a run-time error (nested differentiation), so only the primal is checked.
        ExprKind::Twin(primal, _) => check(primal, errors),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::{Alt, Bind};

    fn e(kind: ExprKind) -> Expr {
        Expr::new(kind, Span::dummy())
    }
    fn var(n: &str) -> Expr {
        e(ExprKind::Var(Name::new(n)))
    }
    fn lam(x: &str, t: Type, body: Expr) -> Expr {
        e(ExprKind::Lam(Name::new(x), t, Box::new(body)))
    }
    fn arr() -> Type {
        Type::con0(LINEAR)
    }
    fn pair(a: Expr, b: Expr) -> Expr {
        e(ExprKind::Con(
            Name::new("(,)"),
            vec![arr(), arr()],
            vec![a, b],
        ))
    }
    fn violations(x: &Expr) -> Vec<String> {
        let mut errors = Vec::new();
        check(x, &mut errors);
        errors.into_iter().map(|(m, _)| m).collect()
    }

    #[test]
    fn a_single_use_passes_even_across_a_curried_parameter_list() {
        assert!(violations(&lam("s", arr(), var("s"))).is_empty());
        let curried = lam("s", arr(), lam("d", Type::double(), var("s")));
        assert!(violations(&curried).is_empty());
    }

    #[test]
    fn duplicating_dropping_or_capturing_the_array_is_reported() {
        let twice = lam("s", arr(), pair(var("s"), var("s")));
        assert!(violations(&twice)[0].contains("used 2 times"));
        let never = lam("s", arr(), var("t"));
        assert!(violations(&never)[0].contains("used 0 times"));
        let bind = Bind {
            name: Name::new("f"),
            ty: Type::fun(Type::int(), arr()),
            rhs: lam("y", Type::int(), var("s")),
            span: Span::dummy(),
        };
        let captured = lam(
            "s",
            arr(),
            e(ExprKind::Let(Box::new(bind), Box::new(var("f")))),
        );
        assert!(violations(&captured)[0].contains("captured"));
    }

    #[test]
    fn every_branch_of_a_case_must_use_the_array_alike() {
        let alt = |con: &str, rhs| Alt {
            con: Name::new(con),
            binders: vec![],
            rhs,
        };
        let case = |t: Expr, f: Expr| {
            lam(
                "s",
                arr(),
                e(ExprKind::Case(
                    Box::new(var("b")),
                    vec![alt("True", t), alt("False", f)],
                    None,
                )),
            )
        };
        assert!(violations(&case(var("s"), var("s"))).is_empty());
        assert!(violations(&case(var("s"), var("t")))[0].contains("some branches"));
    }
}
