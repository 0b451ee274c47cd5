//! Runtime values of the interpreter. Unboxed scalars, constructor cells, closures. Long data
//! structures are dropped iteratively (never by recursion on the Rust stack).

use num_bigint::BigInt;
use smallvec::SmallVec;
use std::cell::OnceCell;
use std::rc::Rc;

#[derive(Clone, Debug)]
pub enum Value {
    Int(i64),
    Double(f64),
    Char(char),
    /// An Integer in the range of i64 (see `integer`: the representation is unique).
    SmallInteger(i64),
    /// An Integer outside the range of i64.
    BigInteger(Rc<BigInt>),
    /// A nullary constructor (its tag).
    Tag(u32),
    /// A constructor with fields.
    Con(Rc<ConCell>),
    Closure(Rc<Closure>),
    /// Member `index` of a recursive group of functions.
    Rec(Rc<RecGroup>, u32),
    /// A dual number of a differentiated world: a Double and its derivative part.
    Dual(Rc<DualCell>),
    /// A dual number of the array mode that an operation made: its ID (unboxed, so a cell is
    /// one 64-byte block) and the cell, which is also its derivative part.
    ArrayDual {
        id: u32,
        cell: Rc<ArrayDual>,
    },
    /// A dual number of the array mode that no operation made, unboxed: an input (ID 1..n)
    /// or a constant (ID 0). Its derivative part is itself.
    ArrayLeaf {
        id: u32,
        primal: f64,
    },
    /// A dual number of a nested level of differentiation (see `Tower`).
    Tower(Rc<Tower>),
    /// A level of nested differentiation.
    Tape(Rc<Tape>),
    /// A mutable cell (`Ref a`, under the Prelude's `IORef`).
    Ref(Rc<MutCell>),
    /// An array (`PrimArray a`, under Data.Array's `Array`).
    Array(Rc<ArrayCell>),
    /// An array of the array mode's inputs, interleaved by reference (`InputArray`).
    InputArray(Rc<InputArray>),
}

/// An array's positions in order.
#[derive(Debug)]
pub enum ArrayCell {
    /// Each position an element or `Value::HOLE`, and how many positions hold no Double (the
    /// update that fills the last hole of an array of Doubles unboxes it: `array`'s).
    Values { items: Vec<Value>, others: usize },
    /// A Double at every position, unboxed (8 bytes a position, half a value's), and the
    /// positions as values, made once for a walk that borrows them (`values`). Such an array is
    /// interleaved by reference and its gradient built in one step. A `Values` array promises
    /// nothing (an update may have left Doubles everywhere).
    Doubles(Vec<f64>, OnceCell<Vec<Value>>),
}

impl ArrayCell {
    /// The positions `items`, unboxed when every one is a Double.
    pub fn new(items: Vec<Value>) -> ArrayCell {
        let double = |v: &Value| match v {
            Value::Double(x) => Some(*x),
            _ => None,
        };
        match items.iter().map(double).collect::<Option<Vec<f64>>>() {
            Some(xs) if !xs.is_empty() => ArrayCell::doubles(xs),
            _ => ArrayCell::boxed(items),
        }
    }

    /// The positions `items` as values, where they are known not to be all Doubles.
    pub fn boxed(items: Vec<Value>) -> ArrayCell {
        let others = items
            .iter()
            .filter(|v| !matches!(v, Value::Double(_)))
            .count();
        ArrayCell::Values { items, others }
    }

    pub fn doubles(xs: Vec<f64>) -> ArrayCell {
        ArrayCell::Doubles(xs, OnceCell::new())
    }

