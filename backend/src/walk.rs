//! Structural walks over first-order values, for the wrapper around differentiated code: the
//! scalars of a value in order, a value with its scalars replaced, and the (dual number,
//! cotangent) pairs at the same positions of two values. Constructor fields are visited left to
//! right, depth first, with explicit stacks (a long list never grows the Rust stack). They never
//! run code; a function inside the value is an error.

use crate::value::{Closure, RecGroup, Value};
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

    fn matches(self, v: &Value) -> bool {
        matches!(
            (self, v),
            (Scalar::Double, Value::Double(_))
                | (Scalar::Dual, Value::Dual(_) | Value::ArrayDual(_))
        )
    }
}

const FUNCTION: &str = "differentiation: the value contains a function, but grad, vjp and jvp \
                        work on first-order data only";

fn fields(v: &Value) -> &[Value] {
    match v {
        Value::Con(c) => &c.fields,
        _ => &[],
    }
}

/// The scalars of `v` in order.
pub fn scalars(v: &Value, kind: Scalar) -> Result<Vec<Value>, String> {
    let mut out = Vec::new();
    let mut stack = vec![v.clone()];
    while let Some(v) = stack.pop() {
        match &v {
            _ if kind.matches(&v) => out.push(v),
            Value::Con(c) => stack.extend(c.fields.iter().rev().cloned()),
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

enum Task {
    Visit(Value),
    Build(Value, usize),
}

/// The address of a compound node the walk may reach twice. While a node is visited, its
/// parent's field and the walk's task hold it; a node with more references may be shared.
fn shared_address(v: &Value) -> Option<usize> {
    let (references, address) = match v {
        Value::Con(c) => (Rc::strong_count(c), Rc::as_ptr(c) as usize),
        Value::Closure(c) => (Rc::strong_count(c), Rc::as_ptr(c) as usize),
        Value::Rec(g, _) => (Rc::strong_count(g), Rc::as_ptr(g) as usize),
        _ => return None,
    };
    (references > 2).then_some(address)
}

/// The largest stacks kept for the next walk (a long list's are freed).
const KEPT_CAPACITY: usize = 1024;

thread_local! {
    /// `transform`'s stacks, kept between walks: most walks are of small values (a function's
    /// arguments), for which allocating the stacks would cost more than the walk.
    static STACKS: std::cell::Cell<(Vec<Task>, Vec<Value>)> =
        const { std::cell::Cell::new((Vec::new(), Vec::new())) };
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
    // (A walk inside `step` or `lam` would find the stacks taken and make its own.)
    let (mut tasks, mut results) = STACKS.take();
    tasks.push(Task::Visit(v.clone()));
    let rebuilt = walk(
        &mut tasks,
        &mut results,
        share,
        &mut memo,
        &mut step,
        &mut lam,
    );
    if tasks.capacity().max(results.capacity()) <= KEPT_CAPACITY {
        tasks.clear();
        results.clear();
        STACKS.set((tasks, results));
    }
    rebuilt.map(|r| r.unwrap_or_else(|| v.clone()))
}

/// `transform`'s loop over its stacks; the result, if any node was visited.
fn walk(
    tasks: &mut Vec<Task>,
    results: &mut Vec<Value>,
    share: bool,
    memo: &mut Option<HashMap<usize, Value>>,
    step: &mut impl FnMut(&Value) -> Result<Step, String>,
    lam: &mut impl FnMut(u32) -> Result<u32, String>,
) -> Result<Option<Value>, String> {
    while let Some(task) = tasks.pop() {
        match task {
            Task::Visit(v) => {
                if let Some(done) = shared_address(&v)
                    .filter(|_| share)
                    .and_then(|a| memo.as_ref()?.get(&a))
                {
                    results.push(match (&v, done) {
                        (Value::Rec(_, j), Value::Rec(g, _)) => Value::Rec(g.clone(), *j),
                        _ => done.clone(),
                    });
                    continue;
                }
                let children: &[Value] = match step(&v)? {
                    Step::Replace(r) => {
                        results.push(r);
                        continue;
                    }
                    Step::Descend => match &v {
                        Value::Con(c) => &c.fields,
                        Value::Closure(c) => &c.captures,
                        Value::Rec(g, _) => &g.captures,
                        _ => {
                            results.push(v);
                            continue;
                        }
                    },
                };
                tasks.push(Task::Build(v.clone(), children.len()));
                for child in children.iter().rev() {
                    tasks.push(Task::Visit(child.clone()));
                }
            }
            Task::Build(v, n) => {
                let parts = results.drain(results.len() - n..);
                let rebuilt = match &v {
                    Value::Con(c) => Value::con(c.tag, parts),
                    Value::Closure(c) => Value::Closure(Rc::new(Closure {
                        lam: lam(c.lam)?,
                        captures: parts.collect(),
                    })),
                    Value::Rec(g, j) => {
                        let lams = g
                            .lams
                            .iter()
                            .map(|&l| lam(l))
                            .collect::<Result<Box<[u32]>, String>>()?;
                        let group = Rc::new(RecGroup {
                            lams,
                            captures: parts.collect(),
                        });
                        Value::Rec(group, *j)
                    }
                    _ => unreachable!("only compound values are rebuilt"),
                };
                if share {
                    if let Some(a) = shared_address(&v) {
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

/// `v` with its scalars replaced, in order, by the values `next` gives.
pub fn refill_with(
    v: &Value,
    kind: Scalar,
    mut next: impl FnMut() -> Result<Value, String>,
) -> Result<Value, String> {
    transform(
        v,
        false,
        |node| {
            if kind.matches(node) {
                return Ok(Step::Replace(next()?));
            }
            match node {
                Value::Closure(_) | Value::Rec(..) => Err(FUNCTION.into()),
                _ => Ok(Step::Descend),
            }
        },
        Ok,
    )
}

/// Interleave for the modes with IDs: `v` with its k-th Double `x` (k from 1) replaced by the dual
/// number `input(x, k)`, and the number of Doubles.
pub fn interleave(v: &Value, input: impl Fn(f64, i64) -> Value) -> Result<(Value, i64), String> {
    let mut k = 0;
    let x = transform(
        v,
        false,
        |node| match node {
            Value::Double(x) => {
                k += 1;
                Ok(Step::Replace(input(*x, k)))
            }
            Value::Closure(_) | Value::Rec(..) => Err(FUNCTION.into()),
            _ => Ok(Step::Descend),
        },
        Ok,
    )?;
    Ok((x, k))
}

/// Walk a differentiated output `y` and a cotangent `c` of the same shape together: the dual
/// numbers of `y` with the Doubles at the same positions of `c`, as a list of pairs. `None`
/// when the shapes differ.
pub fn cotangent_pairs(y: &Value, c: &Value) -> Option<Value> {
    let mut pairs = Vec::new();
    for_each_cotangent(y, c, |d, z| {
        pairs.push(Value::con(0, [d.clone(), z.clone()]))
    })?;
    Some(Value::list(pairs.into_iter()))
}

/// Call `visit` with each dual number of `y` and the Double at the same position of `c`, in
/// order. `None` when the shapes differ.
pub fn for_each_cotangent(
    y: &Value,
    c: &Value,
    mut visit: impl FnMut(&Value, &Value),
) -> Option<()> {
    // Most outputs are a few numbers: no heap for the stack.
    let mut stack: SmallVec<[(Value, Value); 8]> = SmallVec::new();
    stack.push((y.clone(), c.clone()));
    while let Some((y, c)) = stack.pop() {
        match (&y, &c) {
            (Value::Dual(_) | Value::ArrayDual(_), Value::Double(_)) => visit(&y, &c),
            (Value::Dual(_) | Value::ArrayDual(_), _) | (_, Value::Double(_)) => return None,
            _ => match (y.tag(), c.tag()) {
                (Some(s), Some(t)) if s == t && fields(&y).len() == fields(&c).len() => {
                    for (a, b) in fields(&y).iter().zip(fields(&c)).rev() {
                        stack.push((a.clone(), b.clone()));
                    }
                }
                (None, None) => {}
                _ => return None,
            },
        }
    }
    Some(())
}

/// Whether `a` and `b` have the same constructors and Doubles at the same positions.
pub fn same_shape(a: &Value, b: &Value) -> bool {
    let mut stack = vec![(a.clone(), b.clone())];
    while let Some((a, b)) = stack.pop() {
        match (&a, &b) {
            (Value::Double(_), Value::Double(_)) => {}
            (Value::Double(_), _) | (_, Value::Double(_)) => return false,
            _ => match (a.tag(), b.tag()) {
                (Some(s), Some(t)) if s == t && fields(&a).len() == fields(&b).len() => {
                    let fs = fields(&a).iter().zip(fields(&b));
                    stack.extend(fs.map(|(x, y)| (x.clone(), y.clone())));
                }
                (None, None) => {}
                _ => return false,
            },
        }
    }
    true
}
