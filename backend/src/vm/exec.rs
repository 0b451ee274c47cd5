//! The VM's execution loop. All frames' registers live on one value stack; the frames are a
//! heap-allocated vector (object-language recursion never uses the Rust stack, and the depth
//! limit turns runaway recursion into an error); a tail call reuses its frame. Top-level
//! bindings are evaluated on first use. Runtime errors point at the innermost user-code location
//! of the dynamic context, exactly as the interpreter does.

use super::code::{
    index, Function, Op, Reg, MOVE, NO_TARGET, OPERAND_CAPTURE, OPERAND_KIND, OPERAND_REC,
};
use crate::compile::{Compiled, LamCode};
use crate::limits::{growth, Limits};
use crate::machine::{
    apply_prim, forget_in_progress, leave_frame, loop_message, prim_error, runtime_error, Env,
    Global,
};
use crate::native::Tier;
use crate::prims::int_div;
use crate::value::{fields_for, Captures, Closure, ConCell, RecGroup, Value};
use crate::world::World;
use dnrad_core::{Diagnostic, PrimOp, Span};
use smallvec::SmallVec;
use std::rc::Rc;

/// The most arguments a primitive takes (`primNumDotId`): a call of a primitive keeps its
/// arguments inline (`primitive_arities_fit_inline` checks every primitive).
const MAX_PRIM_ARITY: usize = 8;

/// Where a returning frame's value goes.
#[derive(Clone, Copy)]
enum Return {
    /// Into this register of the caller's frame.
    Reg(u32),
    /// Into this register, which the caller only scrutinises (see `Op::Call`).
    Scrut(u32),
    /// Into top-level binding `g`, then into the caller's register.
    Global(u32, u32),
    /// Into the open field of the constructor the frame builds in place (the top of
    /// `Vm::holes`), after which the constructor's first cell goes where the hole's `ret` says.
    Hole,
    /// The run is over.
    Exit,
}

impl Return {
    fn to(dst: u32, scrut: bool) -> Return {
        if scrut {
            Return::Scrut(dst)
        } else {
            Return::Reg(dst)
        }
    }
}

/// A constructor a frame builds in place by tail calls modulo cons (`Op::TailCallCon`): the
/// first cell, the field still open in the last one, where the first cell goes when the frame
/// returns, and the user locations of the calls, so that the frame's return moves the
/// location as the returns of the frames it stands for would have (see `Vm::pop_frame`): at the
/// first call, at the last one, and at the first call whose location differed from the one
/// before.
struct Hole {
    head: Value,
    /// A field of the last cell, which only `head`'s chain of cells owns: no other reference
    /// to those cells exists until the frame returns, so the field is written through this
    /// pointer, once.
    open: *mut Value,
    ret: Return,
    first: Span,
    last: Span,
    changed: Option<Span>,
}

/// The native tier in a run: off, counting direct calls before compiling (with the code of
/// an earlier window, if any), or compiled for good.
enum Native {
    Off,
    Waiting(Box<Warming>, Option<Box<Tier>>),
    Ready(Box<Tier>),
}

/// The direct calls left before the tier compiles (or, with a late hot function waiting,
/// before the clock is read again), how many calls each function had so far, how many make a
/// function hot (compiled), (once compiled) the functions the tier can compile, whether a late
/// hot function waits, when the run started and how long its compiles took.
struct Warming {
    left: u32,
    calls: Vec<u32>,
    hot: u32,
    candidates: Option<crate::native::Candidates>,
    pending: bool,
    started: std::time::Instant,
    compiling: std::time::Duration,
}

struct Frame {
    func: u32,
    pc: usize,
    base: usize,
    env: Env,
    ret: Return,
    saved_loc: Span,
}

pub struct Vm<'p, 'o, 'w> {
    funcs: &'p [Function],
    lams: &'p [LamCode],
    /// Index of the first top-level binding's function.
    first_global: usize,
    names: Vec<&'p str>,
    globals: Vec<Global>,
    stack: Vec<Value>,
    frames: Vec<Frame>,
    user_loc: Span,
    /// The user location the last frame that moved it returned with (see `prim_error`).
    returned_loc: Span,
    limits: Limits,
    world: &'o mut World<'w>,
    pub bp_calls: u64,
    /// The arguments of a `TailCallDirect` on their way to the frame's first registers (kept
    /// to reuse its allocation).
    moved: Vec<Value>,
    /// The native code of the scalar functions, which direct calls run when they can.
    native: Native,
    /// The constructors frames build in place, innermost last (a frame's is there while its
    /// `ret` is `Return::Hole`).
    holes: Vec<Hole>,
    compiled: &'p Compiled,
}

