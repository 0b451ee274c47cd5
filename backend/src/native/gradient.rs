//! A gradient's wrapper in native code (the AD pass's `g#grad`, on a product of scalars and
//! arrays of Doubles): the runtime calls for `primInterleave`, `primIdsEnd` and
//! `primBackward`. They make the inputs and the gradient from native code's scalars as
//! `walk::interleave` and `walk::refill_gradient` would from the value (the k-th Double is
//! input k, an array of Doubles an input array of the next IDs; the gradient in the same
//! places), with no value built or walked: the shape is known when the code is made. The
//! reverse pass is the VM's own (`ad_prims::reverse`), so the tape, the IDs and every bit of
//! the gradient are the bytecode's. A reverse pass's backpropagator calls are counted here
//! until the VM takes them (`take_bp_calls`). Unlike the other runtime calls these change the
//! run's state (the ID counter's saved values, the count): a native call that bails puts both
//! back (`Mark`), so the VM's rerun starts from what it found. This module must not decide
//! which code is native.

use super::boxing::reading_buffer;
use super::types::{Scalar, Shape};
use crate::ad_prims::{input, reverse, Pass};
use crate::ids;
use crate::value::{ArrayCell, Value};
use crate::walk::input_array;
use std::cell::Cell;
use std::rc::Rc;

thread_local! {
    /// Backpropagator calls of reverse passes run from native code, not yet the VM's.
    static BP_CALLS: Cell<u64> = const { Cell::new(0) };
}

/// The backpropagator calls counted since the last take.
pub(crate) fn take_bp_calls() -> u64 {
    BP_CALLS.take()
}

/// The state a native call may change here, as it was at its entry.
pub(crate) struct Mark(ids::Mark);

impl Mark {
    pub(crate) fn new() -> Mark {
        Mark(ids::mark())
    }

    /// Back to the mark (a bail): the IDs' state restored, the calls counted forgotten.
    pub(crate) fn restore(self) {
        ids::restore(self.0);
        BP_CALLS.set(0);
    }
}

/// `primInterleave` of the value of shape `*x` (a product of scalars and arrays of Doubles,
/// `types::interleaved`) whose scalars' bits are in native code's reading buffer `bits`, as
/// `walk::interleave` makes it: the pair of `x` with each Double an input, numbered in order
/// from 1, and each array of Doubles an input array of the next numbers — written into
/// `temp` (the pair's values held by address, in order) — and the number of inputs, written
/// into `bits` after `x`'s scalars. The forward pass starts (`ids::enter`). 0, or 1 when it
/// fails (too many inputs, an array not of Doubles: native code bails, the VM reports it).
///
/// # Safety
/// `x` is the address of a live shape whose `Ref`s are arrays, their addresses in `bits`
/// those of live values; `bits` is native code's reading buffer; `temp` has room for the
/// inputs' leaves of `x` and holds nothing to drop.
pub(crate) unsafe extern "C" fn interleave(
    x: *const Inputs,
    bits: *mut u64,
    temp: *mut Value,
) -> u32 {
    // SAFETY: the caller's promises.
    let (x, out) = unsafe { (&*x, reading_buffer(bits)) };
    let mut k = 0;
    // SAFETY: the caller's promises about `temp` and the arrays' addresses.
    let width = unsafe {
        written_leaves(x, temp, |j, leaf| match leaf {
            Leaf::Double => {
                k += 1;
                input(f64::from_bits(out[j]), k).map(Some)
            }
            Leaf::Array => {
                let original = &*(out[j] as *const Value);
                let Value::Array(a) = original else {
                    return Err(NOT_DOUBLES.into());
                };
                match input_array(a, &mut k)? {
                    Some(inputs) => Ok(Some(inputs)),
                    None if a.is_empty() => Ok(Some(original.clone())),
                    None => Err(NOT_DOUBLES.into()),
                }
            }
        })
    };
    let Ok(width) = width else {
        return 1;
    };
    out[width] = k as u64;
    ids::enter(k + 1);
    0
}

const NOT_DOUBLES: &str = "internal error: an input array not of Doubles";

/// A scalar of a product that holds inputs.
#[derive(Clone, Copy)]
enum Leaf {
    Double,
    /// An array of Doubles (held by address).
    Array,
}

/// Where the inputs are among the scalars of a product of scalars and arrays of Doubles
/// (`types::interleaved`): made once with the code from the argument's shape, so that the
/// runtime calls do not walk it.
pub(crate) struct Inputs {
    /// The Doubles and arrays, in order, with their positions among the scalars.
    leaves: Vec<(usize, Leaf)>,
    /// How many scalars the product has.
    width: usize,
}

