//! Structural walks over first-order values, for the wrapper around differentiated code: the
//! scalars of a value in order, a value with its scalars replaced, and the (dual number,
//! cotangent) pairs at the same positions of two values. Constructor fields (and array
//! elements) are visited left to right, depth first, with explicit stacks (a long list never
//! grows the Rust stack). They never run code; a function inside the value is an error.

use crate::cotangents::InputCotangents;
use crate::shape;
use crate::value::{fields_for, ArrayCell, Closure, ConCell, InputArray, RecGroup, Value};
use smallvec::SmallVec;
use std::collections::HashMap;
use std::rc::Rc;

/// The kind of scalar a walk is about.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Scalar {
    Double,
    Dual,
}

impl Scalar {
    pub fn from_code(code: i64) -> Scalar {
        if code == 0 {
            Scalar::Double
        } else {
            Scalar::Dual
        }
    }

    /// Whether `v` is a scalar of this kind. In a differentiated value every number is a dual
    /// number (a constant may be a plain Double), of any level.
    fn matches(self, v: &Value) -> bool {
        match self {
            Scalar::Double => matches!(v, Value::Double(_)),
            Scalar::Dual => v.is_number(),
        }
    }
}

const FUNCTION: &str = "differentiation: the value contains a function, but grad, vjp and jvp \
                        work on first-order data only";

/// The scalars of `v` in order.
pub fn scalars(v: &Value, kind: Scalar) -> Result<Vec<Value>, String> {
    let mut out = Vec::new();
    let mut stack = vec![v.clone()];
    while let Some(v) = stack.pop() {
        if let Some(xs) = v.unboxed_doubles() {
            // (Not its values: they would be kept.)
            stack.extend(xs.iter().rev().map(|&x| Value::Double(x)));
            continue;
        }
        match &v {
            _ if kind.matches(&v) => out.push(v),
            Value::Con(c) => stack.extend(c.fields.iter().rev().cloned()),
            Value::Array(_) | Value::InputArray(_) => {
                stack.extend(v.array_items().unwrap_or_default().iter().rev().cloned());
            }
            Value::Closure(_) | Value::Rec(..) => return Err(FUNCTION.into()),
            _ => {}
        }
    }
    Ok(out)
}

/// What `transform` does with one node.
pub enum Step {
    /// Put this value in the node's place.
    Replace(Value),
    /// Rebuild the node around its transformed children (constructor fields, captured values).
    Descend,
}

