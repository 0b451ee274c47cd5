//! The resource limits of a run (both backends): call depth, time (`--max-time`), heap
//! (`--max-heap`) and an interruption (the REPL's Ctrl-C). The machines call `tick` on every call and `reserve` before a primitive
//! that allocates a size it knows; this module only turns readings into error messages. The heap
//! is read through a `HeapGauge` the caller provides (the `dnrad` binary's counting allocator):
//! the backend must not depend on any allocator, and without a gauge there is no heap limit.

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How a run reads the process's heap: the limit and the allocator's count of live bytes.
#[derive(Clone, Copy, Debug)]
pub struct HeapGauge {
    /// The most bytes the process may have live while a run goes on.
    pub max: usize,
    /// The bytes live now, as exactly as the allocator can tell.
    pub live: fn() -> usize,
    /// Set by the allocator while its (coarser) count is past `max`: a run reads it on every
    /// call, so one large allocation is noticed at the next call.
    pub over: &'static AtomicBool,
}

/// Resource limits of a run.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The deepest call nesting allowed (frames of non-tail calls). The frames are heap
    /// memory too: with a heap limit, a recursion stops when its frames would pass that limit,
    /// however deep it is allowed to go.
    pub max_depth: usize,
    /// How long a run may take (`--max-time`): it stops with an error once this much time has
    /// passed since `started`.
    pub max_time: Option<Duration>,
    /// The heap a run may use (`--max-heap`).
    pub heap: Option<HeapGauge>,
    /// Set (by a signal handler) when the run is to stop: read with the clock.
    pub interrupt: Option<&'static AtomicBool>,
    /// When the limits were made: the run starts then.
    started: Instant,
    /// Calls since the clock was last read.
    ticks: Cell<u32>,
}

/// A run stopped by a limit at least this many frames deep says how deep it was: the
/// recursion is then likely what used the time or the heap.
const NAMED_DEPTH: usize = 10_000;

/// How many calls pass between two readings of the clock.
const CALLS_PER_CLOCK: u32 = 1 << 14;

/// Allocations smaller than this are left to the allocator's flag (`HeapGauge::over`); larger
/// ones a primitive announces are checked against the limit before they are made.
const LARGE_ALLOCATION: usize = 1 << 20;

impl Limits {
    pub fn new(max_depth: usize, max_time: Option<Duration>) -> Limits {
        Limits {
            max_depth,
            max_time,
            heap: None,
            interrupt: None,
            started: Instant::now(),
            ticks: Cell::new(0),
        }
    }

    /// These limits with the heap limit `heap` (none when `None`).
    pub fn with_heap(self, heap: Option<HeapGauge>) -> Limits {
        Limits { heap, ..self }
    }

    /// These limits, stopping the run once `interrupt` is set (none when `None`).
    pub fn with_interrupt(self, interrupt: Option<&'static AtomicBool>) -> Limits {
        Limits { interrupt, ..self }
    }

    /// The error of a run that would go `depth` frames deep, if that is too deep or its frames
    /// would have to grow by `growth` bytes (see `growth`) past the heap limit, or that has run
    /// out of time or heap.
    pub(crate) fn check_depth(&self, depth: usize, growth: usize) -> Result<(), String> {
        if depth >= self.max_depth {
            return Err(format!(
                "stack overflow: recursion deeper than {} frames",
                self.max_depth
            ));
        }
        if growth > 0 && self.reserve(|| growth).is_err() {
            let heap = self.heap.as_ref().map_or(0, |heap| heap.max);
            return Err(format!(
                "stack overflow: recursion {depth} frames deep reached the heap limit ({}, \
                 --max-heap)",
                format_size(heap)
            ));
        }
        self.tick().map_err(|msg| {
            if depth >= NAMED_DEPTH {
                format!("{msg}, in a recursion {depth} frames deep")
            } else {
                msg
            }
        })
    }

    /// A call (tail calls too, so a loop is counted): the error of a run past its heap limit,
    /// and every `CALLS_PER_CLOCK` calls, of one that has run out of time or is interrupted.
    #[inline]
    pub(crate) fn tick(&self) -> Result<(), String> {
        if let Some(heap) = &self.heap {
            if heap.over.load(Ordering::Relaxed) {
                self.reserve(|| 0)?;
            }
        }
        if self.max_time.is_none() && self.interrupt.is_none() {
            return Ok(());
        }
        let t = self.ticks.get().wrapping_add(1);
        self.ticks.set(t);
        if t.is_multiple_of(CALLS_PER_CLOCK) {
            self.read_clock()?;
        }
        Ok(())
    }

    /// The error of a run that is interrupted or has run out of time.
    #[cold]
    fn read_clock(&self) -> Result<(), String> {
        if self.interrupt.is_some_and(|i| i.load(Ordering::Relaxed)) {
            return Err("interrupted (Ctrl-C)".into());
        }
        match self.max_time {
            Some(max) if self.started.elapsed() > max => Err(format!(
                "time limit exceeded: the run took longer than {} s (--max-time)",
                max.as_secs_f64()
            )),
            _ => Ok(()),
        }
    }

