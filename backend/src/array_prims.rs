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
            Cell::Stored(a) => a.len(),
            Cell::Inputs(a) => a.len(),
        }
    }

    /// The element at position `k`, checked.
    fn element(&self, k: i64) -> PrimResult {
        let k = position(k, self.len())?;
        match self {
            Cell::Stored(a) => element(a.get(k).unwrap_or(Value::HOLE)),
            Cell::Inputs(a) => Ok(a.element(k)),
        }
    }
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

fn element(v: Value) -> Result<Value, String> {
    if v.is_hole() {
        Err(UNDEFINED.into())
    } else {
        Ok(v)
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
        (PrimOp::ArrUpdate, Value::Array(a)) if Rc::strong_count(a) > 1 => a.len() * value,
        (PrimOp::ArrUpdate, Value::InputArray(a)) => a.len() * value,
        _ => 0,
    }
}

/// The array of `n` positions holding the first items of the Haskell list `list` in order
/// (`Value::HOLE` at positions past its end): of Doubles, unboxed, while every item is one.
fn from_list(n: usize, list: Value) -> ArrayCell {
    let mut cur = &list;
    let mut xs = Vec::new();
    while let (true, Value::Con(c)) = (xs.len() < n, cur) {
        let Value::Double(x) = c.fields[0] else {
            break;
        };
        if xs.is_empty() {
            xs.reserve_exact(n);
        }
        xs.push(x);
        cur = &c.fields[1];
    }
    if n > 0 && xs.len() == n {
        return ArrayCell::doubles(xs);
    }
    // Cells held only by the list give their elements up and are freed as the walk passes
    // them (a list built for the array: no reference counts up and down); others are copied.
    let mut items = Vec::with_capacity(n);
    let mut rest = list;
    while items.len() < n {
        let Value::Con(cell) = rest else {
            break;
        };
        let (head, tail) = match Rc::try_unwrap(cell) {
            Ok(mut c) => {
                let tail = std::mem::take(&mut c.fields[1]);
                (std::mem::take(&mut c.fields[0]), tail)
            }
            Err(c) => (c.fields[0].clone(), c.fields[1].clone()),
        };
        items.push(head);
        rest = tail;
    }
    items.resize(n, Value::HOLE);
    ArrayCell::boxed(items)
}

