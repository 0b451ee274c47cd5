//! Bytecode generation: the interpreter's resolved code (`compile::Code`, variables already
//! turned into slots, captures, group members and globals) to the VM's flat register code.
//! Function `i` of the output is lambda `i` of the input, so closures, twins and lifting mean
//! the same on both backends; the top-level bindings and the entry follow the lambdas.
//! It evaluates nothing.

use super::code::{Function, Op, Operand, Reg, NO_TARGET, OPERAND_CAPTURE, OPERAND_REC};
use super::curried::add_two_argument_entries;
use crate::compile::{Arm, CaseCode, Code, Compiled, LamCode, VarRef};
use crate::value::{Closure, Value};
use dnrad_core::{PrimOp, Span};
use std::collections::HashMap;
use std::rc::Rc;

/// Whether evaluating `e` can neither fail nor depend on calls made before it (a variable or
/// a constant), so it may be evaluated ahead of them.
fn ready(e: &Code) -> bool {
    matches!(
        e,
        Code::Var(_) | Code::Lit(_) | Code::Str(_) | Code::Lam(..)
    )
}

/// Where an expression's value goes.
#[derive(Clone, Copy)]
enum Target {
    Reg(Reg),
    /// Into a register that only the `case` being compiled scrutinises (calls say so).
    Scrut(Reg),
    /// Return it from the function (calls become tail calls).
    Tail,
}

impl Target {
    /// Where a value that is not a call result goes.
    fn register(self) -> Option<Reg> {
        match self {
            Target::Reg(r) | Target::Scrut(r) => Some(r),
            Target::Tail => None,
        }
    }
}

struct Gen<'c> {
    f: Function,
    /// The next free temporary register.
    next: Reg,
    /// Direct entries of top-level functions: global to (function index, arity).
    direct: &'c HashMap<u32, Direct>,
}

/// A top-level function's direct entry.
#[derive(Clone, Copy)]
struct Direct {
    func: u32,
    arity: u32,
    /// The primitive the function only applies to its parameters (in order), if so.
    wrapped: Option<(PrimOp, Span)>,
}

impl Direct {
    fn new(func: u32, arity: u32, code: &LamCode) -> Direct {
        let wrapped = match &code.body {
            Code::Prim(op, args, span)
                if args.len() == arity as usize
                    && args.iter().enumerate().all(
                        |(k, a)| matches!(a, Code::Var(VarRef::Local(s)) if *s == k as u32),
                    ) =>
            {
                Some((*op, *span))
            }
            _ => None,
        };
        Direct {
            func,
            arity,
            wrapped,
        }
    }
}

fn operand(r: VarRef) -> Operand {
    Operand(match r {
        VarRef::Local(s) => s,
        VarRef::Capture(i) => OPERAND_CAPTURE | i,
        VarRef::RecMember(j) => OPERAND_REC | j,
    })
}