/// A step of `transform`'s walk, over nodes borrowed from the value walked (which outlives the
/// walk, so no reference counts change).
enum Task<'a> {
    Visit(&'a Value),
    Build(&'a Value, usize),
}

/// The address of a compound node the walk may reach twice: its parent's field holds it, so a
/// node with more references may be shared.
fn shared_address(v: &Value) -> Option<usize> {
    let (references, address) = match v {
        Value::Con(c) => (Rc::strong_count(c), Rc::as_ptr(c) as usize),
        Value::Closure(c) => (Rc::strong_count(c), Rc::as_ptr(c) as usize),
        Value::Rec(g, _) => (Rc::strong_count(g), Rc::as_ptr(g) as usize),
        Value::Array(a) => (Rc::strong_count(a), Rc::as_ptr(a) as usize),
        Value::InputArray(a) => (Rc::strong_count(a), Rc::as_ptr(a) as usize),
        _ => return None,
    };
    (references > 1).then_some(address)
}

/// The largest result stack kept for the next walk (a long list's is freed).
const KEPT_CAPACITY: usize = 1024;

thread_local! {
    /// `transform`'s result stack, kept between walks: most walks are of small values (a
    /// function's arguments), for which allocating it would cost more than the walk.
    static RESULTS: std::cell::Cell<Vec<Value>> = const { std::cell::Cell::new(Vec::new()) };
}

/// Rebuild `v` bottom-up. `step` decides for every node; compound nodes it descends into are
/// rebuilt with their transformed children, closures and recursive groups through `lam` (which
/// maps a lambda index to the index the rebuilt closure runs). With `share`, a subvalue reached
/// twice is transformed once (the result is shared as the input was).
pub fn transform(
    v: &Value,
    share: bool,
    mut step: impl FnMut(&Value) -> Result<Step, String>,
    mut lam: impl FnMut(u32) -> Result<u32, String>,
) -> Result<Value, String> {
    // Made when a shared node is met: most values (a function's arguments) have none.
    let mut memo: Option<HashMap<usize, Value>> = None;
    // (A walk inside `step` or `lam` would find the stack taken and make its own.)
    let mut results = RESULTS.take();
    let mut tasks: SmallVec<[Task; 16]> = SmallVec::new();
    tasks.push(Task::Visit(v));
    let rebuilt = walk(
        &mut tasks,
        &mut results,
        share,
        &mut memo,
        &mut step,
        &mut lam,
    );
    if results.capacity() <= KEPT_CAPACITY {
        results.clear();
        RESULTS.set(results);
    }
    rebuilt.map(|r| r.unwrap_or_else(|| v.clone()))
}

/// `transform`'s loop over its stacks; the result, if any node was visited.
fn walk<'a>(
    tasks: &mut SmallVec<[Task<'a>; 16]>,
    results: &mut Vec<Value>,
    share: bool,
    memo: &mut Option<HashMap<usize, Value>>,
    step: &mut impl FnMut(&Value) -> Result<Step, String>,
    lam: &mut impl FnMut(u32) -> Result<u32, String>,
) -> Result<Option<Value>, String> {
    while let Some(task) = tasks.pop() {
        match task {
            Task::Visit(v) => {
                if let Some(done) = memo
                    .as_ref()
                    .filter(|_| share)
                    .and_then(|m| m.get(&shared_address(v)?))
                {
                    results.push(match (v, done) {
                        (Value::Rec(_, j), Value::Rec(g, _)) => Value::Rec(g.clone(), *j),
                        _ => done.clone(),
                    });
                    continue;
                }
                let children: &'a [Value] = match step(v)? {
                    Step::Replace(r) => {
                        results.push(r);
                        continue;
                    }
                    Step::Descend => match v {
                        Value::Con(c) => &c.fields,
                        Value::Closure(c) => &c.captures,
                        Value::Rec(g, _) => &g.captures,
                        Value::Array(_) | Value::InputArray(_) => {
                            v.array_items().unwrap_or_default()
                        }
                        _ => {
                            results.push(v.clone());
                            continue;
                        }
                    },
                };
                tasks.push(Task::Build(v, children.len()));
                tasks.extend(children.iter().rev().map(Task::Visit));
            }
            Task::Build(v, n) => {
                let rebuilt = match v {
                    Value::Con(c) => Value::con(c.tag, results.drain(results.len() - n..)),
                    Value::Array(_) | Value::InputArray(_) => {
                        Value::array(results.drain(results.len() - n..).collect())
                    }
                    Value::Closure(c) => Value::Closure(Rc::new(Closure {
                        lam: lam(c.lam)?,
                        captures: results.drain(results.len() - n..).collect(),
                    })),
                    Value::Rec(g, j) => {
                        let lams = g
                            .lams
                            .iter()
                            .map(|&l| lam(l))
                            .collect::<Result<Box<[u32]>, String>>()?;
                        let group = Rc::new(RecGroup {
                            lams,
                            captures: results.drain(results.len() - n..).collect(),
                        });
                        Value::Rec(group, *j)
                    }
                    _ => unreachable!("only compound values are rebuilt"),
                };
                if share {
                    if let Some(a) = shared_address(v) {
                        memo.get_or_insert_with(HashMap::new)
                            .insert(a, rebuilt.clone());
                    }
                }
                results.push(rebuilt);
            }
        }
    }
    Ok(results.pop())
}

/// `v` with its scalars replaced, in order, by the items of the Haskell list `items`.
pub fn refill(v: &Value, kind: Scalar, items: &Value) -> Result<Value, String> {
    let mut cur = items.clone();
    refill_with(v, kind, || {
        let Value::Con(cell) = cur.clone() else {
            return Err("internal error: too few items to refill a value".into());
        };
        cur = cell.fields[1].clone();
        Ok(cell.fields[0].clone())
    })
}

/// How deep `map_nodes` recurses into fields other than the last before it hands a subvalue
/// to `transform`'s explicit stacks.
const MAX_MAP_DEPTH: u32 = 64;