    pub fn len(&self) -> usize {
        match self {
            ArrayCell::Values { items, .. } => items.len(),
            ArrayCell::Doubles(xs, _) => xs.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The value at position `k` (`Value::HOLE` if none was given), if `k` is in the array.
    #[inline]
    pub fn get(&self, k: usize) -> Option<Value> {
        match self {
            ArrayCell::Values { items, .. } => items.get(k).cloned(),
            ArrayCell::Doubles(xs, _) => xs.get(k).map(|&x| Value::Double(x)),
        }
    }

    /// The unboxed Doubles, for an array of them.
    pub fn as_doubles(&self) -> Option<&[f64]> {
        match self {
            ArrayCell::Doubles(xs, _) => Some(xs),
            ArrayCell::Values { .. } => None,
        }
    }

    /// The positions as values (an array of Doubles makes them once).
    pub fn values(&self) -> &[Value] {
        match self {
            ArrayCell::Values { items, .. } => items,
            ArrayCell::Doubles(xs, values) => values.get_or_init(|| double_values(xs)),
        }
    }

    /// Position `k` (in the array) set to `v`; an array of Doubles given another value
    /// becomes one of values, and one of values whose last hole gets a Double, with Doubles
    /// everywhere else, an array of Doubles. (Only a hole filled unboxes, so storing a Double
    /// and another value by turns boxes an array once.)
    pub fn set(&mut self, k: usize, v: &Value) {
        let is_double = |v: &Value| matches!(v, Value::Double(_));
        match (&mut *self, v) {
            (ArrayCell::Doubles(xs, values), Value::Double(x)) => {
                xs[k] = *x;
                values.take();
            }
            (ArrayCell::Doubles(xs, values), _) => {
                let mut items = values.take().unwrap_or_else(|| double_values(xs));
                items[k] = v.clone();
                *self = ArrayCell::Values { items, others: 1 };
            }
            (ArrayCell::Values { items, others }, _) => {
                let filled = items[k].is_hole();
                *others = *others + usize::from(!is_double(v)) - usize::from(!is_double(&items[k]));
                items[k] = v.clone();
                if filled && *others == 0 {
                    *self = ArrayCell::new(std::mem::take(items));
                }
            }
        }
    }
}

/// Doubles as values.
fn double_values(xs: &[f64]) -> Vec<Value> {
    xs.iter().map(|&x| Value::Double(x)).collect()
}

impl Clone for ArrayCell {
    fn clone(&self) -> ArrayCell {
        match self {
            ArrayCell::Values { items, others } => ArrayCell::Values {
                items: items.clone(),
                others: *others,
            },
            ArrayCell::Doubles(xs, _) => ArrayCell::doubles(xs.clone()),
        }
    }
}

/// An array of Doubles as the array mode's input numbers (interleave, `ad_prims`): position
/// `k` is the input with ID `first + k` whose primal is the Double at position `k` of
/// `primal`, an array of Doubles. Interleaving a large array costs nothing an element; the
/// array primitives read its elements (`element`) and the dot product rule its primals and IDs
/// in place. A walk that needs the elements as values gets them made once (`items`).
#[derive(Debug)]
pub struct InputArray {
    pub first: u32,
    primal: Rc<ArrayCell>,
    leaves: OnceCell<Vec<Value>>,
}

impl InputArray {
    /// The inputs `first ..` whose primals are the Doubles of `primal`, if it is an array of
    /// Doubles.
    pub fn new(first: u32, primal: &Rc<ArrayCell>) -> Option<InputArray> {
        primal.as_doubles()?;
        Some(InputArray {
            first,
            primal: primal.clone(),
            leaves: OnceCell::new(),
        })
    }

    /// The array of the primals (of Doubles: `new`).
    pub fn primal(&self) -> &Rc<ArrayCell> {
        &self.primal
    }

    /// The primals, in order.
    pub fn primals(&self) -> &[f64] {
        self.primal.as_doubles().unwrap_or_default()
    }

    pub fn len(&self) -> usize {
        self.primal.len()
    }

    /// The input at position `k` (in the array).
    pub fn element(&self, k: usize) -> Value {
        let (primal, id) = self.parts(k);
        Value::array_leaf(primal, id)
    }

    /// The primal and ID of the input at position `k` (in the array).
    pub fn parts(&self, k: usize) -> (f64, u32) {
        // In range: interleave numbered every position.
        (self.primals()[k], self.first + k as u32)
    }

    /// The elements, as values, made once.
    pub fn items(&self) -> &[Value] {
        self.leaves.get_or_init(|| self.to_values())
    }

    /// The elements, as new values.
    pub fn to_values(&self) -> Vec<Value> {
        (0..self.len()).map(|k| self.element(k)).collect()
    }
}

/// The contents of a mutable cell; only the effectful primitives read or replace it.
#[derive(Debug, Default)]
pub struct MutCell {
    pub value: std::cell::RefCell<Value>,
}

#[derive(Debug)]
pub struct DualCell {
    pub primal: f64,
    pub deriv: Value,
}

/// A dual number of the array mode made by an operation, in one cell: the primal and the
/// backpropagator defunctionalised (§8.2), `rule`. The cell packs into 48 bytes: with its
/// counts, the size of a list cell, whose freed blocks it reuses.
#[derive(Debug)]
pub struct ArrayDual {
    pub primal: f64,
    pub rule: Rule,
}

/// The backpropagator of an array-mode dual number, as data.
#[derive(Debug)]
pub enum Rule {
    /// An operation of at most two arguments: for each, its partial derivative, its ID (0: no
    /// argument, or a constant, which stages nothing) and, when an operation made it, its cell
    /// (whose backpropagator the reverse pass runs in turn). Applied to a cotangent `z`, the
    /// backpropagator stages `SCall arg (partial * z)` for each argument. The arguments are
    /// stored field by field, and the IDs leave the enum its tag (`ArgId`).
    Op {
        partials: [f64; 2],
        ids: [ArgId; 2],
        cells: [Option<Rc<ArrayDual>>; 2],
    },
    /// The dot product of positions of two arrays of dual numbers (`crate::bulk`).
    Dot(Box<DotRule>),
}

impl Rule {
    /// No arguments.
    pub const NONE: Rule = Rule::Op {
        partials: [0.0; 2],
        ids: [ArgId(std::num::NonZeroU32::MIN); 2],
        cells: [None, None],
    };
}

/// The ID of an operation's argument, stored plus one so that `Rule` needs no room for its tag
/// (the zero the stored value never takes tells the `Dot` rule apart). IDs stay below
/// `u32::MAX` (`ad_prims::array_op`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArgId(std::num::NonZeroU32);

impl ArgId {
    pub fn new(id: u32) -> ArgId {
        ArgId(std::num::NonZeroU32::MIN.saturating_add(id))
    }

    pub fn get(self) -> u32 {
        self.0.get() - 1
    }
}

/// `len` positions of an array, the first at `start`, each `step` after the last; in the array
/// (checked when made). The positions of an input array (`InputArray`) are those of its
/// primal, `inputs` its first ID.
#[derive(Debug)]
pub struct Strided {
    pub cell: Rc<ArrayCell>,
    pub inputs: Option<u32>,
    pub start: usize,
    pub step: usize,
}

impl Strided {
    /// The Doubles at the first `len` positions, for an array of them.
    pub fn doubles(&self, len: usize) -> Option<impl Iterator<Item = f64> + '_> {
        let xs = self.cell.as_doubles()?;
        Some((0..len).map(move |k| xs[self.start + k * self.step]))
    }
}

/// An element of a dot product's array: a value the array holds, a Double of an array of
/// them, or an input of an input array.
#[derive(Debug, Clone, Copy)]
pub enum Element<'a> {
    Stored(&'a Value),
    Double(f64),
    Input { primal: f64, id: u32 },
}

impl<'a> Element<'a> {
    /// As `Value::array_parts`.
    pub fn array_parts(self) -> Option<(f64, u32, Option<&'a Rc<ArrayDual>>)> {
        match self {
            Element::Stored(v) => v.array_parts(),
            Element::Double(x) => Some((x, 0, None)),
            Element::Input { primal, id } => Some((primal, id, None)),
        }
    }

