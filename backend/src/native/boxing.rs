//! Between the VM's `Value`s and native code's scalars, by shape: a direct call's arguments
//! unboxed into their bits, a result boxed from them, a list cell taken apart for native code
//! (`uncons`), an array's element read (`array_index`). A `Ref` is the address of a `Value`:
//! one someone else keeps alive (an argument of the running native call, or a cell reachable
//! from one), or one in a slot of a native frame that owns it. The slots' values are made,
//! cloned, built into cells and dropped only by the functions below that say so
//! (`init_units`, `drop_units`, `clone_into`, `build_cell`); the others only read.

use super::types::{Scalar, Shape, MAX_WIDTH};
use crate::value::{ArrayCell, Value};
use dnrad_core::PrimOp;

/// Native code's reading buffer at `out` (`codegen`'s `out_addr`), which has room for
/// `MAX_WIDTH + 1` scalars: a reader writes into it without measuring its shape first.
///
/// # Safety
/// `out` is such a buffer, not otherwise borrowed while the slice lives.
pub(crate) unsafe fn reading_buffer<'a>(out: *mut u64) -> &'a mut [u64] {
    // SAFETY: the caller's promise.
    unsafe { std::slice::from_raw_parts_mut(out, MAX_WIDTH + 1) }
}

/// Write the scalars of `v`, of shape `t`, into `out` (advancing it); `None` when `v` is not
/// of that shape (a `Dual`, another constructor, no room left).
pub(crate) fn unbox(t: &Shape, v: &Value, out: &mut std::slice::IterMut<u64>) -> Option<()> {
    let bits = match (t, v) {
        (Shape::Scalar(Scalar::Int), Value::Int(i)) => *i as u64,
        (Shape::Scalar(Scalar::Double), Value::Double(x)) => x.to_bits(),
        (Shape::Scalar(Scalar::Char), Value::Char(c)) => u64::from(*c),
        (Shape::Scalar(Scalar::Bool), Value::Tag(b @ (0 | 1))) => u64::from(*b),
        (Shape::Con(tag, fields), Value::Con(cell))
            if cell.tag == *tag && cell.fields.len() == fields.len() =>
        {
            for (f, v) in fields.iter().zip(cell.fields.iter()) {
                unbox(f, v, out)?;
            }
            return Some(());
        }
        // A list or data type is read in place (the types say what the value is).
        (Shape::List(_) | Shape::Data(_) | Shape::Any, v) => v as *const Value as u64,
        (Shape::Array(_), v @ (Value::Array(_) | Value::InputArray(_))) => v as *const Value as u64,
        _ => return None,
    };
    *out.next()? = bits;
    Some(())
}

/// The value of shape `t` whose scalars' bits come next in `bits`, taking the values its
/// `Ref`s point to (a native function's result: its slots for the caller).
///
/// # Safety
/// Every `Ref` among them must be the address of a live `Value` that nothing else frees or
/// reads again (it is moved out).
pub(crate) unsafe fn taken(t: &Shape, bits: &mut impl Iterator<Item = u64>) -> Value {
    match t {
        // SAFETY: the caller's promise.
        Shape::Con(tag, fields) => {
            Value::con(*tag, fields.iter().map(|f| unsafe { taken(f, bits) }))
        }
        Shape::List(_)
        | Shape::Array(_)
        | Shape::Data(_)
        | Shape::Any
        | Shape::Scalar(Scalar::Ref) => {
            let b = bits.next().unwrap_or(0);
            // SAFETY: the caller's promise.
            unsafe { (b as *const Value).read() }
        }
        // SAFETY: no `Ref` is left.
        t => unsafe { boxed(t, bits) },
    }
}