/// `v` with each node that `leaf` replaces (`Some`) replaced, in order (fields left to right,
/// depth first), and every other constructor rebuilt around its fields. The common shapes are
/// walked without `transform`'s task stacks: a list (any value nested in its last field) top
/// down in a loop along that field, each new cell's last field filled in by the next step;
/// other fields recursively, up to `MAX_MAP_DEPTH`, below which `transform` takes over, so
/// the Rust stack stays shallow.
fn map_nodes(
    v: &Value,
    depth: u32,
    leaf: &mut impl FnMut(&Value) -> Result<Option<Value>, String>,
) -> Result<Value, String> {
    if let Some(r) = leaf(v)? {
        return Ok(r);
    }
    if depth >= MAX_MAP_DEPTH {
        // (`leaf` of a node it does not replace has no effect, so calling it again is safe.)
        let step = |node: &Value| Ok(leaf(node)?.map_or(Step::Descend, Step::Replace));
        return transform(v, false, step, Ok);
    }
    let mut root = Value::unit();
    // Where the value of `cur` goes; `cur` is never one that `leaf` replaces.
    let mut hole = &mut root;
    let mut cur = v;
    loop {
        let Some((c, last, init)) = (match cur {
            Value::Con(c) => c.fields.split_last().map(|(last, init)| (c, last, init)),
            _ => None,
        }) else {
            let mut element = |item: &Value| match leaf(item)? {
                Some(r) => Ok(r),
                None => map_nodes(item, depth + 1, leaf),
            };
            *hole = match (cur.unboxed_doubles(), cur.array_items()) {
                // (Not its values: they would be kept.)
                (Some(xs), _) => {
                    let items = xs.iter().map(|&x| element(&Value::Double(x)));
                    Value::array(items.collect::<Result<_, _>>()?)
                }
                (None, Some(array)) => {
                    Value::array(array.iter().map(element).collect::<Result<_, _>>()?)
                }
                (None, None) => cur.clone(),
            };
            break;
        };
        let mut fields = fields_for(c.fields.len());
        for f in init {
            // A field `leaf` replaces (a list's element) needs no walk of its own.
            fields.push(match leaf(f)? {
                Some(r) => r,
                None => map_nodes(f, depth + 1, leaf)?,
            });
        }
        let replaced = leaf(last)?;
        let done = replaced.is_some();
        fields.push(replaced.unwrap_or_else(Value::unit));
        *hole = Value::Con(Rc::new(ConCell { tag: c.tag, fields }));
        if done {
            break;
        }
        hole = match hole {
            Value::Con(cell) => Rc::get_mut(cell).and_then(|cell| cell.fields.last_mut()),
            _ => None,
        }
        .ok_or("internal error: a new cell is shared")?;
        cur = last;
    }
    Ok(root)
}

/// What the walks of first-order values do with a node other than a scalar: a function is an
/// error, anything else is walked into.
fn first_order(node: &Value) -> Result<Option<Value>, String> {
    match node {
        Value::Closure(_) | Value::Rec(..) => Err(FUNCTION.into()),
        _ => Ok(None),
    }
}

/// `v` with its scalars replaced, in order, by the values `next` gives.
#[inline]
pub fn refill_with(
    v: &Value,
    kind: Scalar,
    mut next: impl FnMut() -> Result<Value, String>,
) -> Result<Value, String> {
    map_scalars(v, kind, |_| next())
}

/// `v` with each of its scalars replaced, in order, by `f` of it.
#[inline]
pub fn map_scalars(
    v: &Value,
    kind: Scalar,
    mut f: impl FnMut(&Value) -> Result<Value, String>,
) -> Result<Value, String> {
    map_nodes(v, 0, &mut |node| {
        if kind.matches(node) {
            return f(node).map(Some);
        }
        first_order(node)
    })
}

/// Interleave for the modes with IDs: `v` with its k-th Double `x` (k from 1) replaced by the dual
/// number `input(x, k)`, and the number of Doubles. With `by_reference`, an unboxed array of
/// Doubles (`ArrayCell::Doubles`) is replaced whole by the input array of the same numbers
/// (`InputArray`: the array mode's).
pub fn interleave(
    v: &Value,
    by_reference: bool,
    input: impl Fn(f64, i64) -> Result<Value, String>,
) -> Result<(Value, i64), String> {
    let mut k: i64 = 0;
    let x = map_nodes(v, 0, &mut |node| match node {
        Value::Double(x) => {
            k += 1;
            input(*x, k).map(Some)
        }
        Value::Array(a) if by_reference => match input_array(a, &mut k)? {
            Some(inputs) => Ok(Some(inputs)),
            None => first_order(node),
        },
        _ => first_order(node),
    })?;
    Ok((x, k))
}