    pub fn value(self) -> std::borrow::Cow<'a, Value> {
        match self {
            Element::Stored(v) => std::borrow::Cow::Borrowed(v),
            Element::Double(x) => std::borrow::Cow::Owned(Value::Double(x)),
            Element::Input { primal, id } => std::borrow::Cow::Owned(Value::array_leaf(primal, id)),
        }
    }
}

/// A dot product's arguments: the elements at the positions of two arrays, pairwise.
#[derive(Debug)]
pub struct DotRule {
    pub x: Strided,
    pub y: Strided,
    pub len: usize,
}

impl DotRule {
    /// The pairs of elements multiplied, in order.
    pub fn pairs(&self) -> impl DoubleEndedIterator<Item = (Element<'_>, Element<'_>)> {
        fn at(s: &Strided, k: usize) -> Element<'_> {
            let position = s.start + k * s.step;
            match (&*s.cell, s.inputs) {
                (ArrayCell::Values { items, .. }, _) => Element::Stored(&items[position]),
                (ArrayCell::Doubles(xs, _), Some(first)) => Element::Input {
                    primal: xs[position],
                    id: first + position as u32,
                },
                (ArrayCell::Doubles(xs, _), None) => Element::Double(xs[position]),
            }
        }
        (0..self.len).map(move |k| (at(&self.x, k), at(&self.y, k)))
    }

    /// When both arrays are input arrays, each as its positions' inputs.
    pub fn input_sides(&self) -> Option<[InputSide<'_>; 2]> {
        let side = |s| InputSide::new(s, self.len);
        Some([side(&self.x)?, side(&self.y)?])
    }
}

