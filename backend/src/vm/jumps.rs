//! Jump threading of generated code: a `Jump` or `Switch` arm that lands on a `Jump` goes
//! straight to where that chain of jumps ends (nested `case`s and `let`s of `case`s end their
//! arms with jumps to jumps), and the `Jump`s left unreachable or going to the next
//! instruction are removed (`locs::remove` renumbers). It moves no other instruction and
//! changes no register, so what runs is the same minus the jumps.

use super::code::{Function, Op, NO_TARGET};
use super::liveness::reached;
use super::locs::{for_each_target, remove};

/// Thread `f`'s jumps and drop the ones that no longer do anything.
pub fn thread(f: &mut Function) {
    let n = f.ops.len();
    // Where a chain of jumps starting at each instruction ends (bounded: a cycle of jumps is
    // left where the bound stops it).
    let end = |ops: &[Op], mut t: u32| {
        for _ in 0..n {
            match ops.get(t as usize) {
                Some(Op::Jump { target }) if *target != t => t = *target,
                _ => break,
            }
        }
        t
    };
    let ends: Vec<u32> = (0..=n as u32).map(|t| end(&f.ops, t)).collect();
    let mut changed = false;
    for op in &mut f.ops {
        for_each_target(op, &mut f.operands, |t| {
            if *t != NO_TARGET && ends[*t as usize] != *t {
                *t = ends[*t as usize];
                changed = true;
            }
        });
    }
    if !changed {
        return;
    }
    let reached = reached(f);
    // Backwards, so a jump over jumps that go is seen to go to the next instruction too.
    let mut keep = vec![true; n];
    for i in (0..n).rev() {
        if let Op::Jump { target } = f.ops[i] {
            let t = target as usize;
            let to_next = t > i && (i + 1..t.min(n)).all(|j| !keep[j]);
            keep[i] = reached[i] && !to_next;
        }
    }
    remove(f, &keep);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vm::code::examples::switch2;
    use dnrad_core::Span;

    /// `case r0 of A -> r1 = 1; B -> r1 = 2` in a `let` scrutinised at once: each arm ends with
    /// a jump to a jump to the code after the `case`.
    #[test]
    fn chains_of_jumps_end_where_they_land_and_dead_jumps_go() {
        let int = |dst, k| Op::Prim1 {
            dst,
            op: dnrad_core::PrimOp::IntNegate,
            a: k,
            span: Span::dummy(),
        };
        let mut f = Function {
            nregs: 2,
            nparams: 1,
            ops: vec![
                switch2(0),
                int(1, 0),              // 1: arm A
                Op::Jump { target: 5 }, // 2: to a jump
                int(1, 0),              // 3: arm B
                Op::Jump { target: 5 }, // 4: to a jump
                Op::Jump { target: 6 }, // 5: unreachable once threaded
                Op::Ret { src: 1 },     // 6
            ],
            operands: vec![1, 3],
            ..Function::default()
        };
        thread(&mut f);
        // Arm B's jump now goes to the next instruction, and the middle jump is dead: both go.
        assert_eq!(f.ops.len(), 5);
        assert_eq!(f.operands, [1, 3]);
        assert!(matches!(f.ops[2], Op::Jump { target: 4 }));
        assert!(matches!(f.ops[4], Op::Ret { src: 1 }));
    }
}