/// The non-empty array of Doubles `a` interleaved by reference after `k` inputs: the input
/// array of IDs `k + 1 ..= k + len` (`k` then counts them); `None` for another array.
pub fn input_array(a: &Rc<ArrayCell>, k: &mut i64) -> Result<Option<Value>, String> {
    if a.is_empty() {
        return Ok(None);
    }
    // IDs k + 1 ..= k + len: the last checked, the first is smaller.
    let Some(inputs) = InputArray::new((*k + 1) as u32, a) else {
        return Ok(None);
    };
    *k += a.len() as i64;
    u32::try_from(*k).map_err(|_| TOO_MANY_INPUTS)?;
    Ok(Some(Value::InputArray(Rc::new(inputs))))
}

pub const TOO_MANY_INPUTS: &str = "grad: too many input numbers";

/// The gradient in the shape of the input `x`: its k-th Double (k from 0) replaced by input
/// k's gradient (`InputCotangents::at`), an unboxed array of Doubles by its inputs' in one
/// step (`take_range`: a block of them taken whole).
pub fn refill_gradient(x: &Value, cotangents: &mut InputCotangents) -> Result<Value, String> {
    let mut k = 0;
    map_nodes(x, 0, &mut |node| match node {
        Value::Double(_) => {
            k += 1;
            cotangents.at(k - 1).map(|z| Some(Value::Double(z)))
        }
        Value::Array(a) if a.as_doubles().is_some() => {
            k += a.len();
            let zs = cotangents.take_range(k - a.len()..k)?;
            Ok(Some(Value::Array(Rc::new(ArrayCell::doubles(zs)))))
        }
        _ => first_order(node),
    })
}

