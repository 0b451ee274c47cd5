//! Runtime values of the interpreter. Unboxed scalars, constructor cells, closures. Long data
//! structures are dropped iteratively (never by recursion on the Rust stack).

use num_bigint::BigInt;
use smallvec::SmallVec;
use std::rc::Rc;

#[derive(Clone, Debug)]
pub enum Value {
    Int(i64),
    Double(f64),
    Char(char),
    Integer(Rc<BigInt>),
    /// A nullary constructor (its tag).
    Tag(u32),
    /// A constructor with fields.
    Con(Rc<ConCell>),
    Closure(Rc<Closure>),
    /// Member `index` of a recursive group of functions.
    Rec(Rc<RecGroup>, u32),
    /// A dual number of a differentiated world: a Double and its derivative part.
    Dual(Rc<DualCell>),
    /// A dual number of the array mode, whose derivative part is the cell itself.
    ArrayDual(Rc<ArrayDual>),
    /// The run-time state of reverse AD (cotangents, staging maps and arrays).
    Ad(Rc<AdState>),
}

#[derive(Debug)]
pub struct DualCell {
    pub primal: f64,
    pub deriv: Value,
}

/// A dual number of the array mode in one cell: the primal, the ID (0 for constants, 1..n for
/// the inputs) and the backpropagator defunctionalised (§8.2) — for each non-constant argument
/// of the operation that made it, the partial derivative and the argument. Applied to a
/// cotangent `z`, the backpropagator stages `SCall arg (partial * z)` for each argument.
#[derive(Debug)]
pub struct ArrayDual {
    pub primal: f64,
    pub id: i64,
    pub args: [Option<(f64, Rc<ArrayDual>)>; 2],
}

impl ArrayDual {
    /// An input (ID 1..n) or a constant (ID 0): a dual number no operation made.
    pub fn leaf(primal: f64, id: i64) -> Value {
        Value::ArrayDual(Rc::new(ArrayDual {
            primal,
            id,
            args: [None, None],
        }))
    }
}

/// Cotangents by input ID (naive mode) and the staging map of the staged and Cayley modes, from
/// ID to (backpropagator, accumulated argument).
#[derive(Debug, Clone)]
pub enum AdState {
    Cot(imbl::OrdMap<i64, f64>),
    Staged(imbl::OrdMap<i64, (Value, f64)>),
}

/// A constructor's fields: up to two (list cells, pairs, dual numbers' derivative pairs) are
/// stored in the cell itself, so most constructors are one allocation.
pub type Fields = SmallVec<[Value; 2]>;

/// A closure's captured values, stored in the closure itself up to four.
pub type Captures = SmallVec<[Value; 4]>;

#[derive(Debug)]
pub struct ConCell {
    pub tag: u32,
    pub fields: Fields,
}

#[derive(Debug)]
pub struct Closure {
    /// Index of the lambda in `Compiled::lams`.
    pub lam: u32,
    pub captures: Captures,
}

/// The functions of one `letrec`, sharing the values they capture from outside the group.
#[derive(Debug)]
pub struct RecGroup {
    pub lams: Box<[u32]>,
    pub captures: Box<[Value]>,
}

/// The unit value: what a vacated register or field holds.
impl Default for Value {
    fn default() -> Value {
        Value::unit()
    }
}

impl Value {
    pub fn unit() -> Value {
        Value::Tag(0)
    }

    pub fn bool(b: bool) -> Value {
        Value::Tag(u32::from(b))
    }

    pub fn con(tag: u32, fields: impl IntoIterator<Item = Value>) -> Value {
        // Pushing one by one: collecting goes through `extend`, which costs more for two fields.
        let mut cell = Fields::new();
        for v in fields {
            cell.push(v);
        }
        if cell.is_empty() {
            Value::Tag(tag)
        } else {
            Value::Con(Rc::new(ConCell { tag, fields: cell }))
        }
    }

    pub fn tag(&self) -> Option<u32> {
        match self {
            Value::Tag(t) => Some(*t),
            Value::Con(c) => Some(c.tag),
            _ => None,
        }
    }

    /// Build a Haskell list from items.
    pub fn list(items: impl DoubleEndedIterator<Item = Value>) -> Value {
        items
            .rev()
            .fold(Value::Tag(0), |acc, x| Value::con(1, [x, acc]))
    }

    /// A dual number: a Double and its derivative part.
    pub fn dual(primal: f64, deriv: Value) -> Value {
        Value::Dual(Rc::new(DualCell { primal, deriv }))
    }

    pub fn string(s: &str) -> Value {
        let chars: Vec<Value> = s.chars().map(Value::Char).collect();
        Value::list(chars.into_iter())
    }
}

/// Values waiting to be freed by `release`.
type Pending = SmallVec<[Value; 16]>;

/// Free `children` of a value being freed without recursing on the Rust stack (a long list, or
/// a chain of backpropagators, would otherwise overflow it): each value whose last reference
/// goes has its own children taken out first, so it is freed empty and nothing nests.
fn release(children: impl Iterator<Item = Value>) {
    let mut pending = Pending::new();
    pending.defer(children);
    while let Some(v) = pending.pop() {
        v.detach_children(&mut pending);
    }
}

trait Defer {
    /// Keep the values whose last reference this is; drop the others' references.
    fn defer(&mut self, values: impl Iterator<Item = Value>);
}

