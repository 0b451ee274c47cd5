//! How the VM calls native code: the compiled entries (`NativeCode`), and a run's `Tier`,
//! which unboxes a direct call's arguments, enters the native function through its wrapper
//! and boxes the result, or answers `None` so the VM runs the call in bytecode (an argument of
//! another variant, a bail, a depth the VM's own limit could reach). It must not report errors
//! or change the VM's state: the VM applies what a call returns.

use super::boxing::{taken, unbox};
use super::codegen::{Locs, BAIL_LIMIT, BAIL_STACK};
use super::gradient;
use super::runtime::{
    set_poll_state, stack_address, Ctx, PollState, ENTRY_LOC, MIN_FRAME, NATIVE_STACK, NO_LOC,
    POLL_INTERVAL,
};
use super::types::{Shape, Typed, MAX_WIDTH};
use super::MAX_PARAMS;
use crate::limits::Limits;
use crate::value::Value;
use cranelift_jit::JITModule;
use cranelift_module::FuncId;
use dnrad_core::Span;
use std::collections::HashMap;

/// An entry wrapper: the context, the arguments' scalars' bits, where the result's go, and
/// room for the values the result owns (its `Ref`s point there).
type EntryFn = extern "C" fn(*mut Ctx, *const u64, *mut u64, *mut Value);

/// The most native calls one entry can nest (each takes at least `MIN_FRAME` of the stack):
/// the VM lets native code run only where that many more frames stay within `--max-depth`.
const NATIVE_DEPTH: usize = NATIVE_STACK / MIN_FRAME;

struct Entry {
    code: EntryFn,
    params: Box<[Shape]>,
    result: Shape,
    /// After a bail for the stack, how many of the next calls stay on the VM, and how many
    /// the next such bail makes stay (doubling): a recursion too deep for native code that
    /// the VM enters again and again at one depth (its tail calls reuse the frame) is not
    /// tried natively each time.
    skip: std::cell::Cell<(u32, u32)>,
}

/// The most calls a function's bails for the stack make stay on the VM in a row.
const MAX_SKIP: u32 = 1 << 16;

/// The native code of a program's scalar functions.
pub(crate) struct NativeCode {
    /// Owns the machine code (freed on drop).
    module: Option<JITModule>,
    /// By VM function index.
    entries: Vec<Option<Entry>>,
    /// The user locations native code records (by number), and what else it points to.
    locs: Locs,
    /// Whether some of it runs a gradient (`gradient`), whose state a bail puts back.
    differentiates: bool,
}

impl NativeCode {
    pub(super) fn new(
        module: JITModule,
        nfuncs: usize,
        wrappers: &[(u32, FuncId)],
        typed: &HashMap<u32, Typed>,
        locs: Locs,
        differentiates: bool,
    ) -> NativeCode {
        let mut entries: Vec<Option<Entry>> = (0..nfuncs).map(|_| None).collect();
        for &(i, id) in wrappers {
            let ptr = module.get_finalized_function(id);
            // SAFETY: `id` is a finalized wrapper defined with `codegen::wrapper_signature`,
            // the platform C convention's `fn(*mut Ctx, *const u64, *mut u64, *mut Value)`; the pointer
            // stays valid while `module` lives, which is as long as `entries`.
            let code = unsafe { std::mem::transmute::<*const u8, EntryFn>(ptr) };
            let sig = &typed[&i].sig;
            entries[i as usize] = Some(Entry {
                code,
                params: sig.params.clone().into(),
                result: sig.result.clone(),
                skip: std::cell::Cell::new((0, 1)),
            });
        }
        NativeCode {
            module: Some(module),
            entries,
            locs,
            differentiates,
        }
    }
}

impl Drop for NativeCode {
    fn drop(&mut self) {
        self.entries.clear();
        if let Some(module) = self.module.take() {
            // SAFETY: no pointer into the code outlives this: `entries` is gone, and a call
            // borrows the `NativeCode`, so none is running.
            unsafe { module.free_memory() }
        }
    }
}

/// What a native call gives the VM: its value and the user locations it leaves, as the VM's
/// frame would have (see `machine::leave_frame`).
pub(crate) struct Called {
    pub value: Value,
    /// The callee's user location when it returned.
    pub loc: Span,
    /// The location a call nested in it returned with, if any moved it.
    pub returned: Option<Span>,
    /// The backpropagator calls of the reverse passes it ran.
    pub bp_calls: u64,
}