/// Call `visit` with each dual number of `y` and the number at the same position of `c`, in
/// order. An error saying where when the shapes differ.
pub fn for_each_cotangent(
    y: &Value,
    c: &Value,
    visit: impl FnMut(&Value, &Value),
) -> Result<(), String> {
    shape::COTANGENT.zip_numbers(y, c, visit)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doubles(v: &Value) -> Vec<f64> {
        scalars(v, Scalar::Double)
            .expect("first-order")
            .iter()
            .map(|x| match x {
                Value::Double(x) => *x,
                _ => panic!("not a Double"),
            })
            .collect()
    }

    /// `((..((x1, x2), x3)..), xn)`: nested in the first field, the shape `map_nodes` recurses on.
    fn left_nested(n: usize) -> Value {
        (2..=n).fold(Value::Double(1.0), |acc, k| {
            Value::con(0, [acc, Value::Double(k as f64)])
        })
    }

    #[test]
    fn interleave_numbers_doubles_in_order_at_any_nesting() {
        let list =
            Value::list((1..=5).map(|k| Value::con(0, [Value::Double(k as f64), Value::Int(k)])));
        for v in [list, left_nested(100_000)] {
            let (x, n) = interleave(&v, false, |x, k| Ok(Value::Double(x * 1000.0 + k as f64)))
                .expect("walks");
            let before = doubles(&v);
            assert_eq!(n as usize, before.len());
            let expected: Vec<f64> = before
                .iter()
                .zip(1..)
                .map(|(x, k)| x * 1000.0 + k as f64)
                .collect();
            assert_eq!(doubles(&x), expected);
            assert!(shape::TANGENT.check(&v, &x).is_ok());
        }
    }

    #[test]
    fn cotangents_pair_with_the_output_numbers_and_a_wrong_shape_is_located() {
        let output = Value::con(
            0,
            [
                Value::Double(1.0),
                Value::list((0..3).map(|k| Value::Double(k as f64))),
            ],
        );
        let cotangent = |n: i32| {
            let items = (0..n).map(|k| Value::Double(f64::from(10 * k)));
            Value::con(0, [Value::Double(5.0), Value::list(items)])
        };
        let mut numbers = Vec::new();
        for_each_cotangent(&output, &cotangent(3), |d, z| {
            numbers.extend([d, z].iter().filter_map(|v| v.dual_primal()));
        })
        .expect("the same shape");
        assert_eq!(numbers, [1.0, 5.0, 0.0, 0.0, 1.0, 10.0, 2.0, 20.0]);
        let error = for_each_cotangent(&output, &cotangent(2), |_, _| {}).expect_err("differs");
        assert!(error.starts_with("vjp: the cotangent"), "{error}");
        assert!(
            error.ends_with(
                ": at field 2 of 2: the output's list has 3 elements where the cotangent's has 2"
            ),
            "{error}"
        );
    }

    #[test]
    fn refill_replaces_in_order_and_rejects_functions() {
        let v = Value::con(
            0,
            [
                left_nested(200),
                Value::list((0..300).map(|k| Value::Double(k as f64))),
            ],
        );
        let mut next = 0.0;
        let r = refill_with(&v, Scalar::Double, || {
            next += 1.0;
            Ok(Value::Double(next))
        })
        .expect("walks");
        assert_eq!(doubles(&r), (1..=500).map(f64::from).collect::<Vec<_>>());
        let f = Value::Closure(Rc::new(Closure {
            lam: 0,
            captures: Default::default(),
        }));
        let with_function = Value::con(0, [Value::Double(1.0), f]);
        assert!(refill_with(&with_function, Scalar::Double, || Ok(Value::Double(0.0))).is_err());
        assert!(interleave(&with_function, false, |x, _| Ok(Value::Double(x))).is_err());
    }

    /// `(d, [array of Doubles, array with a hole, array of pairs])`.
    fn with_arrays() -> Value {
        let doubles = |xs: &[f64]| xs.iter().map(|&x| Value::Double(x)).collect::<Vec<_>>();
        let holey = Value::array(vec![Value::Double(4.0), Value::HOLE]);
        let pairs = Value::array(vec![Value::con(0, doubles(&[5.0, 6.0]))]);
        let arrays =
            Value::list([Value::array(doubles(&[1.0, 2.0, 3.0])), holey, pairs].into_iter());
        Value::con(0, [Value::Double(0.5), arrays])
    }

    #[test]
    fn an_array_of_doubles_is_interleaved_by_reference_with_the_elementwise_ids() {
        let leaf = |x, k| Ok(Value::array_leaf(x, u32::try_from(k).expect("small")));
        let v = with_arrays();
        let (by_element, n) = interleave(&v, false, leaf).expect("walks");
        let (by_reference, m) = interleave(&v, true, leaf).expect("walks");
        assert_eq!((n, m), (7, 7));
        let parts = |v: &Value| -> Vec<(f64, u32)> {
            scalars(v, Scalar::Dual)
                .expect("first-order")
                .iter()
                .map(|d| d.array_parts().map(|(x, id, _)| (x, id)).expect("a leaf"))
                .collect()
        };
        assert_eq!(parts(&by_reference), parts(&by_element));
        assert_eq!(parts(&by_reference).len(), 7);
        // Only the array of Doubles is by reference: its elements are made, not stored.
        let Value::Con(root) = &by_reference else {
            panic!("a pair")
        };
        let arrays = root.fields[1].list_items().expect("a list");
        let kinds: Vec<_> = arrays
            .iter()
            .map(|a| match a {
                Value::InputArray(a) => ("inputs", a.first, a.len()),
                Value::Array(a) => ("stored", 0, a.len()),
                _ => ("other", 0, 0),
            })
            .collect();
        assert_eq!(
            kinds,
            [("inputs", 2, 3), ("stored", 0, 2), ("stored", 0, 1)]
        );
        // The gradient has the input's shape, an unreached input's derivative a positive 0.
        let z = [-0.0, 1.0, 2.0, -0.0, 4.0, 5.0, 6.0];
        let reached = [true, true, true, false, true, true, true];
        let cotangents = |n: usize| {
            let zs = z.iter().zip(reached).map(|(&z, r)| r.then_some(z));
            InputCotangents::of(zs.take(n).collect())
        };
        let g = refill_gradient(&v, &mut cotangents(7)).expect("walks");
        assert!(shape::TANGENT.check(&v, &g).is_ok());
        let bits: Vec<u64> = doubles(&g).iter().map(|x| x.to_bits()).collect();
        let expected = [-0.0, 1.0, 2.0, 0.0, 4.0, 5.0, 6.0].map(f64::to_bits);
        assert_eq!(bits, expected);
        assert!(refill_gradient(&v, &mut cotangents(6)).is_err());
    }
}