impl Gen<'_> {
    fn temp(&mut self) -> Reg {
        let r = self.next;
        self.next += 1;
        self.f.nregs = self.f.nregs.max(self.next);
        r
    }

    fn emit(&mut self, op: Op) {
        // Of two locations recorded in a row only the second counts: no jump lands between
        // them (a jump target never follows a `Loc`, which always precedes the code it is for).
        if let (Op::Loc(_), Some(last @ Op::Loc(_))) = (&op, self.f.ops.last_mut()) {
            *last = op;
            return;
        }
        self.f.ops.push(op);
    }

    fn here(&self) -> u32 {
        self.f.ops.len() as u32
    }

    fn operands(&mut self, items: impl IntoIterator<Item = u32>) -> u32 {
        let start = self.f.operands.len() as u32;
        self.f.operands.extend(items);
        start
    }

    /// The value of `target` when it is not a register: compute into a temporary and return it.
    fn finish(&mut self, target: Target, compute: impl FnOnce(&mut Gen<'_>, Reg)) {
        match target.register() {
            Some(r) => compute(self, r),
            None => {
                let t = self.temp();
                compute(self, t);
                self.emit(Op::Ret { src: t });
            }
        }
    }

    fn constant(&mut self, v: Value, target: Target) {
        self.finish(target, |g, dst| {
            g.f.consts.push(v);
            let index = g.f.consts.len() as u32 - 1;
            g.emit(Op::Const { dst, index });
        })
    }

    /// Evaluate `e` into a register: a local variable is used where it is.
    fn operand_reg(&mut self, e: &Code) -> Reg {
        if let Code::Var(VarRef::Local(s)) = e {
            return *s;
        }
        let t = self.temp();
        self.expr(e, Target::Reg(t));
        t
    }

    /// Evaluate `args` in order, each into a register (a local variable where it is, unless an
    /// earlier argument is there: no register is listed twice, so an instruction that ends the
    /// frame may move each value out); returns their operand-table entry.
    fn operand_regs<'a>(&mut self, args: impl IntoIterator<Item = &'a Code>) -> u32 {
        let regs: Vec<Reg> = args.into_iter().map(|a| self.operand_reg(a)).collect();
        let regs = self.distinct(&regs);
        self.operands(regs)
    }

    /// `regs` with each register listed again replaced by a copy in a fresh temporary.
    fn distinct(&mut self, regs: &[Reg]) -> Vec<Reg> {
        let mut out: Vec<Reg> = Vec::with_capacity(regs.len());
        for &r in regs {
            if out.contains(&r) {
                let copy = self.temp();
                self.emit(Op::Move { dst: copy, src: r });
                out.push(copy);
            } else {
                out.push(r);
            }
        }
        out
    }

    fn expr(&mut self, e: &Code, target: Target) {
        let mark = self.next;
        match e {
            Code::Var(VarRef::Local(s)) => match target.register() {
                Some(r) if r == *s => {}
                Some(r) => self.emit(Op::Move { dst: r, src: *s }),
                None => self.emit(Op::Ret { src: *s }),
            },
            Code::Var(VarRef::Capture(i)) => {
                self.finish(target, |g, dst| g.emit(Op::Capture { dst, index: *i }))
            }
            Code::Var(VarRef::RecMember(j)) => {
                self.finish(target, |g, dst| g.emit(Op::RecMember { dst, index: *j }))
            }
            Code::Global(global) => self.finish(target, |g, dst| {
                g.emit(Op::Global {
                    dst,
                    global: *global,
                })
            }),
            Code::Lit(v) => self.constant(v.clone(), target),
            Code::Str(s) => self.finish(target, |g, dst| {
                g.f.strings.push(s.clone());
                let index = g.f.strings.len() as u32 - 1;
                g.emit(Op::Str { dst, index });
            }),
            // A closure capturing nothing is built once, with the code.
            Code::Lam(lam, refs) if refs.is_empty() => {
                let closure = Value::Closure(Rc::new(Closure {
                    lam: *lam,
                    captures: Default::default(),
                }));
                self.constant(closure, target)
            }
            Code::Lam(lam, refs) => self.finish(target, |g, dst| {
                let start = g.operands(refs.iter().map(|r| operand(*r).0));
                g.emit(Op::Closure {
                    dst,
                    lam: *lam,
                    start,
                    n: refs.len() as u32,
                });
            }),
            Code::App(..) if self.direct_call(e, target) => {}
            Code::App(..) if self.call2(e, target) => {}
            Code::App(f, a, span) => {
                if span.is_user() {
                    self.emit(Op::Loc(*span));
                }
                let f = self.operand_reg(f);
                let arg = self.operand_reg(a);
                match target {
                    Target::Reg(dst) | Target::Scrut(dst) => self.emit(Op::Call {
                        dst,
                        f,
                        arg,
                        scrut: matches!(target, Target::Scrut(_)),
                        span: *span,
                    }),
                    Target::Tail => self.emit(Op::TailCall {
                        f,
                        arg,
                        span: *span,
                    }),
                }
            }
            Code::Let(slot, rhs, body) => {
                self.expr(rhs, Target::Reg(*slot));
                self.next = mark;
                self.expr(body, target);
            }
            Code::LetRec(lams, refs, slots, body) => {
                let l = self.operands(lams.iter().copied());
                let caps = self.operands(refs.iter().map(|r| operand(*r).0));
                let s = self.operands(slots.iter().copied());
                self.emit(Op::LetRec {
                    lams: l,
                    n: lams.len() as u32,
                    caps,
                    ncaps: refs.len() as u32,
                    slots: s,
                });
                self.expr(body, target);
            }
            Code::Con(tag, args) if args.is_empty() => self.constant(Value::Tag(*tag), target),
            Code::Con(tag, args) => match constant_list(e) {
                Some(list) => self.constant(list, target),
                None => {
                    let start = self.operand_regs(args);
                    let (tag, n) = (*tag, args.len() as u32);
                    match target.register() {
                        Some(dst) => self.emit(Op::Con {
                            dst,
                            tag,
                            args: start,
                            n,
                        }),
                        None => self.emit(Op::RetCon {
                            tag,
                            args: start,
                            n,
                        }),
                    }
                }
            },
            Code::Prim(op, args, span) => {
                if span.is_user() {
                    self.emit(Op::Loc(*span));
                }
                let regs: Vec<Reg> = args.iter().map(|a| self.operand_reg(a)).collect();
                self.emit_prim(*op, *span, &regs, target);
            }
            Code::Case(scrut, cc, span) => self.case_of(scrut, cc, *span, target),
        }
        self.next = mark;
    }

    /// `case scrut of cc`. The `let`s and single-alternative `case`s around the scrutinee's
    /// value are generated first, in order and without jumps (let floating and case-of-case:
    /// slots are fixed, so nothing is renamed or duplicated), so the value's own shape decides
    /// the code.
    fn case_of(&mut self, scrut: &Code, cc: &CaseCode, span: Span, target: Target) {
        self.locs(&[span]);
        let mut scrut = scrut;
        loop {
            match scrut {
                Code::Let(slot, rhs, body) => {
                    let mark = self.next;
                    self.expr(rhs, Target::Reg(*slot));
                    self.next = mark;
                    scrut = body;
                }
                Code::Case(s, inner, inner_span) if single_alternative(inner).is_some() => {
                    self.locs(&[*inner_span]);
                    let arm = self.bind(s, inner, *inner_span);
                    scrut = &arm.body;
                }
                _ => break,
            }
        }
        let s = self.scrutinee(scrut);
        self.case(s, cc, span, target);
    }

    /// The register holding the value of `scrut`, evaluated for a `Switch` that follows.
    fn scrutinee(&mut self, scrut: &Code) -> Reg {
        match scrut {
            Code::Var(VarRef::Local(s)) => *s,
            _ => {
                let t = self.temp();
                self.expr(scrut, Target::Scrut(t));
                t
            }
        }
    }

    /// Evaluate `scrut` and bind the slots of the single alternative of `cc` (which must have
    /// one), failing as the `case` would; returns the alternative, whose body comes next.
    fn bind<'c>(&mut self, scrut: &Code, cc: &'c CaseCode, span: Span) -> &'c Arm {
        let (tag, arm) = single_alternative(cc).expect("a single alternative");
        let s = self.scrutinee(scrut);
        let table = self.switch(s, cc, span);
        self.f.operands[table as usize + tag] = self.here();
        self.unpack(s, tag, arm);
        arm
    }

    /// A `Switch` on `scrut` by the tags of `cc`, its targets still to be filled in; returns
    /// its table.
    fn switch(&mut self, scrut: Reg, cc: &CaseCode, span: Span) -> u32 {
        let table = self.operands(cc.arms.iter().map(|_| NO_TARGET));
        self.emit(Op::Switch {
            scrut,
            table,
            ntags: cc.arms.len() as u32,
            default: NO_TARGET,
            span,
        });
        table
    }

    /// The fields of the constructor in `src`, of tag `tag`, into the slots of `arm`.
    fn unpack(&mut self, src: Reg, tag: usize, arm: &Arm) {
        if !arm.slots.is_empty() {
            let slots = self.operands(arm.slots.iter().copied());
            self.emit(Op::Unpack {
                src,
                slots,
                n: arm.slots.len() as u32,
                tag: tag as u32,
            });
        }
    }

    /// Primitive `op` on registers `regs`. A nested level's reverse pass in tail position
    /// returns with `RetPrim`, which frees the frame's other registers before it runs (it may
    /// then hold the only references to the level's tape); every other primitive's operands
    /// move at their last use anyway, and native code compiles `Prim` and `Ret`.
    fn emit_prim(&mut self, op: PrimOp, span: Span, regs: &[Reg], target: Target) {
        if target.register().is_none() && op == PrimOp::NestBackward {
            let regs = self.distinct(regs);
            let args = self.operands(regs);
            self.emit(Op::RetPrim { op, args, span });
            return;
        }
        // An update takes its array, to update it in place when nothing else holds it, and an
        // array from a list its list, to move the elements out of cells nothing else holds:
        // the general form, whose operands move at their last use (`last_use`).
        let general = regs.len() > 2 || matches!(op, PrimOp::ArrUpdate | PrimOp::ArrFromList);
        let args = if general {
            self.operands(regs.iter().copied())
        } else {
            0
        };
        self.finish(target, |g, dst| {
            g.emit(match *regs {
                [a] if !general => Op::Prim1 { dst, op, a, span },
                [a, b] if !general => Op::Prim2 {
                    dst,
                    op,
                    a,
                    b,
                    span,
                },
                _ => Op::Prim {
                    dst,
                    op,
                    args,
                    span,
                },
            })
        });
    }

    /// A saturated call `g a1 .. an` of a global with a direct entry: the arguments into
    /// registers and one call, recording the applications' locations in the
    /// interpreter's order (outermost first). Returns false when `e` is no such call.
    fn direct_call(&mut self, e: &Code, target: Target) -> bool {
        let (head, mut args, spans) = spine(e);
        let Code::Global(g) = head else {
            return false;
        };
        let Some(&Direct {
            func,
            arity,
            wrapped,
        }) = self.direct.get(g)
        else {
            return false;
        };
        if args.len() != arity as usize {
            return false;
        }
        self.locs(&spans);
        args.reverse();
        if let Some((op, span)) = wrapped {
            // A world's constant of a literal (`arrayConst 2.0` in differentiated code) is made
            // once, with the code.
            if let (PrimOp::ArrayConst | PrimOp::DualConst, [Code::Lit(x @ Value::Double(_))]) =
                (op, &args[..])
            {
                if let Ok(v) = crate::ad_prims::apply(op, std::slice::from_ref(x)) {
                    self.constant(v, target);
                    return true;
                }
            }
            // The function only applies a primitive to its parameters: apply it here.
            let regs: Vec<Reg> = args.iter().map(|a| self.operand_reg(a)).collect();
            self.emit_prim(op, span, &regs, target);
            return true;
        }
        let start = self.operand_regs(args);
        let n = arity;
        match target {
            Target::Reg(dst) | Target::Scrut(dst) => self.emit(Op::CallDirect {
                dst,
                func,
                args: start,
                n,
                scrut: matches!(target, Target::Scrut(_)),
            }),
            Target::Tail => self.emit(Op::TailCallDirect {
                func,
                args: start,
                n,
            }),
        }
        true
    }

    /// `f a b` with `b` a variable or constant (evaluating it can neither fail nor depend on
    /// the first call): `Call2`, then the two plain calls it falls back on. Returns false when
    /// `e` is no such application.
    fn call2(&mut self, e: &Code, target: Target) -> bool {
        let Code::App(fa, b, span_b) = e else {
            return false;
        };
        let Code::App(f, a, span_a) = fa.as_ref() else {
            return false;
        };
        if !ready(b) {
            return false;
        }
        self.locs(&[*span_b, *span_a]);
        let f = self.operand_reg(f);
        let a = self.operand_reg(a);
        let b = self.operand_reg(b);
        self.emit_call2([f, a, b], [*span_a, *span_b], target);
        true
    }

    /// Record each user location of `spans`, in order.
    fn locs(&mut self, spans: &[Span]) {
        for span in spans.iter().filter(|s| s.is_user()) {
            self.emit(Op::Loc(*span));
        }
    }

    /// `f a b` for registers `[f, a, b]`: `Call2` and the two calls it falls back on.
    fn emit_call2(&mut self, [f, a, b]: [Reg; 3], [span_a, span_b]: [Span; 2], target: Target) {
        let partial = self.temp();
        let first = Op::Call {
            dst: partial,
            f,
            arg: a,
            scrut: false,
            span: span_a,
        };
        match target.register() {
            Some(dst) => {
                let scrut = matches!(target, Target::Scrut(_));
                self.emit(Op::Call2 {
                    dst,
                    f,
                    a,
                    b,
                    scrut,
                    span: span_a,
                });
                self.emit(first);
                self.emit(Op::Call {
                    dst,
                    f: partial,
                    arg: b,
                    scrut,
                    span: span_b,
                });
            }
            None => {
                self.emit(Op::TailCall2 {
                    f,
                    a,
                    b,
                    span: span_a,
                });
                self.emit(first);
                self.emit(Op::TailCall {
                    f: partial,
                    arg: b,
                    span: span_b,
                });
            }
        }
    }

    fn case(&mut self, scrut: Reg, cc: &CaseCode, span: Span, target: Target) {
        let switch = self.here();
        let table = self.switch(scrut, cc, span);
        let mut ends = Vec::new();
        for (tag, arm) in cc.arms.iter().enumerate() {
            let Some(arm) = arm else { continue };
            self.f.operands[table as usize + tag] = self.here();
            self.unpack(scrut, tag, arm);
            self.expr(&arm.body, target);
            if target.register().is_some() {
                ends.push(self.here());
                self.emit(Op::Jump { target: NO_TARGET });
            }
        }
        if let Some(d) = &cc.default {
            let at = self.here();
            if let Op::Switch { default, .. } = &mut self.f.ops[switch as usize] {
                *default = at;
            }
            self.expr(d, target);
        }
        let end = self.here();
        for j in ends {
            self.f.ops[j as usize] = Op::Jump { target: end };
        }
    }
}

