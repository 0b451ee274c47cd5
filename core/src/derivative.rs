//! The AD contract of the primitives, in one table: what differentiation does with each
//! primitive (`class`) and the partial derivatives of the smooth Double operations (`partials`),
//! written once over any `Field` of numbers — core terms (the AD pass builds the inline code of
//! the modes whose helpers are Prelude code), plain `f64`s and the run time's nested dual numbers
//! (the backends evaluate the rules natively, at every level of nesting).
//! It decides nothing about worlds, IDs or backpropagators.
//!
//! Choices at non-differentiable points (documented in docs/ad.md): `abs` has derivative
//! `signum x` (0 at 0); `x ** y` has ∂/∂y = `v * log x` for x > 0 and 0 otherwise; `sqrt`, `log`,
//! `recip`-like divisions follow IEEE arithmetic at 0 (±Infinity or NaN, as the formula gives).
//! Comparisons, `truncate`/`round`/`floor`/`ceiling`, `isNaN` and `show` use primal values, so
//! their derivative is 0.

use crate::prim::PrimOp;

/// What differentiation does with a primitive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// A smooth Double operation with this many Double arguments (and a Double result).
    Smooth(usize),
    /// A Double operation whose result is not a Double (comparisons, rounding, show): applied to
    /// the primal values.
    OnPrimals,
    /// Makes a Double from non-Double arguments: the result is a constant.
    Constant,
    /// Does not involve Double: unchanged.
    Plain,
    /// A whole-array operation on Doubles with a rule of its own: differentiated code calls its
    /// world's primitive (`doubleDot`: `numDot`, or `numDotId` threading IDs), one operation
    /// of the tape where the elementwise code made two dual numbers an element.
    Bulk,
    /// A primitive of the AD machinery itself: differentiated code reaches it only through the
    /// nested entry points (`grad`, `vjp` and `jvp` seen from a world).
    Machinery,
    /// A walk over the numbers of a first-order value (`primScalars`, `primRefill`: the
    /// one-hot values of `jacobian` and `hessian`): differentiated code walks its world's
    /// numbers, the dual numbers of every level. Like the machinery it looks at values
    /// whatever their type says, so code reaching it is never called as primal code.
    Walk,
}

/// The class of `p`. Every primitive whose type mentions `Double` or a dual number is listed
/// here by name; any other is `Plain` because of its type (`mentions_double`), so a new
/// primitive on Doubles that is not listed is an error (`None`), never silently plain.
pub fn class(p: PrimOp) -> Option<Class> {
    use PrimOp::*;
    Some(match p {
        DoubleAdd | DoubleSub | DoubleMul | DoubleDiv | DoublePow | DoubleAtan2 => Class::Smooth(2),
        DoubleNegate | DoubleAbs | DoubleExp | DoubleLog | DoubleSqrt | DoubleSin | DoubleCos
        | DoubleTan | DoubleAsin | DoubleAcos | DoubleAtan | DoubleSinh | DoubleCosh
        | DoubleTanh | DoubleAsinh | DoubleAcosh | DoubleAtanh => Class::Smooth(1),
        DoubleEq | DoubleNe | DoubleLt | DoubleLe | DoubleGt | DoubleGe | DoubleTruncate
        | DoubleRound | DoubleFloor | DoubleCeiling | DoubleShow | DoubleIsNaN
        | DoubleIsInfinite | DoubleIsNegativeZero | DoubleDecode => Class::OnPrimals,
        IntToDouble | IntegerToDouble | DoubleFromRational | NumberDouble | DoubleEncode => {
            Class::Constant
        }
        DoubleDot => Class::Bulk,
        Scalars | Refill => Class::Walk,
        DualMake | DualConst | DualPrimal | DualDeriv | Interleave | DualInput | DualParts
        | CheckTangent | LiftRev | LiftFwd | ArrayConst | ArrayAdd | ArraySub | ArrayMul
        | ArrayLin | IdsEnd | Backward | NumUn | NumBin | NumDot | NestInterleave
        | NestInterleaveFwd | NestBackward | NestStrip | NestTangent => Class::Machinery,
        _ if !p.ty().mentions(crate::types::names::DOUBLE) => Class::Plain,
        _ => return None,
    })
}

