//! The array primitives (semantics in `dnrad_core::prim`): `PrimArray a` values, the positions
//! of an array in one vector, so indexing is O(1). They only move values around: they never
//! look inside an element, so the same code serves every differentiation world. An update
//! copies the array unless the primitive holds its only reference.

use crate::prims::{int, PrimResult};
use crate::value::{ArrayCell, InputArray, Value};
use dnrad_core::PrimOp;
use std::rc::Rc;

pub const UNDEFINED: &str = "(Array.!): undefined array element";
const NOT_AN_ARRAY: &str = "internal error: not an array";

/// An array of either kind.
enum Cell<'a> {
    Stored(&'a Rc<ArrayCell>),
    Inputs(&'a InputArray),
}

fn cell(v: &Value) -> Result<Cell<'_>, String> {
    match v {
        Value::Array(a) => Ok(Cell::Stored(a)),
        Value::InputArray(a) => Ok(Cell::Inputs(a)),
        _ => Err(NOT_AN_ARRAY.into()),
    }
}

impl Cell<'_> {
    fn len(&self) -> usize {
        match self {
            Cell::Stored(a) => a.items.len(),
            Cell::Inputs(a) => a.len(),
        }
    }

    /// The element at position `k`, checked.
    fn element(&self, k: i64) -> PrimResult {
        let k = position(k, self.len())?;
        match self {
            Cell::Stored(a) => element(&a.items[k]),
            Cell::Inputs(a) => Ok(a.element(k)),
        }
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
        (PrimOp::ArrUpdate, Value::InputArray(a)) => a.len() * value,
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
            let mut doubles = true;
            let mut cur = &args[1];
            while let (true, Value::Con(c)) = (items.len() < n, cur) {
                let item = &c.fields[0];
                doubles &= matches!(item, Value::Double(_));
                items.push(item.clone());
                cur = &c.fields[1];
            }
            doubles &= items.len() == n;
            items.resize(n, Value::HOLE);
            Ok(Value::Array(Rc::new(ArrayCell { items, doubles })))
        }
        ArrIndex => cell(&args[0])?.element(int(&args[1])),
        ArrSize => Ok(Value::Int(cell(&args[0])?.len() as i64)),
        ArrToList => {
            let a = cell(&args[0])?;
            let mut list = Value::Tag(0);
            for k in (0..a.len() as i64).rev() {
                list = Value::cons(a.element(k)?, list);
            }
            Ok(list)
        }
        ArrUpdate => {
            let mut a = match std::mem::take(&mut args[0]) {
                // The inputs as values: the update stores other values among them.
                Value::InputArray(a) => Value::array(a.to_values()),
                a => a,
            };
            let Value::Array(rc) = &mut a else {
                return Err(NOT_AN_ARRAY.into());
            };
            if Rc::get_mut(rc).is_none() {
                *rc = Rc::new(ArrayCell {
                    items: rc.items.clone(),
                    doubles: rc.doubles,
                });
            }
            let cell = Rc::get_mut(rc).ok_or("internal error: a copied array is shared")?;
            list_items(&args[1], |p| {
                let (k, v) = pair(p)?;
                let k = position(k, cell.items.len())?;
                cell.doubles &= matches!(v, Value::Double(_));
                cell.items[k] = v.clone();
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
