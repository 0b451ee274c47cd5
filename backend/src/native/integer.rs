//! Integer arithmetic for native code: an `Integer` is held by address (`Shape::Any`), like a
//! type variable's value, and each primitive on Integers is a runtime call of the VM's own
//! (`crate::integer`), so results are the bytecode's to the last digit: a new Integer is
//! written into a slot native code then owns (`boxing::binary_into`, `from_int` here), a
//! comparison's Bool or a conversion's Int or Double into the reading buffer (`scalar`). A
//! failure (a division by zero) returns 1: native code bails and the VM, running the call
//! again, reports it. This module must not decide which code is native.

use super::boxing::reading_buffer;
use super::types::{Scalar, Shape};
use crate::value::Value;
use dnrad_core::PrimOp;

/// The shapes of the arguments and of the result of Integer primitive `op`, for those native
/// code calls here (not `show`, shifts or bit counts, which stay on the VM).
pub(crate) fn signature(op: PrimOp) -> Option<(&'static [Shape], Shape)> {
    use PrimOp::*;
    const ONE: &[Shape] = &[Shape::Any];
    const TWO: &[Shape] = &[Shape::Any, Shape::Any];
    const INT: &[Shape] = &[Shape::Scalar(Scalar::Int)];
    Some(match op {
        IntegerAdd | IntegerSub | IntegerMul | IntegerQuot | IntegerRem | IntegerDiv
        | IntegerMod | IntegerAnd | IntegerOr | IntegerXor => (TWO, Shape::Any),
        IntegerNegate => (ONE, Shape::Any),
        IntToInteger => (INT, Shape::Any),
        IntegerEq | IntegerNe | IntegerLt | IntegerLe | IntegerGt | IntegerGe => {
            (TWO, Shape::Scalar(Scalar::Bool))
        }
        IntegerToInt => (ONE, Shape::Scalar(Scalar::Int)),
        IntegerToDouble => (ONE, Shape::Scalar(Scalar::Double)),
        _ => return None,
    })
}

/// Whether Integer primitive `op` makes an Integer, which the calling function then owns.
pub(crate) fn makes_integer(op: PrimOp) -> bool {
    signature(op).is_some_and(|(_, result)| result == Shape::Any)
}

/// `toInteger` of the Int `i`, written into `to`.
///
/// # Safety
/// `to` has room for a value and holds nothing to drop.
pub(crate) unsafe extern "C" fn from_int(i: i64, to: *mut Value) {
    // SAFETY: the caller's promise.
    unsafe { to.write(Value::SmallInteger(i)) };
}

/// Integer primitive `op` (its index in `PrimOp::ALL`, widened) of the Integers at `a` and
/// `b` that gives a scalar (a comparison's Bool, a conversion's Int or Double), its bits
/// written to the reading buffer `out`: 0, or 1 when it fails.
///
/// # Safety
/// `a` and `b` are addresses of live `Value`s, `out` is native code's reading buffer.
pub(crate) unsafe extern "C" fn scalar(
    op: u64,
    a: *const Value,
    b: *const Value,
    out: *mut u64,
) -> u32 {
    // SAFETY: the caller's promises.
    let (args, out) = unsafe { ([(*a).clone(), (*b).clone()], reading_buffer(out)) };
    out[0] = match crate::integer::apply(PrimOp::ALL[op as usize], &args) {
        Ok(Value::Tag(t)) => u64::from(t),
        Ok(Value::Int(i)) => i as u64,
        Ok(Value::Double(x)) => x.to_bits(),
        _ => return 1,
    };
    0
}
