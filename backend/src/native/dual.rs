//! The array mode's operations on dual numbers for native code: differentiated code (a
//! function's reverse twin, `f#R`) holds its dual numbers by address, like a type variable's
//! values (`Shape::Any`), and each `arrayAdd`, `arraySub`, `arrayMul` (`boxing::binary_into`),
//! `arrayLin` or `arrayConst` (here) is a runtime call making the number — the VM's own functions
//! (`ad_prims`), so the tape, the IDs and the gradient are the bytecode's to the last bit —
//! into a slot native code then owns; `dualPrimal` reads one. Bailing out of a forward pass half done is safe: the IDs the abandoned attempt
//! took are never staged (IDs only need to grow in evaluation order) and its numbers are
//! garbage once its slots are dropped. This module must not decide which code is native.

use super::boxing::{reading_buffer, written};
use crate::value::Value;
use dnrad_core::PrimOp;

/// Whether primitive `op` is one of the dual-number operations native code calls here that
/// make a number (`arith`, `constant`), which the calling function then owns.
pub(crate) fn makes_number(op: PrimOp) -> bool {
    matches!(
        op,
        PrimOp::ArrayAdd
            | PrimOp::ArraySub
            | PrimOp::ArrayMul
            | PrimOp::ArrayLin
            | PrimOp::ArrayConst
            | PrimOp::NumUn
            | PrimOp::NumBin
            | PrimOp::NumDot
    )
}

/// `numUn code x` or `numBin code x y` (`nested::apply` of the Prelude function numbered
/// `code`, as `ad_prims` applies it; `y` is ignored by a function of one argument) written
/// into `to`: 0, or 1 when it fails (native code bails).
///
/// # Safety
/// `x` and `y` are addresses of live `Value`s; `to` has room for one and holds nothing to drop.
pub(crate) unsafe extern "C" fn smooth_into(
    code: i64,
    x: *const Value,
    y: *const Value,
    to: *mut Value,
) -> u32 {
    // SAFETY: the caller's promises.
    let args = unsafe { [&*x, &*y] };
    let made =
        crate::nested::smooth(code).and_then(|p| crate::nested::apply(p, &args[..p.arity()]));
    // SAFETY: the caller's promise.
    unsafe { written(made, to) }
}

/// `arrayLin a x b y` (`ad_prims::array_lin`) written into `to`: 0, or 1 when it fails
/// (native code bails).
///
/// # Safety
/// `x` and `y` are addresses of live `Value`s; `to` has room for one and holds nothing to drop.
pub(crate) unsafe extern "C" fn linear_into(
    a: f64,
    x: *const Value,
    b: f64,
    y: *const Value,
    to: *mut Value,
) -> u32 {
    // SAFETY: the caller's promises.
    let (x, y) = unsafe { (&*x, &*y) };
    // SAFETY: the caller's promise about `to`.
    unsafe { written(crate::ad_prims::array_lin(a, x, b, y), to) }
}

/// `arrayConst x` (a constant of the array mode: ID 0) written into `to`.
///
/// # Safety
/// `to` has room for a value and holds nothing to drop.
pub(crate) unsafe extern "C" fn constant(x: f64, to: *mut Value) {
    // SAFETY: the caller's promise.
    unsafe { to.write(Value::array_leaf(x, 0)) };
}

/// `dualPrimal` of the number at `v`, its bits written to the reading buffer `out`: 0, or 1
/// when `v` is no number (native code bails).
///
/// # Safety
/// `v` is the address of a live `Value`, `out` is native code's reading buffer.
pub(crate) unsafe extern "C" fn primal(v: *const Value, out: *mut u64) -> u32 {
    // SAFETY: the caller's promises.
    let (v, out) = unsafe { (&*v, reading_buffer(out)) };
    match v.dual_primal() {
        Some(x) => {
            out[0] = x.to_bits();
            0
        }
        None => 1,
    }
}