/// The positions of a dot product's input array (`Strided::inputs`) as inputs: the `k`-th is
/// input `first + k·step` (ID - 1).
pub struct InputSide<'a> {
    primals: &'a [f64],
    start: usize,
    step: usize,
    pub len: usize,
    first: usize,
    pub last: usize,
}

impl InputSide<'_> {
    fn new(s: &Strided, len: usize) -> Option<InputSide<'_>> {
        let first = s.inputs? as usize - 1 + s.start;
        Some(InputSide {
            primals: s.cell.as_doubles()?,
            start: s.start,
            step: s.step,
            len,
            first,
            last: first + len.saturating_sub(1) * s.step,
        })
    }

    /// The primal of the `k`-th position.
    #[inline]
    pub fn primal(&self, k: usize) -> f64 {
        self.primals[self.start + k * self.step]
    }

    /// The input of the `k`-th position (ID - 1).
    #[inline]
    pub fn input(&self, k: usize) -> usize {
        self.first + k * self.step
    }

    /// The inputs of the whole input array the positions are of.
    pub fn array(&self) -> std::ops::Range<usize> {
        let first = self.first - self.start;
        first..first + self.primals.len()
    }

    /// The inputs and primals of the positions, when they follow each other.
    pub fn consecutive(&self) -> Option<(std::ops::Range<usize>, &[f64])> {
        (self.step == 1 || self.len <= 1).then(|| {
            let primals = &self.primals[self.start..self.start + self.len];
            (self.first..self.first + self.len, primals)
        })
    }

    /// Whether no input is at two positions of the two sides.
    pub fn apart(&self, other: &InputSide) -> bool {
        let distinct = |s: &InputSide| s.step > 0 || s.len <= 1;
        let disjoint = self.last < other.first || other.last < self.first || self.len == 0;
        distinct(self) && distinct(other) && (disjoint || other.len == 0)
    }
}

const _: () = assert!(std::mem::size_of::<ArrayDual>() == 48);

/// An array-mode leaf carries its ID unboxed next to the primal: values stay two words.
const _: () = assert!(std::mem::size_of::<Value>() == 16);

