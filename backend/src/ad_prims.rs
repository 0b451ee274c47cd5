//! The run-time side of automatic differentiation: dual numbers, the structural walks of the
//! Prelude's interleave and deinterleave (see `walk`), and the reverse pass of the outermost
//! level (the array mode's, tuned, here; the other modes' in `reverse`). Lifting into a world
//! needs the lambda table and lives in `lift`; nested levels live in `nested`.

use crate::cotangents::InputCotangents;
use crate::ids;
use crate::nested;
use crate::prims::{dbl, int, PrimResult};
use crate::reverse::{self, Mode, Outermost, Ref};
use crate::shape;
use crate::value::{ArgId, ArrayDual, DotRule, InputSide, Rule, Value};
use crate::walk::{self, Scalar};
use dnrad_core::PrimOp;
use std::rc::Rc;

fn tuple<const N: usize>(items: [Value; N]) -> Value {
    Value::con(0, items)
}

/// The ID of array-mode dual number `v` and, if an operation made it, its cell. A Double is a
/// constant (ID 0).
fn array_id(v: &Value) -> Result<(u32, Option<&Rc<ArrayDual>>), String> {
    let (_, id, cell) = v.array_parts().ok_or(NOT_ARRAY_DUAL)?;
    Ok((id, cell))
}

const NOT_ARRAY_DUAL: &str = "internal error: not an array-mode dual number";

/// SCall (§7, §8.1) on the staging array: ID `id` gets its dual number's backpropagator
/// (`cell`, called only if none is staged yet) staged and `d` added to its argument. ID 0
/// (constants) stages nothing; an input's ID only adds to its cotangent. The arguments start
/// at -0.0, the identity of IEEE addition (a sum starting at 0.0 would lose the sign of a -0.0
/// derivative); `reached` records which inputs got an argument (the others' derivative is 0.0).
fn array_call(
    arr: &mut Staging,
    id: u32,
    cell: impl FnOnce() -> Option<Rc<ArrayDual>>,
    d: f64,
) -> Result<(), String> {
    let Some(k) = (id as usize).checked_sub(1) else {
        return Ok(());
    };
    if k < arr.inputs.len() {
        arr.inputs.add(k, d);
        return Ok(());
    }
    let entry = arr
        .ops
        .get_mut(k - arr.inputs.len())
        .ok_or_else(|| format!("internal error: ID {id} outside the staging array"))?;
    if entry.0.is_none() {
        entry.0 = cell();
    }
    entry.1 += d;
    Ok(())
}

const NOT_DUAL: &str = "internal error: not a dual number";

/// Whether `v`, a derivative part (or dual number), is of the array mode, whose derivative
/// parts are the dual numbers themselves.
fn array_world(v: &Value) -> bool {
    matches!(v, Value::ArrayDual { .. } | Value::ArrayLeaf { .. })
}

/// The constant `x` of the world whose derivative parts have zero `zero`.
pub fn constant(x: f64, zero: &Value) -> Value {
    match zero {
        _ if array_world(zero) => Value::array_leaf(x, 0),
        // The forward world's: a plain Double, which operations know to have no tangent.
        Value::Double(_) => Value::Double(x),
        _ => Value::dual(x, zero.clone()),
    }
}

/// An argument of an array-mode operation: the partial derivative and the dual number.
pub(crate) type ArrayArg<'a> = (f64, &'a Value);

/// The dual number `v` made by a primitive operation with, for each argument, the partial
/// derivative and the argument's dual number: the backpropagator records the non-constant
/// arguments (§8.2), and the number takes the next ID. All arguments constant: `constant v`.
/// An argument made by an operation of one argument (`0.25 * a ! i`, `x + 1`, `sin x`) is
/// recorded as that operation's argument, its partial derivative the product of the two
/// (`through_unary`).
pub(crate) fn array_op(v: f64, args: [Option<ArrayArg>; 2]) -> Result<Value, String> {
    let mut partials = [0.0; 2];
    let mut ids = [ArgId::new(0); 2];
    let mut cells: [Option<Rc<ArrayDual>>; 2] = Default::default();
    for (k, arg) in args.into_iter().enumerate() {
        if let Some((partial, a)) = arg {
            let (id, parent) = array_id(a)?;
            (partials[k], ids[k], cells[k]) = match parent.and_then(|p| through_unary(p)) {
                Some((d, id, cell)) => (partial * d, id, cell.cloned()),
                None => (partial, ArgId::new(id), parent.cloned()),
            };
        }
    }
    if ids == [ArgId::new(0); 2] {
        return Ok(Value::array_leaf(v, 0));
    }
    let rule = Rule::Op {
        partials,
        ids,
        cells,
    };
    recorded(v, rule)
}