/// The numbers that derivative rules compute with, and the operations on them.
pub trait Field {
    type N: Clone;
    type E;
    /// The constant `x`.
    fn num(&mut self, x: f64) -> Self::N;
    /// The smooth primitive `op` applied to `args`.
    fn op(&mut self, op: PrimOp, args: &[Self::N]) -> Result<Self::N, Self::E>;
    /// `pos` when the value of `x` is positive, `neg` when it is negative, otherwise `zero`
    /// (the value is a primal one: the choice has derivative 0).
    fn sign_cases(
        &mut self,
        x: &Self::N,
        pos: impl FnOnce(&mut Self) -> Result<Self::N, Self::E>,
        neg: impl FnOnce(&mut Self) -> Result<Self::N, Self::E>,
        zero: impl FnOnce(&mut Self) -> Result<Self::N, Self::E>,
    ) -> Result<Self::N, Self::E>;
}

/// The partial derivatives of smooth primitive `p` at arguments `x` with result `v` (each may
/// be used more than once); a unary operation's second is 0. `None` for a primitive that is not
/// smooth.
pub fn partials<F: Field>(
    f: &mut F,
    p: PrimOp,
    x: &[F::N],
    v: &F::N,
) -> Option<Result<[F::N; 2], F::E>> {
    let class = class(p)?;
    if !matches!(class, Class::Smooth(n) if n == x.len()) {
        return None;
    }
    Some(rule(f, p, x, v))
}

