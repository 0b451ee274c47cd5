//! Checking an expression against the type it must have (bidirectional checking): the type of
//! a signature, of a parameter at an argument, of a `case`'s first alternative at the others is
//! pushed into lambdas, `let` bodies, join points and `case` alternatives, so a mismatch is
//! reported at the smallest sub-expression that disagrees, with the expected and actual types
//! there. Everything else (an application: its arguments are checked against its parameters)
//! is inferred and compared. It must not accept or reject a program that inference alone would
//! not: only where and how a mismatch is reported differ.

use super::texpr::{TExpr, TKind};
use super::ty::Ty;
use super::{Tc, TcResult, VarInfo};
use crate::untyped::{UExpr, UKind};

impl Tc {
    /// Check `e` against `expected`; `context` ends a mismatch's message reported here (`, in
    /// the second argument of `/``).
    pub fn check_expr(&mut self, e: &UExpr, expected: &Ty, context: &str) -> TcResult<TExpr> {
        let (te, t) = match &e.kind {
            UKind::Lam(x, body) => {
                let shape = self.subst.shallow(expected);
                let Some((a, r)) = shape.as_fun() else {
                    return self.inferred(e, expected, context);
                };
                let (a, r) = (a.clone(), r.clone());
                self.locals.push(x.clone(), VarInfo::Mono(a.clone(), None));
                let b = self.check_expr(body, &r, "");
                self.locals.pop();
                let kind = TKind::Lam(x.clone(), a, Box::new(b?));
                return Ok(TExpr { kind, span: e.span });
            }
            UKind::Let(binds, body) => self.infer_let(binds, body, e.span, Some(expected))?,
            UKind::Case(scrut, alts, default) => {
                self.infer_case(scrut, alts, default.as_deref(), e.span, Some(expected))?
            }
            _ => return self.inferred(e, expected, context),
        };
        self.expect(e.span, expected, &t, context)?;
        Ok(te)
    }

    /// Infer `e` and compare its type with `expected`.
    fn inferred(&mut self, e: &UExpr, expected: &Ty, context: &str) -> TcResult<TExpr> {
        let (te, t) = self.infer(e)?;
        self.expect(e.span, expected, &t, context)?;
        Ok(te)
    }
}
