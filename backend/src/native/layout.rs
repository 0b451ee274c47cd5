//! Where native code finds a list cell's parts in memory, to read a list of `Int`s, `Double`s
//! or values held by address without a runtime call an element: a `Value`'s variant is its
//! first byte and its fields follow as a C struct's (`repr(u8)`), an `Rc`'s pointer is to a
//! block whose value follows its two counts, and a cell of at most two fields holds them in
//! its `SmallVec`, at an offset the Rust compiler chooses. These are measured once, on sample
//! values, and checked by reading a sample list through them; if anything is not as expected
//! there is no layout and native code reads lists through the runtime as before. It must be
//! used for reading only.

use super::types::{Scalar, Shape};
use crate::value::{ConCell, Value};
use std::rc::Rc;
use std::sync::OnceLock;

/// The offsets and variant bytes native code reads a list cell with.
#[derive(Debug)]
pub(crate) struct Layout {
    /// The variant byte of `Int`, `Double`, `Tag` and `Con`.
    pub int: u8,
    pub double: u8,
    pub tag: u8,
    pub con: u8,
    /// From a `Con`'s pointer (at offset 8 of the value): its cell's tag (a `u32`) and its
    /// first field (the second follows it, a `Value` further).
    pub cell_tag: i32,
    pub fields: i32,
}

impl Layout {
    /// How a list's head of shape `elem` is read in place: `Some(Some(variant))` for a scalar
    /// of that variant, `Some(None)` for a value held by address, `None` if it is not.
    pub(crate) fn head(&self, elem: &Shape) -> Option<Option<u8>> {
        match elem {
            Shape::Scalar(Scalar::Int) => Some(Some(self.int)),
            Shape::Scalar(Scalar::Double) => Some(Some(self.double)),
            Shape::List(_) | Shape::Data(_) | Shape::Any => Some(None),
            _ => None,
        }
    }
}

/// Where an `Int`'s or `Double`'s 8 bytes and a `Con`'s pointer lie in a value.
pub(crate) const WORD: i32 = 8;

/// Where a `Tag`'s `u32` lies in a value.
pub(crate) const TAG_WORD: i32 = 4;

/// The size of a value: a cell's second field follows its first this far on.
pub(crate) const VALUE_SIZE: i32 = std::mem::size_of::<Value>() as i32;

/// The layout of this build's values, if measuring it found what native code expects.
pub(crate) fn layout() -> Option<&'static Layout> {
    static LAYOUT: OnceLock<Option<Layout>> = OnceLock::new();
    LAYOUT.get_or_init(measure).as_ref()
}

/// The variant byte of `v` (its first byte: `Value` is `repr(u8)`).
fn variant(v: &Value) -> u8 {
    // SAFETY: a `repr(u8)` enum begins with its discriminant, an initialised `u8`.
    unsafe { *(v as *const Value).cast::<u8>() }
}

/// The word at byte `offset` of `v`.
///
/// # Safety
/// `offset` is the offset of an initialised 8-byte field of `v`'s variant.
unsafe fn word(v: &Value, offset: i32) -> u64 {
    // SAFETY: the caller's promise.
    unsafe {
        (v as *const Value)
            .cast::<u8>()
            .add(offset as usize)
            .cast::<u64>()
            .read()
    }
}

fn measure() -> Option<Layout> {
    let sample = Rc::new(ConCell {
        tag: 1,
        fields: [Value::Double(1.5), Value::Tag(0)].into_iter().collect(),
    });
    let cell = Rc::as_ptr(&sample) as usize;
    let list = Value::Con(sample.clone());
    // SAFETY: a `Con`'s one field, its `Rc`, is a pointer at offset 8 (`repr(C)` after the byte).
    let block = unsafe { word(&list, WORD) } as usize;
    // The value after the `Rc`'s two counts, and the fields inline in the cell.
    let header = cell.checked_sub(block)?;
    let inline = (sample.fields.as_ptr() as usize).checked_sub(cell)?;
    let inside = inline + 2 * std::mem::size_of::<Value>() <= std::mem::size_of::<ConCell>();
    if header != 2 * std::mem::size_of::<usize>() || !inside {
        return None;
    }
    let layout = Layout {
        int: variant(&Value::Int(0)),
        double: variant(&Value::Double(0.0)),
        tag: variant(&Value::Tag(0)),
        con: variant(&list),
        cell_tag: i32::try_from(header + std::mem::offset_of!(ConCell, tag)).ok()?,
        fields: i32::try_from(header + inline).ok()?,
    };
    reads(&layout, &list).then_some(layout)
}

/// Whether reading `list`, the cell `1.5 : []`, through `layout` finds its parts, as native
/// code will.
fn reads(layout: &Layout, list: &Value) -> bool {
    let at = |base: usize, offset: i32| base.wrapping_add_signed(offset as isize);
    // SAFETY: `list` is a `Con` (pointer at `WORD`); the offsets were measured on its cell,
    // whose fields are a `Double` (8 bytes at `WORD`) and a `Tag` (4 bytes at `TAG_WORD`).
    unsafe {
        let block = word(list, WORD) as usize;
        let tag = (at(block, layout.cell_tag) as *const u32).read();
        let head = &*(at(block, layout.fields) as *const Value);
        let tail = &*(at(block, layout.fields + VALUE_SIZE) as *const Value);
        let nil = (tail as *const Value)
            .cast::<u8>()
            .add(TAG_WORD as usize)
            .cast::<u32>();
        variant(list) == layout.con
            && tag == 1
            && variant(head) == layout.double
            && word(head, WORD) == 1.5f64.to_bits()
            && variant(tail) == layout.tag
            && nil.read() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_build_has_a_layout_native_code_can_read_lists_with() {
        let layout = layout().expect("a measured layout");
        let variants = [layout.int, layout.double, layout.tag, layout.con];
        for (j, v) in variants.iter().enumerate() {
            assert!(!variants[..j].contains(v), "{layout:?}");
        }
        let list = Value::list([7, 8].into_iter().map(Value::Int));
        assert!(!reads(layout, &list), "an Int head is no Double");
    }
}
