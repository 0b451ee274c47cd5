//! Cranelift code for the scalar functions (see `types`): each register of each type is a
//! Cranelift variable holding the unboxed value; a self tail call is a loop, calls between
//! scalar functions native calls (tail calls `return_call`). Every entry and loop iteration
//! counts down the fuel and polls the limits when it runs out; every entry checks the machine
//! stack against `Ctx::stack_floor`; a division by zero, a missing `case` arm, a poll that
//! answers "stop" or a stack past the floor bail (see `runtime`). Each function also gets an
//! entry wrapper of one signature for Rust to call. It must not emit anything that can trap or
//! fail: every failure is a bail.

use super::boxing;
use super::runtime::{
    self, OFFSET_BAIL, OFFSET_FUEL, OFFSET_LOC, OFFSET_RETURNED, OFFSET_STACK_FLOOR, POLL_INTERVAL,
};
use super::types::{self, Scalar, Shape, Slot, Typed, MAX_WIDTH};
use crate::value::Value as RtValue;
use crate::vm::code::{index, Function, Op, Reg};
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

/// What the code refers to by number or address: the user locations it records, numbered
/// (the same span has one number), the shapes of list elements its runtime calls take apart
/// and the nullary constructors a constant tag points to where it is read in place (`[]`,
/// `Nothing`, `LT`: owned here, so their addresses stay valid while the code lives).
#[derive(Default)]
pub(crate) struct Locs {
    pub spans: Vec<Span>,
    numbers: HashMap<Span, u32>,
    pub shapes: Vec<Rc<Shape>>,
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

/// The signature of a scalar function's native body: the context, then its parameters'
/// scalars; it returns its result's scalars.
pub(crate) fn body_signature(module: &JITModule, sig: &types::Signature) -> ir::Signature {
    let mut s = ir::Signature::new(CallConv::Tail);
    s.params
        .push(AbiParam::new(module.target_config().pointer_type()));
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

/// The signature of every entry wrapper: `extern "C" fn(*mut Ctx, *const u64, *mut u64)`.
pub(crate) fn wrapper_signature(module: &JITModule) -> ir::Signature {
    let ptr = module.target_config().pointer_type();
    let mut s = module.make_signature();
    s.params.extend([AbiParam::new(ptr); 3]);
    s
}

/// Define the entry wrapper of a function of signature `sig` whose body is `body`: it reads
/// the arguments' scalars (as `u64` bits) from its second argument and writes the result's
/// to its third.
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
    let [cx, args, out] = b.block_params(entry)[..] else {
        unreachable!("a wrapper's three parameters")
    };
    let mut values = vec![cx];
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
        };
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
    runtime_sigs: HashMap<(Vec<ir::Type>, ir::Type), SigRef>,
    /// Room for what `uncons` writes.
    out: Option<StackSlot>,
}

