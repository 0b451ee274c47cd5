//! Cranelift code for the scalar functions (see `types`): each register of each type is a
//! Cranelift variable holding the unboxed value; a self tail call is a loop, calls between
//! scalar functions native calls (tail calls `return_call`). A register that may own a value
//! (`owned`: a callee's list or tree, a cell's field cloned out of one) also has slots in the
//! frame holding the values its addresses point to: `()` at the entry, dropped when it is
//! written again and on every way out (return, tail call, bail); a result's values go to the
//! caller's room (the body's second parameter), cells built for the caller by a runtime
//! call. Every entry and loop iteration
//! counts down the fuel and polls the limits when it runs out; every entry checks the machine
//! stack against `Ctx::stack_floor`; a division by zero, a missing `case` arm, a poll that
//! answers "stop" or a stack past the floor bail (see `runtime`). Each function also gets an
//! entry wrapper of one signature for Rust to call. It must not emit anything that can trap or
//! fail: every failure is a bail.

use super::boxing;
use super::owned::{self, has_refs, ref_leaves, refs};
use super::runtime::{
    self, OFFSET_BAIL, OFFSET_FUEL, OFFSET_LOC, OFFSET_RETURNED, OFFSET_STACK_FLOOR, POLL_INTERVAL,
};
use super::types::{self, Scalar, Shape, Slot, Typed, MAX_WIDTH};
use super::{dual, gradient, integer};
use crate::value::Value as RtValue;
use crate::vm::code::{index, Consing, Function, Op, Reg, MOVE};
use crate::vm::liveness;
use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{
    self, types as ct, AbiParam, Block, FuncRef, InstBuilder, MemFlags, SigRef, StackSlot,
    StackSlotData, StackSlotKind, Value,
};
use cranelift_codegen::isa::CallConv;
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext, Variable};
use cranelift_jit::JITModule;
use cranelift_module::{FuncId, Module};
use dnrad_core::{PrimOp, Span};
use std::collections::HashMap;
use std::rc::Rc;

/// Bail status: an error, a missing arm or a limit (the VM reruns the call and reports it).
pub(crate) const BAIL_ERROR: i64 = 1;
/// Bail status: the machine stack reached its floor (the VM runs the recursion itself).
pub(crate) const BAIL_STACK: i64 = 2;
/// Bail status: a poll found the run past a limit (the VM reports it; native code stops).
pub(crate) const BAIL_LIMIT: i64 = 3;

/// What the code refers to by number or address: the user locations it records, numbered
/// (the same span has one number), the shapes of list elements its runtime calls take apart
/// and the nullary constructors a constant tag points to where it is read in place (`[]`,
/// `Nothing`, `LT`: owned here, so their addresses stay valid while the code lives).
#[derive(Default)]
pub(crate) struct Locs {
    pub spans: Vec<Span>,
    numbers: HashMap<Span, u32>,
    pub shapes: Vec<Rc<Shape>>,
    /// Where a gradient wrapper's argument has its inputs, for its runtime calls.
    pub inputs: Vec<Rc<gradient::Inputs>>,
    /// The constructors' shapes a `data_read` takes cells apart with, by tag.
    pub tables: Vec<Rc<[Option<Shape>]>>,
    /// `Value::Tag(t)` at index `t`, as far as the code needs; boxed, as the code holds their
    /// addresses while the vector grows.
    #[allow(clippy::vec_box)]
    tags: Vec<Box<RtValue>>,
}

impl Locs {
    /// The address of a `Value::Tag(t)` that lives as long as the code.
    fn tag(&mut self, t: u32) -> *const RtValue {
        while self.tags.len() <= t as usize {
            self.tags
                .push(Box::new(RtValue::Tag(self.tags.len() as u32)));
        }
        &*self.tags[t as usize]
    }

    fn number(&mut self, span: Span) -> u32 {
        *self.numbers.entry(span).or_insert_with(|| {
            self.spans.push(span);
            (self.spans.len() - 1) as u32
        })
    }
}

fn clif(s: Scalar) -> ir::Type {
    match s {
        Scalar::Int | Scalar::Char | Scalar::Ref => ct::I64,
        Scalar::Double => ct::F64,
        Scalar::Bool => ct::I8,
    }
}

/// Scalar `t` from its bits (an `I64`).
fn from_bits(b: &mut FunctionBuilder, t: Scalar, bits: Value) -> Value {
    match t {
        Scalar::Int | Scalar::Char | Scalar::Ref => bits,
        Scalar::Double => b.ins().bitcast(ct::F64, MemFlags::new(), bits),
        Scalar::Bool => b.ins().ireduce(ct::I8, bits),
    }
}

/// The size of a `Value`: an owned slot.
const VALUE: i32 = std::mem::size_of::<RtValue>() as i32;

/// The signature of a scalar function's native body: the context, the room for the values its
/// result owns (the caller's, one slot per address in the result: the returned addresses point
/// there), then its parameters' scalars; it returns its result's scalars.
pub(crate) fn body_signature(module: &JITModule, sig: &types::Signature) -> ir::Signature {
    let mut s = ir::Signature::new(CallConv::Tail);
    let ptr = module.target_config().pointer_type();
    s.params.extend([AbiParam::new(ptr), AbiParam::new(ptr)]);
    for p in &sig.params {
        s.params
            .extend(p.leaves().into_iter().map(|l| AbiParam::new(clif(l))));
    }
    s.returns.extend(
        sig.result
            .leaves()
            .into_iter()
            .map(|l| AbiParam::new(clif(l))),
    );
    s
}

/// Where a list `Switch` on register `scrut` may take the cons cell apart for its `cons` arm
/// at instruction `cons`: the `Unpack` of `scrut` that arm begins with (after `Loc`s, which
/// only record locations), when nothing but the switch leads there — no other jump or switch
/// arm, no instruction falling through (`entered`: how many instructions lead to each) — so
/// the switch's reading dominates it.
fn read_ahead(f: &Function, entered: &[u32], scrut: Reg, cons: usize) -> Option<usize> {
    let mut at = cons;
    while let Some(Op::Loc { .. }) = f.ops.get(at) {
        at += 1;
    }
    let Some(Op::Unpack { src, .. }) = f.ops.get(at) else {
        return None;
    };
    let only_from_the_switch = (cons..=at).all(|pc| entered.get(pc) == Some(&1));
    (index(*src) == index(scrut) && only_from_the_switch).then_some(at)
}

/// How many instructions of `f` lead to each instruction.
fn entered(f: &Function) -> Vec<u32> {
    let mut n = vec![0; f.ops.len()];
    for pc in 0..f.ops.len() {
        let mut to = liveness::successors(f, pc);
        to.sort_unstable();
        to.dedup();
        for t in to {
            if let Some(c) = n.get_mut(t) {
                *c += 1;
            }
        }
    }
    n
}

/// The signature of every entry wrapper:
/// `extern "C" fn(*mut Ctx, *const u64, *mut u64, *mut Value)`.
pub(crate) fn wrapper_signature(module: &JITModule) -> ir::Signature {
    let ptr = module.target_config().pointer_type();
    let mut s = module.make_signature();
    s.params.extend([AbiParam::new(ptr); 4]);
    s
}

/// Define the entry wrapper of a function of signature `sig` whose body is `body`: it reads
/// the arguments' scalars (as `u64` bits) from its second argument and writes the result's
/// to its third; the values the result owns go to its fourth.
pub(crate) fn define_wrapper(
    module: &mut JITModule,
    fctx: &mut FunctionBuilderContext,
    id: FuncId,
    body: FuncId,
    sig: &types::Signature,
) -> Result<(), String> {
    let mut ctx = module.make_context();
    ctx.func.signature = wrapper_signature(module);
    let mut b = FunctionBuilder::new(&mut ctx.func, fctx);
    let entry = b.create_block();
    b.append_block_params_for_function_params(entry);
    b.switch_to_block(entry);
    b.seal_block(entry);
    let [cx, args, out, res] = b.block_params(entry)[..] else {
        unreachable!("a wrapper's four parameters")
    };
    let mut values = vec![cx, res];
    let leaves = sig.params.iter().flat_map(Shape::leaves);
    for (j, p) in leaves.enumerate() {
        let bits = b
            .ins()
            .load(ct::I64, MemFlags::trusted(), args, (8 * j) as i32);
        values.push(from_bits(&mut b, p, bits));
    }
    let callee = module.declare_func_in_func(body, b.func);
    let call = b.ins().call(callee, &values);
    let results = b.inst_results(call).to_vec();
    for (j, (r, t)) in results.into_iter().zip(sig.result.leaves()).enumerate() {
        let bits = match t {
            Scalar::Int | Scalar::Char | Scalar::Ref => r,
            Scalar::Double => b.ins().bitcast(ct::I64, MemFlags::new(), r),
            Scalar::Bool => b.ins().uextend(ct::I64, r),
        };
        b.ins()
            .store(MemFlags::trusted(), bits, out, (8 * j) as i32);
    }
    b.ins().return_(&[]);
    b.finalize();
    module
        .define_function(id, &mut ctx)
        .map_err(|e| e.to_string())?;
    module.clear_context(&mut ctx);
    Ok(())
}

/// Define the native body `id` of VM function `me` (`typed`), whose scalar callees' bodies
/// are `bodies`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn define_body(
    module: &mut JITModule,
    fctx: &mut FunctionBuilderContext,
    funcs: &[Function],
    all: &HashMap<u32, Typed>,
    bodies: &HashMap<u32, FuncId>,
    locs: &mut Locs,
    me: u32,
) -> Result<(), String> {
    let typed = &all[&me];
    let mut ctx = module.make_context();
    ctx.func.signature = body_signature(module, &typed.sig);
    let ptr = module.target_config().pointer_type();
    {
        let b = FunctionBuilder::new(&mut ctx.func, fctx);
        let mut g = Gen {
            b,
            module,
            f: &funcs[me as usize],
            typed,
            all,
            bodies,
            refs: HashMap::new(),
            vars: HashMap::new(),
            blocks: HashMap::new(),
            locs,
            ptr,
            me,
            cx: None,
            bail: None,
            bail_on: None,
            tick: None,
            unfilled: Vec::new(),
            runtime_sigs: HashMap::new(),
            out: None,
            owned: owned::owners(&funcs[me as usize], me, typed, all),
            slots: HashMap::new(),
            nslots: 0,
            boxes: 0,
            boxed: 0,
            area: None,
            temp: None,
            res: None,
            trmc: None,
            read_ahead: HashMap::new(),
            entered: entered(&funcs[me as usize]),
        };
        g.allot_slots();
        g.function();
        g.b.seal_all_blocks();
        g.b.finalize();
    }
    module
        .define_function(bodies[&me], &mut ctx)
        .map_err(|e| format!("{e:?}"))?;
    module.clear_context(&mut ctx);
    Ok(())
}