/// A dual number of a level of nested differentiation: the level's tag (levels started later
/// have larger tags, so the largest tag among an operation's arguments is the innermost level,
/// and a number of a smaller tag is a constant to it), the primal part — a number of the
/// enclosing levels, of any kind — and the derivative part. The outermost level's numbers are
/// the unboxed kinds (`Dual` with a Double tangent, `ArrayLeaf`, `ArrayDual`), tag 0.
#[derive(Debug)]
pub struct Tower {
    pub tag: u32,
    pub primal: Value,
    pub deriv: TowerDeriv,
}

#[derive(Debug)]
pub enum TowerDeriv {
    /// Forward mode: the tangent, a number of the enclosing levels.
    Tangent(Value),
    /// Reverse mode (the array mode's §8.2 cell at this level): the number's ID and, for each
    /// argument of the operation that made it at this level, the partial derivative (a number
    /// of the enclosing levels) and the argument. An input has no arguments.
    Node {
        id: u32,
        partials: [Value; 2],
        args: [Option<Rc<Tower>>; 2],
    },
}

/// A level of nested differentiation: its tag, the ID before its inputs' (reverse mode), its
/// number of inputs and, for a reverse level, the mode of its reverse pass.
#[derive(Debug, Clone, Copy)]
pub struct Tape {
    pub tag: u32,
    pub base: i64,
    pub inputs: i64,
    pub reverse: Option<crate::reverse::Mode>,
}

/// A constructor's fields: up to two (list cells, pairs, dual numbers' derivative pairs) are
/// stored in the cell itself, so most constructors are one allocation.
pub type Fields = SmallVec<[Value; 2]>;