/// The one argument of an operation that has one (the other constant): its partial derivative,
/// ID and cell. An operation using the number can use its argument instead (the chain rule
/// through one edge; a local preaccumulation of the tape): the reverse pass then never reaches
/// the number, which, used only there, is freed when its register is overwritten, so a
/// stencil's `0.25 * a ! (i - 1) + 0.5 * a ! i` keeps one cell on the tape where it kept three.
/// Operations made this way have arguments that are not such numbers, so one step is all
/// there is to take. The cotangent reaching the argument is `(p · d) · z` where the reverse pass
/// would have computed `p · (d · z)`: equal but in the last bit.
fn through_unary(cell: &ArrayDual) -> Option<(f64, ArgId, Option<&Rc<ArrayDual>>)> {
    let Rule::Op {
        partials,
        ids,
        cells,
    } = &cell.rule
    else {
        return None;
    };
    let zero = ArgId::new(0);
    let k = match ids {
        [a, b] if *b == zero && *a != zero => 0,
        [a, b] if *a == zero && *b != zero => 1,
        _ => return None,
    };
    Some((partials[k], ids[k], cells[k].as_ref()))
}

/// The dual number `v` with backpropagator `rule` and the next ID.
pub(crate) fn recorded(v: f64, rule: Rule) -> Result<Value, String> {
    let id = ids::take()?;
    let cell = Rc::new(ArrayDual { primal: v, rule });
    Ok(Value::ArrayDual { id, cell })
}

/// `primInterleave x`: `x` with its k-th Double `x` (k from 1) replaced by the input with ID k
/// (an unboxed array of Doubles by an input array), paired with the number of inputs. The
/// run's forward pass starts: its operations' IDs follow the inputs' (`ids::enter`).
fn interleave(x: &Value) -> Result<Value, String> {
    let (x, n) = walk::interleave(x, true, input)?;
    ids::enter(n + 1);
    Ok(tuple([x, Value::Int(n)]))
}

/// The input with ID `k` and primal `x`.
pub(crate) fn input(x: f64, k: i64) -> Result<Value, String> {
    let id = u32::try_from(k).map_err(|_| walk::TOO_MANY_INPUTS)?;
    Ok(Value::array_leaf(x, id))
}

/// `primArrayAdd a b` and kin: what `primNumBin` of `+`, `-` or `*` makes, the outermost
/// level's numbers (and constants) without the dispatch on levels.
pub(crate) fn array_arith(op: PrimOp, a: &Value, b: &Value) -> Result<Value, String> {
    let outermost = |v: &Value| v.array_parts().map(|(x, _, _)| x);
    let (Some(x), Some(y)) = (outermost(a), outermost(b)) else {
        // A number of a nested level, or a forward one.
        let p = match op {
            PrimOp::ArrayAdd => PrimOp::DoubleAdd,
            PrimOp::ArraySub => PrimOp::DoubleSub,
            _ => PrimOp::DoubleMul,
        };
        return nested::apply(p, &[a, b]);
    };
    let (v, dx, dy) = match op {
        PrimOp::ArrayAdd => (x + y, 1.0, 1.0),
        PrimOp::ArraySub => (x - y, 1.0, -1.0),
        _ => (x * y, y, x),
    };
    array_op(v, [Some((dx, a)), Some((dy, b))])
}

/// `primArrayLin a x b y`, the number `a * x + b * y` for Doubles `a`, `b` (constant scalings
/// fused into their sum: `dnrad_ad::fuse_scalings`): one cell recording `x` and `y`
/// with partial derivatives `a` and `b`, which the separate operations would have recorded
/// through their products. A nested level's (or forward) number takes the separate
/// operations, a factor 1 skipped.
pub(crate) fn array_lin(a: f64, x: &Value, b: f64, y: &Value) -> Result<Value, String> {
    let outermost = |v: &Value| v.array_parts().map(|(p, _, _)| p);
    if let (Some(px), Some(py)) = (outermost(x), outermost(y)) {
        return array_op(a * px + b * py, [Some((a, x)), Some((b, y))]);
    }
    let scaled = |k: f64, v: &Value| match k {
        1.0 => Ok(v.clone()),
        _ => array_arith(PrimOp::ArrayMul, &Value::array_leaf(k, 0), v),
    };
    array_arith(PrimOp::ArrayAdd, &scaled(a, x)?, &scaled(b, y)?)
}

