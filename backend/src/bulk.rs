//! Whole-array operations on numbers with a rule of their own (issue 17): the dot product of
//! positions of two arrays, `Σₖ x[p + k·dp] · y[q + k·dq]` for `k < len`, which `Num`'s hidden
//! method `dotRun` is at `Double` (Data.Array.Numeric's `dotA`, `matVec`, `vecMat`, `matMul`).
//! Primal code (`primDoubleDot`) is one loop over the elements. Differentiated code
//! (`primNumDot`) over the array mode's dual numbers is one operation whose
//! backpropagator (`Rule::Dot`) stages every element's contribution, where the elementwise code
//! made two dual numbers an element; over the forward world's it computes the values and
//! tangents at once; over a nested level's it is the elementwise operations. Values and
//! derivatives are those of the elementwise loop (`acc + x·y` from the first pair, from 0) to
//! the last bit. It does arithmetic on the elements and nothing else.

use crate::ad_prims::recorded;
use crate::array_prims::UNDEFINED;
use crate::nested;
use crate::prims::{int, PrimResult};
use crate::value::{DotRule, Element, Rule, Strided, Value};
use dnrad_core::PrimOp;

/// The operands `x p dp y q dq len` as a dot product's pairs, every position checked to lie in
/// its array (the elements are checked as they are read: `element`).
fn operands<'a>(arg: impl Fn(usize) -> &'a Value) -> Result<DotRule, String> {
    let len = int(arg(6));
    let len = usize::try_from(len).map_err(|_| format!("internal error: {len} elements"))?;
    Ok(DotRule {
        x: strided(arg(0), int(arg(1)), int(arg(2)), len)?,
        y: strided(arg(3), int(arg(4)), int(arg(5)), len)?,
        len,
    })
}

/// An element read, if it is not of the kind `part` takes: the array's error for a position
/// that holds none, `Ok(None)` for another kind of value.
fn element<'a, T>(
    e: Element<'a>,
    part: impl Fn(Element<'a>) -> Option<T>,
) -> Result<Option<T>, String> {
    match part(e) {
        Some(t) => Ok(Some(t)),
        None if matches!(e, Element::Stored(v) if v.is_hole()) => Err(UNDEFINED.into()),
        None => Ok(None),
    }
}

/// The positions `start + k·step` of the array `a` for `k < len`, checked.
fn strided(a: &Value, start: i64, step: i64, len: usize) -> Result<Strided, String> {
    let (cell, inputs) = match a {
        Value::Array(cell) => (cell, None),
        Value::InputArray(a) => (a.primal(), Some(a.first)),
        _ => return Err("internal error: not an array".into()),
    };
    let n = cell.len();
    let last = i64::try_from(len)
        .ok()
        .and_then(|len| step.checked_mul(len - 1))
        .and_then(|d| start.checked_add(d));
    let inside = |k: Option<i64>| k.and_then(|k| usize::try_from(k).ok()).filter(|&k| k < n);
    let (first, step_ok) = (inside(Some(start)), usize::try_from(step));
    match (len, first, step_ok, inside(last)) {
        (0, ..) => Ok(Strided {
            cell: cell.clone(),
            inputs,
            start: 0,
            step: 0,
        }),
        (_, Some(start), Ok(step), Some(_)) => Ok(Strided {
            cell: cell.clone(),
            inputs,
            start,
            step,
        }),
        _ => Err(format!(
            "internal error: array positions {start} + k * {step}, k < {len}, outside 0..{n}"
        )),
    }
}

/// `primDoubleDot x p dp y q dq len` of the arguments `arg(0)` .. `arg(6)`.
pub fn dot<'a>(arg: impl Fn(usize) -> &'a Value) -> PrimResult {
    let dot = operands(arg)?;
    if let (Some(xs), Some(ys)) = (dot.x.doubles(dot.len), dot.y.doubles(dot.len)) {
        return Ok(Value::Double(
            xs.zip(ys).fold(0.0, |acc, (x, y)| acc + x * y),
        ));
    }
    let double = |e: Element| {
        let x = element(e, |e| match e {
            Element::Stored(&Value::Double(x)) | Element::Double(x) => Some(x),
            _ => None,
        })?;
        x.ok_or_else(|| "internal error: not a Double".to_string())
    };
    let mut acc = 0.0;
    for (a, b) in dot.pairs() {
        acc += double(a)? * double(b)?;
    }
    Ok(Value::Double(acc))
}

/// The dot product of the primal parts and whether every element is a constant, when every
/// element is a number of the array mode's outermost level (or a constant Double).
fn outermost(dot: &DotRule) -> Result<Option<(f64, bool)>, String> {
    if let Some([a, b]) = dot.input_sides() {
        let acc = (0..dot.len).fold(0.0, |acc, k| acc + a.primal(k) * b.primal(k));
        return Ok(Some((acc, dot.len == 0)));
    }
    let parts = |e: Element| e.array_parts().map(|(x, id, _)| (x, id));
    let mut acc = 0.0;
    let mut constant = true;
    for (a, b) in dot.pairs() {
        let (Some((x, i)), Some((y, j))) = (element(a, parts)?, element(b, parts)?) else {
            return Ok(None);
        };
        acc += x * y;
        constant &= i == 0 && j == 0;
    }
    Ok(Some((acc, constant)))
}