/// Primitive `op` (its index in `PrimOp::ALL`) of two values held by address — a dual
/// number's `arrayAdd`, `arraySub` or `arrayMul` (`dual`), an Integer operation (`integer`,
/// with `b` again `a` for one argument) — made by the VM's own function and written into
/// `to`: 0, or 1 when it fails (native code bails and the VM, running the call again,
/// reports the error).
///
/// # Safety
/// `a` and `b` are addresses of live `Value`s; `to` has room for one and holds nothing to drop.
pub(crate) unsafe extern "C" fn binary_into(
    op: u32,
    a: *const Value,
    b: *const Value,
    to: *mut Value,
) -> u32 {
    let op = PrimOp::ALL[op as usize];
    // SAFETY: the caller's promises.
    let (a, b) = unsafe { (&*a, &*b) };
    let made = match op {
        PrimOp::ArrayAdd | PrimOp::ArraySub | PrimOp::ArrayMul => {
            crate::ad_prims::array_arith(op, a, b)
        }
        _ => crate::integer::apply(op, &[a.clone(), b.clone()]),
    };
    // SAFETY: the caller's promise.
    unsafe { written(made, to) }
}

/// The value a runtime function `made` written into `to`: 0, or 1 when it failed (native code
/// bails and the VM, running the call again, reports the error).
///
/// # Safety
/// `to` has room for a value and holds nothing to drop.
pub(crate) unsafe fn written(made: Result<Value, String>, to: *mut Value) -> u32 {
    match made {
        Ok(v) => {
            // SAFETY: the caller's promise.
            unsafe { to.write(v) };
            0
        }
        Err(_) => 1,
    }
}

/// The value of shape `t` whose scalars' bits come next in `bits`.
///
/// # Safety
/// Every `Ref` among them must be the address of a live `Value` (it is cloned).
pub(crate) unsafe fn boxed(t: &Shape, bits: &mut impl Iterator<Item = u64>) -> Value {
    match t {
        Shape::Scalar(s) => {
            let b = bits.next().unwrap_or(0);
            match s {
                Scalar::Int => Value::Int(b as i64),
                Scalar::Double => Value::Double(f64::from_bits(b)),
                // Native code makes only valid code points (constants, arguments, `chr`
                // after its range check).
                Scalar::Char => Value::Char(char::from_u32(b as u32).unwrap_or('\0')),
                Scalar::Bool => Value::bool(b & 1 != 0),
                // SAFETY: the caller's promise.
                Scalar::Ref => unsafe { (*(b as *const Value)).clone() },
            }
        }
        // SAFETY: the caller's promise, for the fields' bits.
        Shape::Con(tag, fields) => {
            Value::con(*tag, fields.iter().map(|f| unsafe { boxed(f, bits) }))
        }
        Shape::List(_) | Shape::Array(_) | Shape::Data(_) | Shape::Any => unsafe {
            boxed(&Shape::Scalar(Scalar::Ref), bits)
        },
        // (Only a single tag is ever boxed: a field or result of several is no shape.)
        Shape::Tag(tags) => Value::Tag(tags.trailing_zeros()),
    }
}

/// The value at `v` (a type variable's, held by address) read as shape `*t`: its scalars
/// written to `out`; 0, or 1 when it is not of that shape (native code bails).
///
/// # Safety
/// `v` is the address of a live `Value`, `t` of a live `Shape`, and `out` is native
/// code's reading buffer (see `reading_buffer`).
pub(crate) unsafe extern "C" fn read_any(v: *const Value, t: *const Shape, out: *mut u64) -> u32 {
    // SAFETY: the caller's promises.
    let (v, t) = unsafe { (&*v, &*t) };
    debug_assert!(t.width() <= MAX_WIDTH, "the buffer's size");
    // SAFETY: the caller's promise about `out`.
    let out = unsafe { reading_buffer(out) };
    match unbox(t, v, &mut out.iter_mut()) {
        Some(()) => 0,
        None => 1,
    }
}

/// Fill the `n` slots at `slots` with `()` (a native frame's owned slots at its entry).
///
/// # Safety
/// `slots` has room for `n` values, which hold nothing to drop.
pub(crate) unsafe extern "C" fn init_units(slots: *mut Value, n: u64) {
    for i in 0..n as usize {
        // SAFETY: the caller's promise.
        unsafe { slots.add(i).write(Value::unit()) };
    }
}

/// Drop the values of the `n` slots at `slots`, leaving `()` in each.
///
/// # Safety
/// `slots` holds `n` live values that nothing else frees.
pub(crate) unsafe extern "C" fn drop_units(slots: *mut Value, n: u64) {
    for i in 0..n as usize {
        // SAFETY: the caller's promise.
        let slot = unsafe { &mut *slots.add(i) };
        // (Most slots hold `()` already: their values were moved out, or never written.)
        if !matches!(slot, Value::Tag(0)) {
            *slot = Value::unit();
        }
    }
}