struct Gen<'a, 'b> {
    b: FunctionBuilder<'b>,
    module: &'a mut JITModule,
    f: &'a Function,
    typed: &'a Typed,
    all: &'a HashMap<u32, Typed>,
    bodies: &'a HashMap<u32, FuncId>,
    refs: HashMap<u32, FuncRef>,
    /// A register's scalar (its leaf `j`, of a product) of each type: one variable.
    vars: HashMap<(usize, usize, Scalar), Variable>,
    /// The block of each instruction that is a jump target (and of the first).
    blocks: HashMap<usize, Block>,
    locs: &'a mut Locs,
    ptr: ir::Type,
    me: u32,
    cx: Option<Value>,
    bail: Option<Block>,
    bail_on: Option<Block>,
    tick: Option<Block>,
    /// Bail blocks made but not yet filled, with their status: they are filled after the body
    /// (Cranelift's builder must not leave a block before it ends).
    unfilled: Vec<(Block, Option<i64>)>,
    /// The signatures of runtime functions called, by parameter and result types.
    runtime_sigs: HashMap<(Vec<ir::Type>, Option<ir::Type>), SigRef>,
    /// Room for what `uncons` writes.
    out: Option<StackSlot>,
    /// Per instruction, per register: may it own a value (see `owned`).
    owned: Vec<Option<Vec<bool>>>,
    /// The owned slots of each register that may own a value: its first and how many (one
    /// per leaf of its widest shape).
    slots: HashMap<usize, (u32, u32)>,
    /// How many owned slots the frame has (in `area`): `()` at the entry, dropped on every
    /// way out.
    nslots: u32,
    /// The first of the owned slots that hold the values built for a call's arguments
    /// (`Shape::builds_cell`: a boxed scalar, a cell), and how many the call being emitted
    /// built.
    boxes: u32,
    boxed: u32,
    area: Option<StackSlot>,
    /// Room for values on their way into slots or cells (a callee's result, clones, a cell's
    /// scalars).
    temp: Option<StackSlot>,
    /// The body's second parameter: where the result's values go.
    res: Option<Value>,
    /// The list a loop builds front to back (tail calls modulo cons of the function itself).
    trmc: Option<Trmc>,
    /// The cons cells a list `Switch` already took apart for the `Unpack` at this instruction
    /// (`read_ahead`): the element's shape and the scalars.
    read_ahead: HashMap<usize, (Shape, Vec<Value>)>,
    /// How many instructions lead to each (`entered`).
    entered: Vec<u32>,
}

/// A list (or other cell chain) built front to back by a function's loop (`TailCallCon` of
/// itself): its first cell, the field of the last cell still open (0 before the first), and
/// the user locations of the calls it stands for (as the VM's `Hole`: the first, the last, the
/// first that differed from the one before).
struct Trmc {
    head: StackSlot,
    open: Variable,
    first: Variable,
    last: Variable,
    changed: Variable,
    has_changed: Variable,
}

impl Gen<'_, '_> {
    fn cx(&self) -> Value {
        self.cx.expect("the context")
    }

    /// Give each register that may own a value its slots (see `owned`): one for each address
    /// (`Ref` leaf) its value may hold, in order — its scalars need none.
    fn allot_slots(&mut self) {
        for r in 0..self.f.nregs as usize {
            let owns = self.owned.iter().flatten().any(|own| own[r]);
            if !owns {
                continue;
            }
            let width = self
                .typed
                .before
                .iter()
                .flatten()
                .filter_map(|state| match &state[r] {
                    Slot::Is(t) => Some(refs(t)),
                    _ => None,
                })
                .max()
                .unwrap_or(1)
                .max(1) as u32;
            self.slots.insert(r, (self.nslots, width));
            self.nslots += width;
        }
        self.boxes = self.nslots;
        self.nslots += self.boxes_need();
    }

    /// The most arguments a call (not the loop's next iteration) builds into values of their
    /// own (see `args`).
    fn boxes_need(&self) -> u32 {
        let mut need = 0;
        for (pc, op) in self.f.ops.iter().enumerate() {
            let Some(state) = &self.typed.before[pc] else {
                continue;
            };
            let (Op::CallDirect { func, args, n, .. }
            | Op::TailCallDirect { func, args, n }
            | Op::TailCallCon { func, args, n, .. }) = op
            else {
                continue;
            };
            let Some(callee) = self.all.get(func) else {
                continue;
            };
            if owned::loops(op, self.me, &self.typed.sig.result) {
                continue;
            }
            let built = self
                .f
                .list(*args, *n as usize)
                .iter()
                .zip(&callee.sig.params)
                .filter(|(&r, t)| builds_value(state, r, t))
                .count();
            need = need.max(built as u32);
        }
        need
    }

    /// The most values an instruction puts in `temp` on their way (its scalars, for a cell
    /// built at a return).
    fn temp_need(&self) -> u32 {
        let mut need = 0;
        for (pc, op) in self.f.ops.iter().enumerate() {
            let Some(state) = &self.typed.before[pc] else {
                continue;
            };
            let n = match op {
                // The loop's next iteration (a cell linked first, for a list built).
                op if owned::loops(op, self.me, &self.typed.sig.result) => {
                    self.typed.sig.params.iter().map(refs).sum::<usize>().max(1)
                }
                Op::CallDirect { func, .. }
                | Op::TailCallDirect { func, .. }
                | Op::TailCallCon { func, .. } => {
                    self.all.get(func).map_or(0, |t| refs(&t.sig.result))
                }
                Op::Move { src, .. } => types::read(state, *src).map_or(0, refs),
                Op::Con { args, n, .. } => self
                    .f
                    .list(*args, *n as usize)
                    .iter()
                    .map(|&r| types::read(state, r).map_or(0, refs))
                    .sum(),
                Op::Prim2 {
                    op: PrimOp::ArrIndex,
                    a,
                    ..
                } => match types::read(state, *a) {
                    Some(Shape::Array(elem)) => refs(elem),
                    _ => 0,
                },
                Op::Prim1 {
                    op: PrimOp::Interleave,
                    a,
                    ..
                } => types::read(state, *a)
                    .and_then(types::interleaved)
                    .map_or(0, |t| refs(&t)),
                Op::Prim {
                    op: PrimOp::Backward,
                    args,
                    ..
                } => types::read(state, self.f.list(*args, 6)[3]).map_or(0, refs),
                Op::Prim1 { op, .. } | Op::Prim2 { op, .. } | Op::Prim { op, .. }
                    if owned::made_by_runtime(*op) =>
                {
                    1
                }
                Op::Unpack { src, n, tag, .. } => types::read(state, *src)
                    .and_then(|t| t.unpacked(*tag, *n as usize))
                    .map_or(0, |fields| fields.iter().map(refs).sum()),
                _ => 0,
            };
            need = need.max(n);
        }
        need as u32
    }

    /// The address of owned slot `slot`.
    fn slot_addr(&mut self, slot: u32) -> Value {
        let area = self.area.expect("the owned slots");
        self.b.ins().stack_addr(self.ptr, area, VALUE * slot as i32)
    }

    /// The address of value `k` of `temp`.
    fn temp_addr(&mut self, k: u32) -> Value {
        let temp = self.temp.expect("the temporary room");
        self.b.ins().stack_addr(self.ptr, temp, VALUE * k as i32)
    }

    /// Copy the value at `from` to `to` (a move: `from` is not dropped).
    fn move_value(&mut self, from: Value, to: Value) {
        for offset in (0..VALUE).step_by(8) {
            let word = self
                .b
                .ins()
                .load(ct::I64, MemFlags::trusted(), from, offset);
            self.b.ins().store(MemFlags::trusted(), word, to, offset);
        }
    }

    /// Clone the value at `from` into `to`.
    fn clone_value(&mut self, from: Value, to: Value) {
        let addr = boxing::clone_into as *const () as i64;
        self.runtime_void(addr, &[self.ptr, self.ptr], &[from, to]);
    }

    /// Drop the values of `n` slots from `first`.
    fn drop_slots(&mut self, first: u32, n: u32) {
        if n > 0 {
            let at = self.slot_addr(first);
            self.drop_values(at, n);
        }
    }

    /// Drop the `n` values at `at` (leaving `()`).
    fn drop_values(&mut self, at: Value, n: u32) {
        self.units(boxing::drop_units as *const () as i64, at, n);
    }

    /// Fill the `n` values at `at` (which hold nothing to drop) with `()`.
    fn init_values(&mut self, at: Value, n: u32) {
        self.units(boxing::init_units as *const () as i64, at, n);
    }

    /// A call of `init_units` or `drop_units` (at `addr`) on the `n` values at `at`.
    fn units(&mut self, addr: i64, at: Value, n: u32) {
        let n = self.b.ins().iconst(ct::I64, i64::from(n));
        self.runtime_void(addr, &[self.ptr, ct::I64], &[at, n]);
    }

    /// Drop every owned slot's value (and the list the loop built, if any): on each way out
    /// of the function.
    fn leave(&mut self) {
        self.drop_slots(0, self.nslots);
        if let Some(head) = self.trmc.as_ref().map(|t| t.head) {
            let at = self.b.ins().stack_addr(self.ptr, head, 0);
            self.drop_values(at, 1);
        }
    }

    /// Return `values` (the result, its values in the caller's room): when the loop built a
    /// list, the result goes into its open field and its first cell is returned instead, the
    /// user location moving as the returns of the calls the loop stands for would have moved
    /// it (as the VM's `pop_frame`).
    fn finish(&mut self, values: &[Value]) {
        if let Some(t) = &self.trmc {
            let (head, open, first, last) = (t.head, t.open, t.first, t.last);
            let (changed, has_changed) = (t.changed, t.has_changed);
            let open = self.b.use_var(open);
            let built = self.b.create_block();
            let done = self.b.create_block();
            self.b.ins().brif(open, built, &[], done, &[]);
            self.b.switch_to_block(built);
            let res = self.res.expect("the result's room");
            self.move_value(res, open);
            let at = self.b.ins().stack_addr(self.ptr, head, 0);
            self.move_value(at, res);
            self.init_values(at, 1);
            let last = self.b.use_var(last);
            self.leave_frame(last);
            let returned = self.load32(OFFSET_RETURNED);
            let changed = self.b.use_var(changed);
            let has_changed = self.b.use_var(has_changed);
            let returned = self.b.ins().select(has_changed, changed, returned);
            self.store(returned, OFFSET_RETURNED);
            let first = self.b.use_var(first);
            self.store(first, OFFSET_LOC);
            self.b.ins().jump(done, &[]);
            self.b.switch_to_block(done);
        }
        self.leave();
        self.b.ins().return_(values);
    }