/// Apply array primitive `op`; it may take its arguments (an update reuses an unshared array).
pub fn apply(op: PrimOp, args: &mut [Value]) -> PrimResult {
    use PrimOp::*;
    match op {
        ArrFromList => {
            let n = usize::try_from(int(&args[0])).unwrap_or(0);
            let list = std::mem::take(&mut args[1]);
            Ok(Value::Array(Rc::new(from_list(n, list))))
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
                *rc = Rc::new(rc.as_ref().clone());
            }
            let cell = Rc::get_mut(rc).ok_or("internal error: a copied array is shared")?;
            for p in args[1].list_cells() {
                let (k, v) = pair(p)?;
                cell.set(position(k, cell.len())?, v);
            }
            Ok(a)
        }
        ArrBuckets => {
            let n = usize::try_from(int(&args[0])).unwrap_or(0);
            // Each bucket's values in reverse, consed onto its list from the back afterwards.
            let mut buckets: Vec<Vec<Value>> = vec![Vec::new(); n];
            for p in args[1].list_cells() {
                let (k, v) = pair(p)?;
                buckets[position(k, n)?].push(v.clone());
            }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn list(items: &[Value]) -> Value {
        Value::list(items.iter().cloned())
    }

    fn array_from(n: i64, items: &[Value]) -> Value {
        apply(PrimOp::ArrFromList, &mut [Value::Int(n), list(items)]).expect("an array")
    }

    /// Each position's value, `None` for a hole.
    fn positions(a: &Value) -> Vec<Option<String>> {
        let Value::Array(cell) = a else {
            panic!("not an array: {a:?}")
        };
        (0..cell.len())
            .map(|k| {
                cell.get(k)
                    .filter(|v| !v.is_hole())
                    .map(|v| format!("{v:?}"))
            })
            .collect()
    }

    fn unboxed(a: &Value) -> bool {
        matches!(a, Value::Array(cell) if cell.as_doubles().is_some())
    }

    /// How many references the cell of constructor value `v` has.
    fn holders(v: &Value) -> usize {
        match v {
            Value::Con(c) => Rc::strong_count(c),
            _ => panic!("not a constructor: {v:?}"),
        }
    }

    #[test]
    fn an_array_from_a_list_takes_the_elements_of_cells_it_holds_alone_and_copies_others() {
        let pair = |k: i64| Value::con(0, [Value::Int(k), Value::Int(-k)]);
        let items: Vec<Value> = (1..=3).map(pair).collect();
        // The list's cells held only by the primitive give their elements up and are freed:
        // the array holds each element with `items` only.
        let a = array_from(3, &items);
        let Value::Array(cell) = &a else {
            panic!("an array")
        };
        assert!(cell.values().iter().all(|v| holders(v) == 2));
        // A list held elsewhere too is copied and stays whole.
        let shared = list(&items);
        let b = apply(PrimOp::ArrFromList, &mut [Value::Int(3), shared.clone()]).expect("an array");
        assert_eq!(positions(&a), positions(&b));
        assert_eq!(shared.list_items().map(|xs| xs.len()), Some(3));
        assert!(
            items.iter().all(|v| holders(v) == 4),
            "items, the list, a and b"
        );
        // A list longer than the array: the rest is dropped, shorter: holes.
        assert_eq!(positions(&array_from(2, &items)).len(), 2);
        assert_eq!(positions(&array_from(4, &items))[3], None);
    }

    #[test]
    fn a_list_of_doubles_makes_an_unboxed_array_and_any_other_a_boxed_one() {
        let d = Value::Double;
        let doubles = array_from(3, &[d(1.5), d(-0.0), d(2.0)]);
        assert!(unboxed(&doubles));
        assert_eq!(
            positions(&doubles),
            [d(1.5), d(-0.0), d(2.0)].map(|v| Some(format!("{v:?}")))
        );
        let mixed = [d(1.5), Value::array_leaf(2.0, 3), d(4.0)];
        let boxed = array_from(3, &mixed);
        assert!(!unboxed(&boxed));
        assert_eq!(positions(&boxed), mixed.map(|v| Some(format!("{v:?}"))));
        let short = array_from(3, &[d(1.0), d(2.0)]);
        assert!(!unboxed(&short));
        assert_eq!(positions(&short)[2], None);
        let r = apply(PrimOp::ArrIndex, &mut [short, Value::Int(2)]);
        assert_eq!(r.unwrap_err(), UNDEFINED);
    }

    #[test]
    fn filling_the_last_hole_with_a_double_unboxes_and_only_that() {
        let pair = |k: i64, v: Value| Value::con(0, [Value::Int(k), v]);
        let update = |a: Value, ps: &[Value]| {
            apply(PrimOp::ArrUpdate, &mut [a, list(ps)]).expect("an update")
        };
        // `array (0, 2) [(2, 3.0), (0, 1.0), (1, 2.0)]`
        let holes = array_from(3, &[]);
        let a = update(holes.clone(), &[pair(2, Value::Double(3.0))]);
        assert!(!unboxed(&a));
        let a = update(
            a,
            &[pair(0, Value::Double(1.0)), pair(1, Value::Double(2.0))],
        );
        assert!(unboxed(&a));
        assert_eq!(positions(&a)[2], Some("Double(3.0)".into()));
        // A dual number stored and replaced by a Double: boxed once, and it stays so.
        let b = update(a, &[pair(1, Value::array_leaf(2.0, 5))]);
        let b = update(b, &[pair(1, Value::Double(2.0))]);
        assert!(!unboxed(&b));
        assert_eq!(positions(&b)[1], Some("Double(2.0)".into()));
    }

    #[test]
    fn an_update_storing_another_value_boxes_a_copy_and_leaves_the_shared_array() {
        let d = Value::Double;
        let a = array_from(2, &[d(1.0), d(2.0)]);
        let pair = |k: i64, v: Value| Value::con(0, [Value::Int(k), v]);
        let updates = list(&[pair(1, Value::array_leaf(5.0, 7))]);
        let b = apply(PrimOp::ArrUpdate, &mut [a.clone(), updates]).expect("an update");
        assert!(unboxed(&a) && !unboxed(&b));
        assert_eq!(
            positions(&a),
            [Some("Double(1.0)".into()), Some("Double(2.0)".into())]
        );
        assert_eq!(
            positions(&b)[1],
            Some(format!("{:?}", Value::array_leaf(5.0, 7)))
        );
        let c = apply(
            PrimOp::ArrUpdate,
            &mut [a.clone(), list(&[pair(0, d(9.0))])],
        );
        let c = c.expect("an update");
        assert!(unboxed(&c));
        assert_eq!(positions(&c)[0], Some("Double(9.0)".into()));
        assert_eq!(positions(&a)[0], Some("Double(1.0)".into()));
    }
}