/// The native tier in one VM run.
pub(crate) struct Tier {
    code: NativeCode,
    state: State,
}

/// What a run's native calls carry from one to the next.
struct State {
    /// Carried from entry to entry, so that short calls poll too.
    fuel: i64,
    /// A poll found the run past a limit: native code runs no more.
    stopped: bool,
    poll: PollState,
    max_depth: usize,
}

impl Tier {
    pub(crate) fn new(code: NativeCode, limits: &Limits) -> Tier {
        let (deadline, flags) = limits.poll_state();
        Tier {
            code,
            state: State {
                fuel: POLL_INTERVAL,
                stopped: false,
                poll: PollState { deadline, flags },
                max_depth: limits.max_depth,
            },
        }
    }

    /// Whether VM function `func` has native code here.
    pub(crate) fn compiled(&self, func: u32) -> bool {
        matches!(self.code.entries.get(func as usize), Some(Some(_)))
    }

    /// Run VM function `func` on `args` natively, called at VM depth `depth` where the user
    /// location is `user_loc`; `None` when the VM must run the call.
    #[inline]
    pub(crate) fn call<'v>(
        &mut self,
        func: u32,
        depth: usize,
        args: impl Iterator<Item = &'v Value>,
        user_loc: Span,
    ) -> Option<Called> {
        // Most direct calls are of functions the tier did not compile: answered here, inline.
        let entry = self.code.entries.get(func as usize)?.as_ref()?;
        let code = &self.code;
        self.state.enter(entry, code, depth, args, user_loc)
    }
}

impl State {
    /// Run `entry` of `code` on `args` (see `Tier::call`).
    fn enter<'v>(
        &mut self,
        entry: &Entry,
        code: &NativeCode,
        depth: usize,
        args: impl Iterator<Item = &'v Value>,
        user_loc: Span,
    ) -> Option<Called> {
        if self.stopped || depth.saturating_add(NATIVE_DEPTH) >= self.max_depth {
            return None;
        }
        let (left, backoff) = entry.skip.get();
        if left > 0 {
            entry.skip.set((left - 1, backoff));
            return None;
        }
        let mut bits = [0u64; MAX_PARAMS];
        let mut slots = bits.iter_mut();
        for (t, v) in entry.params.iter().zip(args) {
            unbox(t, v, &mut slots)?;
        }
        set_poll_state(self.poll);
        let mut ctx = Ctx {
            fuel: self.fuel,
            stack_floor: stack_address().saturating_sub(NATIVE_STACK) as u64,
            bail: 0,
            loc: ENTRY_LOC,
            returned: NO_LOC,
        };
        let mark = code.differentiates.then(gradient::Mark::new);
        let mut result = [0u64; MAX_WIDTH];
        let mut owned = [const { std::mem::MaybeUninit::<Value>::uninit() }; MAX_WIDTH];
        (entry.code)(
            &mut ctx,
            bits.as_ptr(),
            result.as_mut_ptr(),
            owned.as_mut_ptr().cast(),
        );
        self.fuel = ctx.fuel;
        // A bail leaves the run's state as the call found it (the VM runs the call again).
        let bp_calls = match mark {
            Some(mark) if ctx.bail != 0 => {
                mark.restore();
                0
            }
            Some(_) => gradient::take_bp_calls(),
            None => 0,
        };
        match i64::from(ctx.bail) {
            0 => {}
            BAIL_STACK => {
                entry.skip.set((backoff, (backoff * 2).min(MAX_SKIP)));
                return None;
            }
            BAIL_LIMIT => {
                // Past a limit the run ends on the VM: a native call would only bail again
                // and throw its work away (a heap limit's flag may fall as the bail frees
                // what native code built, and a retry build it again).
                self.stopped = true;
                return None;
            }
            _ => {
                // An error: the VM's rerun reports it (its calls poll at once).
                self.fuel = 0;
                return None;
            }
        }
        Some(Called {
            // SAFETY: the result's `Ref`s are the addresses of the values native code wrote
            // into `owned` for this caller, one each (on a bail it writes none).
            value: unsafe { taken(&entry.result, &mut result.into_iter()) },
            loc: match ctx.loc {
                ENTRY_LOC => user_loc,
                n => code.locs.spans[n as usize],
            },
            returned: (ctx.returned != NO_LOC).then(|| code.locs.spans[ctx.returned as usize]),
            bp_calls,
        })
    }
}
