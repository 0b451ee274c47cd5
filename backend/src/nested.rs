//! Dual numbers at every level of nested differentiation, and the operations of the worlds
//! whose scalar operations are native (the forward world and the array mode's reverse world).
//!
//! A number is a constant (a Double, or an array-mode constant), a number of the outermost
//! level (tag 0: a forward `Dual` with a Double tangent, or an array-mode `ArrayLeaf` /
//! `ArrayDual`), or a `Tower` of a nested level, whose primal part is a number of the enclosing
//! levels. An operation works at the largest tag among its arguments (the innermost level; the
//! other arguments are constants to it, which is what keeps levels from confusing their
//! perturbations): it computes the primal value and the partial derivatives
//! (`dnrad_core::derivative`) one level down — recursively, so the enclosing levels record them
//! — and makes the level's number: the tangent, or a reverse node with the run's next ID
//! (`ids`).
//! The reverse pass of a nested level (`backward`) is the array mode's SResolve with numbers of
//! the enclosing levels as cotangents, so the enclosing levels differentiate it in turn.
//! It never runs code.

use crate::ad_prims::{array_op, ArrayArg};
use crate::ids;
use crate::reverse::{self, Mode};
use crate::shape;
use crate::value::{Tape, Tower, TowerDeriv, Value};
use crate::walk::{self, Scalar};
use dnrad_core::derivative::{self, Class, Doubles, Field};
use dnrad_core::PrimOp;
use std::rc::Rc;

const NOT_NESTABLE: &str = "nested differentiation: this AD mode's dual numbers cannot be \
                            differentiated again (the array mode, the default, can)";

