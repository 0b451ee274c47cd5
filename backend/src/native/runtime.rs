//! What native code shares with Rust while it runs: the context block it reads and writes (the
//! fuel before the next poll of the limits, the stack floor, the bail flag, the user locations
//! it passes), the functions it calls (the limits' poll, the Double and Char primitives that
//! are library calls) and the constants of the protocol. It must not report errors or touch `Value`s: a
//! native function only computes or bails (see `native`).

use dnrad_core::{derivative, PrimOp};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// How many calls and loop iterations native code makes between two polls of the limits.
pub(crate) const POLL_INTERVAL: i64 = 1 << 14;

/// The machine stack native code may use below the call that enters it: its recursion bails
/// past this, far below any thread's stack size (a test thread has 2 MB).
pub(crate) const NATIVE_STACK: usize = 256 << 10;

/// The least machine stack a native call takes (a return address and the saved frame
/// pointer): `NATIVE_STACK / MIN_FRAME` bounds the native calls nested in one entry.
pub(crate) const MIN_FRAME: usize = 16;

/// `Ctx::loc` before the entered function records a location: the VM's own user location.
pub(crate) const ENTRY_LOC: u32 = u32::MAX;

/// `Ctx::returned` while no nested call has returned with a location of its own.
pub(crate) const NO_LOC: u32 = u32::MAX;

/// The block native code reads and writes through its first argument (offsets in `OFFSET_*`).
#[repr(C)]
pub(crate) struct Ctx {
    /// Decremented on every call and loop iteration; below zero, the limits are polled.
    pub fuel: i64,
    /// The lowest stack address native code may reach.
    pub stack_floor: u64,
    /// Set (non-zero) when a native function bails.
    pub bail: u32,
    /// The user location (an index into `NativeCode::locs`, or `ENTRY_LOC`) the running native
    /// function last recorded.
    pub loc: u32,
    /// The location the last returning native call (nested in the entered one) left with,
    /// where it differed from its caller's (`NO_LOC` for none): `leave_frame`'s `returned`.
    pub returned: u32,
}

pub(crate) const OFFSET_FUEL: i32 = 0;
pub(crate) const OFFSET_STACK_FLOOR: i32 = 8;
pub(crate) const OFFSET_BAIL: i32 = 16;
pub(crate) const OFFSET_LOC: i32 = 20;
pub(crate) const OFFSET_RETURNED: i32 = 24;

/// The limits a poll reads: when the run's time is up, and the flags that stop it (the
/// heap limit's, the interruption).
#[derive(Clone, Copy)]
pub(crate) struct PollState {
    pub deadline: Option<Instant>,
    pub flags: [Option<&'static AtomicBool>; 2],
}

thread_local! {
    /// The limits of the run whose native code runs on this thread (set on each entry).
    static POLL: Cell<PollState> = const {
        Cell::new(PollState {
            deadline: None,
            flags: [None, None],
        })
    };
}

/// Make `state` what native code entered from now on this thread polls.
pub(crate) fn set_poll_state(state: PollState) {
    POLL.with(|p| p.set(state));
}

/// Native code's poll of the limits: non-zero when the run is past its time, (by the
/// allocator's flag) its heap limit, or interrupted, and the native code must bail so that the
/// VM reports it.
pub(crate) extern "C" fn poll() -> u32 {
    let state = POLL.with(Cell::get);
    let late = state.deadline.is_some_and(|d| Instant::now() > d);
    let flagged = state
        .flags
        .iter()
        .flatten()
        .any(|f| f.load(Ordering::Relaxed));
    u32::from(late || flagged)
}

/// A Double primitive of one argument that native code calls (`op` is its index in
/// `PrimOp::ALL`): the same function the VM evaluates.
pub(crate) extern "C" fn double_unary(op: u32, x: f64) -> f64 {
    derivative::eval(PrimOp::ALL[op as usize], &[x])
}

/// A Double primitive of two arguments that native code calls (see `double_unary`).
pub(crate) extern "C" fn double_binary(op: u32, x: f64, y: f64) -> f64 {
    derivative::eval(PrimOp::ALL[op as usize], &[x, y])
}

/// A `Char` primitive of one argument that native code calls (`op` as for `double_unary`) on
/// a code point native code made valid: the Unicode general category's number, or the upper
/// or lower case's code point — the VM's own functions.
pub(crate) extern "C" fn char_unary(op: u32, c: u64) -> i64 {
    let c = char::from_u32(c as u32).unwrap_or('\0');
    match PrimOp::ALL[op as usize] {
        PrimOp::CharCategory => crate::chars::category(c),
        PrimOp::CharToUpper => i64::from(u32::from(crate::chars::to_upper(c))),
        _ => i64::from(u32::from(crate::chars::to_lower(c))),
    }
}

/// The stack address of the caller's frame (about): where `NATIVE_STACK` is measured from.
#[inline(never)]
pub(crate) fn stack_address() -> usize {
    let marker = 0u8;
    std::hint::black_box(&marker) as *const u8 as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_offsets_are_the_fields_places() {
        assert_eq!(std::mem::offset_of!(Ctx, fuel) as i32, OFFSET_FUEL);
        assert_eq!(
            std::mem::offset_of!(Ctx, stack_floor) as i32,
            OFFSET_STACK_FLOOR
        );
        assert_eq!(std::mem::offset_of!(Ctx, bail) as i32, OFFSET_BAIL);
        assert_eq!(std::mem::offset_of!(Ctx, loc) as i32, OFFSET_LOC);
        assert_eq!(std::mem::offset_of!(Ctx, returned) as i32, OFFSET_RETURNED);
    }

    #[test]
    fn a_poll_sees_the_deadline_and_each_flag() {
        static OVER: AtomicBool = AtomicBool::new(false);
        static INTERRUPT: AtomicBool = AtomicBool::new(false);
        set_poll_state(PollState {
            deadline: None,
            flags: [Some(&OVER), Some(&INTERRUPT)],
        });
        assert_eq!(poll(), 0);
        OVER.store(true, Ordering::Relaxed);
        assert_eq!(poll(), 1);
        OVER.store(false, Ordering::Relaxed);
        INTERRUPT.store(true, Ordering::Relaxed);
        assert_eq!(poll(), 1);
        set_poll_state(PollState {
            deadline: Some(Instant::now()),
            flags: [None, None],
        });
        std::thread::sleep(std::time::Duration::from_millis(2));
        assert_eq!(poll(), 1);
    }
}