/// Room for a constructor's `n` fields: inline up to two, else one heap block of exactly `n`
/// (pushing a third field into the inline room moves them all to a block of four).
#[inline]
pub fn fields_for(n: usize) -> Fields {
    if n > 2 {
        Fields::with_capacity(n)
    } else {
        Fields::new()
    }
}

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
    /// An array position that no element was given (never a constructor's tag: types have far
    /// fewer constructors).
    pub const HOLE: Value = Value::Tag(u32::MAX);

    pub fn is_hole(&self) -> bool {
        matches!(self, Value::Tag(u32::MAX))
    }

    pub fn array(items: Vec<Value>) -> Value {
        Value::Array(Rc::new(ArrayCell::new(items)))
    }

    /// The Doubles of an unboxed array of them.
    pub fn unboxed_doubles(&self) -> Option<&[f64]> {
        match self {
            Value::Array(a) => a.as_doubles(),
            _ => None,
        }
    }

    /// The positions of an array, of either kind (an input array's elements made once).
    pub fn array_items(&self) -> Option<&[Value]> {
        match self {
            Value::Array(a) => Some(a.values()),
            Value::InputArray(a) => Some(a.items()),
            _ => None,
        }
    }

    pub fn unit() -> Value {
        Value::Tag(0)
    }

    pub fn bool(b: bool) -> Value {
        Value::Tag(u32::from(b))
    }

    pub fn con(tag: u32, fields: impl IntoIterator<Item = Value>) -> Value {
        // Pushing one by one: collecting goes through `extend`, which costs more for two fields.
        let fields = fields.into_iter();
        let mut cell = fields_for(fields.size_hint().0);
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

    /// The list cell `head : tail`, built in place.
    pub fn cons(head: Value, tail: Value) -> Value {
        Value::Con(Rc::new(ConCell {
            tag: 1,
            fields: Fields::from_buf([head, tail]),
        }))
    }

    /// Build a Haskell list from items.
    pub fn list(items: impl DoubleEndedIterator<Item = Value>) -> Value {
        items
            .rev()
            .fold(Value::Tag(0), |acc, x| Value::cons(x, acc))
    }

    /// The heads of the cells along the last fields of the constructors from this value on,
    /// in order (a list's items), stopping at the first value that is no constructor with
    /// fields: lenient, for values whose type says they are lists.
    pub fn list_cells(&self) -> impl Iterator<Item = &Value> {
        let mut cur = self;
        std::iter::from_fn(move || match cur {
            Value::Con(c) => {
                cur = &c.fields[1];
                Some(&c.fields[0])
            }
            _ => None,
        })
    }

    /// The items of a proper list (cells of tag 1 and two fields ending in `[]`, tag 0), in
    /// order; `None` for any other value.
    pub fn list_items(&self) -> Option<Vec<&Value>> {
        let mut items = Vec::new();
        let mut cur = self;
        loop {
            match cur {
                Value::Tag(0) => return Some(items),
                Value::Con(cell) if cell.tag == 1 => match &cell.fields[..] {
                    [head, tail] => {
                        items.push(head);
                        cur = tail;
                    }
                    _ => return None,
                },
                _ => return None,
            }
        }
    }

    /// An array-mode dual number that no operation made: input `id` or (ID 0) a constant.
    pub fn array_leaf(primal: f64, id: u32) -> Value {
        Value::ArrayLeaf { id, primal }
    }

    /// An outermost array-mode dual number's (or a constant Double's) primal, ID (0: a
    /// constant) and, if an operation made it, cell; `None` for any other value.
    pub fn array_parts(&self) -> Option<(f64, u32, Option<&Rc<ArrayDual>>)> {
        match self {
            Value::ArrayLeaf { id, primal } => Some((*primal, *id, None)),
            Value::ArrayDual { id, cell } => Some((cell.primal, *id, Some(cell))),
            Value::Double(x) => Some((*x, 0, None)),
            _ => None,
        }
    }

    /// The primal value of a number of any world and level (through all levels).
    pub fn dual_primal(&self) -> Option<f64> {
        let mut v = self;
        loop {
            return match v {
                Value::Double(x) => Some(*x),
                Value::Dual(d) => Some(d.primal),
                Value::ArrayDual { cell, .. } => Some(cell.primal),
                Value::ArrayLeaf { primal, .. } => Some(*primal),
                Value::Tower(t) => {
                    v = &t.primal;
                    continue;
                }
                _ => None,
            };
        }
    }

    /// Whether the value is a number of a differentiated world (any kind, any level) or a
    /// Double.
    pub fn is_number(&self) -> bool {
        matches!(
            self,
            Value::Double(_)
                | Value::Dual(_)
                | Value::ArrayDual { .. }
                | Value::ArrayLeaf { .. }
                | Value::Tower(_)
        )
    }

    /// A dual number: a Double and its derivative part.
    pub fn dual(primal: f64, deriv: Value) -> Value {
        Value::Dual(Rc::new(DualCell { primal, deriv }))
    }

    /// The Haskell string of `s`, built from its end (no intermediate vector).
    pub fn string(s: &str) -> Value {
        s.chars()
            .rev()
            .fold(Value::Tag(0), |acc, c| Value::cons(Value::Char(c), acc))
    }
}

/// Freeing a value frees the values only it held, and so on: dropping a long list or a chain
/// of backpropagators would recurse as deep as the chain on the Rust stack. The values' `Drop`
/// implementations free their children through `free_children`, which lets the recursion go
/// `MAX_FREE_DEPTH` deep and defers the values below; the outermost free frees the deferred
/// values one by one, each again at most that deep.
const MAX_FREE_DEPTH: u32 = 128;