    /// A self `TailCallCon`: the cell `into` (its field `hole` open) goes into the open field
    /// of the list built so far, or starts it; then the loop's next iteration on the
    /// arguments `args`.
    fn link_cell(&mut self, pc: usize, state: &[Slot], into: &Consing, args: &[u32]) {
        let (tag, hole) = (into.tag, into.hole as usize);
        let regs = self.f.list(into.fields, into.nfields as usize);
        let result = self.typed.sig.result.clone();
        let shapes = result.unpacked(tag, regs.len()).expect("a cell");
        let unit = self.locs.tag(0);
        let unit = self.b.ins().iconst(self.ptr, unit as i64);
        let (con, leaves) = self.cell_fields(state, tag, regs, &shapes, Some((hole, vec![unit])));
        let buffer = self.bits(&con, &leaves);
        let cell_at = self.temp_addr(0);
        let shape = self.shape_addr(con);
        let hole_index = self.b.ins().iconst(ct::I64, hole as i64);
        let addr = boxing::build_open_cell as *const () as i64;
        let params = [self.ptr, self.ptr, ct::I64, self.ptr];
        let field = self.runtime_call(
            addr,
            &params,
            &[shape, buffer, hole_index, cell_at],
            self.ptr,
        );
        let t = self.trmc.as_ref().expect("a list built by the loop");
        let (head, open_var, first, last) = (t.head, t.open, t.first, t.last);
        let (changed, has_changed) = (t.changed, t.has_changed);
        let open = self.b.use_var(open_var);
        let loc = self.load32(OFFSET_LOC);
        let (start, link, join) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        self.b.ins().brif(open, link, &[], start, &[]);
        self.b.switch_to_block(start);
        let at = self.b.ins().stack_addr(self.ptr, head, 0);
        self.move_value(cell_at, at);
        self.b.def_var(first, loc);
        self.b.ins().jump(join, &[]);
        self.b.switch_to_block(link);
        self.move_value(cell_at, open);
        let old_last = self.b.use_var(last);
        let differs = self.b.ins().icmp(IntCC::NotEqual, loc, old_last);
        let had = self.b.use_var(has_changed);
        let new = self.b.ins().band_not(differs, had);
        let old_changed = self.b.use_var(changed);
        let now = self.b.ins().select(new, loc, old_changed);
        self.b.def_var(changed, now);
        let has = self.b.ins().bor(had, new);
        self.b.def_var(has_changed, has);
        self.b.ins().jump(join, &[]);
        self.b.switch_to_block(join);
        self.b.def_var(last, loc);
        self.b.def_var(open_var, field);
        let own = self.owned[pc].clone().expect("a reached instruction");
        let owns = |r: u32| own[index(r)] && types::read(state, r).is_some_and(has_refs);
        self.next_iteration(state, args, &owns);
    }

    /// Drop what register `r` owns before instruction `pc` writes it.
    fn release(&mut self, pc: usize, r: Reg) {
        let owns = self.owned[pc].as_ref().is_some_and(|own| own[index(r)]);
        if let (true, Some(&(first, n))) = (owns, self.slots.get(&index(r))) {
            self.drop_slots(first, n);
        }
    }

    /// Instruction `pc` writes `writes` (register, shape, scalars), read from `state`. A
    /// register that owns its value after it gets the values of its addresses in its slots:
    /// cloned from the addresses read, or (`from_callee`) moved from `temp`, where the callee
    /// put them, in order. Every value is taken before any register's old value is dropped
    /// (a register may be written with a field of its own old value).
    fn assign(
        &mut self,
        pc: usize,
        state: &[Slot],
        writes: Vec<(Reg, Shape, Vec<Value>)>,
        from_callee: bool,
    ) {
        let before = self.owned[pc].clone().expect("a reached instruction");
        let after = owned::after(self.f, pc, &before, state, self.me, self.all);
        let mut k = 0;
        for (r, t, values) in &writes {
            if after[index(*r)] && has_refs(t) {
                for j in ref_leaves(t) {
                    if !from_callee {
                        let to = self.temp_addr(k);
                        self.clone_value(values[j], to);
                    }
                    k += 1;
                }
            }
        }
        for (r, _, _) in &writes {
            self.release(pc, *r);
        }
        let mut k = 0;
        for (r, t, mut values) in writes {
            if after[index(r)] && has_refs(&t) {
                let first = self.slots[&index(r)].0;
                for (slot, j) in (first..).zip(ref_leaves(&t)) {
                    let from = self.temp_addr(k);
                    let to = self.slot_addr(slot);
                    self.move_value(from, to);
                    values[j] = to;
                    k += 1;
                }
            }
            self.set(r, &t, &values);
        }
    }

    /// The result `values` (of the function's result shape) handed to the caller: the values
    /// of its addresses cloned into the caller's room, the addresses replaced by theirs.
    fn give(&mut self, mut values: Vec<Value>) -> Vec<Value> {
        let res = self.res.expect("the result's room");
        for (k, j) in (0..).zip(ref_leaves(&self.typed.sig.result)) {
            let to = self.b.ins().iadd_imm(res, i64::from(VALUE * k));
            self.clone_value(values[j], to);
            values[j] = to;
        }
        values
    }

    fn var(&mut self, r: Reg, leaf: usize, t: Scalar) -> Variable {
        let key = (index(r), leaf, t);
        if let Some(&v) = self.vars.get(&key) {
            return v;
        }
        let v = self.b.declare_var(clif(t));
        self.vars.insert(key, v);
        v
    }

    /// The scalar in register `r`.
    fn get1(&mut self, r: Reg, t: Scalar) -> Value {
        let v = self.var(r, 0, t);
        self.b.use_var(v)
    }

    /// The scalars of the value of shape `shape` in register `r`.
    fn get(&mut self, r: Reg, shape: &Shape) -> Vec<Value> {
        let leaves = shape.leaves().into_iter().enumerate();
        leaves
            .map(|(j, t)| {
                let v = self.var(r, j, t);
                self.b.use_var(v)
            })
            .collect()
    }

    /// Register `r` holds the value of shape `shape` whose scalars are `values`.
    fn set(&mut self, r: Reg, shape: &Shape, values: &[Value]) {
        for (j, (t, &value)) in shape.leaves().into_iter().zip(values).enumerate() {
            let v = self.var(r, j, t);
            self.b.def_var(v, value);
        }
    }

    /// Registers `regs` hold values of shapes `shapes` whose scalars are `values`, one after
    /// another (the inverse of `get_as`).
    fn set_each(
        &mut self,
        regs: impl IntoIterator<Item = Reg>,
        shapes: &[Shape],
        values: &[Value],
    ) {
        let mut next = 0;
        for (r, t) in regs.into_iter().zip(shapes) {
            let width = t.width();
            self.set(r, t, &values[next..next + width]);
            next += width;
        }
    }

    fn set1(&mut self, r: Reg, t: Scalar, value: Value) {
        self.set(r, &Shape::Scalar(t), &[value]);
    }

    fn load32(&mut self, offset: i32) -> Value {
        let cx = self.cx();
        self.b.ins().load(ct::I32, MemFlags::trusted(), cx, offset)
    }

    fn store(&mut self, value: Value, offset: i32) {
        let cx = self.cx();
        self.b.ins().store(MemFlags::trusted(), value, cx, offset);
    }

    fn zero(&mut self, t: Scalar) -> Value {
        match t {
            Scalar::Double => self.b.ins().f64const(0.0),
            _ => self.b.ins().iconst(clif(t), 0),
        }
    }

    /// A block that stores bail status `status` (if any: else a callee's stays) and returns;
    /// `fill_bail_blocks` gives it its code.
    fn bail_block(&mut self, status: Option<i64>) -> Block {
        let block = self.b.create_block();
        self.b.set_cold_block(block);
        self.unfilled.push((block, status));
        block
    }

    /// The code of the bail blocks made so far (once every other block is filled).
    fn fill_bail_blocks(&mut self) {
        for (block, status) in std::mem::take(&mut self.unfilled) {
            self.fill_bail_block(block, status);
        }
    }

    fn fill_bail_block(&mut self, block: Block, status: Option<i64>) {
        self.b.switch_to_block(block);
        if let Some(status) = status {
            let s = self.b.ins().iconst(ct::I32, status);
            self.store(s, OFFSET_BAIL);
        }
        self.leave();
        let zeros: Vec<Value> = self
            .typed
            .sig
            .result
            .leaves()
            .into_iter()
            .map(|t| self.zero(t))
            .collect();
        self.b.ins().return_(&zeros);
    }

    /// The block that reports an error (or a limit) to the VM.
    fn bail(&mut self) -> Block {
        if let Some(b) = self.bail {
            return b;
        }
        let b = self.bail_block(Some(BAIL_ERROR));
        self.bail = Some(b);
        b
    }

    /// The block that returns after a callee bailed, keeping its status.
    fn bail_on(&mut self) -> Block {
        if let Some(b) = self.bail_on {
            return b;
        }
        let b = self.bail_block(None);
        self.bail_on = Some(b);
        b
    }

    fn block(&mut self, pc: u32) -> Block {
        self.blocks[&(pc as usize)]
    }

    /// Where a switch goes for `tag`: its arm's block or the bail.
    fn arm(&mut self, table: u32, ntags: u32, default: u32, tag: u32) -> Block {
        match types::switch_target(self.f, table, ntags, default, tag) {
            Some(t) => self.block(t),
            None => self.bail(),
        }
    }

    fn function(&mut self) {
        let f = self.f;
        let entry = self.b.create_block();
        self.b.append_block_params_for_function_params(entry);
        self.b.switch_to_block(entry);
        let params = self.b.block_params(entry).to_vec();
        self.cx = Some(params[0]);
        self.res = Some(params[1]);
        let sig = self.typed.sig.clone();
        self.set_each(0.., &sig.params, &params[2..]);
        let room = |n: u32| StackSlotData::new(StackSlotKind::ExplicitSlot, VALUE as u32 * n, 3);
        if self.nslots > 0 {
            self.area = Some(self.b.create_sized_stack_slot(room(self.nslots)));
            let at = self.slot_addr(0);
            self.init_values(at, self.nslots);
        }
        let need = self.temp_need();
        if need > 0 {
            self.temp = Some(self.b.create_sized_stack_slot(room(need)));
        }
        let result = &self.typed.sig.result;
        let builds = f.ops.iter().enumerate().any(|(pc, op)| {
            self.typed.before[pc].is_some()
                && matches!(op, Op::TailCallCon { .. })
                && owned::loops(op, self.me, result)
        });
        if builds {
            let head = self.b.create_sized_stack_slot(room(1));
            let at = self.b.ins().stack_addr(self.ptr, head, 0);
            self.init_values(at, 1);
            let var = |t: ir::Type, b: &mut FunctionBuilder| {
                let v = b.declare_var(t);
                let zero = b.ins().iconst(t, 0);
                b.def_var(v, zero);
                v
            };
            self.trmc = Some(Trmc {
                head,
                open: var(self.ptr, &mut self.b),
                first: var(ct::I32, &mut self.b),
                last: var(ct::I32, &mut self.b),
                changed: var(ct::I32, &mut self.b),
                has_changed: var(ct::I8, &mut self.b),
            });
        }
        for (pc, op) in f.ops.iter().enumerate() {
            if let Some(state) = &self.typed.before[pc] {
                let scrut = match op {
                    Op::Switch { scrut, .. } => types::read(state, *scrut),
                    _ => None,
                };
                for t in types::branch_targets(f, op, scrut) {
                    self.blocks
                        .entry(t as usize)
                        .or_insert_with(|| self.b.create_block());
                }
            }
        }
        let first = *self
            .blocks
            .entry(0)
            .or_insert_with(|| self.b.create_block());
        // The machine stack: a recursion too deep for it bails.
        let sp = self.b.ins().get_stack_pointer(self.ptr);
        let cx = self.cx();
        let floor = self
            .b
            .ins()
            .load(self.ptr, MemFlags::trusted(), cx, OFFSET_STACK_FLOOR);
        let low = self.b.ins().icmp(IntCC::UnsignedLessThan, sp, floor);
        let deep = self.bail_block(Some(BAIL_STACK));
        let tick = self.b.create_block();
        self.b.ins().brif(low, deep, &[], tick, &[]);
        self.tick = Some(tick);
        self.ticks(tick, first);
        self.b.switch_to_block(first);
        self.body();
        self.fill_bail_blocks();
    }