/// A list literal of two or more `Int`, `Double` or `Char` literals (`[-1, 0, 1]`) as its
/// value: built once, when the code is generated, and shared by every evaluation (a constant
/// is never updated in place: the constant pool keeps a reference), which native code reads in
/// place.
fn constant_list(e: &Code) -> Option<Value> {
    let mut items = Vec::new();
    let mut cur = e;
    loop {
        match cur {
            Code::Con(0, nil) if nil.is_empty() => break,
            Code::Con(1, cell) if cell.len() == 2 => {
                let Code::Lit(x @ (Value::Int(_) | Value::Double(_) | Value::Char(_))) = &cell[0]
                else {
                    return None;
                };
                items.push(x.clone());
                cur = &cell[1];
            }
            _ => return None,
        }
    }
    (items.len() >= 2).then(|| Value::list(items.into_iter()))
}

/// The only alternative of a `case` without a default, and its tag.
fn single_alternative(cc: &CaseCode) -> Option<(usize, &Arm)> {
    let mut arms = cc
        .arms
        .iter()
        .enumerate()
        .filter_map(|(t, a)| Some((t, a.as_ref()?)));
    match (arms.next(), arms.next(), &cc.default) {
        (Some(only), None, None) => Some(only),
        _ => None,
    }
}

/// The head of the application `e`, its arguments (innermost first) and the applications'
/// spans (outermost first).
fn spine(e: &Code) -> (&Code, Vec<&Code>, Vec<Span>) {
    let mut spans = Vec::new();
    let mut args = Vec::new();
    let mut head = e;
    while let Code::App(f, a, span) = head {
        spans.push(*span);
        args.push(a.as_ref());
        head = f;
    }
    (head, args, spans)
}