/// The staging array of the array mode (§7, §8.1), split: for each ID of an operation (from
/// the first after the inputs'), the dual number whose backpropagator is staged and its
/// accumulated argument; for each input (ID k at k - 1), its cotangent (`cotangents`).
#[derive(Default)]
struct Staging {
    ops: Vec<(Option<Rc<ArrayDual>>, f64)>,
    inputs: InputCotangents,
}

impl Staging {
    /// To each input of `to`, the primal at the same position of `from` times `z`.
    fn add_scaled(&mut self, to: &InputSide, from: &InputSide, z: f64) {
        match (to.consecutive(), from.consecutive()) {
            (Some((inputs, _)), Some((_, primals))) => {
                self.inputs.add_scaled(inputs, to.array(), primals, z)
            }
            _ => {
                for k in 0..to.len {
                    self.inputs.add(to.input(k), from.primal(k) * z);
                }
            }
        }
    }
}

/// The largest staging array kept for the next reverse pass (most gradients in a loop are of
/// small functions; a large array is freed).
const KEPT_STAGING: usize = 4096;

thread_local! {
    /// The staging array, kept between reverse passes.
    static STAGING: std::cell::Cell<Staging> = std::cell::Cell::new(Staging::default());
}

/// `primBackward mode n ids x y c`, a reverse mode's reverse pass at the outermost level,
/// its gradient in `x`'s shape.
pub fn backward(args: &mut [Value], bp_calls: &mut u64) -> PrimResult {
    let x = std::mem::take(&mut args[3]);
    let pass = Pass {
        mode: int(&args[0]),
        inputs: int(&args[1]),
        ids: int(&args[2]),
        y: std::mem::take(&mut args[4]),
        c: &args[5],
    };
    reverse(pass, bp_calls, |cotangents| {
        walk::refill_gradient(&x, cotangents)
    })
}

/// A reverse pass at the outermost level: the mode's code, the number of inputs (IDs 1 to
/// `inputs`), the ID after the forward pass's last operation, its output `y` and the
/// cotangent `c` of `y`'s shape.
pub(crate) struct Pass<'c> {
    pub mode: i64,
    pub inputs: i64,
    pub ids: i64,
    pub y: Value,
    pub c: &'c Value,
}

/// Reverse pass `pass` (the array mode's here, the others' by `reverse::backward`), its
/// result what `deliver` makes of the inputs' cotangents.
pub(crate) fn reverse<R>(
    pass: Pass,
    bp_calls: &mut u64,
    deliver: impl FnOnce(&mut InputCotangents) -> Result<R, String>,
) -> Result<R, String> {
    let Pass {
        mode,
        inputs: n,
        ids,
        y,
        c,
    } = pass;
    match Mode::from_code(mode)? {
        Mode::Array => array_backward(n, ids, y, c, bp_calls, deliver),
        mode => {
            let mut outputs = Vec::new();
            let mut staged = Ok(());
            walk::for_each_cotangent(&y, c, |d, z| match array_id(d) {
                Ok((0, _)) => {}
                Ok((id, cell)) => outputs.push((
                    Ref {
                        id,
                        node: cell.cloned(),
                    },
                    dbl(z),
                )),
                Err(e) => staged = Err(e),
            })?;
            staged?;
            let inputs = reverse::Inputs { base: 0, count: n };
            let gradient = reverse::backward(&mut Outermost, mode, inputs, ids, outputs, bp_calls)?;
            deliver(&mut InputCotangents::of(gradient))
        }
    }
}

/// The array mode's reverse pass (`n ids y c`): a staging array for IDs below `ids`;
/// Deinterleave — each dual number of the output `y` staged with the Double at its position in
/// the cotangent `c`; SResolve — IDs `ids - 1` down to `n + 1`, each staged backpropagator
/// applied once to its accumulated argument (counted in `bp_calls`), staging its arguments'
/// calls; and the accumulated cotangents of the inputs 1..n delivered. A resolved ID is
/// never staged again (its arguments have smaller IDs), so its entry lets go of the dual number
/// at once.
fn array_backward<R>(
    n: i64,
    ids: i64,
    y: Value,
    c: &Value,
    bp_calls: &mut u64,
    deliver: impl FnOnce(&mut InputCotangents) -> Result<R, String>,
) -> Result<R, String> {
    let mut arr = STAGING.take();
    arr.inputs.start(usize::try_from(n).unwrap_or(0));
    let ops = usize::try_from(ids - 1 - n).unwrap_or(0);
    arr.ops.resize(ops, (None, -0.0));
    let gradient = reverse_pass(&mut arr, y, c, bp_calls).and_then(|()| deliver(&mut arr.inputs));
    if arr.ops.capacity().max(arr.inputs.capacity()) <= KEPT_STAGING {
        arr.ops.clear();
        arr.inputs.start(0);
        STAGING.set(arr);
    }
    gradient
}