thread_local! {
    static FREE_DEPTH: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    static DEFERRED: std::cell::RefCell<Vec<Value>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Drop the children of a value being freed (see `MAX_FREE_DEPTH`).
fn free_children(children: impl Iterator<Item = Value>) {
    let depth = FREE_DEPTH.get();
    if depth >= MAX_FREE_DEPTH {
        // Only the values whose last reference this is can free more.
        DEFERRED.with_borrow_mut(|deferred| {
            deferred.extend(children.filter(|v| v.freed_by_one()));
        });
        return;
    }
    FREE_DEPTH.set(depth + 1);
    children.for_each(drop);
    if depth == 0 {
        while let Some(v) = DEFERRED.with_borrow_mut(Vec::pop) {
            drop(v);
        }
    }
    FREE_DEPTH.set(depth);
}

impl Value {
    /// Whether dropping this reference frees a value that holds more values.
    fn freed_by_one(&self) -> bool {
        match self {
            Value::Con(rc) => Rc::strong_count(rc) == 1,
            Value::Closure(rc) => Rc::strong_count(rc) == 1,
            Value::Rec(rc, _) => Rc::strong_count(rc) == 1,
            Value::Dual(rc) => Rc::strong_count(rc) == 1,
            Value::ArrayDual { cell, .. } => Rc::strong_count(cell) == 1,
            Value::Tower(rc) => Rc::strong_count(rc) == 1,
            Value::Ref(rc) => Rc::strong_count(rc) == 1,
            Value::Array(rc) => Rc::strong_count(rc) == 1,
            Value::InputArray(rc) => Rc::strong_count(rc) == 1,
            _ => false,
        }
    }
}

impl Drop for ConCell {
    fn drop(&mut self) {
        let fields = &mut self.fields;
        free_children(std::iter::from_fn(|| fields.pop()));
    }
}

impl Drop for Closure {
    fn drop(&mut self) {
        let captures = &mut self.captures;
        free_children(std::iter::from_fn(|| captures.pop()));
    }
}

impl Drop for ArrayCell {
    fn drop(&mut self) {
        if let ArrayCell::Values { items, .. } = self {
            free_children(std::iter::from_fn(|| items.pop()));
        }
    }
}

impl Drop for DualCell {
    fn drop(&mut self) {
        free_children(std::iter::once(std::mem::take(&mut self.deriv)));
    }
}

impl Drop for ArrayDual {
    fn drop(&mut self) {
        match &mut self.rule {
            Rule::Op { ids, cells, .. } => {
                let [a, b] = std::mem::take(cells);
                free_children(
                    [(ids[0], a), (ids[1], b)]
                        .into_iter()
                        .filter_map(|(id, cell)| {
                            Some(Value::ArrayDual {
                                id: id.get(),
                                cell: cell?,
                            })
                        }),
                );
            }
            Rule::Dot(_) => {
                if let Rule::Dot(dot) = std::mem::replace(&mut self.rule, Rule::NONE) {
                    let DotRule { x, y, .. } = *dot;
                    free_children([x.cell, y.cell].into_iter().map(Value::Array));
                }
            }
        }
    }
}

impl Drop for Tower {
    fn drop(&mut self) {
        let primal = std::mem::take(&mut self.primal);
        match &mut self.deriv {
            TowerDeriv::Tangent(t) => free_children([primal, std::mem::take(t)].into_iter()),
            TowerDeriv::Node { partials, args, .. } => {
                let [p, q] = std::mem::take(partials);
                let [a, b] = std::mem::take(args);
                let args = [a, b].into_iter().flatten().map(Value::Tower);
                free_children([primal, p, q].into_iter().chain(args));
            }
        }
    }
}

impl Drop for MutCell {
    fn drop(&mut self) {
        free_children(std::iter::once(self.value.take()));
    }
}

impl Drop for RecGroup {
    fn drop(&mut self) {
        free_children(std::mem::take(&mut self.captures).into_vec().into_iter());
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
            rule: Rule::NONE,
        });
        for id in 2..2_000_000 {
            chain = Rc::new(ArrayDual {
                primal: 1.0,
                rule: Rule::Op {
                    partials: [2.0, 3.0],
                    ids: [ArgId::new(id - 1); 2],
                    cells: [Some(chain.clone()), Some(chain)],
                },
            });
        }
        drop(chain);
    }

    #[test]
    fn dropping_a_long_chain_of_mutable_cells_does_not_overflow_the_stack() {
        let mut chain = Value::unit();
        for _ in 0..1_000_000 {
            let cell = MutCell {
                value: std::cell::RefCell::new(chain),
            };
            chain = Value::con(1, [Value::Int(0), Value::Ref(Rc::new(cell))]);
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