impl Gen<'_, '_> {
    fn cx(&self) -> Value {
        self.cx.expect("the context")
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
        let sig = self.typed.sig.clone();
        self.set_each(0.., &sig.params, &params[1..]);
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
        let bail = self.bail();
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
            open = self.op(op, &state);
        }
    }

    fn shape_of(state: &[Slot], r: Reg) -> Shape {
        types::read(state, r).cloned().expect("a typed register")
    }

    /// The scalars of the registers `regs` read as `shapes` (which they fit), one after
    /// another.
    fn get_as(&mut self, regs: &[u32], shapes: &[Shape]) -> Vec<Value> {
        let mut values = Vec::new();
        for (&r, shape) in regs.iter().zip(shapes) {
            values.extend(self.get(r, shape));
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

    /// Emit `op`; whether control goes on to the next instruction.
    fn op(&mut self, op: &Op, state: &[Slot]) -> bool {
        match op {
            Op::Loc(span) => {
                let n = self.locs.number(*span);
                let n = self.b.ins().iconst(ct::I32, i64::from(n));
                self.store(n, OFFSET_LOC);
            }
            Op::Move { dst, src } => match Self::shape_of(state, *src) {
                Shape::Tag(_) => {
                    for t in [Scalar::Bool, Scalar::Ref] {
                        let v = self.get1(*src, t);
                        self.set1(*dst, t, v);
                    }
                }
                t => {
                    let v = self.get(*src, &t);
                    self.set(*dst, &t, &v);
                }
            },
            Op::Const { dst, index } => match &self.f.consts[*index as usize] {
                RtValue::Int(i) => {
                    let v = self.b.ins().iconst(ct::I64, *i);
                    self.set1(*dst, Scalar::Int, v);
                }
                RtValue::Double(x) => {
                    let v = self.b.ins().f64const(*x);
                    self.set1(*dst, Scalar::Double, v);
                }
                RtValue::Char(c) => {
                    let v = self.b.ins().iconst(ct::I64, i64::from(u32::from(*c)));
                    self.set1(*dst, Scalar::Char, v);
                }
                RtValue::Tag(t) => self.set_tag(*dst, *t),
                _ => unreachable!("a scalar constant"),
            },
            // (The message is the VM's, which reports the error.)
            Op::Str { .. } => {}
            Op::Prim1 {
                op: PrimOp::Error, ..
            } => {
                let bail = self.bail();
                self.b.ins().jump(bail, &[]);
                return false;
            }
            Op::Prim1 { dst, op, a, .. } => {
                let (arg, result) = types::prim1(*op).expect("a native primitive");
                let x = self.get1(*a, arg);
                let v = self.prim1(*op, x);
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
                let (ptr, i) = (self.get1(*a, Scalar::Ref), self.get1(*b, Scalar::Int));
                let values = self.array_index(ptr, i, &elem);
                self.set(*dst, &elem, &values);
            }
            Op::Prim2 { dst, op, a, b, .. } => {
                let (arg, result) = types::prim2(*op).expect("a native primitive");
                let (x, y) = (self.get1(*a, arg), self.get1(*b, arg));
                let v = self.prim2(*op, x, y);
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
                let values = self.get_as(regs, &fields);
                self.set(*dst, &Shape::Con(*tag, fields.into()), &values);
            }
            Op::Unpack { src, slots, n } => {
                let shape = Self::shape_of(state, *src);
                let (tag, fields) = shape.unpacked(*n as usize).expect("a constructor's shape");
                let values = match &shape {
                    Shape::List(elem) => {
                        let ptr = self.get1(*src, Scalar::Ref);
                        self.uncons(ptr, elem)
                    }
                    Shape::Data(_) => {
                        let ptr = self.get1(*src, Scalar::Ref);
                        self.unpack(ptr, &Shape::Con(tag, fields.clone().into()))
                    }
                    _ => self.get(*src, &shape),
                };
                let slots = self.f.list(*slots, *n as usize);
                self.set_each(slots.iter().copied(), &fields, &values);
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
                    Shape::List(_) => {
                        let ptr = self.get1(*scrut, Scalar::Ref);
                        let nil = self.arm(*table, *ntags, *default, 0);
                        let cons = self.arm(*table, *ntags, *default, 1);
                        self.list_switch(ptr, nil, cons);
                    }
                    // Several tags: by the constant's number, or the cell's tag.
                    shape @ (Shape::Tag(_) | Shape::Data(_)) => {
                        let arms: Vec<(u32, Block)> = types::switch_tags(&shape)
                            .into_iter()
                            .map(|tag| (tag, self.arm(*table, *ntags, *default, tag)))
                            .collect();
                        let tag = match shape {
                            Shape::Tag(_) => self.get1(*scrut, Scalar::Bool),
                            _ => {
                                let ptr = self.get1(*scrut, Scalar::Ref);
                                self.data_tag(ptr)
                            }
                        };
                        self.switch_on(tag, &arms);
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
            Op::Ret { src } => {
                let v = self.get(*src, &self.typed.sig.result);
                self.b.ins().return_(&v);
                return false;
            }
            Op::RetCon { args, n, .. } => {
                let fields = self.typed.sig.result.fields().expect("a product result");
                let v = self.get_as(self.f.list(*args, *n as usize), &fields);
                self.b.ins().return_(&v);
                return false;
            }
            Op::CallDirect {
                dst, func, args, n, ..
            } => {
                let values = self.args(*func, *args, *n);
                let result = self.all[func].sig.result.clone();
                let v = self.call(*func, &values);
                self.set(*dst, &result, &v);
            }
            Op::TailCallDirect { func, args, n } => {
                let values = self.args(*func, *args, *n);
                if *func == self.me {
                    let params = self.typed.sig.params.clone();
                    self.set_each(0.., &params, &values[1..]);
                    let tick = self.tick.expect("the tick block");
                    self.b.ins().jump(tick, &[]);
                } else {
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
    /// `operands[args..args+n]` (read as its parameters).
    fn args(&mut self, func: u32, args: u32, n: u32) -> Vec<Value> {
        let params = self.all[&func].sig.params.clone();
        let mut values = vec![self.cx()];
        values.extend(self.get_as(self.f.list(args, n as usize), &params));
        values
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
        let callee = self.callee(func);
        let call = self.b.ins().call(callee, values);
        let result = self.b.inst_results(call).to_vec();
        let bailed = self.load32(OFFSET_BAIL);
        let on = self.b.create_block();
        let stop = self.bail_on();
        self.b.ins().brif(bailed, stop, &[], on, &[]);
        self.b.switch_to_block(on);
        let left = self.load32(OFFSET_LOC);
        let moved = self.b.ins().icmp(IntCC::NotEqual, left, saved);
        let old = self.load32(OFFSET_RETURNED);
        let returned = self.b.ins().select(moved, left, old);
        self.store(returned, OFFSET_RETURNED);
        self.store(saved, OFFSET_LOC);
        result
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
        let key = (params.to_vec(), result);
        let sig = match self.runtime_sigs.get(&key) {
            Some(&s) => s,
            None => {
                let mut s = self.module.make_signature();
                s.params.extend(params.iter().map(|&t| AbiParam::new(t)));
                s.returns.push(AbiParam::new(result));
                let s = self.b.import_signature(s);
                self.runtime_sigs.insert(key, s);
                s
            }
        };
        let addr = self.b.ins().iconst(self.ptr, addr);
        let call = self.b.ins().call_indirect(sig, addr, args);
        self.b.inst_results(call)[0]
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
        let is_nil = self.b.ins().icmp_imm(IntCC::Equal, tag, 0);
        let other = self.b.create_block();
        self.b.ins().brif(is_nil, nil, &[], other, &[]);
        self.b.switch_to_block(other);
        let is_cons = self.b.ins().icmp_imm(IntCC::Equal, tag, 1);
        let bail = self.bail();
        self.b.ins().brif(is_cons, cons, &[], bail, &[]);
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
        let out = *self.out.get_or_insert_with(|| {
            let size = (8 * (MAX_WIDTH + 1)) as u32;
            self.b
                .create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, size, 3))
        });
        let out = self.b.ins().stack_addr(self.ptr, out, 0);
        let elem_shape = Rc::new(elem.clone());
        let shape = self
            .b
            .ins()
            .iconst(self.ptr, Rc::as_ptr(&elem_shape) as i64);
        self.locs.shapes.push(elem_shape);
        let mut params = vec![ct::I64; args.len()];
        params.extend([self.ptr, self.ptr]);
        let mut values = args.to_vec();
        values.extend([shape, out]);
        let failed = self.runtime_call(addr, &params, &values, ct::I32);
        let on = self.b.create_block();
        let bail = self.bail();
        self.b.ins().brif(failed, bail, &[], on, &[]);
        self.b.switch_to_block(on);
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