    /// Block `tick`: count one call or iteration down the fuel, poll the limits when it runs
    /// out, go on at `next`.
    fn ticks(&mut self, tick: Block, next: Block) {
        self.b.switch_to_block(tick);
        let cx = self.cx();
        let fuel = self
            .b
            .ins()
            .load(ct::I64, MemFlags::trusted(), cx, OFFSET_FUEL);
        let fuel = self.b.ins().iadd_imm(fuel, -1);
        self.b
            .ins()
            .store(MemFlags::trusted(), fuel, cx, OFFSET_FUEL);
        let out = self.b.ins().icmp_imm(IntCC::SignedLessThan, fuel, 0);
        let poll = self.b.create_block();
        self.b.set_cold_block(poll);
        self.b.ins().brif(out, poll, &[], next, &[]);
        self.b.switch_to_block(poll);
        let stop = self.runtime_call(runtime::poll as *const () as i64, &[], &[], ct::I32);
        let full = self.b.ins().iconst(ct::I64, POLL_INTERVAL);
        self.store(full, OFFSET_FUEL);
        let bail = self.bail_block(Some(BAIL_LIMIT));
        self.b.ins().brif(stop, bail, &[], next, &[]);
    }

    fn body(&mut self) {
        let f = self.f;
        let mut open = true;
        for (pc, op) in f.ops.iter().enumerate() {
            if let Some(&block) = self.blocks.get(&pc) {
                if open && pc > 0 {
                    self.b.ins().jump(block, &[]);
                }
                if pc > 0 {
                    self.b.switch_to_block(block);
                }
                open = true;
            }
            let Some(state) = &self.typed.before[pc] else {
                continue;
            };
            if !open {
                continue;
            }
            let state = state.clone();
            open = self.op(pc, op, &state);
        }
    }

    fn shape_of(state: &[Slot], r: Reg) -> Shape {
        types::read(state, r).cloned().expect("a typed register")
    }

    /// The scalars of register `r` (of its shape in `state`) read as `want` (see
    /// `Shape::readable`): a type variable's value held by address is unboxed by a runtime
    /// call where a scalar or product is wanted.
    fn read_as(&mut self, state: &[Slot], r: Reg, want: &Shape) -> Vec<Value> {
        if Self::shape_of(state, r) != Shape::Any || want.by_address() {
            return self.get(r, want);
        }
        let ptr = self.get1(r, Scalar::Ref);
        let addr = boxing::read_any as *const () as i64;
        self.buffered_read(addr, &[ptr], want, &want.leaves())
    }

    /// The scalar of register `r` read as `t` (see `read_as`).
    fn read1(&mut self, state: &[Slot], r: Reg, t: Scalar) -> Value {
        self.read_as(state, r, &Shape::Scalar(t))[0]
    }

    /// The scalars of the registers `regs` read as `shapes` (see `read_as`), one after
    /// another.
    fn get_as(&mut self, state: &[Slot], regs: &[u32], shapes: &[Shape]) -> Vec<Value> {
        let mut values = Vec::new();
        for (&r, shape) in regs.iter().zip(shapes) {
            values.extend(self.read_as(state, r, shape));
        }
        values
    }

    /// Register `r` holds constant tag `t`: as a Bool, and as a nullary constructor read in
    /// place (the empty list, `Nothing`, `LT`).
    fn set_tag(&mut self, r: Reg, t: u32) {
        let b = self.b.ins().iconst(ct::I8, i64::from(t));
        self.set1(r, Scalar::Bool, b);
        let tag = self.locs.tag(t);
        let p = self.b.ins().iconst(self.ptr, tag as i64);
        self.set1(r, Scalar::Ref, p);
    }

    /// Register `dst` holds constant `c` (a scalar, a nullary constructor or a list of scalars).
    fn constant(&mut self, dst: Reg, c: &RtValue) {
        match c {
            RtValue::Int(i) => {
                let v = self.b.ins().iconst(ct::I64, *i);
                self.set1(dst, Scalar::Int, v);
            }
            RtValue::Double(x) => {
                let v = self.b.ins().f64const(*x);
                self.set1(dst, Scalar::Double, v);
            }
            RtValue::Char(c) => {
                let v = self.b.ins().iconst(ct::I64, i64::from(u32::from(*c)));
                self.set1(dst, Scalar::Char, v);
            }
            RtValue::Tag(t) => self.set_tag(dst, *t),
            // A constant list or dual number (`types::constant`): the code's own value, alive
            // while the code is, read in place by its address.
            RtValue::Con(_)
            | RtValue::ArrayLeaf { .. }
            | RtValue::SmallInteger(_)
            | RtValue::BigInteger(_) => {
                let v = self.b.ins().iconst(self.ptr, c as *const RtValue as i64);
                self.set1(dst, Scalar::Ref, v);
            }
            _ => unreachable!("a scalar constant, a constant list, a dual number or an Integer"),
        }
    }