/// Write a clone of the value at `v` into `to` (which holds nothing to drop).
///
/// # Safety
/// `v` is the address of a live `Value`; `to` has room for one.
pub(crate) unsafe extern "C" fn clone_into(v: *const Value, to: *mut Value) {
    // SAFETY: the caller's promises.
    unsafe { to.write((*v).clone()) };
}

/// Build the cell of constructor `*con` (a `Shape::Con`) from its fields' scalars at `bits`
/// (each address's value cloned) into `to` (which holds nothing to drop).
///
/// # Safety
/// `con` is the address of a live `Shape`, `bits` holds its width of scalars whose `Ref`s are
/// addresses of live values, and `to` has room for a value.
pub(crate) unsafe extern "C" fn build_cell(con: *const Shape, bits: *const u64, to: *mut Value) {
    // Read as `boxed` takes them, without measuring the shape first.
    let mut at = bits;
    // SAFETY: the caller's promise: the constructor's width of scalars are there.
    let mut scalars = std::iter::from_fn(|| unsafe {
        let b = at.read();
        at = at.add(1);
        Some(b)
    });
    // SAFETY: the caller's promises.
    unsafe { to.write(boxed(&*con, &mut scalars)) };
}

/// `build_cell` of a cell whose field `hole` is `()` for now: the address of that field,
/// which the caller fills once, while no one else refers to the cell (a list built front to
/// back by a loop: tail calls modulo cons).
///
/// # Safety
/// As `build_cell`; `hole` is one of the constructor's fields.
pub(crate) unsafe extern "C" fn build_open_cell(
    con: *const Shape,
    bits: *const u64,
    hole: u64,
    to: *mut Value,
) -> *mut Value {
    // SAFETY: the caller's promises.
    unsafe {
        build_cell(con, bits, to);
        match &mut *to {
            Value::Con(cell) => {
                let cell = std::rc::Rc::get_mut(cell).expect("a new cell");
                &mut cell.fields[hole as usize]
            }
            _ => unreachable!("a constructor's cell"),
        }
    }
}

/// `primDoubleDot x p dp y q dq len` of the arrays at `x` and `y` (`bulk::dot`), its bits
/// written to the reading buffer at `to`, or, with `numbers`, `primNumDot` (`bulk::dot_numbers`:
/// dual numbers, one operation on the tape), the number written into the slot at `to`: 0, or
/// 1 when a position lies outside its array or holds no number (native code bails and the VM
/// reports it).
///
/// # Safety
/// `x` and `y` are addresses of live `Value`s; `to` is native code's reading buffer, or with
/// `numbers` room for a value that holds nothing to drop.
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe extern "C" fn dot(
    numbers: u64,
    x: *const Value,
    p: i64,
    dp: i64,
    y: *const Value,
    q: i64,
    dq: i64,
    len: i64,
    to: *mut u8,
) -> u32 {
    // SAFETY: the caller's promises.
    let (x, y) = unsafe { (&*x, &*y) };
    let ints = [p, dp, q, dq, len].map(Value::Int);
    let arg = |k: usize| match k {
        0 => x,
        3 => y,
        1 | 2 => &ints[k - 1],
        _ => &ints[k - 2],
    };
    if numbers != 0 {
        // SAFETY: the caller's promise.
        return unsafe { written(crate::bulk::dot_numbers(arg), to.cast()) };
    }
    match crate::bulk::dot(arg) {
        Ok(Value::Double(v)) => {
            // SAFETY: the caller's promise.
            unsafe { reading_buffer(to.cast())[0] = v.to_bits() };
            0
        }
        _ => 1,
    }
}

/// The tag of the list at `v`: 0 for `[]`, 1 for a cons cell, 2 for anything else (native
/// code bails).
///
/// # Safety
/// `v` is the address of a live `Value`.
pub(crate) unsafe extern "C" fn list_tag(v: *const Value) -> u32 {
    // SAFETY: the caller's promise.
    match unsafe { &*v } {
        Value::Tag(0) => 0,
        Value::Con(cell) if cell.tag == 1 && cell.fields.len() == 2 => 1,
        _ => 2,
    }
}