impl Inputs {
    pub(crate) fn of(t: &Shape) -> Inputs {
        fn walk(t: &Shape, at: &mut usize, leaves: &mut Vec<(usize, Leaf)>) {
            match t {
                Shape::Scalar(Scalar::Double) => leaves.push((*at, Leaf::Double)),
                Shape::Array(_) => leaves.push((*at, Leaf::Array)),
                Shape::Con(_, fields) => {
                    for f in fields.iter() {
                        walk(f, at, leaves);
                    }
                    return;
                }
                _ => {}
            }
            *at += t.width();
        }
        let (mut width, mut leaves) = (0, Vec::new());
        walk(t, &mut width, &mut leaves);
        Inputs { leaves, width }
    }
}

/// `make(position, leaf)` of each Double and array of Doubles of `inputs`, in order, each
/// value it makes written into `temp`, one after another: the number of scalars. On a failure
/// the values written are dropped.
///
/// # Safety
/// `temp` has room for those values and holds nothing to drop.
unsafe fn written_leaves(
    inputs: &Inputs,
    temp: *mut Value,
    mut make: impl FnMut(usize, Leaf) -> Result<Option<Value>, String>,
) -> Result<usize, String> {
    let mut written = 0;
    for &(j, leaf) in &inputs.leaves {
        match make(j, leaf) {
            Ok(Some(v)) => {
                // SAFETY: the caller's promise.
                unsafe { temp.add(written).write(v) };
                written += 1;
            }
            Ok(None) => {}
            Err(e) => {
                for k in 0..written {
                    // SAFETY: written above, not yet given to native code.
                    drop(unsafe { temp.add(k).read() });
                }
                return Err(e);
            }
        }
    }
    Ok(inputs.width)
}

/// `primIdsEnd y`: the ID after the forward pass's last operation (the counter put back).
///
/// # Safety
/// `y` is the address of a live value (the forward pass's output, which it need not read).
pub(crate) unsafe extern "C" fn ids_end(_y: *const Value) -> i64 {
    ids::leave()
}

/// `primBackward mode n ids x y c` (`ad_prims::reverse`) with `x` of shape `*x` (as for
/// `interleave`) whose bits are in native code's reading buffer `bits`: the gradient in `x`'s
/// shape as `walk::refill_gradient` makes it — each Double of `x` replaced by its input's
/// cotangent (0 when no call reached it), written over its bits, each array of Doubles by
/// the array of its inputs' cotangents, written into `temp` in order; `y` taken from its
/// slot when `take` (else cloned). 0, or 1 when the pass fails.
///
/// # Safety
/// `x` is as for `interleave`; `y` is the address of a live value, which native code neither
/// reads nor drops again when `take` (it is left `()`); `bits` is native code's reading
/// buffer; `temp` has room for `x`'s arrays and holds nothing to drop.
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe extern "C" fn backward(
    mode: i64,
    n: i64,
    ids: i64,
    x: *const Inputs,
    y: *mut Value,
    take: u32,
    c: f64,
    bits: *mut u64,
    temp: *mut Value,
) -> u32 {
    // SAFETY: the caller's promises.
    let (x, out) = unsafe { (&*x, reading_buffer(bits)) };
    // SAFETY: the caller's promise.
    let y = unsafe {
        match take {
            0 => (*y).clone(),
            _ => std::mem::take(&mut *y),
        }
    };
    let pass = Pass {
        mode,
        inputs: n,
        ids,
        y,
        c: &Value::Double(c),
    };
    let mut calls = 0;
    let gradient = reverse(pass, &mut calls, |cotangents| {
        let mut k = 0;
        // SAFETY: the caller's promises about `temp` and the arrays' addresses.
        unsafe {
            written_leaves(x, temp, |j, leaf| match leaf {
                Leaf::Double => {
                    out[j] = cotangents.at(k)?.to_bits();
                    k += 1;
                    Ok(None)
                }
                Leaf::Array => {
                    let len = match &*(out[j] as *const Value) {
                        Value::Array(a) => a.len(),
                        _ => return Err(NOT_DOUBLES.into()),
                    };
                    let zs = cotangents.take_range(k..k + len)?;
                    k += len;
                    Ok(Some(Value::Array(Rc::new(ArrayCell::doubles(zs)))))
                }
            })
        }?;
        match k == cotangents.len() {
            true => Ok(()),
            false => Err(NOT_DOUBLES.into()),
        }
    });
    BP_CALLS.set(BP_CALLS.get() + calls);
    u32::from(gradient.is_err())
}