/// `array_backward` on the staging array `arr`, all zero. A cell the staging array holds the
/// only reference to (the output `y` is dropped once staged: when the caller gave up its own,
/// no cell is shared but by several operations of the tape) is freed as soon as it is
/// resolved, its arguments' cells moved into the array rather than copied: the tape is freed
/// during the sweep, and the memory is reused while it is still in the cache.
fn reverse_pass(arr: &mut Staging, y: Value, c: &Value, bp_calls: &mut u64) -> Result<(), String> {
    let mut staged = Ok(());
    walk::for_each_cotangent(&y, c, |d, z| {
        if staged.is_ok() {
            staged =
                array_id(d).and_then(|(id, cell)| array_call(arr, id, || cell.cloned(), dbl(z)));
        }
    })?;
    staged?;
    drop(y);
    for k in (0..arr.ops.len()).rev() {
        let (entry, z) = &mut arr.ops[k];
        let (Some(dual), z) = (entry.take(), *z) else {
            continue;
        };
        *bp_calls += 1;
        match Rc::try_unwrap(dual) {
            Ok(mut dual) => match &mut dual.rule {
                Rule::Op {
                    partials,
                    ids,
                    cells,
                } => stage_op(arr, partials, ids, z, |k| cells[k].take())?,
                Rule::Dot(dot) => stage_dot(arr, dot, z)?,
            },
            Err(dual) => match &dual.rule {
                Rule::Op {
                    partials,
                    ids,
                    cells,
                } => stage_op(arr, partials, ids, z, |k| cells[k].clone())?,
                Rule::Dot(dot) => stage_dot(arr, dot, z)?,
            },
        }
    }
    Ok(())
}

/// The backpropagator of an operation applied to cotangent `z`: each argument staged with its
/// partial derivative times `z`; `cell(k)` gives argument `k`'s cell when it is staged first
/// (moved out of a cell no one else holds, else copied).
fn stage_op(
    arr: &mut Staging,
    partials: &[f64; 2],
    ids: &[ArgId; 2],
    z: f64,
    mut cell: impl FnMut(usize) -> Option<Rc<ArrayDual>>,
) -> Result<(), String> {
    for k in 0..2 {
        array_call(arr, ids[k].get(), || cell(k), partials[k] * z)?;
    }
    Ok(())
}

/// The backpropagator of a dot product applied to cotangent `z`: from the last pair of
/// elements to the first, each element staged with the other's primal times `z` — the calls
/// the elementwise code's products would make (the sums pass `z` on unchanged), in the order
/// its reverse pass would make them, so the gradient is the same to the last bit.
fn stage_dot(arr: &mut Staging, dot: &DotRule, z: f64) -> Result<(), String> {
    if let Some([a, b]) = dot.input_sides() {
        // Two input arrays: each call adds to an input's cotangent.
        if a.last.max(b.last) < arr.inputs.len() {
            if a.apart(&b) {
                // Each input gets one call, so the calls' order makes no difference.
                arr.add_scaled(&a, &b, z);
                arr.add_scaled(&b, &a, z);
            } else {
                for k in (0..dot.len).rev() {
                    arr.inputs.add(a.input(k), b.primal(k) * z);
                    arr.inputs.add(b.input(k), a.primal(k) * z);
                }
            }
            return Ok(());
        }
    }
    for (a, b) in dot.pairs().rev() {
        let (x, i, cell_a) = a.array_parts().ok_or(NOT_ARRAY_DUAL)?;
        let (y, j, cell_b) = b.array_parts().ok_or(NOT_ARRAY_DUAL)?;
        array_call(arr, i, || cell_a.cloned(), y * z)?;
        array_call(arr, j, || cell_b.cloned(), x * z)?;
    }
    Ok(())
}