fn rule<F: Field>(f: &mut F, p: PrimOp, x: &[F::N], v: &F::N) -> Result<[F::N; 2], F::E> {
    use PrimOp::*;
    let x0 = x[0].clone();
    let x1 = || x[1].clone();
    Ok(match p {
        DoubleAdd => [f.num(1.0), f.num(1.0)],
        DoubleSub => [f.num(1.0), f.num(-1.0)],
        DoubleMul => [x1(), x0],
        DoubleDiv => {
            // 1/y, -v/y
            let one = f.num(1.0);
            let d1 = f.op(DoubleDiv, &[one, x1()])?;
            let q = f.op(DoubleDiv, &[v.clone(), x1()])?;
            [d1, f.op(DoubleNegate, &[q])?]
        }
        DoublePow => {
            // y * x ** (y - 1), and v * log x for x > 0 (0 otherwise)
            let one = f.num(1.0);
            let y1 = f.op(DoubleSub, &[x1(), one])?;
            let p = f.op(DoublePow, &[x0.clone(), y1])?;
            let d1 = f.op(DoubleMul, &[x1(), p])?;
            let d2 = f.sign_cases(
                &x0,
                |f| {
                    let l = f.op(DoubleLog, std::slice::from_ref(&x0))?;
                    f.op(DoubleMul, &[v.clone(), l])
                },
                |f| Ok(f.num(0.0)),
                |f| Ok(f.num(0.0)),
            )?;
            [d1, d2]
        }
        DoubleAtan2 => {
            // atan2 y x: ∂y = x / (x² + y²), ∂x = -y / (x² + y²)
            let yy = f.op(DoubleMul, &[x0.clone(), x0.clone()])?;
            let xx = f.op(DoubleMul, &[x1(), x1()])?;
            let r = f.op(DoubleAdd, &[yy, xx])?;
            let d1 = f.op(DoubleDiv, &[x1(), r.clone()])?;
            let q = f.op(DoubleDiv, &[x0, r])?;
            [d1, f.op(DoubleNegate, &[q])?]
        }
        DoubleNegate => {
            let d = f.num(-1.0);
            [d, f.num(0.0)]
        }
        DoubleAbs => {
            let d = f.sign_cases(
                &x0,
                |f| Ok(f.num(1.0)),
                |f| Ok(f.num(-1.0)),
                |f| Ok(f.num(0.0)),
            )?;
            [d, f.num(0.0)]
        }
        DoubleExp => {
            let d = v.clone();
            [d, f.num(0.0)]
        }
        DoubleLog => {
            let d = reciprocal(f, x0)?;
            [d, f.num(0.0)]
        }
        DoubleSqrt => {
            let two = f.num(2.0);
            let t = f.op(DoubleMul, &[two, v.clone()])?;
            {
                let d = reciprocal(f, t)?;
                [d, f.num(0.0)]
            }
        }
        DoubleSin => {
            let d = f.op(DoubleCos, &[x0])?;
            [d, f.num(0.0)]
        }
        DoubleCos => {
            let s = f.op(DoubleSin, &[x0])?;
            {
                let d = f.op(DoubleNegate, &[s])?;
                [d, f.num(0.0)]
            }
        }
        DoubleTan => {
            // 1 + v²
            let one = f.num(1.0);
            let sq = f.op(DoubleMul, &[v.clone(), v.clone()])?;
            {
                let d = f.op(DoubleAdd, &[one, sq])?;
                [d, f.num(0.0)]
            }
        }
        DoubleAsin | DoubleAcos => {
            // ±1 / sqrt (1 - x²)
            let one = f.num(1.0);
            let sq = f.op(DoubleMul, &[x0.clone(), x0])?;
            let r = f.op(DoubleSub, &[one, sq])?;
            let d = reciprocal_sqrt(f, r)?;
            {
                let d = if p == DoubleAcos {
                    f.op(DoubleNegate, &[d])?
                } else {
                    d
                };
                [d, f.num(0.0)]
            }
        }
        DoubleAtan => {
            let one = f.num(1.0);
            let sq = f.op(DoubleMul, &[x0.clone(), x0])?;
            let r = f.op(DoubleAdd, &[one, sq])?;
            {
                let d = reciprocal(f, r)?;
                [d, f.num(0.0)]
            }
        }
        DoubleSinh => {
            let d = f.op(DoubleCosh, &[x0])?;
            [d, f.num(0.0)]
        }
        DoubleCosh => {
            let d = f.op(DoubleSinh, &[x0])?;
            [d, f.num(0.0)]
        }
        DoubleTanh => {
            let one = f.num(1.0);
            let sq = f.op(DoubleMul, &[v.clone(), v.clone()])?;
            {
                let d = f.op(DoubleSub, &[one, sq])?;
                [d, f.num(0.0)]
            }
        }
        DoubleAsinh | DoubleAcosh => {
            // 1 / sqrt (x² + 1), 1 / sqrt (x² - 1)
            let one = f.num(1.0);
            let sq = f.op(DoubleMul, &[x0.clone(), x0])?;
            let op = if p == DoubleAsinh {
                DoubleAdd
            } else {
                DoubleSub
            };
            let r = f.op(op, &[sq, one])?;
            {
                let d = reciprocal_sqrt(f, r)?;
                [d, f.num(0.0)]
            }
        }
        DoubleAtanh => {
            let one = f.num(1.0);
            let sq = f.op(DoubleMul, &[x0.clone(), x0])?;
            let r = f.op(DoubleSub, &[one, sq])?;
            {
                let d = reciprocal(f, r)?;
                [d, f.num(0.0)]
            }
        }
        _ => unreachable!("`partials` checked that the primitive is smooth"),
    })
}

fn reciprocal<F: Field>(f: &mut F, x: F::N) -> Result<F::N, F::E> {
    let one = f.num(1.0);
    f.op(PrimOp::DoubleDiv, &[one, x])
}

fn reciprocal_sqrt<F: Field>(f: &mut F, x: F::N) -> Result<F::N, F::E> {
    let s = f.op(PrimOp::DoubleSqrt, &[x])?;
    reciprocal(f, s)
}

/// The value of smooth primitive `p` on Doubles.
pub fn eval(p: PrimOp, x: &[f64]) -> f64 {
    use PrimOp::*;
    let a = x[0];
    let b = || x[1];
    match p {
        DoubleAdd => a + b(),
        DoubleSub => a - b(),
        DoubleMul => a * b(),
        DoubleDiv => a / b(),
        DoublePow => a.powf(b()),
        DoubleAtan2 => atan2(a, b()),
        DoubleNegate => -a,
        DoubleAbs => a.abs(),
        DoubleExp => a.exp(),
        DoubleLog => a.ln(),
        DoubleSqrt => a.sqrt(),
        DoubleSin => a.sin(),
        DoubleCos => a.cos(),
        DoubleTan => a.tan(),
        DoubleAsin => a.asin(),
        DoubleAcos => a.acos(),
        DoubleAtan => a.atan(),
        DoubleSinh => a.sinh(),
        DoubleCosh => a.cosh(),
        DoubleTanh => a.tanh(),
        DoubleAsinh => a.asinh(),
        DoubleAcosh => a.acosh(),
        DoubleAtanh => a.atanh(),
        _ => unreachable!("not a smooth primitive: {}", p.name()),
    }
}