    /// Emit `op`, instruction `pc`; whether control goes on to the next instruction.
    fn op(&mut self, pc: usize, op: &Op, state: &[Slot]) -> bool {
        match op {
            // A call of a function that never returns (`types::diverging`): the VM reports
            // its error.
            Op::CallDirect { func, .. }
            | Op::TailCallDirect { func, .. }
            | Op::TailCallCon { func, .. }
                if !self.all.contains_key(func) =>
            {
                let bail = self.bail();
                self.b.ins().jump(bail, &[]);
                return false;
            }
            Op::Loc(span) => {
                let n = self.locs.number(*span);
                let n = self.b.ins().iconst(ct::I32, i64::from(n));
                self.store(n, OFFSET_LOC);
            }
            Op::Move { dst, src } => match Self::shape_of(state, *src) {
                Shape::Tag(_) => {
                    let v = [Scalar::Bool, Scalar::Ref].map(|t| (t, self.get1(*src, t)));
                    self.release(pc, *dst);
                    for (t, v) in v {
                        self.set1(*dst, t, v);
                    }
                }
                t => {
                    let v = self.get(*src, &t);
                    self.assign(pc, state, vec![(*dst, t, v)], false);
                }
            },
            Op::Const { dst, index } => {
                self.release(pc, *dst);
                self.constant(*dst, &self.f.consts[*index as usize]);
            }
            // (The message is the VM's, which reports the error.)
            Op::Str { dst, .. } => self.release(pc, *dst),
            Op::Prim1 {
                op: PrimOp::Error, ..
            } => {
                let bail = self.bail();
                self.b.ins().jump(bail, &[]);
                return false;
            }
            Op::Prim1 {
                dst,
                op: PrimOp::DualPrimal,
                a,
                ..
            } => {
                let v = self.get1(*a, Scalar::Ref);
                let addr = dual::primal as *const () as i64;
                let x = self.checked_read(addr, &[v], &[Scalar::Double])[0];
                self.release(pc, *dst);
                self.set1(*dst, Scalar::Double, x);
            }
            Op::Prim1 {
                dst,
                op: PrimOp::ArrayConst,
                a,
                ..
            } => {
                let addr = dual::constant as *const () as i64;
                self.value_of_scalar(pc, state, addr, (*dst, *a), Scalar::Double);
            }
            Op::Prim1 {
                dst, op: prim, a, ..
            }
            | Op::Prim2 {
                dst, op: prim, a, ..
            } if integer::signature(*prim).is_some() => {
                let b = match op {
                    Op::Prim2 { b, .. } => *b,
                    _ => *a,
                };
                self.integer_prim(pc, state, *prim, *dst, *a, b);
            }
            Op::Prim1 {
                dst,
                op: PrimOp::Interleave,
                a,
                ..
            } => self.interleave(pc, state, *dst, *a),
            Op::Prim1 {
                dst,
                op: PrimOp::IdsEnd,
                a,
                ..
            } => {
                let y = self.get1(*a, Scalar::Ref);
                let addr = gradient::ids_end as *const () as i64;
                let end = self.runtime_call(addr, &[self.ptr], &[y], ct::I64);
                self.release(pc, *dst);
                self.set1(*dst, Scalar::Int, end);
            }
            Op::Prim1 { dst, op, a, .. } => {
                let (arg, result) = types::prim1(*op).expect("a native primitive");
                let x = self.read1(state, *a, arg);
                let v = self.prim1(*op, x);
                self.release(pc, *dst);
                self.set1(*dst, result, v);
            }
            Op::Prim2 {
                dst,
                op: PrimOp::ArrIndex,
                a,
                b,
                ..
            } => {
                let Shape::Array(elem) = Self::shape_of(state, *a) else {
                    unreachable!("an array's shape")
                };
                let (ptr, i) = (
                    self.get1(*a, Scalar::Ref),
                    self.read1(state, *b, Scalar::Int),
                );
                let values = self.array_index(ptr, i, &elem);
                self.assign(
                    pc,
                    state,
                    vec![(*dst, elem.as_ref().clone(), values)],
                    false,
                );
            }
            Op::Prim2 {
                dst,
                op: op @ (PrimOp::ArrayAdd | PrimOp::ArraySub | PrimOp::ArrayMul),
                a,
                b,
                ..
            } => self.binary_into(pc, state, *op, *dst, *a, *b),
            Op::Prim2 {
                dst,
                op: PrimOp::NumUn,
                a,
                b,
                ..
            } => self.smooth_into(pc, state, *dst, &[*a, *b]),
            Op::Prim {
                dst,
                op: PrimOp::NumBin,
                args,
                ..
            } => {
                let regs = self.f.list(*args, 3).to_vec();
                self.smooth_into(pc, state, *dst, &regs);
            }
            Op::Prim {
                dst,
                op: PrimOp::ArrayLin,
                args,
                ..
            } => {
                let regs = self.f.list(*args, 4).to_vec();
                self.linear_into(pc, state, *dst, &regs);
            }
            Op::Prim {
                dst,
                op: op @ (PrimOp::DoubleDot | PrimOp::NumDot),
                args,
                ..
            } => {
                // The arrays by address, the positions and length as Ints.
                let regs = self.f.list(*args, 7).to_vec();
                let args: Vec<Value> = (regs.iter().enumerate())
                    .map(|(k, &r)| match k {
                        0 | 3 => self.get1(r, Scalar::Ref),
                        _ => self.read1(state, r, Scalar::Int),
                    })
                    .collect();
                let numbers = i64::from(*op == PrimOp::NumDot);
                let args = [&[self.b.ins().iconst(ct::I64, numbers)], &args[..]].concat();
                let addr = boxing::dot as *const () as i64;
                if numbers == 1 {
                    self.made_into(pc, state, *dst, addr, &[ct::I64; 8], &args);
                } else {
                    let x = self.checked_read(addr, &args, &[Scalar::Double])[0];
                    self.release(pc, *dst);
                    self.set1(*dst, Scalar::Double, x);
                }
            }
            Op::Prim {
                dst,
                op: PrimOp::Backward,
                args,
                ..
            } => {
                let regs = self.f.list(*args, 6).to_vec();
                self.backward(pc, state, *dst, &regs);
            }
            Op::Prim2 { dst, op, a, b, .. } => {
                let (arg, result) = types::prim2(*op).expect("a native primitive");
                let (x, y) = (self.read1(state, *a, arg), self.read1(state, *b, arg));
                let v = self.prim2(*op, x, y);
                self.release(pc, *dst);
                self.set1(*dst, result, v);
            }
            Op::Con { dst, tag, args, n } => {
                let regs = self.f.list(*args, *n as usize);
                let fields: Vec<Shape> = regs
                    .iter()
                    .map(|&r| {
                        types::field_shape(&Self::shape_of(state, r)).expect("a field's shape")
                    })
                    .collect();
                let values = self.get_as(state, regs, &fields);
                let t = Shape::Con(*tag, fields.into());
                self.assign(pc, state, vec![(*dst, t, values)], false);
            }
            Op::Unpack { src, slots, n, tag } => {
                let (shape, tag) = (Self::shape_of(state, *src), *tag);
                let fields = shape
                    .unpacked(tag, *n as usize)
                    .expect("a constructor's shape");
                let values = match &shape {
                    Shape::List(elem) => match self.read_ahead.remove(&pc) {
                        Some((read, values)) if read == **elem => values,
                        _ => {
                            let ptr = self.get1(*src, Scalar::Ref);
                            self.uncons(ptr, elem)
                        }
                    },
                    Shape::Data(_) => {
                        let con = Shape::Con(tag, fields.clone().into());
                        match self.read_ahead.remove(&pc) {
                            Some((read, values)) if read == con => values,
                            _ => {
                                let ptr = self.get1(*src, Scalar::Ref);
                                self.unpack(ptr, &con)
                            }
                        }
                    }
                    _ => self.get(*src, &shape),
                };
                let mut values = values.into_iter();
                let writes = (self.f.list(*slots, *n as usize).iter().zip(fields))
                    .map(|(&r, t)| {
                        let v = values.by_ref().take(t.width()).collect();
                        (r, t, v)
                    })
                    .collect();
                self.assign(pc, state, writes, false);
            }
            Op::Switch {
                scrut,
                table,
                ntags,
                default,
                ..
            } => {
                match Self::shape_of(state, *scrut) {
                    Shape::Con(tag, _) => {
                        let arm = self.arm(*table, *ntags, *default, tag);
                        self.b.ins().jump(arm, &[]);
                    }
                    Shape::List(elem) => {
                        let ptr = self.get1(*scrut, Scalar::Ref);
                        let nil = self.arm(*table, *ntags, *default, 0);
                        let cons = self.arm(*table, *ntags, *default, 1);
                        let target = types::switch_target(self.f, *table, *ntags, *default, 1);
                        let at = target
                            .and_then(|c| read_ahead(self.f, &self.entered, *scrut, c as usize));
                        match at {
                            Some(at) => self.list_read(ptr, &elem, nil, cons, at),
                            None => self.list_switch(ptr, nil, cons),
                        }
                    }
                    // Several tags: by the constant's number, or the cell's tag.
                    shape @ (Shape::Tag(_) | Shape::Data(_)) => {
                        let arms: Vec<(u32, Block)> = types::switch_tags(&shape)
                            .into_iter()
                            .map(|tag| (tag, self.arm(*table, *ntags, *default, tag)))
                            .collect();
                        match shape {
                            Shape::Tag(_) => {
                                let tag = self.get1(*scrut, Scalar::Bool);
                                self.switch_on(tag, &arms);
                            }
                            _ => {
                                let ptr = self.get1(*scrut, Scalar::Ref);
                                let reads =
                                    self.data_reads(&shape, *scrut, *table, *ntags, *default);
                                if reads.iter().any(Option::is_some) {
                                    self.data_read(ptr, &arms, reads);
                                } else {
                                    let tag = self.data_tag(ptr);
                                    self.switch_on(tag, &arms);
                                }
                            }
                        }
                    }
                    _ => {
                        let c = self.get1(*scrut, Scalar::Bool);
                        let yes = self.arm(*table, *ntags, *default, 1);
                        let no = self.arm(*table, *ntags, *default, 0);
                        self.b.ins().brif(c, yes, &[], no, &[]);
                    }
                }
                return false;
            }
            Op::Jump { target } => {
                let block = self.block(*target);
                self.b.ins().jump(block, &[]);
                return false;
            }
            Op::Ret { src } if builds_value(state, *src, &self.typed.sig.result) => {
                // A scalar or product returned as a type variable's value: boxed for the
                // caller.
                let res = self.res.expect("the result's room");
                let v = self.build_value(state, *src, res);
                self.finish(&[v]);
                return false;
            }
            Op::Ret { src } => {
                let result = self.typed.sig.result.clone();
                let v = self.read_as(state, *src, &result);
                let v = self.give(v);
                self.finish(&v);
                return false;
            }
            Op::RetCon { tag, args, n } => {
                let result = self.typed.sig.result.clone();
                let regs = self.f.list(*args, *n as usize);
                let v = match result.fields() {
                    Some(fields) if matches!(result, Shape::Con(..)) => {
                        let v = self.get_as(state, regs, &fields);
                        self.give(v)
                    }
                    _ => {
                        let fields = result.unpacked(*tag, *n as usize).expect("a cell's shape");
                        let (con, v) = self.cell_fields(state, *tag, regs, &fields, None);
                        let res = self.res.expect("the result's room");
                        vec![self.build_cell(con, &v, res)]
                    }
                };
                self.finish(&v);
                return false;
            }
            Op::CallDirect {
                dst, func, args, n, ..
            } => {
                let mut values = self.args(state, *func, *args, *n);
                let result = self.all[func].sig.result.clone();
                self.result_to_temp(*func, &mut values);
                let v = self.call(*func, &values);
                self.assign(pc, state, vec![(*dst, result, v)], true);
                self.drop_boxes();
            }
            Op::TailCallCon {
                func,
                args,
                n,
                into,
            } => {
                let regs = self.f.list(into.fields, into.nfields as usize);
                if *func == self.me && self.trmc.is_some() {
                    let args = self.f.list(*args, *n as usize);
                    self.link_cell(pc, state, into, args);
                    return false;
                }
                let mut values = self.args(state, *func, *args, *n);
                // A call (the callee's owned values in `temp`), then the cell for the caller.
                let owned = self.result_to_temp(*func, &mut values);
                let called = self.call(*func, &values);
                let result = self.typed.sig.result.clone();
                let shapes = result
                    .unpacked(into.tag, regs.len())
                    .expect("a constructor");
                let filled = Some((into.hole as usize, called));
                let (con, leaves) = self.cell_fields(state, into.tag, regs, &shapes, filled);
                let v = match result {
                    Shape::Con(..) => self.give(leaves),
                    _ => {
                        let res = self.res.expect("the result's room");
                        vec![self.build_cell(con, &leaves, res)]
                    }
                };
                if owned > 0 {
                    // (Cloned into the cell or the caller's room.)
                    let at = self.temp_addr(0);
                    self.drop_values(at, owned);
                }
                self.finish(&v);
                return false;
            }
            Op::TailCallDirect { func, args, n } => {
                let regs = self.f.list(*args, *n as usize);
                let own = self.owned[pc].clone().expect("a reached instruction");
                let owns = |r: u32| own[index(r)] && types::read(state, r).is_some_and(has_refs);
                if *func == self.me {
                    self.next_iteration(state, regs, &owns);
                    return false;
                }
                let values = self.args(state, *func, *args, *n);
                if regs.iter().any(|&r| owns(r))
                    || self.boxed > 0
                    || self.trmc.is_some()
                    || self.all[func].sig.result != self.typed.sig.result
                {
                    // The arguments this frame owns or built must outlive the callee, a list
                    // the loop built takes the result, a result of another shape is read as
                    // this one's: a call, then the return.
                    let v = self.call_read(*func, values);
                    self.finish(&v);
                } else {
                    self.leave();
                    let callee = self.callee(*func);
                    self.b.ins().return_call(callee, &values);
                }
                return false;
            }
            _ => unreachable!("an instruction the types admit"),
        }
        true
    }

    /// The context and the arguments' scalars of a call of `func` with registers
    /// `operands[args..args+n]` (read as its parameters, or built into values of their own
    /// in the frame's box slots, which `drop_boxes` drops after the call).
    fn args(&mut self, state: &[Slot], func: u32, args: u32, n: u32) -> Vec<Value> {
        let params = self.all[&func].sig.params.clone();
        let mut values = vec![self.cx(), self.res.expect("the result's room")];
        self.boxed = 0;
        for (&r, t) in self.f.list(args, n as usize).iter().zip(&params) {
            if builds_value(state, r, t) {
                let to = self.slot_addr(self.boxes + self.boxed);
                self.boxed += 1;
                values.push(self.build_value(state, r, to));
            } else {
                values.extend(self.read_as(state, r, t));
            }
        }
        values
    }

    /// Drop the values `args` built for the call just made.
    fn drop_boxes(&mut self) {
        let (first, n) = (self.boxes, std::mem::take(&mut self.boxed));
        self.drop_slots(first, n);
    }

    fn callee(&mut self, func: u32) -> FuncRef {
        if let Some(&r) = self.refs.get(&func) {
            return r;
        }
        let r = self
            .module
            .declare_func_in_func(self.bodies[&func], self.b.func);
        self.refs.insert(func, r);
        r
    }

    /// A call that is not a tail call: on a bail, bail on; else the user location goes back
    /// to the caller's, and the callee's, when it differs, becomes the `returned` one
    /// (`machine::leave_frame`).
    fn call(&mut self, func: u32, values: &[Value]) -> Vec<Value> {
        let saved = self.load32(OFFSET_LOC);
        let result = self.call_plain(func, values);
        self.leave_frame(saved);
        result
    }