pub fn apply(op: PrimOp, args: &[Value]) -> PrimResult {
    use PrimOp::*;
    let arg = |i: usize| &args[i];
    Ok(match op {
        DualMake => Value::dual(dbl(arg(0)), arg(1).clone()),
        DualConst => arg(0).clone(),
        DualPrimal => Value::Double(arg(0).dual_primal().ok_or(NOT_DUAL)?),
        DualDeriv => match arg(0) {
            Value::Dual(d) => d.deriv.clone(),
            // A constant (made by a native operation): its tangent.
            Value::Double(_) => Value::Double(0.0),
            a if array_world(a) => a.clone(),
            _ => return Err(NOT_DUAL.into()),
        },
        Scalars => Value::list(walk::scalars(arg(1), Scalar::from_code(int(arg(0))))?.into_iter()),
        DualInput => {
            // Forward mode's input: each Double of `x` with the Double at its position in the
            // tangent (whose shape `primCheckTangent` checked) as its derivative part.
            // The forward pass starts: a reverse level inside it takes IDs from the counter as
            // it is, which `idsEnd` puts back (nothing of the pass outlives it: its output is
            // first-order).
            let mut tangents = walk::scalars(arg(1), Scalar::Double)?.into_iter();
            let x = walk::map_scalars(arg(0), Scalar::Double, |x| {
                let t = tangents.next().ok_or(NOT_DUAL)?;
                Ok(Value::dual(dbl(x), t))
            })?;
            ids::enter(ids::peek());
            x
        }
        DualParts => {
            // Every number of a differentiated value as its primal part (0) or, as a Double,
            // its derivative part (1: a forward-mode tangent).
            let part = if int(arg(0)) == 0 {
                DualPrimal
            } else {
                DualDeriv
            };
            walk::map_scalars(arg(1), Scalar::Dual, |d| {
                apply(part, std::slice::from_ref(d))
            })?
        }
        Refill => walk::refill(arg(1), Scalar::from_code(int(arg(0))), arg(2))?,
        CheckTangent => {
            shape::TANGENT.check(arg(0), arg(1))?;
            Value::unit()
        }
        ArrayConst => Value::array_leaf(dbl(arg(0)), 0),
        NumDot => crate::bulk::dot_numbers(arg)?,
        Interleave => interleave(arg(0))?,
        IdsEnd => Value::Int(ids::leave()),
        ArrayAdd | ArraySub | ArrayMul => array_arith(op, arg(0), arg(1))?,
        ArrayLin => array_lin(dbl(arg(0)), arg(1), dbl(arg(2)), arg(3))?,
        NumUn | NumBin => {
            let p = nested::smooth(int(arg(0)))?;
            let args: Vec<&Value> = args[1..].iter().collect();
            nested::apply(p, &args)?
        }
        NestInterleave => nested::interleave(Mode::from_code(int(arg(0)))?, arg(1))?,
        NestInterleaveFwd => nested::interleave_forward(arg(0), arg(1))?,
        NestStrip | NestTangent => {
            nested::project(&nested::tape(arg(0))?, arg(1), op == NestStrip)?
        }
        _ => {
            return Err(format!(
                "internal error: `{}` is not an AD primitive",
                op.name()
            ))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `(a, [b, c])` of Doubles.
    fn nested(a: f64, b: f64, c: f64) -> Value {
        let list = Value::list([b, c].into_iter().map(Value::Double));
        tuple([Value::Double(a), list])
    }

    fn doubles(v: &Value) -> Vec<f64> {
        walk::scalars(v, Scalar::Double)
            .expect("first-order")
            .iter()
            .map(|x| x.dual_primal().expect("a Double"))
            .collect()
    }

    #[test]
    fn forward_inputs_pair_each_double_with_the_tangents_and_split_back() {
        let (x, t) = (nested(1.0, 2.0, 3.0), nested(0.5, -0.25, 0.125));
        let duals = apply(PrimOp::DualInput, &[x, t]).expect("same shapes");
        let numbers = walk::scalars(&duals, Scalar::Dual).expect("first-order");
        assert!(numbers.iter().all(|d| matches!(d, Value::Dual(_))));
        let part = |k: i64| apply(PrimOp::DualParts, &[Value::Int(k), duals.clone()]);
        assert_eq!(doubles(&part(0).expect("primal parts")), [1.0, 2.0, 3.0]);
        assert_eq!(doubles(&part(1).expect("tangents")), [0.5, -0.25, 0.125]);
    }

    #[test]
    fn a_forward_pass_gives_back_the_ids_taken_inside_it() {
        crate::ids::skip(7);
        let (x, t) = (nested(1.0, 2.0, 3.0), nested(0.5, -0.25, 0.125));
        let duals = apply(PrimOp::DualInput, &[x, t]).expect("same shapes");
        // Reverse levels inside the pass take IDs from where the counter was.
        assert_eq!(crate::ids::take(), Ok(7));
        assert_eq!(crate::ids::take(), Ok(8));
        let end = apply(PrimOp::IdsEnd, &[duals]).expect("a pass to end");
        assert!(matches!(end, Value::Int(9)), "{end:?}");
        assert_eq!(crate::ids::peek(), 7);
    }
}
