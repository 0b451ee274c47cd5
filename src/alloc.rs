//! The global allocator of the `dnrad` binary and the benchmarks: mimalloc, asked for plain
//! allocations whenever its blocks are aligned enough. The runtime allocates many small,
//! short-lived values (constructor cells, closures, dual numbers) of sizes such as 40 or 56
//! bytes; mimalloc's aligned entry point serves those from a slow path whenever a page's free
//! list is empty, and then over-allocates. `configure_os_memory` sets how memory comes from
//! and goes back to the system. It counts the bytes live (requested, not mimalloc's rounded sizes) for
//! `--max-heap` (`crate::heap_limit`): each thread adds its allocations to a thread-local balance
//! and moves it to one shared count only when it passes `GRAIN` either way, so the common
//! allocation pays a thread-local add, not an atomic one. This module must stay a thin shim over
//! mimalloc: it counts and flags, and never refuses an allocation.

use libmimalloc_sys::{mi_free, mi_malloc, mi_malloc_aligned, mi_realloc, mi_realloc_aligned};
use libmimalloc_sys::{mi_zalloc, mi_zalloc_aligned};
use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;
use std::ffi::{c_int, c_long, c_void};
use std::sync::atomic::{AtomicBool, AtomicIsize, Ordering};

unsafe extern "C" {
    /// mimalloc's option setter (the `libmimalloc-sys` binding lists only older options).
    fn mi_option_set(option: c_int, value: c_long);
}

/// `mi_option_allow_large_os_pages` and `mi_option_purge_delay` in mimalloc v3's `mi_option_e`.
const MI_OPTION_ALLOW_LARGE_OS_PAGES: c_int = 6;
const MI_OPTION_PURGE_DELAY: c_int = 15;

/// How long, in milliseconds, memory the program freed stays with the process before mimalloc
/// returns it to the operating system.
const PURGE_DELAY_MS: c_long = 10_000;

/// How mimalloc takes memory from the operating system and gives it back; call it first thing
/// in `main`. Page faults on fresh memory cost as much as the work on a virtual machine: building
/// a list of 2.7·10⁶ pairs (380 MB) took 1.0 s of user and 0.8–1.1 s of system time.
/// - Large OS pages: mimalloc asks for transparent huge pages (2 MB, where the system gives them
///   on `madvise`), one fault where there were 512: that list's system time 0.06 s,
///   `benches/programs/primes_array` 4.0 → 2.8 s, the resident size unchanged.
/// - Freed memory stays for `PURGE_DELAY_MS` (mimalloc's default is one second): a program that
///   computes gradient after gradient frees and reallocates the same hundreds of megabytes
///   each step, which would come back through page faults (a 10⁶-element dot-product gradient
///   spent 0.5–1.2 s of system time on them, against 2 s of user time).
pub fn configure_os_memory() {
    // SAFETY: setting an option is allowed at any time; mimalloc reads them when it takes or
    // purges memory.
    unsafe {
        mi_option_set(MI_OPTION_ALLOW_LARGE_OS_PAGES, 1);
        mi_option_set(MI_OPTION_PURGE_DELAY, PURGE_DELAY_MS);
    }
}

/// How far a thread's balance of allocated minus freed bytes may go either way before it is
/// added to `LIVE`: the count is exact to within this much a thread.
const GRAIN: isize = 256 << 10;

/// The live bytes of the process, but for the balances threads have not added yet.
static LIVE: AtomicIsize = AtomicIsize::new(0);

/// The count past which `OVER` is set (`set_limit`).
static LIMIT: AtomicIsize = AtomicIsize::new(isize::MAX);

/// Whether `LIVE` was past `LIMIT` when it last changed.
pub static OVER: AtomicBool = AtomicBool::new(false);

thread_local! {
    /// This thread's allocated minus freed bytes not yet in `LIVE`.
    static BALANCE: Cell<isize> = const { Cell::new(0) };
}

/// Count `delta` more live bytes.
#[inline]
fn count(delta: isize) {
    // A thread-local without a destructor is never torn down; should it be, count directly.
    let balance = BALANCE.try_with(|b| {
        let balance = b.get() + delta;
        b.set(balance);
        balance
    });
    match balance {
        // One comparison for `-GRAIN < balance < GRAIN`.
        Ok(balance) if balance.wrapping_add(GRAIN) as usize >= (2 * GRAIN) as usize => {
            add_balance()
        }
        Ok(_) => {}
        Err(_) => add_live(delta),
    }
}

/// Move this thread's balance to `LIVE`.
#[cold]
fn add_balance() {
    add_live(BALANCE.try_with(|b| b.replace(0)).unwrap_or(0));
}

#[cold]
fn add_live(delta: isize) {
    let live = LIVE.fetch_add(delta, Ordering::Relaxed) + delta;
    OVER.store(live > LIMIT.load(Ordering::Relaxed), Ordering::Relaxed);
}

/// Flag (`OVER`) a count of live bytes past `max`.
pub fn set_limit(max: usize) {
    LIMIT.store(
        isize::try_from(max).unwrap_or(isize::MAX),
        Ordering::Relaxed,
    );
    add_live(0);
}

/// The live bytes of the process: the shared count with this thread's balance added to it
/// (which refreshes `OVER`). Other threads' balances are off by at most `GRAIN` each.
pub fn live_bytes() -> usize {
    add_balance();
    usize::try_from(LIVE.load(Ordering::Relaxed)).unwrap_or(0)
}

/// A size in bytes as a count's change (a layout's size never exceeds `isize::MAX`).
#[inline]
fn signed(size: usize) -> isize {
    size as isize
}

/// Every mimalloc block is a multiple of 8 bytes in a page with that alignment.
const MIMALLOC_BLOCK_ALIGN: usize = 8;

pub struct Allocator;

fn plain(layout: &Layout) -> bool {
    layout.align() <= MIMALLOC_BLOCK_ALIGN
}

// SAFETY: each method forwards to the mimalloc function with the same contract; plain
// allocations are only used where mimalloc's guaranteed alignment meets the layout's.
unsafe impl GlobalAlloc for Allocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(signed(layout.size()));
        if plain(&layout) {
            mi_malloc(layout.size()).cast()
        } else {
            mi_malloc_aligned(layout.size(), layout.align()).cast()
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(signed(layout.size()));
        if plain(&layout) {
            mi_zalloc(layout.size()).cast()
        } else {
            mi_zalloc_aligned(layout.size(), layout.align()).cast()
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count(-signed(layout.size()));
        mi_free(ptr.cast::<c_void>());
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(signed(new_size) - signed(layout.size()));
        if plain(&layout) {
            mi_realloc(ptr.cast::<c_void>(), new_size).cast()
        } else {
            mi_realloc_aligned(ptr.cast::<c_void>(), new_size, layout.align()).cast()
        }
    }
}
