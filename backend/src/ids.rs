//! The run's ID counter: §4's ID generation as state of the run instead of a value that
//! differentiated code threads. Evaluation is strict and sequential, so every reverse-mode
//! operation taking the next ID (`take`) numbers the operations in evaluation order, and an
//! operation's ID is above its arguments' — what SResolve needs. The outermost `grad` starts
//! the counter after its inputs (`enter`, from its interleave) and takes where it ended after
//! the forward pass (`leave`), which puts back the counter it found; the outermost `jvp`
//! brackets its forward pass the same way (from the counter as it is), so reverse levels
//! inside it give their IDs back when it returns; a nested level starts at the counter as it
//! is (`peek`, `skip`), so one counter serves every level of a run.
//! It holds a number and nothing else (and the counters it saved).

use std::cell::{Cell, RefCell};

thread_local! {
    static NEXT: Cell<i64> = const { Cell::new(0) };
    /// The counters that outermost forward passes started inside another found (in practice
    /// empty: differentiated code reaches `grad` through its nested versions).
    static SAVED: RefCell<Vec<i64>> = const { RefCell::new(Vec::new()) };
}

const TOO_MANY: &str = "grad: too many operations on dual numbers";

/// The next ID, which the counter then passes.
#[inline]
pub fn take() -> Result<u32, String> {
    let i = NEXT.get();
    let id = u32::try_from(i)
        .ok()
        .filter(|&id| id < u32::MAX)
        .ok_or(TOO_MANY)?;
    NEXT.set(i + 1);
    Ok(id)
}

/// The next ID, not taken.
pub fn peek() -> i64 {
    NEXT.get()
}

/// The counter passes `n` IDs (a level's inputs, numbered by their interleave).
pub fn skip(n: i64) {
    NEXT.set(NEXT.get() + n);
}

/// An outermost forward pass starts: its operations' IDs from `first` on.
pub fn enter(first: i64) {
    SAVED.with_borrow_mut(|saved| saved.push(NEXT.get()));
    NEXT.set(first);
}

/// The outermost forward pass that `enter` started has ended: the ID after its last
/// operation; the counter is back where `enter` found it.
pub fn leave() -> i64 {
    let end = NEXT.get();
    NEXT.set(SAVED.with_borrow_mut(Vec::pop).unwrap_or(0));
    end
}

/// The counter's state at a point of the run (`mark`), to go back to (`restore`).
pub struct Mark {
    next: i64,
    saved: usize,
}

/// The counter's state now.
pub fn mark() -> Mark {
    Mark {
        next: NEXT.get(),
        saved: SAVED.with_borrow(Vec::len),
    }
}

/// The counter back to the state `mark` found: the passes entered since have not happened
/// (native code that bailed out of a gradient, which the VM runs again).
pub fn restore(mark: Mark) {
    NEXT.set(mark.next);
    SAVED.with_borrow_mut(|saved| saved.truncate(mark.saved));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_forward_pass_inside_another_leaves_its_counter_as_it_found_it() {
        enter(3);
        assert_eq!(take(), Ok(3));
        enter(2);
        assert_eq!((take(), take()), (Ok(2), Ok(3)));
        assert_eq!(leave(), 4);
        assert_eq!(take(), Ok(4));
        skip(10);
        assert_eq!(peek(), 15);
        assert_eq!(leave(), 15);
    }

    #[test]
    fn a_restored_mark_forgets_the_passes_entered_since() {
        enter(7);
        let before = mark();
        enter(20);
        enter(30);
        assert_eq!(take(), Ok(30));
        restore(before);
        assert_eq!(take(), Ok(7));
        assert_eq!(leave(), 8);
    }
}
