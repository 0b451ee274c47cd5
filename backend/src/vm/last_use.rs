//! Marks the reads that are their register's last use with `MOVE`, so the VM moves the value
//! instead of copying it: a call's arguments, a constructor's fields, the operands of a
//! primitive in the general form (more than two arguments, or an array update, which reuses
//! an array it holds the only reference to), a cell being unpacked. (One- and two-operand
//! primitives mostly take numbers, which a move would not save, on the VM's hottest path.) Without it a frame keeps every value it passed on alive until it
//! returns: `shrink (x:xs) = x : shrink [y | y <- xs, y /= x + 1]` held each level's list for
//! the whole recursion (quadratic memory), and every such read cost a reference count up and
//! down. It runs last (after `regalloc`) and sets operand bits only; a register read twice by
//! one instruction, or a called function's register, is never moved. A function too large for
//! dense liveness sets (`liveness::too_large`) keeps copying.

use super::code::{Function, Op, Reg, MOVE};
use super::liveness::{accesses, lives, registers, too_large, Access, Set};

/// Mark the last-use reads of `f` (see the module comment).
pub fn mark(f: &mut Function) {
    if too_large(f) {
        return;
    }
    let accesses: Vec<(Vec<Reg>, Vec<Reg>)> = (0..f.ops.len()).map(|pc| accesses(f, pc)).collect();
    let (live_in, live_out) = lives(f, &accesses);
    for (pc, (reads, writes)) in accesses.iter().enumerate() {
        // What is live once the instruction's work is done: a call with a fallback returns
        // past it, and the fallback reads its arguments with marks of its own.
        let (after, callee): (Option<&Set>, Option<Reg>) = match &f.ops[pc] {
            Op::Call { f, .. } => (live_out.get(pc), Some(*f)),
            Op::Call2 { f, .. } => (live_in.get(pc + 3), Some(*f)),
            Op::CallDirect { .. } | Op::Con { .. } | Op::Prim { .. } | Op::Unpack { .. } => {
                (live_out.get(pc), None)
            }
            _ => continue,
        };
        let Some(after) = after else { continue };
        // A register the instruction writes is dead between its read and that write.
        let last = |r: Reg| {
            Some(r) != callee
                && (!after.contains(r) || writes.contains(&r))
                && reads.iter().filter(|&&read| read == r).count() == 1
        };
        registers(&mut f.ops[pc], &mut f.operands, &mut |r, access| {
            if access == Access::Read && last(*r) {
                *r |= MOVE;
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::super::code::examples::{call, two_argument_call};
    use super::*;

    #[test]
    fn a_read_moves_only_where_the_register_dies_and_is_read_once() {
        // r2 = call r0 r1; r3 = call r0 r2; r4 = con #1 (r2 r3); r5 = con #1 (r4 r4); ret r5
        let con = |dst, args| Op::Con {
            dst,
            tag: 1,
            args,
            n: 2,
        };
        let mut f = Function {
            nregs: 6,
            nparams: 2,
            ops: vec![
                call(2, 0, 1),
                call(3, 0, 2),
                con(4, 0),
                con(5, 2),
                Op::Ret { src: 5 },
            ],
            operands: vec![2, 3, 4, 4],
            ..Function::default()
        };
        mark(&mut f);
        assert!(
            matches!(f.ops[0], Op::Call { f: 0, arg, .. } if arg == 1 | MOVE),
            "dies: moved"
        );
        assert!(
            matches!(f.ops[1], Op::Call { f: 0, arg: 2, .. }),
            "read again: copied"
        );
        assert_eq!(
            f.operands,
            [2 | MOVE, 3 | MOVE, 4, 4],
            "the fields' last uses move; a register read twice is copied"
        );
    }

    #[test]
    fn a_two_argument_call_moves_what_dies_on_its_fast_path() {
        let mut f = two_argument_call();
        mark(&mut f);
        assert!(
            matches!(f.ops[0], Op::Call2 { f: 0, a, b, .. } if a == 1 | MOVE && b == 2 | MOVE),
            "{:?}",
            f.ops[0]
        );
        assert!(matches!(f.ops[1], Op::Call { arg, .. } if arg == 1 | MOVE));
        assert!(matches!(f.ops[2], Op::Call { f: 4, arg, .. } if arg == 2 | MOVE));
    }
}