/// `atan2 y x` as Haskell defines it (the report's default method, which GHC's Double uses):
/// from `atan (y / x)` and the signs, not the C library's `atan2`, which differs in the last bit.
pub fn atan2(y: f64, x: f64) -> f64 {
    use std::f64::consts::PI;
    let negative_zero = |v: f64| v == 0.0 && v.is_sign_negative();
    if x > 0.0 {
        (y / x).atan()
    } else if x == 0.0 && y > 0.0 {
        PI / 2.0
    } else if x < 0.0 && y > 0.0 {
        PI + (y / x).atan()
    } else if (x <= 0.0 && y < 0.0)
        || (x < 0.0 && negative_zero(y))
        || (negative_zero(x) && negative_zero(y))
    {
        -atan2(-y, x)
    } else if y == 0.0 && (x < 0.0 || negative_zero(x)) {
        PI
    } else if x == 0.0 && y == 0.0 {
        y
    } else {
        x + y
    }
}

/// Plain Doubles: the rules evaluated to numbers.
pub struct Doubles;

impl Field for Doubles {
    type N = f64;
    type E = std::convert::Infallible;
    fn num(&mut self, x: f64) -> f64 {
        x
    }
    fn op(&mut self, op: PrimOp, args: &[f64]) -> Result<f64, Self::E> {
        Ok(eval(op, args))
    }
    fn sign_cases(
        &mut self,
        x: &f64,
        pos: impl FnOnce(&mut Self) -> Result<f64, Self::E>,
        neg: impl FnOnce(&mut Self) -> Result<f64, Self::E>,
        zero: impl FnOnce(&mut Self) -> Result<f64, Self::E>,
    ) -> Result<f64, Self::E> {
        if *x > 0.0 {
            pos(self)
        } else if *x < 0.0 {
            neg(self)
        } else {
            zero(self)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(p: PrimOp, x: &[f64]) -> Vec<f64> {
        let v = eval(p, x);
        match partials(&mut Doubles, p, x, &v) {
            Some(Ok(ds)) => ds[..x.len()].to_vec(),
            _ => panic!("{} is smooth", p.name()),
        }
    }

    /// Every rule against a central finite difference of `eval`.
    #[test]
    fn partials_agree_with_finite_differences() {
        let h = 1e-6;
        for &p in PrimOp::ALL {
            let Some(Class::Smooth(n)) = class(p) else {
                continue;
            };
            let x: Vec<f64> = if p == PrimOp::DoubleAcosh {
                vec![1.3]
            } else {
                [0.3, 0.7][..n].to_vec()
            };
            let ds = d(p, &x);
            for k in 0..n {
                let (mut hi, mut lo) = (x.clone(), x.clone());
                hi[k] += h;
                lo[k] -= h;
                let fd = (eval(p, &hi) - eval(p, &lo)) / (2.0 * h);
                assert!(
                    (ds[k] - fd).abs() < 1e-6,
                    "{} ∂{k}: {} vs {fd}",
                    p.name(),
                    ds[k]
                );
            }
        }
        assert_eq!(d(PrimOp::DoubleAcosh, &[2.0]), vec![1.0 / 3f64.sqrt()]);
    }

    #[test]
    fn every_primitive_on_doubles_is_classified() {
        for &p in PrimOp::ALL {
            assert!(class(p).is_some(), "{} is not classified", p.name());
        }
        assert_eq!(class(PrimOp::IntAdd), Some(Class::Plain));
        assert_eq!(class(PrimOp::DoubleSin), Some(Class::Smooth(1)));
    }

    #[test]
    fn the_choices_at_kinks() {
        assert_eq!(d(PrimOp::DoubleAbs, &[0.0]), vec![0.0]);
        assert_eq!(d(PrimOp::DoubleAbs, &[-2.0]), vec![-1.0]);
        assert_eq!(d(PrimOp::DoublePow, &[-2.0, 2.0]), vec![-4.0, 0.0]);
    }
}
