//! The VM's instruction set: a register machine over frame slots. Each function (a lambda, a
//! top-level binding or the entry) is a flat vector of `Op`s; registers are its frame's slots
//! (slot 0 holds the argument, `Let`/`case` binders have fixed slots, temporaries follow).
//! Why this shape: flat code and registers remove the interpreter's per-node continuation
//! pushes; primitive, constructor and call arguments are read where they are (a variable's
//! slot or the temporary that computed it, listed in the operand table), so no argument is
//! moved before it is used; calls in tail position reuse the frame; `Loc` marks where the
//! interpreter records the user's source location, so both report runtime errors at the same
//! line. Variable-length operands live in the function's `operands` table.

use crate::value::Value;
use dnrad_core::{PrimOp, Span};
use std::rc::Rc;

pub type Reg = u32;

/// A variable of the enclosing function: a register, a captured value, or a member of the
/// function's recursive group, packed in a `u32` (kind in the top two bits).
#[derive(Clone, Copy, Debug)]
pub struct Operand(pub u32);

/// (A register operand has kind 0.)
pub const OPERAND_CAPTURE: u32 = 1 << 30;
pub const OPERAND_REC: u32 = 2 << 30;
pub const OPERAND_KIND: u32 = 3 << 30;

/// On a register operand of a call's arguments, a constructor's fields, a `Prim`'s operands or
/// an `Unpack`'s cell: the read is the register's last use, so the VM moves the value out
/// instead of copying it (`last_use`). The VM reads those operands only through `index`.
pub const MOVE: Reg = 1 << 29;

/// The register a register operand names (without `MOVE`).
pub fn index(r: Reg) -> usize {
    (r & !MOVE) as usize
}

#[derive(Debug)]
pub enum Op {
    /// Record the user's source location (where the interpreter does).
    Loc(Span),
    Move {
        dst: Reg,
        src: Reg,
    },
    Capture {
        dst: Reg,
        index: u32,
    },
    RecMember {
        dst: Reg,
        index: u32,
    },
    Global {
        dst: Reg,
        global: u32,
    },
    Const {
        dst: Reg,
        index: u32,
    },
    Str {
        dst: Reg,
        index: u32,
    },
    /// A closure of function `lam` over `n` operands from `operands[start..]`.
    Closure {
        dst: Reg,
        lam: u32,
        start: u32,
        n: u32,
    },
    /// A recursive group: functions `operands[lams..lams+n]`, captured operands
    /// `operands[caps..caps+ncaps]`, member `j` into register `operands[slots+j]`.
    LetRec {
        lams: u32,
        n: u32,
        caps: u32,
        ncaps: u32,
        slots: u32,
    },
    /// Constructor `tag` with fields in registers `operands[args..args+n]`.
    Con {
        dst: Reg,
        tag: u32,
        args: u32,
        n: u32,
    },
    /// Primitive `op` of one argument.
    Prim1 {
        dst: Reg,
        op: PrimOp,
        a: Reg,
        span: Span,
    },
    /// Primitive `op` of two arguments.
    Prim2 {
        dst: Reg,
        op: PrimOp,
        a: Reg,
        b: Reg,
        span: Span,
    },
    /// Primitive `op` on the registers `operands[args..args+arity]` (more than two arguments).
    Prim {
        dst: Reg,
        op: PrimOp,
        args: u32,
        span: Span,
    },
    /// Return primitive `op` (of more than two arguments) on the registers `operands[args..]`,
    /// no register listed twice: the arguments are moved out of the ending frame and its other
    /// registers freed before the primitive runs, so it may hold the only references (the
    /// reverse pass frees the tape as it goes).
    RetPrim {
        op: PrimOp,
        args: u32,
        span: Span,
    },
    /// Call the function in `f`. With `scrut`, `dst` is only scrutinised by the `Switch` that
    /// follows (possibly after jumps), so a callee returning with `RetCon` may move the
    /// constructor's fields straight into the matching arm's slots.
    Call {
        dst: Reg,
        f: Reg,
        arg: Reg,
        scrut: bool,
        span: Span,
    },
    TailCall {
        f: Reg,
        arg: Reg,
        span: Span,
    },
    /// `f a b` at once when `f`'s function has a two-argument entry (see `curried`), returning
    /// past the two `Call`s that follow; otherwise those calls (`f a`, then the result on `b`)
    /// run. `b` is a register that was ready before the first call.
    Call2 {
        dst: Reg,
        f: Reg,
        a: Reg,
        b: Reg,
        scrut: bool,
        span: Span,
    },
    /// `Call2` in tail position, followed by `Call` and `TailCall`.
    TailCall2 {
        f: Reg,
        a: Reg,
        b: Reg,
        span: Span,
    },
    /// A saturated call of a top-level function's direct entry `func` with arguments in
    /// registers `operands[args..args+n]` (no partial applications are built).
    CallDirect {
        dst: Reg,
        func: u32,
        args: u32,
        n: u32,
        scrut: bool,
    },
    /// `CallDirect` in tail position; as for `RetCon`, no register is listed twice.
    TailCallDirect {
        func: u32,
        args: u32,
        n: u32,
    },
    /// `CallDirect` whose result is field `hole` of the constructor a `RetCon` returns at once
    /// (tail call modulo cons, `tail_cons`): the constructor is built first, its field `hole`
    /// left to fill, and the call runs in this frame, its value going into that field (so a
    /// recursion such as `map`'s builds its list front to back in one frame).
    TailCallCon {
        func: u32,
        args: u32,
        n: u32,
        into: Consing,
    },
    Ret {
        src: Reg,
    },
    /// Return constructor `tag` with fields in registers `operands[args..args+n]` (unboxed when
    /// the caller only scrutinises it). The list has no register twice: the values are moved
    /// out of the ending frame.
    RetCon {
        tag: u32,
        args: u32,
        n: u32,
    },
    /// Jump by the constructor tag of `scrut`: `operands[table + tag]` is a target (or
    /// `NO_TARGET`, then `default`, which may also be `NO_TARGET`).
    Switch {
        scrut: Reg,
        table: u32,
        ntags: u32,
        default: u32,
        span: Span,
    },
    /// The fields of the constructor in `src`, constructor `tag` of its type (the `Switch`
    /// arm it begins says so), into registers `operands[slots..slots+n]`.
    Unpack {
        src: Reg,
        slots: u32,
        n: u32,
        tag: u32,
    },
    Jump {
        target: u32,
    },
}