thread_local! {
    static LAST_TAG: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// A tag larger than every tag made before.
fn fresh_tag() -> Result<u32, String> {
    let tag = LAST_TAG
        .get()
        .checked_add(1)
        .ok_or("differentiation: too many levels of nested differentiation")?;
    LAST_TAG.set(tag);
    Ok(tag)
}

/// The level of a number: `None` for a constant, `Some(0)` for the outermost level's, `Some(t)`
/// for a nested level's.
fn level(v: &Value) -> Result<Option<u32>, String> {
    Ok(match v {
        Value::Double(_) | Value::ArrayLeaf { id: 0, .. } => None,
        Value::Dual(d) if matches!(d.deriv, Value::Double(_)) => Some(0),
        Value::ArrayLeaf { .. } | Value::ArrayDual { .. } => Some(0),
        Value::Tower(t) => Some(t.tag),
        Value::Dual(_) => return Err(NOT_NESTABLE.into()),
        _ => return Err("internal error: not a number".into()),
    })
}

/// The smooth primitive with the op code `code` (its index among the primitives).
pub fn smooth(code: i64) -> Result<PrimOp, String> {
    usize::try_from(code)
        .ok()
        .and_then(|k| PrimOp::ALL.get(k).copied())
        .filter(|&p| matches!(derivative::class(p), Some(Class::Smooth(_))))
        .ok_or_else(|| format!("internal error: {code} is not a smooth primitive"))
}

/// `p` applied to `args` (one or two numbers) at the innermost of their levels.
pub fn apply(p: PrimOp, args: &[&Value]) -> Result<Value, String> {
    let mut top = None;
    for a in args {
        top = top.max(level(a)?);
    }
    match top {
        None => {
            let (xs, n) = primal_values(args);
            Ok(Value::Double(derivative::eval(p, &xs[..n])))
        }
        Some(0) => outermost(p, args),
        Some(tag) => at_level(p, tag, args),
    }
}

/// The primal values of (at most two) numbers, and how many there are.
fn primal_values(args: &[&Value]) -> ([f64; 2], usize) {
    let mut xs = [0.0; 2];
    for (x, a) in xs.iter_mut().zip(args) {
        *x = a.dual_primal().unwrap_or(0.0);
    }
    (xs, args.len().min(2))
}

/// An operation at the outermost level, whose primal parts are Doubles.
fn outermost(p: PrimOp, args: &[&Value]) -> Result<Value, String> {
    let (xs, n) = primal_values(args);
    let xs = &xs[..n];
    let v = derivative::eval(p, xs);
    let ds = match derivative::partials(&mut Doubles, p, xs, &v) {
        Some(Ok(ds)) => ds,
        Some(Err(never)) => match never {},
        None => return Err(format!("internal error: `{}` is not smooth", p.name())),
    };
    if args.iter().any(|a| matches!(a, Value::Dual(_))) {
        // Forward: the tangent Σ dₖ tₖ over the arguments that are dual numbers (a constant's
        // term is left out rather than 0 · dₖ, which is NaN when dₖ is infinite).
        let mut t: Option<f64> = None;
        for (d, a) in ds.iter().zip(args) {
            if let Value::Dual(a) = a {
                let term = d * a.deriv.dual_primal().unwrap_or(0.0);
                t = Some(t.map_or(term, |t| t + term));
            }
        }
        return Ok(Value::dual(v, Value::Double(t.unwrap_or(0.0))));
    }
    let arg = |k: usize| -> Option<ArrayArg> {
        let a = args.get(k).copied()?;
        Some((ds[k], a))
    };
    array_op(v, [arg(0), arg(1)])
}

/// A number's primal part and derivative part as an argument of an operation at level `tag`:
/// the number itself and nothing when it is of an enclosing level (a constant there).
fn split(a: &Value, tag: u32) -> (Value, Option<&Rc<Tower>>) {
    match a {
        Value::Tower(t) if t.tag == tag => (t.primal.clone(), Some(t)),
        _ => (a.clone(), None),
    }
}

/// An operation at nested level `tag`.
fn at_level(p: PrimOp, tag: u32, args: &[&Value]) -> Result<Value, String> {
    // (At most two arguments: no allocation but the new number's.)
    let n = args.len().min(2);
    let mut primals: [Value; 2] = Default::default();
    let mut levels: [Option<&Rc<Tower>>; 2] = [None, None];
    for (k, a) in args.iter().take(2).enumerate() {
        (primals[k], levels[k]) = split(a, tag);
    }
    let parts = &levels[..n];
    let v = apply(p, &[&primals[0], &primals[1]][..n])?;
    let mut nums = Numbers;
    let ds = match derivative::partials(&mut nums, p, &primals[..n], &v) {
        Some(ds) => ds?,
        None => return Err(format!("internal error: `{}` is not smooth", p.name())),
    };
    let reverse = parts
        .iter()
        .any(|t| matches!(t, Some(t) if matches!(t.deriv, TowerDeriv::Node { .. })));
    let deriv = if reverse {
        let mut partials = [Value::Double(0.0), Value::Double(0.0)];
        let mut nodes = [None, None];
        for (k, (t, d)) in parts.iter().zip(ds).enumerate() {
            if let Some(t) = t {
                partials[k] = d;
                nodes[k] = Some(Rc::clone(t));
            }
        }
        TowerDeriv::Node {
            id: ids::take()?,
            partials,
            args: nodes,
        }
    } else {
        let mut tangent: Option<Value> = None;
        for (t, d) in parts.iter().zip(ds) {
            if let Some(TowerDeriv::Tangent(tk)) = t.map(|t| &t.deriv) {
                let term = apply(PrimOp::DoubleMul, &[&d, tk])?;
                tangent = Some(match tangent {
                    None => term,
                    Some(acc) => apply(PrimOp::DoubleAdd, &[&acc, &term])?,
                });
            }
        }
        TowerDeriv::Tangent(tangent.unwrap_or(Value::Double(0.0)))
    };
    Ok(Value::Tower(Rc::new(Tower {
        tag,
        primal: v,
        deriv,
    })))
}

/// Numbers of any level, for evaluating the derivative rules one level down.
struct Numbers;

impl Field for Numbers {
    type N = Value;
    type E = String;
    fn num(&mut self, x: f64) -> Value {
        Value::Double(x)
    }
    fn op(&mut self, op: PrimOp, args: &[Value]) -> Result<Value, String> {
        match args {
            [a] => apply(op, &[a]),
            [a, b] => apply(op, &[a, b]),
            _ => Err(format!(
                "internal error: `{}` of {} numbers",
                op.name(),
                args.len()
            )),
        }
    }
    fn sign_cases(
        &mut self,
        x: &Value,
        pos: impl FnOnce(&mut Self) -> Result<Value, String>,
        neg: impl FnOnce(&mut Self) -> Result<Value, String>,
        zero: impl FnOnce(&mut Self) -> Result<Value, String>,
    ) -> Result<Value, String> {
        let x = x.dual_primal().unwrap_or(0.0);
        if x > 0.0 {
            pos(self)
        } else if x < 0.0 {
            neg(self)
        } else {
            zero(self)
        }
    }
}

fn tape_value(tape: Tape) -> Value {
    Value::Tape(Rc::new(tape))
}

/// The level `v` holds.
pub fn tape(v: &Value) -> Result<Tape, String> {
    match v {
        Value::Tape(t) => Ok(**t),
        _ => Err("internal error: not a level of differentiation".into()),
    }
}

/// A new reverse level over input `x` (a value of a differentiated world): its numbers become
/// inputs with IDs `base + 1`, `base + 2`, ..., in order, `base` the counter's value. The input
/// and the level; the counter goes on after the inputs.
pub fn interleave(mode: Mode, x: &Value) -> Result<Value, String> {
    let tag = fresh_tag()?;
    let base = ids::peek();
    let mut k = 0;
    let xd = walk::map_scalars(x, Scalar::Dual, |v| {
        k += 1;
        let id = u32::try_from(base + k).map_err(|_| "grad: too many input numbers")?;
        Ok(Value::Tower(Rc::new(Tower {
            tag,
            primal: v.clone(),
            deriv: TowerDeriv::Node {
                id,
                partials: Default::default(),
                args: [None, None],
            },
        })))
    })?;
    let tape = Tape {
        tag,
        base,
        inputs: k,
        reverse: Some(mode),
    };
    ids::skip(k + 1);
    Ok(Value::con(0, [xd, tape_value(tape)]))
}

/// A new forward level over input `x` with tangent `t` (of the same shape).
pub fn interleave_forward(x: &Value, t: &Value) -> Result<Value, String> {
    shape::TANGENT.check(x, t)?;
    let tag = fresh_tag()?;
    let mut tangents = walk::scalars(t, Scalar::Dual)?.into_iter();
    let xd = walk::map_scalars(x, Scalar::Dual, |v| {
        let tangent = tangents.next().unwrap_or(Value::Double(0.0));
        Ok(Value::Tower(Rc::new(Tower {
            tag,
            primal: v.clone(),
            deriv: TowerDeriv::Tangent(tangent),
        })))
    })?;
    let tape = Tape {
        tag,
        base: 0,
        inputs: 0,
        reverse: None,
    };
    Ok(Value::con(0, [xd, tape_value(tape)]))
}

/// `y` with each number of the level replaced by its primal part (`strip`) or its tangent
/// (`!strip`; a number of the enclosing levels has tangent 0 at this level).
pub fn project(tape: &Tape, y: &Value, strip: bool) -> Result<Value, String> {
    walk::map_scalars(y, Scalar::Dual, |v| {
        Ok(match (v, strip) {
            (Value::Tower(t), _) if t.tag == tape.tag => match (&t.deriv, strip) {
                (_, true) => t.primal.clone(),
                (TowerDeriv::Tangent(d), false) => d.clone(),
                (TowerDeriv::Node { .. }, false) => {
                    return Err("internal error: the tangent of a reverse level".into())
                }
            },
            (_, true) => v.clone(),
            (_, false) => Value::Double(0.0),
        })
    })
}

/// The reverse pass of a nested reverse level, in its mode (`reverse::backward`): the output
/// `y`'s numbers of the level staged with the cotangent `c`'s numbers, the backpropagators
/// called (arithmetic of the enclosing levels, whose numbers take the run's next IDs), and the
/// inputs' accumulated cotangents in `x`'s shape (0 for an input that got none).
pub fn backward(
    tape: &Tape,
    x: &Value,
    y: &Value,
    c: &Value,
    bp_calls: &mut u64,
) -> Result<Value, String> {
    let mode = tape
        .reverse
        .ok_or("internal error: the reverse pass of a forward level")?;
    let end = ids::peek();
    let mut outputs = Vec::new();
    walk::for_each_cotangent(y, c, |d, z| {
        if let Value::Tower(t) = d {
            if let (true, TowerDeriv::Node { id, .. }) = (t.tag == tape.tag, &t.deriv) {
                outputs.push((reverse::tower_ref(*id, t), z.clone()));
            }
        }
    })?;
    let inputs = reverse::Inputs {
        base: tape.base,
        count: tape.inputs,
    };
    let mut level = reverse::Nested;
    let gradient = reverse::backward(&mut level, mode, inputs, end, outputs, bp_calls)?;
    let mut gradient = gradient.into_iter();
    walk::map_scalars(x, Scalar::Dual, |_| {
        Ok(gradient.next().flatten().unwrap_or(Value::Double(0.0)))
    })
}