    /// `machine::leave_frame` on the context's locations: the user location, when it is not
    /// `saved`, becomes the returned one; `saved` becomes the user location.
    fn leave_frame(&mut self, saved: Value) {
        let left = self.load32(OFFSET_LOC);
        let moved = self.b.ins().icmp(IntCC::NotEqual, left, saved);
        let old = self.load32(OFFSET_RETURNED);
        let returned = self.b.ins().select(moved, left, old);
        self.store(returned, OFFSET_RETURNED);
        self.store(saved, OFFSET_LOC);
    }

    /// A call of `func` on `values` that bails on when it bails: its result.
    fn call_plain(&mut self, func: u32, values: &[Value]) -> Vec<Value> {
        let callee = self.callee(func);
        let call = self.b.ins().call(callee, values);
        let result = self.b.inst_results(call).to_vec();
        let bailed = self.load32(OFFSET_BAIL);
        let on = self.b.create_block();
        let stop = self.bail_on();
        self.b.ins().brif(bailed, stop, &[], on, &[]);
        self.b.switch_to_block(on);
        result
    }

    /// The callee `func`'s result values go to `temp` (the room in `values`, a call's
    /// arguments): how many there are.
    fn result_to_temp(&mut self, func: u32, values: &mut [Value]) -> u32 {
        let owned = refs(&self.all[&func].sig.result) as u32;
        if owned > 0 {
            values[1] = self.temp_addr(0);
        }
        owned
    }

    /// A call of `func` on `values` whose result is read as this function's (a type
    /// variable's value unboxed as a scalar), its values cloned into the caller's room: the
    /// result's scalars to return.
    fn call_read(&mut self, func: u32, mut values: Vec<Value>) -> Vec<Value> {
        let (have, want) = (
            self.all[&func].sig.result.clone(),
            self.typed.sig.result.clone(),
        );
        if have == want {
            return self.call_plain(func, &values);
        }
        let owned = self.result_to_temp(func, &mut values);
        let v = self.call_plain(func, &values);
        let v = match have == Shape::Any && !want.by_address() {
            true => {
                let addr = boxing::read_any as *const () as i64;
                self.buffered_read(addr, &[v[0]], &want, &want.leaves())
            }
            false => v,
        };
        let v = self.give(v);
        if owned > 0 {
            // (Cloned into the caller's room or read.)
            let at = self.temp_addr(0);
            self.drop_values(at, owned);
        }
        v
    }

    /// A self tail call: the loop's next iteration with the arguments in registers `regs`
    /// (of shapes in `state`). The arguments the frame owns (`owns`) are cloned out, a
    /// product passed for a list or data type built into its cell (`types::builds_cell`:
    /// an accumulator `go (x : acc) xs`), every slot dropped, and those values moved into the
    /// parameters' slots.
    fn next_iteration(&mut self, state: &[Slot], regs: &[u32], owns: &dyn Fn(u32) -> bool) {
        let params = self.typed.sig.params.clone();
        let (mut values, mut owned, mut k) = (Vec::new(), Vec::new(), 0);
        for (j, (&r, t)) in regs.iter().zip(&params).enumerate() {
            if Self::shape_of(state, r).builds_cell(t) {
                let to = self.temp_addr(k);
                self.build_value(state, r, to);
                owned.push((j, 0, values.len(), k));
                values.push(to);
                k += 1;
                continue;
            }
            let v = self.read_as(state, r, t);
            for (slot, leaf) in (0..).zip(ref_leaves(t)) {
                if owns(r) {
                    let to = self.temp_addr(k);
                    self.clone_value(v[leaf], to);
                    owned.push((j, slot, values.len() + leaf, k));
                    k += 1;
                }
            }
            values.extend(v);
        }
        self.drop_slots(0, self.nslots);
        for (j, slot, at, k) in owned {
            let from = self.temp_addr(k);
            let to = self.slot_addr(self.slots[&j].0 + slot);
            self.move_value(from, to);
            values[at] = to;
        }
        self.set_each(0.., &params, &values);
        let tick = self.tick.expect("the tick block");
        self.b.ins().jump(tick, &[]);
    }

    /// The shape (a `Shape::Con`) and scalars of constructor `tag`'s cell of fields `regs`
    /// (of the cell's field shapes `fields`; field `j` of `filled` is the scalars given): a
    /// product register is built into a cell of its own inside (`Shape::fits_cell_field`).
    fn cell_fields(
        &mut self,
        state: &[Slot],
        tag: u32,
        regs: &[u32],
        fields: &[Shape],
        filled: Option<(usize, Vec<Value>)>,
    ) -> (Shape, Vec<Value>) {
        let (mut shapes, mut leaves) = (Vec::new(), Vec::new());
        for (j, (&r, t)) in regs.iter().zip(fields).enumerate() {
            match &filled {
                Some((hole, values)) if *hole == j => {
                    shapes.push(t.clone());
                    leaves.extend(values.iter().copied());
                }
                _ => {
                    let have = Self::shape_of(state, r);
                    let t = match have.readable(t) {
                        true => t.clone(),
                        false => have,
                    };
                    leaves.extend(self.read_as(state, r, &t));
                    shapes.push(t);
                }
            }
        }
        (Shape::Con(tag, shapes.into()), leaves)
    }

    /// Register `r`'s value (of its shape in `state`: a scalar boxed, a product's cell) built
    /// into `to` (which holds nothing to drop): `to`.
    fn build_value(&mut self, state: &[Slot], r: Reg, to: Value) -> Value {
        let have = Self::shape_of(state, r);
        let leaves = self.get(r, &have);
        self.build_cell(have, &leaves, to)
    }

    /// The cell of constructor `con` (a `Shape::Con`) of scalars `values` built into `to`
    /// (which holds nothing to drop): `to`.
    fn build_cell(&mut self, con: Shape, values: &[Value], to: Value) -> Value {
        let buffer = self.bits(&con, values);
        let shape = self.shape_addr(con);
        let addr = boxing::build_cell as *const () as i64;
        self.runtime_void(addr, &[self.ptr, self.ptr, self.ptr], &[shape, buffer, to]);
        to
    }

    /// The scalars `values` of shape `t` as `u64` bits in the reader's buffer (`out`): its
    /// address.
    fn bits(&mut self, t: &Shape, values: &[Value]) -> Value {
        let buffer = self.out_addr();
        self.store_bits(t, values, buffer);
        buffer
    }