/// The forward world's dot product when every element is a constant Double or a dual number
/// of the outermost level: the elementwise operations' values and tangents, computed as
/// `nested::apply` computes them (a product's tangent `y·ẋ + x·ẏ` over its dual arguments, a
/// sum's `ṡ + ṗ`, a constant's term left out), without a dual number an operation.
fn forward(dot: &DotRule) -> Result<Option<Value>, String> {
    // The primal and, for a dual number, the tangent.
    let parts = |e: Element| match e {
        Element::Stored(&Value::Double(x)) | Element::Double(x) => Some((x, None)),
        Element::Stored(Value::Dual(d)) => match d.deriv {
            Value::Double(t) => Some((d.primal, Some(t))),
            _ => None,
        },
        _ => None,
    };
    let add = |a: Option<f64>, term: Option<f64>| match (a, term) {
        (Some(a), Some(b)) => Some(a + b),
        (a, b) => a.or(b),
    };
    let (mut acc, mut tangent) = (0.0, None);
    for (a, b) in dot.pairs() {
        let (Some((x, tx)), Some((y, ty))) = (element(a, parts)?, element(b, parts)?) else {
            return Ok(None);
        };
        let product = add(tx.map(|t| y * t), ty.map(|t| x * t));
        acc += x * y;
        tangent = add(tangent, product);
    }
    Ok(Some(match tangent {
        Some(t) => Value::dual(acc, Value::Double(t)),
        None => Value::Double(acc),
    }))
}

/// `primNumDot x p dp y q dq len`: the dot product of dual numbers of any world and level.
pub fn dot_numbers<'a>(arg: impl Fn(usize) -> &'a Value) -> Result<Value, String> {
    let dot = operands(arg)?;
    if let Some((acc, constant)) = outermost(&dot)? {
        // A constant is a Double, as `nested::apply` makes it, in either world.
        if constant {
            return Ok(Value::Double(acc));
        }
        return recorded(acc, Rule::Dot(Box::new(dot)));
    }
    if let Some(d) = forward(&dot)? {
        return Ok(d);
    }
    // The elementwise operations, from 0.
    let mut acc = Value::Double(0.0);
    for (a, b) in dot.pairs() {
        let (a, b) = (a.value(), b.value());
        if a.is_hole() || b.is_hole() {
            return Err(UNDEFINED.into());
        }
        let product = nested::apply(PrimOp::DoubleMul, &[&a, &b])?;
        acc = nested::apply(PrimOp::DoubleAdd, &[&acc, &product])?;
    }
    Ok(acc)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn array(xs: &[f64]) -> Value {
        Value::array(xs.iter().map(|&x| Value::Double(x)).collect())
    }

    #[test]
    fn strided_positions_outside_the_array_are_errors() {
        let a = array(&[1.0, 2.0, 3.0]);
        assert!(strided(&a, 0, 1, 3).is_ok());
        assert!(strided(&a, 1, 1, 3).is_err());
        assert!(strided(&a, 0, 2, 2).is_ok());
        assert!(strided(&a, 0, 2, 3).is_err());
        assert!(strided(&a, -1, 1, 1).is_err());
        assert!(strided(&a, 5, 1, 0).is_ok());
        assert!(strided(&a, 0, i64::MAX, 3).is_err());
    }

    fn args(x: Value, p: i64, dp: i64, y: Value, q: i64, dq: i64, len: i64) -> Vec<Value> {
        let i = Value::Int;
        vec![x, i(p), i(dp), y, i(q), i(dq), i(len)]
    }

    /// `primDoubleDot` of `args`.
    fn dot_of(args: &[Value]) -> PrimResult {
        dot(|k| &args[k])
    }

    #[test]
    fn the_primal_sums_from_the_first_pair_on() {
        // In order: 1e16 + 1 rounds to 1e16; a sum in another order would give 1.
        let (x, y) = (array(&[1e16, 1.0, -1e16]), array(&[1.0; 3]));
        let r = dot_of(&args(x, 0, 1, y, 0, 1, 3)).unwrap();
        assert!(matches!(r, Value::Double(v) if v == 0.0), "{r:?}");
        let (x, y) = (array(&[1.0, 2.0, 3.0, 4.0]), array(&[5.0, 6.0]));
        let r = dot_of(&args(x, 1, 2, y, 0, 1, 2)).unwrap();
        assert!(
            matches!(r, Value::Double(v) if v == 2.0 * 5.0 + 4.0 * 6.0),
            "{r:?}"
        );
    }

    #[test]
    fn an_undefined_element_is_the_arrays_error() {
        let x = Value::array(vec![Value::Double(1.0), Value::HOLE]);
        let r = dot_of(&args(x, 0, 1, array(&[1.0, 2.0]), 0, 1, 2));
        assert_eq!(r.unwrap_err(), UNDEFINED);
    }

    #[test]
    fn dual_numbers_of_the_array_mode_make_one_operation_with_the_next_id() {
        let x = Value::array(vec![Value::array_leaf(2.0, 1), Value::array_leaf(3.0, 2)]);
        let y = Value::array(vec![Value::array_leaf(5.0, 0), Value::array_leaf(7.0, 3)]);
        let a = args(x, 0, 1, y, 0, 1, 2);
        crate::ids::enter(10);
        let d = dot_numbers(|k| &a[k]).unwrap();
        let Value::ArrayDual { id: 10, cell } = d else {
            panic!("{d:?}")
        };
        assert_eq!(cell.primal, 31.0);
        let constants = array(&[1.0, 2.0]);
        let a = args(constants.clone(), 0, 1, constants, 0, 1, 2);
        let c = dot_numbers(|k| &a[k]).unwrap();
        assert!(matches!(c, Value::Double(x) if x == 5.0), "{c:?}");
        assert_eq!(crate::ids::leave(), 11, "a constant takes no ID");
    }
}
