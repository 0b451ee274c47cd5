//! The array primitives (semantics in `dnrad_core::prim`): `PrimArray a` values, the positions
//! of an array in one vector, so indexing is O(1). They only move values around: they never
//! look inside an element, so the same code serves every differentiation world. An update
//! copies the array unless the primitive holds its only reference.

use crate::prims::{int, PrimResult};
use crate::value::{ArrayCell, Value};
use dnrad_core::PrimOp;
use std::rc::Rc;

pub const UNDEFINED: &str = "(Array.!): undefined array element";
const NOT_AN_ARRAY: &str = "internal error: not an array";

fn cell(v: &Value) -> Result<&Rc<ArrayCell>, String> {
    match v {
        Value::Array(a) => Ok(a),
        _ => Err(NOT_AN_ARRAY.into()),
    }
}

/// The items of a Haskell list, in order, each checked by `item`.
fn list_items(
    list: &Value,
    mut item: impl FnMut(&Value) -> Result<(), String>,
) -> Result<(), String> {
    let mut cur = list;
    while let Value::Con(c) = cur {
        item(&c.fields[0])?;
        cur = &c.fields[1];
    }
    Ok(())
}

/// The position and value of an `(Int, a)` pair.
fn pair(v: &Value) -> Result<(i64, &Value), String> {
    match v {
        Value::Con(c) if c.fields.len() == 2 => Ok((int(&c.fields[0]), &c.fields[1])),
        _ => Err("internal error: not a pair".into()),
    }
}

/// Position `k` of an array of `n`, checked (the library checks indices against the bounds
/// first, so an error here is a fault of the library).
fn position(k: i64, n: usize) -> Result<usize, String> {
    usize::try_from(k)
        .ok()
        .filter(|&k| k < n)
        .ok_or_else(|| format!("internal error: array position {k} outside 0..{n}"))
}

fn element(v: &Value) -> Result<Value, String> {
    if v.is_hole() {
        Err(UNDEFINED.into())
    } else {
        Ok(v.clone())
    }
}

/// The bytes array primitive `op` allocates for its result on `args`: a new array's positions
/// (and `ArrBuckets`' buckets), a copy of a shared array.
pub(crate) fn result_bytes(op: PrimOp, args: &[Value]) -> usize {
    let value = std::mem::size_of::<Value>();
    let count = || usize::try_from(int(&args[0])).unwrap_or(0);
    match (op, &args[0]) {
        (PrimOp::ArrFromList, _) => count().saturating_mul(value),
        (PrimOp::ArrBuckets, _) => {
            count().saturating_mul(value + std::mem::size_of::<Vec<Value>>())
        }
        (PrimOp::ArrUpdate, Value::Array(a)) if Rc::strong_count(a) > 1 => a.items.len() * value,
        _ => 0,
    }
}

/// Apply array primitive `op`; it may take its arguments (an update reuses an unshared array).
pub fn apply(op: PrimOp, args: &mut [Value]) -> PrimResult {
    use PrimOp::*;
    match op {
        ArrFromList => {
            let n = usize::try_from(int(&args[0])).unwrap_or(0);
            let mut items = Vec::with_capacity(n);
            let mut cur = &args[1];
            while let (true, Value::Con(c)) = (items.len() < n, cur) {
                items.push(c.fields[0].clone());
                cur = &c.fields[1];
            }
            items.resize(n, Value::HOLE);
            Ok(Value::array(items))
        }
        ArrIndex => {
            let a = cell(&args[0])?;
            element(&a.items[position(int(&args[1]), a.items.len())?])
        }
        ArrSize => Ok(Value::Int(cell(&args[0])?.items.len() as i64)),
        ArrToList => {
            let items = &cell(&args[0])?.items;
            let mut list = Value::Tag(0);
            for v in items.iter().rev() {
                list = Value::cons(element(v)?, list);
            }
            Ok(list)
        }
        ArrUpdate => {
            let mut a = std::mem::take(&mut args[0]);
            let Value::Array(rc) = &mut a else {
                return Err(NOT_AN_ARRAY.into());
            };
            if Rc::get_mut(rc).is_none() {
                *rc = Rc::new(ArrayCell {
                    items: rc.items.clone(),
                });
            }
            let items = &mut Rc::get_mut(rc)
                .ok_or("internal error: a copied array is shared")?
                .items;
            list_items(&args[1], |p| {
                let (k, v) = pair(p)?;
                let k = position(k, items.len())?;
                items[k] = v.clone();
                Ok(())
            })?;
            Ok(a)
        }
        ArrBuckets => {
            let n = usize::try_from(int(&args[0])).unwrap_or(0);
            // Each bucket's values in reverse, consed onto its list from the back afterwards.
            let mut buckets: Vec<Vec<Value>> = vec![Vec::new(); n];
            list_items(&args[1], |p| {
                let (k, v) = pair(p)?;
                buckets[position(k, n)?].push(v.clone());
                Ok(())
            })?;
            let lists = buckets
                .into_iter()
                .map(|b| Value::list(b.into_iter()))
                .collect();
            Ok(Value::array(lists))
        }
        _ => Err(format!(
            "internal error: `{}` is not an array primitive",
            op.name()
        )),
    }
}
