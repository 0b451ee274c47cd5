//! The global allocator of the `dnrad` binary and the benchmarks: mimalloc, asked for plain
//! allocations whenever its blocks are aligned enough. The runtime allocates many small,
//! short-lived values (constructor cells, closures, dual numbers) of sizes such as 40 or 56
//! bytes; mimalloc's aligned entry point serves those from a slow path whenever a page's free
//! list is empty, and then over-allocates. `retain_freed_memory` sets how long freed memory
//! stays with the process. This module must stay a thin shim over mimalloc.

use libmimalloc_sys::{mi_free, mi_malloc, mi_malloc_aligned, mi_realloc, mi_realloc_aligned};
use libmimalloc_sys::{mi_zalloc, mi_zalloc_aligned};
use std::alloc::{GlobalAlloc, Layout};
use std::ffi::{c_int, c_long, c_void};

unsafe extern "C" {
    /// mimalloc's option setter (the `libmimalloc-sys` binding lists only older options).
    fn mi_option_set(option: c_int, value: c_long);
}

/// `mi_option_purge_delay` in mimalloc v3's `mi_option_e`.
const MI_OPTION_PURGE_DELAY: c_int = 15;

/// How long, in milliseconds, memory the program freed stays with the process before mimalloc
/// returns it to the operating system.
const PURGE_DELAY_MS: c_long = 10_000;

/// Keep freed memory for `PURGE_DELAY_MS` (mimalloc's default is one second). A program that
/// computes gradient after gradient frees and reallocates the same hundreds of megabytes each
/// step; returned to the system after a second, that memory comes back through page faults,
/// which cost as much as the step itself on a virtual machine (measured: a 10⁶-element
/// dot-product gradient spends 0.5–1.2 s of system time on them, against 2 s of user time).
/// Call it first thing in `main`.
pub fn retain_freed_memory() {
    // SAFETY: setting an option is allowed at any time; mimalloc reads it when it purges.
    unsafe { mi_option_set(MI_OPTION_PURGE_DELAY, PURGE_DELAY_MS) }
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
        if plain(&layout) {
            mi_malloc(layout.size()).cast()
        } else {
            mi_malloc_aligned(layout.size(), layout.align()).cast()
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if plain(&layout) {
            mi_zalloc(layout.size()).cast()
        } else {
            mi_zalloc_aligned(layout.size(), layout.align()).cast()
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        mi_free(ptr.cast::<c_void>());
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if plain(&layout) {
            mi_realloc(ptr.cast::<c_void>(), new_size).cast()
        } else {
            mi_realloc_aligned(ptr.cast::<c_void>(), new_size, layout.align()).cast()
        }
    }
}
