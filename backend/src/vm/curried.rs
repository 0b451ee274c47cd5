//! Two-argument entries of curried functions. A function `L = \x -> M` whose code only builds a
//! closure of `M` (over `x` and `L`'s own captures) and returns it gets an entry `L2` taking
//! `x` and `M`'s argument at once: `M`'s code with its registers moved up by one (`x` lives in
//! register 0) and its captures read from `L`'s environment or register 0. `Call2` uses it to
//! apply `f a b` without building the intermediate closure — the common shape of curried
//! Haskell functions. It only rewrites code; it evaluates nothing.

use super::code::{Function, Op, OPERAND_CAPTURE, OPERAND_KIND, OPERAND_REC};
use crate::value::Value;

/// The closure `L` returns: `M`'s function index and, for each of `M`'s captures, the operand of
/// `L` it copies; `None` when `L` does anything else.
fn returned_closure(l: &Function) -> Option<(u32, Vec<u32>)> {
    match l.ops.as_slice() {
        [Op::Closure { dst, lam, start, n }, Op::Ret { src }] if dst == src => {
            let captures = l.list(*start, *n as usize);
            // A register operand can only be `L`'s argument, register 0.
            let argument_only = |o: &u32| o & OPERAND_KIND != 0 || *o == 0;
            captures
                .iter()
                .all(argument_only)
                .then(|| (*lam, captures.to_vec()))
        }
        [Op::Const { dst, index }, Op::Ret { src }] if dst == src => {
            match &l.consts[*index as usize] {
                Value::Closure(c) if c.captures.is_empty() => Some((c.lam, Vec::new())),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Rewrites `M`'s code for `L2`.
struct Shift<'a> {
    /// `M`'s captures as operands of `L2` (`x` in register 0, `L`'s captures).
    captures: &'a [u32],
}

impl Shift<'_> {
    /// A register of `M` as a register of `L2`, above `x`.
    fn reg(&self, r: u32) -> u32 {
        r + 1
    }

    /// An operand of `M` as an operand of `L2`.
    fn operand(&self, o: u32) -> Option<u32> {
        let i = o & !OPERAND_KIND;
        match o & OPERAND_KIND {
            OPERAND_CAPTURE => self.captures.get(i as usize).copied(),
            OPERAND_REC => None,
            _ => Some(self.reg(i)),
        }
    }

    /// `dst := operand` for an operand of `L` (register 0, a capture or a group member).
    fn load(dst: u32, o: u32) -> Op {
        let i = o & !OPERAND_KIND;
        match o & OPERAND_KIND {
            OPERAND_CAPTURE => Op::Capture { dst, index: i },
            OPERAND_REC => Op::RecMember { dst, index: i },
            _ => Op::Move { dst, src: i },
        }
    }

    /// `M`'s operand-table entries `start..start+n`, mapped by `map`, appended to `table`.
    fn remap(
        table: &mut Vec<u32>,
        m: &Function,
        start: u32,
        n: u32,
        map: impl Fn(u32) -> Option<u32>,
    ) -> Option<u32> {
        let new = table.len() as u32;
        for &o in m.list(start, n as usize) {
            table.push(map(o)?);
        }
        Some(new)
    }

    fn op(&self, op: &Op, m: &Function, table: &mut Vec<u32>) -> Option<Op> {
        let r = |x: u32| self.reg(x);
        Some(match *op {
            Op::Loc(span) => Op::Loc(span),
            Op::Move { dst, src } => Op::Move {
                dst: r(dst),
                src: r(src),
            },
            Op::Capture { dst, index } => Self::load(r(dst), *self.captures.get(index as usize)?),
            // (Made after the entries are.)
            Op::RecMember { .. } | Op::TailCallCon { .. } => return None,
            Op::Global { dst, global } => Op::Global {
                dst: r(dst),
                global,
            },
            Op::Const { dst, index } => Op::Const { dst: r(dst), index },
            Op::Str { dst, index } => Op::Str { dst: r(dst), index },
            Op::Closure { dst, lam, start, n } => Op::Closure {
                dst: r(dst),
                lam,
                start: Self::remap(table, m, start, n, |o| self.operand(o))?,
                n,
            },
            Op::LetRec {
                lams,
                n,
                caps,
                ncaps,
                slots,
            } => Op::LetRec {
                lams: Self::remap(table, m, lams, n, Some)?,
                n,
                caps: Self::remap(table, m, caps, ncaps, |o| self.operand(o))?,
                ncaps,
                slots: Self::remap(table, m, slots, n, |s| Some(r(s)))?,
            },
            Op::Con { dst, tag, args, n } => Op::Con {
                dst: r(dst),
                tag,
                args: Self::remap(table, m, args, n, |x| Some(r(x)))?,
                n,
            },
            Op::Prim1 { dst, op, a, span } => Op::Prim1 {
                dst: r(dst),
                op,
                a: r(a),
                span,
            },
            Op::Prim2 {
                dst,
                op,
                a,
                b,
                span,
            } => Op::Prim2 {
                dst: r(dst),
                op,
                a: r(a),
                b: r(b),
                span,
            },
            Op::Prim {
                dst,
                op,
                args,
                span,
            } => Op::Prim {
                dst: r(dst),
                op,
                args: Self::remap(table, m, args, op.arity() as u32, |x| Some(r(x)))?,
                span,
            },
            Op::RetPrim { op, args, span } => Op::RetPrim {
                op,
                args: Self::remap(table, m, args, op.arity() as u32, |x| Some(r(x)))?,
                span,
            },
            Op::Call {
                dst,
                f,
                arg,
                scrut,
                span,
            } => Op::Call {
                dst: r(dst),
                f: r(f),
                arg: r(arg),
                scrut,
                span,
            },
            Op::Call2 {
                dst,
                f,
                a,
                b,
                scrut,
                span,
            } => Op::Call2 {
                dst: r(dst),
                f: r(f),
                a: r(a),
                b: r(b),
                scrut,
                span,
            },
            Op::TailCall { f, arg, span } => Op::TailCall {
                f: r(f),
                arg: r(arg),
                span,
            },
            Op::TailCall2 { f, a, b, span } => Op::TailCall2 {
                f: r(f),
                a: r(a),
                b: r(b),
                span,
            },
            Op::CallDirect {
                dst,
                func,
                args,
                n,
                scrut,
            } => Op::CallDirect {
                dst: r(dst),
                func,
                args: Self::remap(table, m, args, n, |x| Some(r(x)))?,
                n,
                scrut,
            },
            Op::TailCallDirect { func, args, n } => Op::TailCallDirect {
                func,
                args: Self::remap(table, m, args, n, |x| Some(r(x)))?,
                n,
            },
            Op::Ret { src } => Op::Ret { src: r(src) },
            Op::RetCon { tag, args, n } => Op::RetCon {
                tag,
                args: Self::remap(table, m, args, n, |x| Some(r(x)))?,
                n,
            },
            Op::Switch {
                scrut,
                table: t,
                ntags,
                default,
                span,
            } => Op::Switch {
                scrut: r(scrut),
                table: Self::remap(table, m, t, ntags, Some)?,
                ntags,
                default,
                span,
            },
            Op::Unpack { src, slots, n, tag } => Op::Unpack {
                src: r(src),
                slots: Self::remap(table, m, slots, n, |s| Some(r(s)))?,
                n,
                tag,
            },
            Op::Jump { target } => Op::Jump { target },
        })
    }
}

/// `L2` for function `l` of `funcs`, if `l` has the shape: `M`'s code moved up one register.
fn two_argument_entry(funcs: &[Function], l: &Function) -> Option<Function> {
    let (m, captures) = returned_closure(l)?;
    let m = &funcs[m as usize];
    let shift = Shift {
        captures: &captures,
    };
    let mut table = Vec::new();
    let ops = m
        .ops
        .iter()
        .map(|op| shift.op(op, m, &mut table))
        .collect::<Option<Vec<_>>>()?;
    Some(Function {
        nregs: m.nregs + 1,
        nparams: m.nparams + 1,
        ops,
        operands: table,
        consts: m.consts.clone(),
        strings: m.strings.clone(),
        curried: None,
    })
}

/// Append the two-argument entries of the first `nlams` functions of `funcs` (the lambdas;
/// recorded in each `curried`).
pub fn add_two_argument_entries(funcs: &mut Vec<Function>, nlams: usize) {
    for l in 0..nlams {
        if let Some(entry) = two_argument_entry(funcs, &funcs[l]) {
            funcs[l].curried = Some(funcs.len() as u32);
            funcs.push(entry);
        }
    }
}