    /// The address of the buffer runtime readers write to (`uncons`, `unpack`) and cells are
    /// built from: `MAX_WIDTH + 1` scalars.
    fn out_addr(&mut self) -> Value {
        let out = *self.out.get_or_insert_with(|| {
            let size = (8 * (MAX_WIDTH + 1)) as u32;
            self.b
                .create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, size, 3))
        });
        self.b.ins().stack_addr(self.ptr, out, 0)
    }

    /// Store the scalars `values` of shape `t` at `to` as `u64` bits.
    fn store_bits(&mut self, t: &Shape, values: &[Value], to: Value) {
        for (j, (&v, l)) in values.iter().zip(t.leaves()).enumerate() {
            let bits = match l {
                Scalar::Double => self.b.ins().bitcast(ct::I64, MemFlags::new(), v),
                Scalar::Bool => self.b.ins().uextend(ct::I64, v),
                _ => v,
            };
            self.b
                .ins()
                .store(MemFlags::trusted(), bits, to, (8 * j) as i32);
        }
    }

    /// The address of where the inputs are in a value of shape `t` (`gradient::Inputs`),
    /// which lives as long as the code.
    fn inputs_addr(&mut self, t: &Shape) -> Value {
        let inputs = Rc::new(gradient::Inputs::of(t));
        let addr = self.b.ins().iconst(self.ptr, Rc::as_ptr(&inputs) as i64);
        self.locs.inputs.push(inputs);
        addr
    }

    /// The address of shape `t`, which lives as long as the code.
    fn shape_addr(&mut self, t: Shape) -> Value {
        let t = Rc::new(t);
        let addr = self.b.ins().iconst(self.ptr, Rc::as_ptr(&t) as i64);
        self.locs.shapes.push(t);
        addr
    }

    /// `chr n` as `prims`: a code point (not a surrogate), or bail (the VM reports the error).
    fn chr(&mut self, n: Value) -> Value {
        let above = self.b.ins().icmp_imm(
            IntCC::UnsignedGreaterThan,
            n,
            i64::from(u32::from(char::MAX)),
        );
        let low = self.b.ins().iadd_imm(n, -0xD800);
        let surrogate = self
            .b
            .ins()
            .icmp_imm(IntCC::UnsignedLessThan, low, 0xE000 - 0xD800);
        let bad = self.b.ins().bor(above, surrogate);
        let on = self.b.create_block();
        let bail = self.bail();
        self.b.ins().brif(bad, bail, &[], on, &[]);
        self.b.switch_to_block(on);
        n
    }

    /// Division `op` (`quot`, `rem`, `div`, `mod`) as `prims::int_div`: by zero, bail; the
    /// `minBound / -1` overflow wraps.
    fn int_div(&mut self, op: PrimOp, a: Value, b: Value) -> Value {
        let zero = self.b.ins().icmp_imm(IntCC::Equal, b, 0);
        let on = self.b.create_block();
        let bail = self.bail();
        self.b.ins().brif(zero, bail, &[], on, &[]);
        self.b.switch_to_block(on);
        let minus_one = self.b.ins().icmp_imm(IntCC::Equal, b, -1);
        let one = self.b.ins().iconst(ct::I64, 1);
        let safe = self.b.ins().select(minus_one, one, b);
        let q = self.b.ins().sdiv(a, safe);
        let neg = self.b.ins().ineg(a);
        let q = self.b.ins().select(minus_one, neg, q);
        let r = self.b.ins().srem(a, safe);
        let z = self.b.ins().iconst(ct::I64, 0);
        let r = self.b.ins().select(minus_one, z, r);
        let r_nonzero = self.b.ins().icmp_imm(IntCC::NotEqual, r, 0);
        match op {
            PrimOp::IntQuot => q,
            PrimOp::IntRem => r,
            PrimOp::IntDiv => {
                // Rounded down: one less when there is a remainder and the signs differ.
                let a_neg = self.b.ins().icmp_imm(IntCC::SignedLessThan, a, 0);
                let b_neg = self.b.ins().icmp_imm(IntCC::SignedLessThan, b, 0);
                let differ = self.b.ins().bxor(a_neg, b_neg);
                let adjust = self.b.ins().band(differ, r_nonzero);
                let adjust = self.b.ins().uextend(ct::I64, adjust);
                self.b.ins().isub(q, adjust)
            }
            _ => {
                // The remainder takes the divisor's sign.
                let r_neg = self.b.ins().icmp_imm(IntCC::SignedLessThan, r, 0);
                let b_neg = self.b.ins().icmp_imm(IntCC::SignedLessThan, b, 0);
                let differ = self.b.ins().bxor(r_neg, b_neg);
                let adjust = self.b.ins().band(differ, r_nonzero);
                let shifted = self.b.ins().iadd(r, b);
                self.b.ins().select(adjust, shifted, r)
            }
        }
    }

    /// A call of the Rust function at `addr`, of parameters `params`, on `args`: its result,
    /// of type `result`.
    fn runtime_call(
        &mut self,
        addr: i64,
        params: &[ir::Type],
        args: &[Value],
        result: ir::Type,
    ) -> Value {
        let call = self.runtime_inst(addr, params, args, Some(result));
        self.b.inst_results(call)[0]
    }

    /// A call of the Rust function at `addr`, of parameters `params`, on `args`, that
    /// returns nothing.
    fn runtime_void(&mut self, addr: i64, params: &[ir::Type], args: &[Value]) {
        self.runtime_inst(addr, params, args, None);
    }

    /// Integer primitive `op` of registers `a` and `b` (`a` again for one argument) into
    /// `dst`: a runtime call (`integer`) making an Integer into an owned slot, or giving a
    /// scalar.
    fn integer_prim(&mut self, pc: usize, state: &[Slot], op: PrimOp, dst: Reg, a: Reg, b: Reg) {
        let (_, result) = integer::signature(op).expect("an Integer primitive");
        if op == PrimOp::IntToInteger {
            let addr = integer::from_int as *const () as i64;
            return self.value_of_scalar(pc, state, addr, (dst, a), Scalar::Int);
        }
        match result {
            Shape::Scalar(s) => {
                let (x, y) = (self.get1(a, Scalar::Ref), self.get1(b, Scalar::Ref));
                let code = self.b.ins().iconst(ct::I64, op as i64);
                let addr = integer::scalar as *const () as i64;
                let v = self.checked_read(addr, &[code, x, y], &[s])[0];
                self.release(pc, dst);
                self.set1(dst, s, v);
            }
            _ => self.binary_into(pc, state, op, dst, a, b),
        }
    }

    /// The runtime function at `addr` (`dual::constant`, `integer::from_int`) making a value of
    /// the scalar `arg` of register `src`, into an owned slot for `dst`.
    fn value_of_scalar(
        &mut self,
        pc: usize,
        state: &[Slot],
        addr: i64,
        (dst, src): (Reg, Reg),
        arg: Scalar,
    ) {
        let x = self.read1(state, src, arg);
        let to = self.temp_addr(0);
        self.runtime_void(addr, &[clif(arg), self.ptr], &[x, to]);
        self.assign(pc, state, vec![(dst, Shape::Any, vec![to])], true);
    }

    /// `boxing::binary_into` of primitive `op` on the values at registers `a` and `b` (held by
    /// address), into an owned slot for `dst`.
    fn binary_into(&mut self, pc: usize, state: &[Slot], op: PrimOp, dst: Reg, a: Reg, b: Reg) {
        let (x, y) = (self.get1(a, Scalar::Ref), self.get1(b, Scalar::Ref));
        let code = self.b.ins().iconst(ct::I32, op as i64);
        let addr = boxing::binary_into as *const () as i64;
        let params = [ct::I32, self.ptr, self.ptr];
        self.made_into(pc, state, dst, addr, &params, &[code, x, y]);
    }

    /// `numUn code x` or `numBin code x y` of the registers `regs` into `dst`, a runtime call
    /// (`dual`).
    fn smooth_into(&mut self, pc: usize, state: &[Slot], dst: Reg, regs: &[Reg]) {
        let code = self.read1(state, regs[0], Scalar::Int);
        let x = self.get1(regs[1], Scalar::Ref);
        let y = match regs.get(2) {
            Some(&r) => self.get1(r, Scalar::Ref),
            None => x,
        };
        let addr = dual::smooth_into as *const () as i64;
        let params = [ct::I64, self.ptr, self.ptr];
        self.made_into(pc, state, dst, addr, &params, &[code, x, y]);
    }

    /// `arrayLin a x b y` of the registers `regs` into `dst`, a runtime call (`dual`).
    fn linear_into(&mut self, pc: usize, state: &[Slot], dst: Reg, regs: &[Reg]) {
        let a = self.read1(state, regs[0], Scalar::Double);
        let x = self.get1(regs[1], Scalar::Ref);
        let b = self.read1(state, regs[2], Scalar::Double);
        let y = self.get1(regs[3], Scalar::Ref);
        let addr = dual::linear_into as *const () as i64;
        let params = [ct::F64, self.ptr, ct::F64, self.ptr];
        self.made_into(pc, state, dst, addr, &params, &[a, x, b, y]);
    }

    /// `primInterleave` of register `x` (a product of scalars and arrays of Doubles) into
    /// `dst`: the pair's scalars read from the buffer the runtime call writes, its dual
    /// numbers and input arrays moved from `temp` into `dst`'s slots.
    fn interleave(&mut self, pc: usize, state: &[Slot], dst: Reg, x: Reg) {
        let have = Self::shape_of(state, x);
        let made = types::interleaved(&have).expect("an interleaved shape");
        let leaves = self.get(x, &have);
        let bits = self.bits(&have, &leaves);
        let have = self.inputs_addr(&have);
        let temp = self.temp_or_null(&made);
        let addr = gradient::interleave as *const () as i64;
        let failed = self.runtime_call(addr, &[self.ptr; 3], &[have, bits, temp], ct::I32);
        self.bail_if(failed);
        let values = self.loaded(bits, &made.leaves());
        self.assign(pc, state, vec![(dst, made, values)], true);
    }

    /// `primBackward mode n ids x y c` of registers `regs` into `dst`: `x`'s scalars (a product
    /// of scalars and arrays of Doubles) in the buffer the runtime call writes the gradient's
    /// to, the gradient's arrays moved from `temp` into `dst`'s slots; `y` given up to it when
    /// this is its register's last use and the register owns it (the reverse pass then frees
    /// the tape as it goes).
    fn backward(&mut self, pc: usize, state: &[Slot], dst: Reg, regs: &[Reg]) {
        let x = Self::shape_of(state, regs[3]);
        let ints: Vec<Value> = (regs[..3].iter())
            .map(|&r| self.read1(state, r, Scalar::Int))
            .collect();
        let leaves = self.get(regs[3], &x);
        let bits = self.bits(&x, &leaves);
        let x_at = self.inputs_addr(&x);
        let y = self.get1(regs[4], Scalar::Ref);
        let owns = self.owned[pc]
            .as_ref()
            .is_some_and(|own| own[index(regs[4])]);
        let take = i64::from(owns && regs[4] & MOVE != 0);
        let take = self.b.ins().iconst(ct::I32, take);
        let c = self.read1(state, regs[5], Scalar::Double);
        let temp = self.temp_or_null(&x);
        let addr = gradient::backward as *const () as i64;
        let p = self.ptr;
        let params = [ct::I64, ct::I64, ct::I64, p, p, ct::I32, ct::F64, p, p];
        let args = [ints[0], ints[1], ints[2], x_at, y, take, c, bits, temp];
        let failed = self.runtime_call(addr, &params, &args, ct::I32);
        self.bail_if(failed);
        let values = self.loaded(bits, &x.leaves());
        self.assign(pc, state, vec![(dst, x, values)], true);
    }

    /// The address of `temp` for a runtime call writing the values a value of shape `t`
    /// holds by address, or null when it holds none.
    fn temp_or_null(&mut self, t: &Shape) -> Value {
        match refs(t) {
            0 => self.b.ins().iconst(self.ptr, 0),
            _ => self.temp_addr(0),
        }
    }

    /// A call of the runtime function at `addr` on `args` (of types `params`) and the address
    /// of a slot it writes a value into (`boxing::written`): bail if it failed, else the slot
    /// is `dst`'s, owned.
    fn made_into(
        &mut self,
        pc: usize,
        state: &[Slot],
        dst: Reg,
        addr: i64,
        params: &[ir::Type],
        args: &[Value],
    ) {
        let to = self.temp_addr(0);
        let params = [params, &[self.ptr]].concat();
        let args = [args, &[to]].concat();
        let failed = self.runtime_call(addr, &params, &args, ct::I32);
        self.bail_if(failed);
        self.assign(pc, state, vec![(dst, Shape::Any, vec![to])], true);
    }

    fn runtime_inst(
        &mut self,
        addr: i64,
        params: &[ir::Type],
        args: &[Value],
        result: Option<ir::Type>,
    ) -> ir::Inst {
        let key = (params.to_vec(), result);
        let sig = match self.runtime_sigs.get(&key) {
            Some(&s) => s,
            None => {
                let mut s = self.module.make_signature();
                s.params.extend(params.iter().map(|&t| AbiParam::new(t)));
                s.returns.extend(result.map(AbiParam::new));
                let s = self.b.import_signature(s);
                self.runtime_sigs.insert(key, s);
                s
            }
        };
        let addr = self.b.ins().iconst(self.ptr, addr);
        self.b.ins().call_indirect(sig, addr, args)
    }

    /// Double primitive `op` on `args` (one or two) by a call of the VM's own function
    /// (`runtime::double_unary`, `double_binary`).
    fn double_call(&mut self, op: PrimOp, args: &[Value]) -> Value {
        let addr = match args.len() {
            1 => runtime::double_unary as *const () as i64,
            _ => runtime::double_binary as *const () as i64,
        };
        let mut params = vec![ct::I32];
        params.extend(args.iter().map(|_| ct::F64));
        let mut values = vec![self.b.ins().iconst(ct::I32, op as i64)];
        values.extend_from_slice(args);
        self.runtime_call(addr, &params, &values, ct::F64)
    }

    /// Switch on the list at address `ptr`: to `nil`, to `cons`, or (not a list cell) bail.
    fn list_switch(&mut self, ptr: Value, nil: Block, cons: Block) {
        let addr = boxing::list_tag as *const () as i64;
        let tag = self.runtime_call(addr, &[ct::I64], &[ptr], ct::I32);
        self.switch_on(tag, &[(0, nil), (1, cons)]);
    }

    /// Switch on the list at address `ptr` as `list_switch` does, taking a cons cell apart at
    /// once for the `Unpack` at instruction `at` of the `cons` arm (one runtime call where
    /// there were two): the scalars `uncons` would give wait in `read_ahead`.
    fn list_read(&mut self, ptr: Value, elem: &Shape, nil: Block, cons: Block, at: usize) {
        let mut leaves = elem.leaves();
        leaves.push(Scalar::Ref);
        let out = self.out_addr();
        let simple = match elem {
            Shape::Scalar(Scalar::Int) => Some(boxing::SIMPLE_INT),
            Shape::Scalar(Scalar::Double) => Some(boxing::SIMPLE_DOUBLE),
            Shape::List(_) | Shape::Data(_) | Shape::Any => Some(boxing::SIMPLE_REF),
            _ => None,
        };
        let tag = match simple {
            // The common elements without a shape to interpret.
            Some(kind) => {
                let kind = self.b.ins().iconst(ct::I32, i64::from(kind));
                let addr = boxing::list_read_simple as *const () as i64;
                let params = [ct::I64, ct::I32, self.ptr];
                self.runtime_call(addr, &params, &[ptr, kind, out], ct::I32)
            }
            None => {
                let shape = self.shape_addr(elem.clone());
                let addr = boxing::list_read as *const () as i64;
                let params = [ct::I64, self.ptr, self.ptr];
                self.runtime_call(addr, &params, &[ptr, shape, out], ct::I32)
            }
        };
        let read = self.b.create_block();
        self.switch_on(tag, &[(0, nil), (1, read)]);
        self.b.switch_to_block(read);
        let values = self.loaded(out, &leaves);
        self.read_ahead.insert(at, (elem.clone(), values));
        self.b.ins().jump(cons, &[]);
    }

    /// For each constructor of the data type `shape` a `Switch` on register `scrut` tells apart,
    /// the constructor's shape and the `Unpack` its arm begins with, when the switch can take
    /// the cell apart for it (`read_ahead`; the arm no other tag of the switch shares).
    fn data_reads(
        &self,
        shape: &Shape,
        scrut: Reg,
        table: u32,
        ntags: u32,
        default: u32,
    ) -> Vec<Option<(Shape, usize)>> {
        let targets: Vec<Option<u32>> = types::switch_tags(shape)
            .into_iter()
            .map(|tag| types::switch_target(self.f, table, ntags, default, tag))
            .collect();
        (0u32..)
            .zip(&targets)
            .map(|(tag, &target)| {
                let arm =
                    target.filter(|t| targets.iter().filter(|u| **u == Some(*t)).count() == 1)?;
                let at = read_ahead(self.f, &self.entered, scrut, arm as usize)?;
                let Op::Unpack { n, tag: t, .. } = &self.f.ops[at] else {
                    return None;
                };
                let fields = shape.unpacked(tag, *n as usize).filter(|_| *t == tag)?;
                Some((Shape::Con(tag, fields.into()), at))
            })
            .collect()
    }

    /// `data_tag` and, for the constructors `reads` names, `unpack` at once (one runtime call
    /// where there were two), then the switch on the tag to `arms`: each arm that takes its
    /// cell apart is reached through a block that loads the fields' scalars for its `Unpack`
    /// (`read_ahead`).
    fn data_read(&mut self, ptr: Value, arms: &[(u32, Block)], reads: Vec<Option<(Shape, usize)>>) {
        let table: Rc<[Option<Shape>]> = reads
            .iter()
            .map(|r| r.as_ref().map(|(con, _)| con.clone()))
            .collect();
        let at = self.b.ins().iconst(self.ptr, table.as_ptr() as i64);
        let len = self.b.ins().iconst(self.ptr, table.len() as i64);
        self.locs.tables.push(table);
        let out = self.out_addr();
        let addr = boxing::data_read as *const () as i64;
        let params = [ct::I64, self.ptr, self.ptr, self.ptr];
        let tag = self.runtime_call(addr, &params, &[ptr, at, len, out], ct::I32);
        let mut through = Vec::with_capacity(arms.len());
        let mut loads = Vec::new();
        for &(t, arm) in arms {
            match reads.get(t as usize).and_then(Option::as_ref) {
                Some(read) => {
                    let block = self.b.create_block();
                    loads.push((block, arm, read.clone()));
                    through.push((t, block));
                }
                None => through.push((t, arm)),
            }
        }
        self.switch_on(tag, &through);
        for (block, arm, (con, unpack)) in loads {
            self.b.switch_to_block(block);
            let values = self.loaded(out, &con.leaves());
            self.read_ahead.insert(unpack, (con, values));
            self.b.ins().jump(arm, &[]);
        }
    }

    /// The constructor tag of the data type at address `ptr` (`u32::MAX` for no constructor,
    /// which no arm takes).
    fn data_tag(&mut self, ptr: Value) -> Value {
        let addr = boxing::data_tag as *const () as i64;
        self.runtime_call(addr, &[ct::I64], &[ptr], ct::I32)
    }

    /// Go to the block of the tag `tag` holds in `arms`, or (none) bail.
    fn switch_on(&mut self, tag: Value, arms: &[(u32, Block)]) {
        for &(t, arm) in arms {
            let is = self.b.ins().icmp_imm(IntCC::Equal, tag, i64::from(t));
            let other = self.b.create_block();
            self.b.ins().brif(is, arm, &[], other, &[]);
            self.b.switch_to_block(other);
        }
        let bail = self.bail();
        self.b.ins().jump(bail, &[]);
    }

    /// The cell at address `ptr` taken apart as constructor `con` (a `Shape::Con`): its
    /// fields' scalars, a list's or data type's as an address (bail if it is another
    /// constructor).
    fn unpack(&mut self, ptr: Value, con: &Shape) -> Vec<Value> {
        let addr = boxing::unpack as *const () as i64;
        self.buffered_read(addr, &[ptr], con, &con.leaves())
    }

    /// The cons cell at address `ptr` of a list of `elem`s taken apart: its head's scalars and
    /// its tail's address (bail if it is no cons cell).
    fn uncons(&mut self, ptr: Value, elem: &Shape) -> Vec<Value> {
        let mut leaves = elem.leaves();
        leaves.push(Scalar::Ref);
        let addr = boxing::uncons as *const () as i64;
        self.buffered_read(addr, &[ptr], elem, &leaves)
    }

    /// Element `i` of the array at address `ptr` of `elem`s: its scalars (bail if there is
    /// none, and the VM reports the error).
    fn array_index(&mut self, ptr: Value, i: Value, elem: &Shape) -> Vec<Value> {
        let addr = boxing::array_index as *const () as i64;
        self.buffered_read(addr, &[ptr, i], elem, &elem.leaves())
    }

    /// A call of the runtime reader at `addr` on `args` (64-bit), then the address of `elem`'s
    /// shape and of a buffer it fills with `leaves`' bits: those scalars, or bail when it
    /// returns non-zero.
    fn buffered_read(
        &mut self,
        addr: i64,
        args: &[Value],
        elem: &Shape,
        leaves: &[Scalar],
    ) -> Vec<Value> {
        let shape = self.shape_addr(elem.clone());
        let mut values = args.to_vec();
        values.push(shape);
        self.checked_read(addr, &values, leaves)
    }

    /// A call of the runtime reader at `addr` on `args` (64-bit), then the address of a
    /// buffer it fills with `leaves`' bits: those scalars, or bail when it returns non-zero.
    fn checked_read(&mut self, addr: i64, args: &[Value], leaves: &[Scalar]) -> Vec<Value> {
        let out = self.out_addr();
        let mut params = vec![ct::I64; args.len()];
        params.push(self.ptr);
        let mut values = args.to_vec();
        values.push(out);
        let failed = self.runtime_call(addr, &params, &values, ct::I32);
        self.bail_if(failed);
        self.loaded(out, leaves)
    }

    /// Bail when `failed` (a runtime call's status) is not zero; go on in a new block.
    fn bail_if(&mut self, failed: Value) {
        let on = self.b.create_block();
        let bail = self.bail();
        self.b.ins().brif(failed, bail, &[], on, &[]);
        self.b.switch_to_block(on);
    }

    /// The scalars `leaves` a runtime reader wrote to the buffer at `out`.
    fn loaded(&mut self, out: Value, leaves: &[Scalar]) -> Vec<Value> {
        leaves
            .iter()
            .enumerate()
            .map(|(j, &t)| {
                let bits = self
                    .b
                    .ins()
                    .load(ct::I64, MemFlags::trusted(), out, (8 * j) as i32);
                from_bits(&mut self.b, t, bits)
            })
            .collect()
    }

    fn prim1(&mut self, op: PrimOp, x: Value) -> Value {
        use PrimOp::*;
        let ins = self.b.ins();
        match op {
            IntNegate => ins.ineg(x),
            IntToDouble => ins.fcvt_from_sint(ct::F64, x),
            CharOrd => x,
            CharChr => self.chr(x),
            DoubleNegate => ins.fneg(x),
            DoubleAbs => ins.fabs(x),
            DoubleSqrt => ins.sqrt(x),
            DoubleIsNaN => ins.fcmp(FloatCC::Unordered, x, x),
            DoubleIsInfinite => {
                let a = ins.fabs(x);
                let inf = self.b.ins().f64const(f64::INFINITY);
                self.b.ins().fcmp(FloatCC::Equal, a, inf)
            }
            DoubleIsNegativeZero => {
                let bits = ins.bitcast(ct::I64, MemFlags::new(), x);
                self.b.ins().icmp_imm(IntCC::Equal, bits, i64::MIN)
            }
            CharCategory | CharToUpper | CharToLower => {
                let addr = runtime::char_unary as *const () as i64;
                let op = self.b.ins().iconst(ct::I32, op as i64);
                self.runtime_call(addr, &[ct::I32, ct::I64], &[op, x], ct::I64)
            }
            _ => self.double_call(op, &[x]),
        }
    }

    fn prim2(&mut self, op: PrimOp, x: Value, y: Value) -> Value {
        use PrimOp::*;
        let int = |cc| Some(cc);
        let icc = match op {
            // Code points are below 2^21: compared as Ints, in the order of `Char`.
            IntEq | CharEq => int(IntCC::Equal),
            IntNe | CharNe => int(IntCC::NotEqual),
            IntLt | CharLt => int(IntCC::SignedLessThan),
            IntLe | CharLe => int(IntCC::SignedLessThanOrEqual),
            IntGt | CharGt => int(IntCC::SignedGreaterThan),
            IntGe | CharGe => int(IntCC::SignedGreaterThanOrEqual),
            _ => None,
        };
        if let Some(cc) = icc {
            return self.b.ins().icmp(cc, x, y);
        }
        let fcc = match op {
            DoubleEq => Some(FloatCC::Equal),
            DoubleNe => Some(FloatCC::NotEqual),
            DoubleLt => Some(FloatCC::LessThan),
            DoubleLe => Some(FloatCC::LessThanOrEqual),
            DoubleGt => Some(FloatCC::GreaterThan),
            DoubleGe => Some(FloatCC::GreaterThanOrEqual),
            _ => None,
        };
        if let Some(cc) = fcc {
            return self.b.ins().fcmp(cc, x, y);
        }
        let ins = self.b.ins();
        match op {
            IntAdd => ins.iadd(x, y),
            IntSub => ins.isub(x, y),
            IntMul => ins.imul(x, y),
            IntAnd => ins.band(x, y),
            IntOr => ins.bor(x, y),
            IntXor => ins.bxor(x, y),
            IntQuot | IntRem | IntDiv | IntMod => self.int_div(op, x, y),
            DoubleAdd => ins.fadd(x, y),
            DoubleSub => ins.fsub(x, y),
            DoubleMul => ins.fmul(x, y),
            DoubleDiv => ins.fdiv(x, y),
            _ => self.double_call(op, &[x, y]),
        }
    }
}

/// Whether register `r` (of its shape in `state`) passed or returned as `t` is built into a
/// value of its own first (`Shape::builds_cell`; one it can be read as is read).
fn builds_value(state: &[Slot], r: Reg, t: &Shape) -> bool {
    types::read(state, r).is_some_and(|have| !have.readable(t) && have.builds_cell(t))
}