pub const NO_TARGET: u32 = u32::MAX;

/// The constructor a `TailCallCon` puts its call's value into: constructor `tag` of the fields
/// `operands[fields..fields+nfields]` (moved out of the frame like `RetCon`'s), field `hole`
/// the call's value (its register there is not read).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Consing {
    pub tag: u32,
    pub fields: u32,
    pub nfields: u32,
    pub hole: u32,
}

#[derive(Debug, Default)]
pub struct Function {
    pub nregs: u32,
    /// How many arguments callers put in the first registers.
    pub nparams: u32,
    pub ops: Vec<Op>,
    pub operands: Vec<u32>,
    pub consts: Vec<Value>,
    pub strings: Vec<Rc<str>>,
    /// The function's two-argument entry (see `curried`).
    pub curried: Option<u32>,
}

impl Function {
    /// The operand-table entries `start..start+n` (an instruction's list of operands).
    pub fn list(&self, start: u32, n: usize) -> &[u32] {
        &self.operands[start as usize..start as usize + n]
    }
}

/// Small functions the passes' tests share.
#[cfg(test)]
pub(crate) mod examples {
    use super::*;

    /// `switch scrut` over two tags whose targets are `operands[0..2]`, no default.
    pub fn switch2(scrut: Reg) -> Op {
        Op::Switch {
            scrut,
            table: 0,
            ntags: 2,
            default: NO_TARGET,
            span: Span::dummy(),
        }
    }

    /// `dst = call f arg`.
    pub fn call(dst: Reg, f: Reg, arg: Reg) -> Op {
        Op::Call {
            dst,
            f,
            arg,
            scrut: false,
            span: Span::dummy(),
        }
    }

    /// `r3 = call2 r0 r1 r2 (else: r4 = call r0 r1; r3 = call r4 r2); ret r3`.
    pub fn two_argument_call() -> Function {
        Function {
            nregs: 5,
            nparams: 3,
            ops: vec![
                Op::Call2 {
                    dst: 3,
                    f: 0,
                    a: 1,
                    b: 2,
                    scrut: false,
                    span: Span::dummy(),
                },
                call(4, 0, 1),
                call(3, 4, 2),
                Op::Ret { src: 3 },
            ],
            ..Function::default()
        }
    }
}
