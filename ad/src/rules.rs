//! What differentiation does with each primitive: the partial derivatives of the smooth Double
//! operations (as core terms over the primal arguments and the primal result), and which
//! primitives act on primal parts only, make constants, or ignore Double altogether.
//!
//! Choices at non-differentiable points (documented in docs/ad.md): `abs` has derivative
//! `signum x` (0 at 0); `x ** y` has ∂/∂y = `v * log x` for x > 0 and 0 otherwise; `sqrt`, `log`,
//! `recip`-like divisions follow IEEE arithmetic at 0 (±Infinity or NaN, as the formula gives).
//! Comparisons, `truncate`/`round`/`floor`/`ceiling`, `isNaN` and `show` use primal parts, so
//! their derivative is 0; `min`/`max` pass the derivative of the chosen argument.

use crate::build::B;
use dnrad_core::{Expr, PrimOp};

pub enum Class {
    /// A smooth Double operation with this many Double arguments.
    Smooth(usize),
    /// A Double operation whose result is not a Double (comparisons, rounding, show): applied to
    /// the primal parts.
    OnPrimals,
    /// Makes a Double from non-Double arguments: the result is a constant.
    Constant,
    /// Does not involve Double: unchanged.
    Plain,
    /// An AD primitive: differentiating it again (nested differentiation) is not supported.
    Nested,
}

pub fn class(p: PrimOp) -> Class {
    use PrimOp::*;
    match p {
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
        DualMake | DualPrimal | DualDeriv | Scalars | Refill | Interleave | CotangentPairs
        | SameShape | LiftRev | LiftFwd | CotZero | CotPlus | CotOneHot | CotGradient
        | StagedZero | StagedPlus | StagedCall | StagedMaxKey | StagedPop | StagedGradient
        | ArrayConst | ArrayUn | ArrayBin | ArrayAdd | ArraySub | ArrayMul | ArrayBackward
        | BpCount => Class::Nested,
        _ => Class::Plain,
    }
}

/// The partial derivatives of smooth primitive `p` at primal arguments `x` with primal result
/// `v` (all variables, so they may be used more than once).
pub fn partials(b: B, p: PrimOp, x: &[Expr], v: &Expr) -> Vec<Expr> {
    use PrimOp::*;
    let one = || b.double(1.0);
    let sq = |e: &Expr| b.mul(e.clone(), e.clone());
    let x0 = || x[0].clone();
    let rsqrt = |e: Expr| b.div(one(), b.d1(DoubleSqrt, e));
    match p {
        DoubleAdd => vec![one(), one()],
        DoubleSub => vec![one(), b.double(-1.0)],
        DoubleMul => vec![x[1].clone(), x0()],
        DoubleDiv => vec![
            b.div(one(), x[1].clone()),
            b.neg(b.div(v.clone(), x[1].clone())),
        ],
        DoublePow => vec![
            b.mul(
                x[1].clone(),
                b.d2(DoublePow, x0(), b.sub(x[1].clone(), one())),
            ),
            b.if_(
                b.d2(DoubleGt, x0(), b.double(0.0)),
                b.mul(v.clone(), b.d1(DoubleLog, x0())),
                b.double(0.0),
            ),
        ],
        DoubleAtan2 => {
            // atan2 y x: ∂y = x / (x² + y²), ∂x = -y / (x² + y²)
            let r = || b.add(sq(&x[0]), sq(&x[1]));
            vec![b.div(x[1].clone(), r()), b.neg(b.div(x0(), r()))]
        }
        DoubleNegate => vec![b.double(-1.0)],
        DoubleAbs => vec![b.if_(
            b.d2(DoubleGt, x0(), b.double(0.0)),
            one(),
            b.if_(
                b.d2(DoubleLt, x0(), b.double(0.0)),
                b.double(-1.0),
                b.double(0.0),
            ),
        )],
        DoubleExp => vec![v.clone()],
        DoubleLog => vec![b.div(one(), x0())],
        DoubleSqrt => vec![b.div(one(), b.mul(b.double(2.0), v.clone()))],
        DoubleSin => vec![b.d1(DoubleCos, x0())],
        DoubleCos => vec![b.neg(b.d1(DoubleSin, x0()))],
        DoubleTan => vec![b.add(one(), sq(v))],
        DoubleAsin => vec![rsqrt(b.sub(one(), sq(&x[0])))],
        DoubleAcos => vec![b.neg(rsqrt(b.sub(one(), sq(&x[0]))))],
        DoubleAtan => vec![b.div(one(), b.add(one(), sq(&x[0])))],
        DoubleSinh => vec![b.d1(DoubleCosh, x0())],
        DoubleCosh => vec![b.d1(DoubleSinh, x0())],
        DoubleTanh => vec![b.sub(one(), sq(v))],
        DoubleAsinh => vec![rsqrt(b.add(sq(&x[0]), one()))],
        DoubleAcosh => vec![rsqrt(b.sub(sq(&x[0]), one()))],
        DoubleAtanh => vec![b.div(one(), b.sub(one(), sq(&x[0])))],
        _ => unreachable!("not a smooth primitive: {}", p.name()),
    }
}
