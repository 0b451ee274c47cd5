//! The derivative rules of `dnrad_core::derivative` as core terms: the inline code of the modes
//! whose scalar helpers are Prelude code (naive, staged, cayley) computes the partial derivatives
//! over the primal values itself. The other worlds evaluate the same rules natively.

use crate::build::B;
use dnrad_core::derivative::{self, Field};
use dnrad_core::{Expr, PrimOp};
use std::convert::Infallible;

/// Core terms over primal Doubles.
struct Terms(B);

impl Field for Terms {
    type N = Expr;
    type E = Infallible;
    fn num(&mut self, x: f64) -> Expr {
        self.0.double(x)
    }
    fn op(&mut self, op: PrimOp, args: &[Expr]) -> Result<Expr, Infallible> {
        Ok(self.0.prim(op, vec![], args.to_vec()))
    }
    fn sign_cases(
        &mut self,
        x: &Expr,
        pos: impl FnOnce(&mut Self) -> Result<Expr, Infallible>,
        neg: impl FnOnce(&mut Self) -> Result<Expr, Infallible>,
        zero: impl FnOnce(&mut Self) -> Result<Expr, Infallible>,
    ) -> Result<Expr, Infallible> {
        let b = self.0;
        let test = |p| b.d2(p, x.clone(), b.double(0.0));
        let (pos, neg, zero) = (pos(self)?, neg(self)?, zero(self)?);
        Ok(b.if_(
            test(PrimOp::DoubleGt),
            pos,
            b.if_(test(PrimOp::DoubleLt), neg, zero),
        ))
    }
}

/// The partial derivatives of smooth primitive `p` at primal arguments `x` with primal result
/// `v` (all variables, so they may be used more than once).
pub fn partials(b: B, p: PrimOp, x: &[Expr], v: &Expr) -> Vec<Expr> {
    match derivative::partials(&mut Terms(b), p, x, v) {
        Some(Ok(ds)) => ds,
        Some(Err(never)) => match never {},
        None => unreachable!("not a smooth primitive: {}", p.name()),
    }
}