impl<'p, 'o, 'w> Vm<'p, 'o, 'w> {
    /// A VM running `funcs`, the code of `compiled`, with the native tier `DNRAD_NATIVE` asks
    /// for (`native::warm_calls`).
    pub fn new(
        compiled: &'p Compiled,
        funcs: &'p [Function],
        world: &'o mut World<'w>,
        limits: Limits,
    ) -> Vm<'p, 'o, 'w> {
        Vm {
            funcs,
            lams: &compiled.lams,
            first_global: compiled.lams.len(),
            names: compiled.globals.iter().map(|(n, _)| n.as_str()).collect(),
            globals: compiled
                .globals
                .iter()
                .map(|_| Global::Unevaluated)
                .collect(),
            stack: Vec::new(),
            frames: Vec::new(),
            user_loc: Span::dummy(),
            returned_loc: Span::dummy(),
            limits,
            world,
            bp_calls: 0,
            moved: Vec::new(),
            holes: Vec::new(),
            native: Self::native(crate::native::warm_calls(), funcs.len()),
            compiled,
        }
    }

    /// The native tier of a run: direct calls of scalar functions run native code (see
    /// `native`) compiled after `warm_calls` direct calls (`None`: never).
    fn native(warm_calls: Option<u32>, nfuncs: usize) -> Native {
        let Some(left) = warm_calls else {
            return Native::Off;
        };
        // Eager (no warm-up): every function at the first call, once.
        let hot = match left {
            0 => 0,
            _ => crate::native::HOT_CALLS,
        };
        let warming = Warming {
            left,
            calls: vec![0; nfuncs],
            hot,
            candidates: None,
            pending: false,
            started: std::time::Instant::now(),
            compiling: std::time::Duration::ZERO,
        };
        Native::Waiting(Box::new(warming), None)
    }

    fn error(&self, span: Span, msg: impl Into<String>) -> Diagnostic {
        runtime_error(span, self.user_loc, msg)
    }

    fn push_frame(&mut self, func: u32, env: Env, ret: Return) -> Result<(), Diagnostic> {
        let nregs = self.funcs[func as usize].nregs as usize;
        let growth = growth(&self.frames, 1) + growth(&self.stack, nregs);
        if let Err(msg) = self.limits.check_depth(self.frames.len(), growth) {
            return Err(self.error(Span::dummy(), msg));
        }
        let base = self.stack.len();
        self.stack.resize_with(base + nregs, Value::unit);
        self.frames.push(Frame {
            func,
            pc: 0,
            base,
            env,
            ret,
            saved_loc: self.user_loc,
        });
        Ok(())
    }

    /// A call: the running frame resumes at `pc` when `func` returns into `ret`; `func` starts
    /// with the values of the running frame's registers `args` (see `fetch`) in its first
    /// registers.
    fn enter(
        &mut self,
        pc: usize,
        func: u32,
        env: Env,
        ret: Return,
        args: impl IntoIterator<Item = Reg>,
    ) -> Result<(), Diagnostic> {
        let running = self.frames.last_mut().expect("a frame");
        running.pc = pc;
        let caller = running.base;
        self.push_frame(func, env, ret)?;
        let base = self.frames.last().expect("the new frame").base;
        for (j, r) in args.into_iter().enumerate() {
            let v = fetch(&mut self.stack, caller, r);
            self.stack[base + j] = v;
        }
        Ok(())
    }

    /// A tail call: the running frame at `base` becomes `func`'s, with `args` in its first
    /// registers.
    fn reenter(
        &mut self,
        base: usize,
        func: u32,
        env: Env,
        args: impl IntoIterator<Item = Value>,
    ) -> Result<(), Diagnostic> {
        if let Err(msg) = self.limits.tick() {
            return Err(self.error(Span::dummy(), msg));
        }
        let mut n = 0;
        for (j, v) in args.into_iter().enumerate() {
            self.stack[base + j] = v;
            n = j + 1;
        }
        self.reuse_frame(base, func, env, n);
        Ok(())
    }

    /// A tail call: the running frame at `base` becomes `callee`'s, whose `nargs` arguments are
    /// already in its first registers.
    fn reuse_frame(&mut self, base: usize, callee: u32, env: Env, nargs: usize) {
        let nregs = self.funcs[callee as usize].nregs as usize;
        // Free what the old registers hold (in place: a self tail call keeps its size).
        for v in &mut self.stack[base + nargs..] {
            *v = Value::unit();
        }
        self.stack.resize_with(base + nregs, Value::unit);
        let frame = self.frames.last_mut().expect("a frame");
        frame.func = callee;
        frame.env = env;
    }

    /// Pop the running frame, freeing its registers; the user location goes back to its
    /// caller's.
    fn leave(&mut self) -> Frame {
        let frame = self.pop_frame();
        self.stack.truncate(frame.base);
        frame
    }

    /// Pop the running frame (its registers stay); the user location goes back to its caller's
    /// (see `leave_frame`). A frame that built a constructor in place returns as the frames of
    /// the calls it stood for would have, the innermost first (each intermediate one restores
    /// the location of the call before it).
    fn pop_frame(&mut self) -> Frame {
        let frame = self.frames.pop().expect("a frame to return from");
        if let Return::Hole = frame.ret {
            let hole = self.holes.last().expect("the frame's hole");
            leave_frame(&mut self.user_loc, &mut self.returned_loc, hole.last);
            if let Some(changed) = hole.changed {
                self.returned_loc = changed;
            }
            self.user_loc = hole.first;
        }
        leave_frame(&mut self.user_loc, &mut self.returned_loc, frame.saved_loc);
        frame
    }

    /// `v`, the value of a frame that built a constructor in place, goes into its open field;
    /// the constructor's first cell and where it goes.
    fn fill_hole(&mut self, v: Value) -> (Value, Return) {
        let hole = self.holes.pop().expect("the frame's hole");
        // SAFETY: `open` is a field of a cell that only `hole.head`'s chain owns, alive while
        // `head` is, and nothing has read or written the cell since the pointer was taken.
        unsafe { *hole.open = v };
        (hole.head, hole.ret)
    }

    /// A tail call modulo cons from the frame at `base` (see `Op::TailCallCon`): the
    /// constructor `tag` of the registers `fields`, field `hole` left open, goes into the
    /// frame's open field, or starts the frame's constructor; its open field is the frame's now.
    fn open_con(&mut self, base: usize, tag: u32, fields: &[Reg], hole: usize) {
        // Pushing one by one, as `Value::con` does (collecting goes through `extend`).
        let mut values = fields_for(fields.len());
        for (j, &r) in fields.iter().enumerate() {
            values.push(match j == hole {
                true => Value::unit(),
                false => std::mem::take(&mut self.stack[base + index(r)]),
            });
        }
        let mut cell = Rc::new(ConCell {
            tag,
            fields: values,
        });
        let open: *mut Value = &mut Rc::get_mut(&mut cell).expect("a new cell").fields[hole];
        let cell = Value::Con(cell);
        let loc = self.user_loc;
        let frame = self.frames.last_mut().expect("a frame");
        match frame.ret {
            Return::Hole => {
                let hole = self.holes.last_mut().expect("the frame's hole");
                // SAFETY: as in `fill_hole`; the old cell's field is written once, then left.
                unsafe { *hole.open = cell };
                hole.open = open;
                if hole.changed.is_none() && loc != hole.last {
                    hole.changed = Some(loc);
                }
                hole.last = loc;
            }
            ret => {
                frame.ret = Return::Hole;
                self.holes.push(Hole {
                    head: cell,
                    open,
                    ret,
                    first: loc,
                    last: loc,
                    changed: None,
                });
            }
        }
    }

    /// A direct call of `func` on the registers `regs` of the frame at `base` run by native
    /// code (see `native`): its value and the callee's last user location, or `None` when the
    /// VM must make the call. A location a call nested in it returned with is applied.
    fn native_call(&mut self, func: u32, regs: &[u32], base: usize) -> Option<(Value, Span)> {
        if let Native::Waiting(warming, tier) = &mut self.native {
            let n = match warming.calls.get_mut(func as usize) {
                Some(n) => {
                    *n = n.saturating_add(1);
                    *n
                }
                None => 0,
            };
            // Before the first compile, a function this hot ends the warm-up at once; after
            // it, a function the tier can compile but has not, hot only now, compiles again
            // as soon as the run's compiles stay within their share of its time.
            let now = match &warming.candidates {
                None => n == crate::native::EARLY_CALLS || warming.left == 0,
                Some(candidates) => {
                    warming.pending |= n == warming.hot
                        && candidates.contains(func)
                        && !tier.as_ref().is_some_and(|t| t.compiled(func));
                    warming.pending && warming.left == 0 && {
                        let share = crate::native::COMPILE_SHARE;
                        let due = warming.started.elapsed() >= warming.compiling * share;
                        warming.left = crate::native::CLOCK_CALLS;
                        due
                    }
                }
            };
            if now {
                self.compile_hot();
            } else if warming.candidates.is_none() || warming.pending {
                warming.left = warming.left.saturating_sub(1);
            }
        }
        let (Native::Ready(tier) | Native::Waiting(_, Some(tier))) = &mut self.native else {
            return None;
        };
        let values = regs.iter().map(|&r| &self.stack[base + index(r)]);
        let done = tier.call(func, self.frames.len(), values, self.user_loc)?;
        if let Some(returned) = done.returned {
            self.returned_loc = returned;
        }
        self.bp_calls += done.bp_calls;
        Some((done.value, done.loc))
    }

    /// Compile the functions hot so far with those compiled before: at the warm-up's end, or
    /// when a function became hot late; then count on for late ones, or stop counting.
    fn compile_hot(&mut self) {
        let Native::Waiting(warming, tier) = std::mem::replace(&mut self.native, Native::Off)
        else {
            return;
        };
        let started = std::time::Instant::now();
        let candidates = warming
            .candidates
            .unwrap_or_else(|| crate::native::Candidates::new(self.compiled, self.funcs));
        let before = |f: u32| tier.as_ref().is_some_and(|t| t.compiled(f));
        let threshold = warming.hot;
        let hot = |f: u32| warming.calls[f as usize] >= threshold || before(f);
        let tier = crate::native::compile(&candidates, self.funcs, &hot)
            .map(|code| Box::new(Tier::new(code, &self.limits)))
            .or(tier);
        // Counting goes on while a candidate is left to compile (eager: every one is).
        let left_out = |t: &Tier| threshold > 0 && !candidates.all(|f| t.compiled(f));
        self.native = match tier {
            Some(tier) if !left_out(&tier) => Native::Ready(tier),
            None if threshold == 0 => Native::Off,
            tier => Native::Waiting(
                Box::new(Warming {
                    left: 0,
                    candidates: Some(candidates),
                    pending: false,
                    compiling: warming.compiling + started.elapsed(),
                    ..*warming
                }),
                tier,
            ),
        };
    }

    /// Run function `func` (the entry) to completion.
    pub fn run(&mut self, func: u32) -> Result<Value, Diagnostic> {
        self.push_frame(func, Env::None, Return::Exit)?;
        let r = self.execute();
        self.world.flush();
        r
    }

    /// Apply the function `f` to `arg` from outside any run (a host's call), to completion.
    /// After an error the VM is as before the call, so it can take the next one.
    pub fn apply(&mut self, f: &Value, arg: Value) -> Result<Value, Diagnostic> {
        let Some((lam, env)) = Env::of_function(f) else {
            return Err(self.error(Span::dummy(), "internal error: applied a non-function"));
        };
        let (frames, stack, holes) = (self.frames.len(), self.stack.len(), self.holes.len());
        self.push_frame(lam, env, Return::Exit)?;
        self.stack[stack] = arg;
        let result = self.execute();
        self.world.flush();
        if result.is_err() {
            self.frames.truncate(frames);
            self.stack.truncate(stack);
            self.holes.truncate(holes);
            forget_in_progress(&mut self.globals);
        }
        result
    }

    fn read(&self, frame: &Frame, operand: u32) -> Value {
        let i = (operand & !OPERAND_KIND) as usize;
        match operand & OPERAND_KIND {
            OPERAND_CAPTURE => frame.env.capture(i),
            OPERAND_REC => frame.env.member(i as u32),
            _ => self.stack[frame.base + i].clone(),
        }
    }

    /// Where the caller (the top frame) continues when its call into `dst` returns constructor
    /// `tag` with `n` fields: the arm of the `Switch` on `dst` (after jumps) and, when the arm
    /// unpacks all `n` fields, its slots' operand index. `None` when the constructor must be
    /// built (no such switch, or no arm for `tag`).
    fn arm_for(&self, dst: u32, tag: u32, n: usize) -> Option<(usize, Option<u32>)> {
        let caller = self.frames.last()?;
        let code = &self.funcs[caller.func as usize];
        let mut pc = caller.pc;
        while let Op::Jump { target } = code.ops[pc] {
            pc = target as usize;
        }
        let Op::Switch {
            scrut,
            table,
            ntags,
            default,
            ..
        } = code.ops[pc]
        else {
            return None;
        };
        if scrut != dst {
            return None;
        }
        let target = match tag < ntags {
            true => code.operands[(table + tag) as usize],
            false => NO_TARGET,
        };
        let target = if target == NO_TARGET { default } else { target };
        if target == NO_TARGET {
            return None;
        }
        match code.ops[target as usize] {
            Op::Unpack {
                src, slots, n: m, ..
            } if src == dst && m as usize == n => Some((target as usize + 1, Some(slots))),
            Op::Unpack { .. } => None,
            _ => Some((target as usize, None)),
        }
    }

    /// The Int, Double and Char operations of two arguments that need no allocation, array
    /// reads, and the array mode's `+`, `-` and `*` of dual numbers (the general path reports
    /// their errors).
    fn fast2(op: PrimOp, a: &Value, b: &Value) -> Option<Value> {
        use PrimOp::*;
        Some(match (op, a, b) {
            (IntAdd, Value::Int(a), Value::Int(b)) => Value::Int(a.wrapping_add(*b)),
            (IntSub, Value::Int(a), Value::Int(b)) => Value::Int(a.wrapping_sub(*b)),
            (IntMul, Value::Int(a), Value::Int(b)) => Value::Int(a.wrapping_mul(*b)),
            (IntEq, Value::Int(a), Value::Int(b)) => Value::bool(a == b),
            (IntNe, Value::Int(a), Value::Int(b)) => Value::bool(a != b),
            (IntLt, Value::Int(a), Value::Int(b)) => Value::bool(a < b),
            (IntLe, Value::Int(a), Value::Int(b)) => Value::bool(a <= b),
            (IntGt, Value::Int(a), Value::Int(b)) => Value::bool(a > b),
            (IntGe, Value::Int(a), Value::Int(b)) => Value::bool(a >= b),
            (DoubleAdd, Value::Double(a), Value::Double(b)) => Value::Double(a + b),
            (DoubleSub, Value::Double(a), Value::Double(b)) => Value::Double(a - b),
            (DoubleMul, Value::Double(a), Value::Double(b)) => Value::Double(a * b),
            (DoubleDiv, Value::Double(a), Value::Double(b)) => Value::Double(a / b),
            (DoubleLt, Value::Double(a), Value::Double(b)) => Value::bool(a < b),
            (DoubleLe, Value::Double(a), Value::Double(b)) => Value::bool(a <= b),
            (DoubleGt, Value::Double(a), Value::Double(b)) => Value::bool(a > b),
            (DoubleGe, Value::Double(a), Value::Double(b)) => Value::bool(a >= b),
            (CharEq, Value::Char(a), Value::Char(b)) => Value::bool(a == b),
            (CharNe, Value::Char(a), Value::Char(b)) => Value::bool(a != b),
            (CharLt, Value::Char(a), Value::Char(b)) => Value::bool(a < b),
            (CharLe, Value::Char(a), Value::Char(b)) => Value::bool(a <= b),
            (CharGt, Value::Char(a), Value::Char(b)) => Value::bool(a > b),
            (CharGe, Value::Char(a), Value::Char(b)) => Value::bool(a >= b),
            (IntQuot | IntRem | IntDiv | IntMod, Value::Int(a), Value::Int(b)) => {
                return int_div(op, *a, *b).ok()
            }
            (DualMake, Value::Double(x), deriv) => Value::dual(*x, deriv.clone()),
            // A read in bounds of a defined element (anything else: the general path's error).
            (ArrIndex, Value::Array(a), Value::Int(i)) => {
                let v = a.get(usize::try_from(*i).ok()?)?;
                if v.is_hole() {
                    return None;
                }
                v
            }
            (ArrIndex, Value::InputArray(a), Value::Int(i)) => {
                a.element(usize::try_from(*i).ok().filter(|&i| i < a.len())?)
            }
            (ArrayAdd | ArraySub | ArrayMul, a, b) => {
                return crate::ad_prims::array_arith(op, a, b).ok()
            }
            _ => return None,
        })
    }

    /// The operations of one argument that need no allocation.
    fn fast1(op: PrimOp, a: &Value) -> Option<Value> {
        use PrimOp::*;
        Some(match (op, a) {
            (DoubleNegate, Value::Double(a)) => Value::Double(-a),
            (IntToDouble, Value::Int(a)) => Value::Double(*a as f64),
            (CharOrd, Value::Char(c)) => Value::Int(*c as i64),
            (DualPrimal, a) => Value::Double(a.dual_primal()?),
            (ArrayConst, Value::Double(x)) => Value::array_leaf(*x, 0),
            (DualDeriv, Value::Dual(d)) => d.deriv.clone(),
            _ => return None,
        })
    }

    /// Primitive `op` on `args` (the general path), or the runtime error at `span`.
    fn prim_at(&mut self, op: PrimOp, args: &mut [Value], span: Span) -> Result<Value, Diagnostic> {
        apply_prim(
            op,
            args,
            self.lams,
            &mut self.bp_calls,
            self.world,
            &self.limits,
        )
        .map_err(|msg| self.prim_error(op, span, msg))
    }

    /// Primitive `op`'s runtime error at `span` (after the output so far).
    fn prim_error(&mut self, op: PrimOp, span: Span, msg: String) -> Diagnostic {
        self.world.flush();
        prim_error(op, span, self.user_loc, self.returned_loc, msg)
    }

    fn execute(&mut self) -> Result<Value, Diagnostic> {
        let funcs = self.funcs;
        // The running frame's state, kept in locals and written back to the frame only when
        // another frame takes over.
        let top = self.frames.last().expect("a frame");
        let (mut func, mut pc, mut base) = (top.func, top.pc, top.base);
        let mut code = &funcs[func as usize];
        macro_rules! resume {
            () => {{
                let f = self.frames.last().expect("a frame");
                (func, pc, base) = (f.func, f.pc, f.base);
                code = &funcs[func as usize];
            }};
        }
        // Give `$v` to the frame that `$frame` (popped, its registers freed) returns to.
        macro_rules! deliver {
            ($frame:expr, $v:expr) => {{
                let (v, ret) = match $frame.ret {
                    Return::Hole => self.fill_hole($v),
                    ret => ($v, ret),
                };
                let dst = match ret {
                    Return::Hole => unreachable!("a hole's frame returns elsewhere"),
                    Return::Exit => return Ok(v),
                    Return::Reg(dst) | Return::Scrut(dst) => dst,
                    Return::Global(g, dst) => {
                        self.globals[g as usize] = Global::Done(v.clone());
                        dst
                    }
                };
                resume!();
                self.stack[base + dst as usize] = v;
            }};
        }
        // Return constructor `$tag` with `$n` fields, field `$j` being `$field` (see `RetCon`).
        macro_rules! ret_con {
            ($tag:expr, $n:expr, |$j:ident| $field:expr) => {{
                let (tag, n) = ($tag, $n);
                let frame = self.pop_frame();
                let arm = match frame.ret {
                    Return::Scrut(dst) => self.arm_for(dst, tag, n),
                    _ => None,
                };
                if let Some((caller_pc, slots)) = arm {
                    // The caller only matches on the constructor: its fields go straight into
                    // the arm's slots, the constructor is never built.
                    let caller = self.frames.last_mut().expect("a caller");
                    caller.pc = caller_pc;
                    let (caller_base, caller_func) = (caller.base, caller.func);
                    if let Some(slots) = slots {
                        let operands = &funcs[caller_func as usize].operands;
                        for $j in 0..n {
                            let v = $field;
                            let slot = operands[slots as usize + $j] as usize;
                            self.stack[caller_base + slot] = v;
                        }
                    }
                    self.stack.truncate(frame.base);
                    resume!();
                    continue;
                }
                let v = Value::con(tag, (0..n).map(|$j| $field));
                self.stack.truncate(frame.base);
                deliver!(frame, v)
            }};
        }
        loop {
            let op = &code.ops[pc];
            pc += 1;
            // (Operands that may carry `MOVE` are read through `fetch`.)
            let reg = |r: u32| base + r as usize;
            match op {
                Op::Loc(span) => self.user_loc = *span,
                Op::Move { dst, src } => self.stack[reg(*dst)] = self.stack[reg(*src)].clone(),
                Op::Capture { dst, index } => {
                    let v = self.read(
                        self.frames.last().expect("a frame"),
                        OPERAND_CAPTURE | index,
                    );
                    self.stack[reg(*dst)] = v;
                }
                Op::RecMember { dst, index } => {
                    let v = self.read(self.frames.last().expect("a frame"), OPERAND_REC | index);
                    self.stack[reg(*dst)] = v;
                }
                Op::Const { dst, index } => {
                    self.stack[reg(*dst)] = code.consts[*index as usize].clone()
                }
                Op::Str { dst, index } => {
                    self.stack[reg(*dst)] = Value::string(&code.strings[*index as usize])
                }
                Op::Global { dst, global } => match &self.globals[*global as usize] {
                    Global::Done(v) => self.stack[reg(*dst)] = v.clone(),
                    Global::InProgress => {
                        let name = self.names[*global as usize];
                        return Err(self.error(Span::dummy(), loop_message(name)));
                    }
                    Global::Unevaluated => {
                        self.globals[*global as usize] = Global::InProgress;
                        let f = (self.first_global + *global as usize) as u32;
                        self.frames.last_mut().expect("a frame").pc = pc;
                        self.push_frame(f, Env::None, Return::Global(*global, *dst))?;
                        resume!();
                    }
                },
                Op::Closure { dst, lam, start, n } => {
                    let frame = self.frames.last().expect("a frame");
                    let mut captures = Captures::new();
                    for &o in code.list(*start, *n as usize) {
                        captures.push(self.read(frame, o));
                    }
                    self.stack[reg(*dst)] = Value::Closure(Rc::new(Closure {
                        lam: *lam,
                        captures,
                    }));
                }
                Op::LetRec {
                    lams,
                    n,
                    caps,
                    ncaps,
                    slots,
                } => {
                    let frame = self.frames.last().expect("a frame");
                    let captures = code.operands[*caps as usize..(*caps + *ncaps) as usize]
                        .iter()
                        .map(|o| self.read(frame, *o))
                        .collect();
                    let group = Rc::new(RecGroup {
                        lams: code.operands[*lams as usize..(*lams + *n) as usize].into(),
                        captures,
                    });
                    for j in 0..*n {
                        let slot = code.operands[(*slots + j) as usize];
                        self.stack[reg(slot)] = Value::Rec(group.clone(), j);
                    }
                }
                Op::Con { dst, tag, args, n } => {
                    let regs = code.list(*args, *n as usize);
                    let fields = regs.iter().map(|&r| fetch(&mut self.stack, base, r));
                    let v = Value::con(*tag, fields);
                    self.stack[reg(*dst)] = v;
                }
                Op::Prim1 { dst, op, a, span } => {
                    let a = &self.stack[reg(*a)];
                    let v = match Self::fast1(*op, a) {
                        Some(v) => v,
                        None => {
                            let mut args = [a.clone()];
                            self.prim_at(*op, &mut args, *span)?
                        }
                    };
                    self.stack[reg(*dst)] = v;
                }
                Op::Prim2 {
                    dst,
                    op,
                    a,
                    b,
                    span,
                } => {
                    let (a, b) = (&self.stack[reg(*a)], &self.stack[reg(*b)]);
                    let v = match Self::fast2(*op, a, b) {
                        Some(v) => v,
                        None => {
                            let mut args = [a.clone(), b.clone()];
                            self.prim_at(*op, &mut args, *span)?
                        }
                    };
                    self.stack[reg(*dst)] = v;
                }
                Op::Prim {
                    dst,
                    op,
                    args,
                    span,
                } => {
                    let mut values: SmallVec<[Value; MAX_PRIM_ARITY]> = SmallVec::new();
                    for &r in code.list(*args, op.arity()) {
                        values.push(fetch(&mut self.stack, base, r));
                    }
                    let v = self.prim_at(*op, &mut values, *span)?;
                    self.stack[reg(*dst)] = v;
                }
                Op::RetPrim { op, args, span } => {
                    let mut values: SmallVec<[Value; MAX_PRIM_ARITY]> = SmallVec::new();
                    for &r in code.list(*args, op.arity()) {
                        values.push(std::mem::take(&mut self.stack[reg(r)]));
                    }
                    // The frame's registers are freed now; the frame ends when the primitive
                    // has run (its errors are reported from inside it).
                    self.stack.truncate(base);
                    let v = self.prim_at(*op, &mut values, *span)?;
                    let frame = self.pop_frame();
                    deliver!(frame, v)
                }
                Op::Call {
                    dst,
                    f,
                    arg,
                    scrut,
                    span,
                } => {
                    let Some((lam, env)) = Env::of_function(&self.stack[reg(*f)]) else {
                        return Err(self.error(*span, "internal error: applied a non-function"));
                    };
                    self.enter(pc, lam, env, Return::to(*dst, *scrut), [*arg])?;
                    resume!();
                }
                Op::Call2 {
                    dst,
                    f,
                    a,
                    b,
                    scrut,
                    span,
                } => {
                    let Some((lam, env)) = Env::of_function(&self.stack[reg(*f)]) else {
                        return Err(self.error(*span, "internal error: applied a non-function"));
                    };
                    // Without a two-argument entry, the plain calls that follow run.
                    let Some(entry) = funcs[lam as usize].curried else {
                        continue;
                    };
                    let (ret, args) = (Return::to(*dst, *scrut), [*a, *b]);
                    self.enter(pc + 2, entry, env, ret, args)?;
                    resume!();
                }
                Op::TailCall2 { f, a, b, span } => {
                    let Some((lam, env)) = Env::of_function(&self.stack[reg(*f)]) else {
                        return Err(self.error(*span, "internal error: applied a non-function"));
                    };
                    let Some(entry) = funcs[lam as usize].curried else {
                        continue;
                    };
                    let args = [*a, *b].map(|r| self.stack[reg(r)].clone());
                    self.reenter(base, entry, env, args)?;
                    (func, pc) = (entry, 0);
                    code = &funcs[func as usize];
                }
                Op::CallDirect {
                    dst,
                    func: callee,
                    args,
                    n,
                    scrut,
                } => {
                    let (ret, regs) = (Return::to(*dst, *scrut), code.list(*args, *n as usize));
                    if let Some((v, mut loc)) = self.native_call(*callee, regs, base) {
                        // As the callee's frame would have returned.
                        leave_frame(&mut loc, &mut self.returned_loc, self.user_loc);
                        self.stack[reg(*dst)] = v;
                        continue;
                    }
                    self.enter(pc, *callee, Env::None, ret, regs.iter().copied())?;
                    resume!();
                }
                Op::TailCallDirect {
                    func: callee,
                    args,
                    n,
                } => {
                    // Through a buffer: an argument may sit in a register the call overwrites.
                    let regs = code.list(*args, *n as usize);
                    if let Some((v, loc)) = self.native_call(*callee, regs, base) {
                        // As the callee, running in this frame, would have returned.
                        self.user_loc = loc;
                        let frame = self.leave();
                        deliver!(frame, v);
                        continue;
                    }
                    let mut moved = std::mem::take(&mut self.moved);
                    moved.extend(
                        regs.iter()
                            .map(|&r| std::mem::take(&mut self.stack[base + index(r)])),
                    );
                    self.reenter(base, *callee, Env::None, moved.drain(..))?;
                    self.moved = moved;
                    (func, pc) = (*callee, 0);
                    code = &funcs[func as usize];
                }
                Op::TailCallCon {
                    func: callee,
                    args,
                    n,
                    into,
                } => {
                    let regs = code.list(*args, *n as usize);
                    let fields = code.list(into.fields, into.nfields as usize);
                    if let Some((v, loc)) = self.native_call(*callee, regs, base) {
                        // The rest by native code (a loop building a list that became hot
                        // while it ran): the constructor, its open field the value, returned
                        // as the callee, running in this frame, would have made it.
                        self.open_con(base, into.tag, fields, into.hole as usize);
                        self.user_loc = loc;
                        let frame = self.leave();
                        deliver!(frame, v);
                        continue;
                    }
                    // The arguments first: a field may be an argument too (then not moved).
                    let mut moved = std::mem::take(&mut self.moved);
                    for &r in regs {
                        moved.push(fetch(&mut self.stack, base, r));
                    }
                    self.open_con(base, into.tag, fields, into.hole as usize);
                    self.reenter(base, *callee, Env::None, moved.drain(..))?;
                    self.moved = moved;
                    (func, pc) = (*callee, 0);
                    code = &funcs[func as usize];
                }
                Op::TailCall { f, arg, span } => {
                    let Some((lam, env)) = Env::of_function(&self.stack[reg(*f)]) else {
                        return Err(self.error(*span, "internal error: applied a non-function"));
                    };
                    let a = self.stack[reg(*arg)].clone();
                    self.reenter(base, lam, env, [a])?;
                    (func, pc) = (lam, 0);
                    code = &funcs[func as usize];
                }
                Op::Ret { src } => {
                    let v = std::mem::take(&mut self.stack[reg(*src)]);
                    let frame = self.leave();
                    deliver!(frame, v)
                }
                Op::RetCon { tag, args, n } => {
                    let regs = code.list(*args, *n as usize);
                    ret_con!(*tag, regs.len(), |j| std::mem::take(
                        &mut self.stack[base + regs[j] as usize]
                    ))
                }
                Op::Switch {
                    scrut,
                    table,
                    ntags,
                    default,
                    span,
                } => {
                    let Some(tag) = self.stack[reg(*scrut)].tag() else {
                        return Err(self.error(*span, "internal error: case on a non-constructor"));
                    };
                    let target = if tag < *ntags {
                        code.operands[(*table + tag) as usize]
                    } else {
                        NO_TARGET
                    };
                    let target = if target == NO_TARGET {
                        *default
                    } else {
                        target
                    };
                    if target == NO_TARGET {
                        return Err(
                            self.error(*span, "internal error: no case alternative matches")
                        );
                    }
                    pc = target as usize;
                }
                Op::Unpack { src, slots, n, .. } => {
                    // A cell read for the last time and not shared gives up its fields.
                    if let Value::Con(mut cell) = fetch(&mut self.stack, base, *src) {
                        let slots = code.list(*slots, *n as usize);
                        match Rc::get_mut(&mut cell) {
                            Some(owned) => {
                                for (&slot, field) in slots.iter().zip(&mut owned.fields) {
                                    self.stack[reg(slot)] = std::mem::take(field);
                                }
                            }
                            None => {
                                for (&slot, field) in slots.iter().zip(&cell.fields) {
                                    self.stack[reg(slot)] = field.clone();
                                }
                            }
                        }
                    }
                }
                Op::Jump { target } => pc = *target as usize,
            }
        }
    }
}

/// The value of the register operand `r` of the frame at `base`: moved out at its last use
/// (`MOVE`, see `last_use`), else a copy.
fn fetch(stack: &mut [Value], base: usize, r: Reg) -> Value {
    let slot = &mut stack[base + index(r)];
    if r & MOVE != 0 {
        std::mem::take(slot)
    } else {
        slot.clone()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn primitive_arities_fit_inline() {
        for &p in dnrad_core::PrimOp::ALL {
            assert!(p.arity() <= super::MAX_PRIM_ARITY, "{}", p.name());
        }
    }
}