/// The cons cell at `v` taken apart: its head's scalars (of shape `*elem`), then its tail's
/// address, written to `out`; 0, or 1 when `v` is no cons cell or its head not of the shape
/// (native code bails).
///
/// # Safety
/// `v` is the address of a live `Value`, `elem` of a live `Shape`, and `out` is native
/// code's reading buffer (see `reading_buffer`).
pub(crate) unsafe extern "C" fn uncons(v: *const Value, elem: *const Shape, out: *mut u64) -> u32 {
    // SAFETY: the caller's promises.
    let (v, elem) = unsafe { (&*v, &*elem) };
    let Value::Con(cell) = v else { return 1 };
    debug_assert!(elem.width() <= MAX_WIDTH, "the buffer's size");
    if cell.tag != 1 || cell.fields.len() != 2 {
        return 1;
    }
    // SAFETY: the caller's promise about `out`.
    let out = unsafe { reading_buffer(out) };
    let mut slots = out.iter_mut();
    if unbox(elem, &cell.fields[0], &mut slots).is_none() {
        return 1;
    }
    match slots.next() {
        Some(slot) => *slot = &cell.fields[1] as *const Value as u64,
        None => return 1,
    }
    0
}

/// The kinds of list elements `list_read_simple` reads: an `Int`, a `Double`, a value held by
/// address (a list's, a data type's, a type variable's).
pub(crate) const SIMPLE_INT: u32 = 0;
pub(crate) const SIMPLE_DOUBLE: u32 = 1;
pub(crate) const SIMPLE_REF: u32 = 2;

/// `list_read` of a list whose elements are of kind `kind` (`SIMPLE_*`), without a shape to
/// interpret: the same results.
///
/// # Safety
/// `v` is the address of a live `Value`, and `out` is native code's reading buffer.
pub(crate) unsafe extern "C" fn list_read_simple(v: *const Value, kind: u32, out: *mut u64) -> u32 {
    // SAFETY: the caller's promise.
    let cell = match unsafe { &*v } {
        Value::Tag(0) => return 0,
        Value::Con(cell) if cell.tag == 1 => cell,
        _ => return 2,
    };
    let [head, tail] = &cell.fields[..] else {
        return 2;
    };
    let bits = match (kind, head) {
        (SIMPLE_INT, Value::Int(i)) => *i as u64,
        (SIMPLE_DOUBLE, Value::Double(x)) => x.to_bits(),
        (SIMPLE_REF, h) => h as *const Value as u64,
        _ => return 2,
    };
    // SAFETY: the caller's promise: the buffer has room for two words.
    unsafe {
        out.write(bits);
        out.add(1).write(tail as *const Value as u64);
    }
    1
}

/// `list_tag` and, for a cons cell, `uncons` at once: 0 for `[]`; 1 for a cons cell, whose
/// head's scalars (of shape `*elem`) and tail's address it wrote to `out`; 2 otherwise (no
/// list cell, or a head not of the shape: native code bails).
///
/// # Safety
/// As `uncons`.
pub(crate) unsafe extern "C" fn list_read(
    v: *const Value,
    elem: *const Shape,
    out: *mut u64,
) -> u32 {
    // SAFETY: the caller's promise.
    if let Value::Tag(0) = unsafe { &*v } {
        return 0;
    }
    // SAFETY: the caller's promises.
    match unsafe { uncons(v, elem, out) } {
        0 => 1,
        _ => 2,
    }
}

/// The constructor tag of the value at `v` (of a data type read in place), or `u32::MAX` when
/// it is no constructor (native code bails).
///
/// # Safety
/// `v` is the address of a live `Value`.
pub(crate) unsafe extern "C" fn data_tag(v: *const Value) -> u32 {
    // SAFETY: the caller's promise.
    match unsafe { &*v } {
        Value::Tag(t) => *t,
        Value::Con(cell) => cell.tag,
        _ => u32::MAX,
    }
}