fn function(code: &LamCode, nparams: u32, direct: &HashMap<u32, Direct>) -> Function {
    let mut g = Gen {
        f: Function {
            nregs: code.nslots.max(1),
            nparams,
            ..Function::default()
        },
        next: code.nslots,
        direct,
    };
    g.expr(&code.body, Target::Tail);
    g.f
}

/// The VM's functions: the lambdas of `compiled`, then its top-level bindings, then the direct
/// entries, then the entry, then the two-argument entries (`curried`).
pub fn generate(compiled: &Compiled) -> Vec<Function> {
    let first_direct = (compiled.lams.len() + compiled.globals.len()) as u32;
    let direct: HashMap<u32, Direct> = compiled
        .direct
        .iter()
        .enumerate()
        .map(|(i, (g, arity, code))| (*g, Direct::new(first_direct + i as u32, *arity, code)))
        .collect();
    // A lambda takes one argument, a direct entry its arity, the others none.
    let mut funcs: Vec<Function> = compiled
        .lams
        .iter()
        .map(|c| (c, 1))
        .chain(compiled.globals.iter().map(|(_, c)| (c, 0)))
        .chain(compiled.direct.iter().map(|(_, arity, c)| (c, *arity)))
        .chain(compiled.entry.iter().map(|c| (c, 0)))
        .map(|(c, nparams)| function(c, nparams, &direct))
        .collect();
    add_two_argument_entries(&mut funcs, compiled.lams.len());
    for f in &mut funcs {
        super::locs::drop_repeated(f);
        super::jumps::thread(f);
        super::regalloc::allocate(f);
        super::last_use::mark(f);
        super::tail_cons::mark(f);
    }
    funcs
}