    /// What native code (see `native`) reads when it polls the limits: the instant the run's
    /// time is up, and the flags that stop it (the heap limit's, the interruption), if there
    /// are such limits.
    pub(crate) fn poll_state(&self) -> (Option<Instant>, [Option<&'static AtomicBool>; 2]) {
        let deadline = self.max_time.map(|max| self.started + max);
        (
            deadline,
            [self.heap.as_ref().map(|heap| heap.over), self.interrupt],
        )
    }

    /// The error of a run that is past its heap limit, or would be after allocating `bytes`
    /// more (asked only when there is a limit; a small allocation is left to `tick`).
    pub(crate) fn reserve(&self, bytes: impl FnOnce() -> usize) -> Result<(), String> {
        let Some(heap) = &self.heap else {
            return Ok(());
        };
        let bytes = bytes();
        let over = heap.over.load(Ordering::Relaxed);
        if (over || bytes >= LARGE_ALLOCATION) && (heap.live)().saturating_add(bytes) > heap.max {
            return Err(format!(
                "heap limit exceeded ({}, --max-heap)",
                format_size(heap.max)
            ));
        }
        Ok(())
    }
}

/// The depth limit of a run that has no heap limit to stop its recursion.
pub const DEFAULT_MAX_DEPTH: usize = 10_000_000;

impl Default for Limits {
    fn default() -> Limits {
        Limits::new(DEFAULT_MAX_DEPTH, None)
    }
}

/// The bytes `v` allocates when `more` elements are pushed onto it, or 0 when they fit: its new
/// block (a `Vec` at least doubles), which is live next to the old one while it is copied.
pub(crate) fn growth<T>(v: &Vec<T>, more: usize) -> usize {
    if v.len() + more <= v.capacity() {
        return 0;
    }
    (v.capacity() + v.capacity().max(more)) * std::mem::size_of::<T>()
}

/// `bytes` in the largest unit (powers of 1024) it reaches: `100 MB`, `11.6 GB`, `512 bytes`.
pub fn format_size(bytes: usize) -> String {
    let units = [
        (1 << 40, "TB"),
        (1 << 30, "GB"),
        (1 << 20, "MB"),
        (1 << 10, "KB"),
    ];
    for (unit, name) in units {
        if bytes >= unit {
            return if bytes.is_multiple_of(unit) {
                format!("{} {name}", bytes / unit)
            } else {
                format!("{:.1} {name}", bytes as f64 / unit as f64)
            };
        }
    }
    format!("{bytes} bytes")
}

#[cfg(test)]
mod tests {
    use super::*;

    static OVER: AtomicBool = AtomicBool::new(false);
    static LIVE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

    fn live() -> usize {
        LIVE.load(Ordering::Relaxed)
    }

    #[test]
    fn sizes_read_in_their_largest_unit() {
        assert_eq!(format_size(100 << 20), "100 MB");
        assert_eq!(format_size(3 << 29), "1.5 GB");
        assert_eq!(format_size(512 << 10), "512 KB");
        assert_eq!(format_size(1000), "1000 bytes");
    }

    #[test]
    fn the_heap_limit_stops_a_run_at_the_flag_or_before_a_large_allocation() {
        let gauge = HeapGauge {
            max: 10 << 20,
            live,
            over: &OVER,
        };
        let limits = Limits::default().with_heap(Some(gauge));
        LIVE.store(9 << 20, Ordering::Relaxed);
        assert_eq!(limits.tick(), Ok(()));
        assert_eq!(
            limits.reserve(|| 512 << 10),
            Ok(()),
            "small: left to the flag"
        );
        let refused = limits.reserve(|| 2 << 20).unwrap_err();
        assert_eq!(refused, "heap limit exceeded (10 MB, --max-heap)");
        LIVE.store(11 << 20, Ordering::Relaxed);
        OVER.store(true, Ordering::Relaxed);
        assert!(limits.tick().is_err());
        LIVE.store(1 << 20, Ordering::Relaxed);
        assert_eq!(
            limits.tick(),
            Ok(()),
            "a stale flag is checked against the count"
        );
        assert_eq!(
            Limits::default().reserve(|| usize::MAX),
            Ok(()),
            "no gauge, no limit"
        );
    }

    #[test]
    fn an_interruption_stops_a_run_within_one_clock_period() {
        static INTERRUPT: AtomicBool = AtomicBool::new(false);
        let limits = Limits::default().with_interrupt(Some(&INTERRUPT));
        for _ in 0..2 * CALLS_PER_CLOCK {
            assert_eq!(limits.tick(), Ok(()));
        }
        INTERRUPT.store(true, Ordering::Relaxed);
        let stopped = (0..CALLS_PER_CLOCK).find_map(|_| limits.tick().err());
        assert_eq!(stopped.as_deref(), Some("interrupted (Ctrl-C)"));
    }

    #[test]
    fn frames_that_would_grow_past_the_heap_limit_stop_the_recursion() {
        static FRAMES_OVER: AtomicBool = AtomicBool::new(false);
        static FRAMES_LIVE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let gauge = HeapGauge {
            max: 10 << 20,
            live: || FRAMES_LIVE.load(Ordering::Relaxed),
            over: &FRAMES_OVER,
        };
        let limits = Limits::new(usize::MAX, None).with_heap(Some(gauge));
        let full = vec![0u64; 1 << 17];
        assert_eq!(
            growth(&full, 1),
            2 << 20,
            "the new block of a full 1 MB stack"
        );
        let mut roomy = Vec::<u64>::with_capacity(4);
        roomy.push(1);
        assert_eq!(growth(&roomy, 3), 0, "room left");
        FRAMES_LIVE.store(7 << 20, Ordering::Relaxed);
        assert_eq!(limits.check_depth(5, growth(&full, 1)), Ok(()));
        FRAMES_LIVE.store(9 << 20, Ordering::Relaxed);
        assert_eq!(
            limits.check_depth(5, growth(&full, 1)),
            Err(
                "stack overflow: recursion 5 frames deep reached the heap limit (10 MB, \
                 --max-heap)"
                    .to_string()
            )
        );
        assert_eq!(limits.check_depth(5, 0), Ok(()), "no growth, no check");
        assert_eq!(
            Limits::new(5, None).check_depth(5, 0),
            Err("stack overflow: recursion deeper than 5 frames".to_string())
        );
    }
}