/// The cell at `v` taken apart as constructor `*con` (a `Shape::Con`: its tag and its fields'
/// shapes): each field's scalars written to `out`, a list's or data type's as its address in
/// the cell; 0, or 1 when the cell is another constructor or a field not of its shape (native
/// code bails).
///
/// # Safety
/// `v` is the address of a live `Value`, `con` of a live `Shape`, and `out` is native
/// code's reading buffer (see `reading_buffer`).
pub(crate) unsafe extern "C" fn unpack(v: *const Value, con: *const Shape, out: *mut u64) -> u32 {
    // SAFETY: the caller's promises.
    let (v, con) = unsafe { (&*v, &*con) };
    let (Value::Con(cell), Shape::Con(tag, fields)) = (v, con) else {
        return 1;
    };
    if cell.tag != *tag || cell.fields.len() != fields.len() {
        return 1;
    }
    debug_assert!(con.width() <= MAX_WIDTH, "the buffer's size");
    // SAFETY: the caller's promise about `out`.
    let out = unsafe { reading_buffer(out) };
    let mut slots = out.iter_mut();
    for (shape, field) in fields.iter().zip(cell.fields.iter()) {
        if unbox(shape, field, &mut slots).is_none() {
            return 1;
        }
    }
    0
}

/// `data_tag` and, when `cons[tag]` is a constructor's shape, `unpack` of the cell with it at
/// once: the tag, or `u32::MAX` (native code bails) when the value is no constructor or its
/// fields are not of the shape.
///
/// # Safety
/// `v` is the address of a live `Value`, `cons` of `ncons` live shapes, and `out` is native
/// code's reading buffer (see `reading_buffer`).
pub(crate) unsafe extern "C" fn data_read(
    v: *const Value,
    cons: *const Option<Shape>,
    ncons: usize,
    out: *mut u64,
) -> u32 {
    // SAFETY: the caller's promises.
    let (tag, cons) = unsafe { (data_tag(v), std::slice::from_raw_parts(cons, ncons)) };
    match cons.get(tag as usize) {
        // SAFETY: the caller's promises.
        Some(Some(con)) if unsafe { unpack(v, con, out) } != 0 => u32::MAX,
        _ => tag,
    }
}

/// Element `i` of the array at `v`, of shape `*elem`: its scalars written to `out`; 0, or 1
/// when `v` is no array, `i` is outside it, the element a hole or not of the shape (native
/// code bails: the VM reports the error).
///
/// # Safety
/// `v` is the address of a live `Value`, `elem` of a live `Shape`, and `out` is native
/// code's reading buffer (see `reading_buffer`).
pub(crate) unsafe extern "C" fn array_index(
    v: *const Value,
    i: i64,
    elem: *const Shape,
    out: *mut u64,
) -> u32 {
    // SAFETY: the caller's promises.
    let (v, elem) = unsafe { (&*v, &*elem) };
    let Ok(i) = usize::try_from(i) else { return 1 };
    let a = match v {
        Value::Array(a) => a,
        // The inputs of an array interleaved by reference: their dual numbers, made once.
        // SAFETY: the caller's promise about `out`.
        Value::InputArray(a) => return unsafe { read_item(a.items().get(i), elem, out) },
        _ => return 1,
    };
    let item = match (&**a, elem) {
        (ArrayCell::Doubles(xs, _), Shape::Scalar(Scalar::Double)) => {
            let Some(x) = xs.get(i) else { return 1 };
            // SAFETY: the caller's promise about `out`.
            let out = unsafe { reading_buffer(out) };
            out[0] = x.to_bits();
            return 0;
        }
        // An element of another shape may be read in place (`Any`: its address), so an
        // array of Doubles gives its values, made once.
        _ => a.values().get(i),
    };
    // SAFETY: the caller's promise about `out`.
    unsafe { read_item(item, elem, out) }
}

/// An array's element `item` (`None`: out of bounds) read as shape `elem` into `out`: 0, or 1
/// when it is out of bounds, a hole or of another shape.
///
/// # Safety
/// `out` is native code's reading buffer.
unsafe fn read_item(item: Option<&Value>, elem: &Shape, out: *mut u64) -> u32 {
    let Some(item) = item.filter(|v| !v.is_hole()) else {
        return 1;
    };
    debug_assert!(elem.width() <= MAX_WIDTH, "the buffer's size");
    // SAFETY: the caller's promise about `out`.
    let out = unsafe { reading_buffer(out) };
    match unbox(elem, item, &mut out.iter_mut()) {
        Some(()) => 0,
        None => 1,
    }
}