impl Defer for Pending {
    // A plain loop: `extend` with a filter costs several times more per value.
    fn defer(&mut self, values: impl Iterator<Item = Value>) {
        for v in values {
            if v.freed_by(1) {
                self.push(v);
            }
        }
    }
}

impl Value {
    /// Whether dropping `n` references to this value may free it and so the values it holds
    /// (a constructor, closure, group or dual number with at most `n` references).
    pub fn freed_by(&self, n: usize) -> bool {
        match self {
            Value::Con(rc) => Rc::strong_count(rc) <= n,
            Value::Closure(rc) => Rc::strong_count(rc) <= n,
            Value::Rec(rc, _) => Rc::strong_count(rc) <= n,
            Value::Dual(rc) => Rc::strong_count(rc) <= n,
            Value::ArrayDual(rc) => Rc::strong_count(rc) <= n,
            Value::Ad(rc) => Rc::strong_count(rc) <= n,
            _ => false,
        }
    }

    /// Drop this reference; when it is the last one, first move the children that may free
    /// more into `pending` (see `release`). The emptied cell is freed in place.
    fn detach_children(self, pending: &mut Pending) {
        match self {
            Value::Con(mut rc) => {
                if let Some(cell) = Rc::get_mut(&mut rc) {
                    pending.defer(std::iter::from_fn(|| cell.fields.pop()));
                }
            }
            Value::Closure(mut rc) => {
                if let Some(c) = Rc::get_mut(&mut rc) {
                    pending.defer(std::iter::from_fn(|| c.captures.pop()));
                }
            }
            Value::Rec(mut rc, _) => {
                if let Some(g) = Rc::get_mut(&mut rc) {
                    pending.defer(std::mem::take(&mut g.captures).into_vec().into_iter());
                }
            }
            Value::Dual(mut rc) => {
                if let Some(d) = Rc::get_mut(&mut rc) {
                    pending.defer(std::iter::once(std::mem::take(&mut d.deriv)));
                }
            }
            Value::ArrayDual(mut rc) => {
                if let Some(d) = Rc::get_mut(&mut rc) {
                    pending.defer(d.take_args());
                }
            }
            _ => {}
        }
    }
}

/// Free the values a container being freed holds: plainly when that frees nothing that holds
/// more values (no recursion), else through `release`.
fn release_all<C>(values: &mut C)
where
    C: Default + std::ops::Deref<Target = [Value]> + IntoIterator<Item = Value>,
{
    let n = values.len();
    if values.iter().any(|v| v.freed_by(n)) {
        release(std::mem::take(values).into_iter());
    }
}

impl Drop for ConCell {
    fn drop(&mut self) {
        release_all(&mut self.fields);
    }
}

impl Drop for Closure {
    fn drop(&mut self) {
        release_all(&mut self.captures);
    }
}

impl Drop for DualCell {
    fn drop(&mut self) {
        if self.deriv.freed_by(1) {
            release(std::iter::once(std::mem::replace(
                &mut self.deriv,
                Value::Int(0),
            )));
        }
    }
}

impl ArrayDual {
    /// The arguments, taken out of the cell.
    fn take_args(&mut self) -> impl Iterator<Item = Value> {
        let args = std::mem::take(&mut self.args);
        args.into_iter().flatten().map(|(_, a)| Value::ArrayDual(a))
    }
}

impl Drop for ArrayDual {
    fn drop(&mut self) {
        let n = self.args.iter().flatten().count();
        if self
            .args
            .iter()
            .flatten()
            .any(|(_, a)| Rc::strong_count(a) <= n)
        {
            release(self.take_args());
        }
    }
}

impl Drop for RecGroup {
    fn drop(&mut self) {
        release_all(&mut self.captures);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dropping_a_long_list_does_not_overflow_the_stack() {
        let big = Value::list((0..2_000_000).map(Value::Int));
        drop(big);
    }

    /// Each cell holds the next one twice, so no field is the last reference to its value
    /// until the cell's other field is dropped.
    #[test]
    fn dropping_a_long_chain_of_shared_cells_does_not_overflow_the_stack() {
        let mut chain = Value::unit();
        for _ in 0..2_000_000 {
            chain = Value::con(1, [chain.clone(), chain]);
        }
        drop(chain);
    }

    #[test]
    fn dropping_a_long_chain_of_array_mode_dual_numbers_does_not_overflow_the_stack() {
        let mut chain = Rc::new(ArrayDual {
            primal: 1.0,
            id: 1,
            args: [None, None],
        });
        for id in 2..2_000_000 {
            chain = Rc::new(ArrayDual {
                primal: 1.0,
                id,
                args: [Some((2.0, chain.clone())), Some((3.0, chain))],
            });
        }
        drop(chain);
    }

    #[test]
    fn dropping_a_long_chain_of_closures_and_duals_does_not_overflow_the_stack() {
        let mut chain = Value::unit();
        for _ in 0..1_000_000 {
            let closure = Value::Closure(Rc::new(Closure {
                lam: 0,
                captures: [chain].into_iter().collect(),
            }));
            chain = Value::Dual(Rc::new(DualCell {
                primal: 1.0,
                deriv: closure,
            }));
        }
        drop(chain);
    }
}
