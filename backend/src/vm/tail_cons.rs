//! Tail calls modulo cons: a direct call whose value the function returns at once as one field
//! of a constructor (`f x : map f xs`, `x : filter p xs`, `x : (xs ++ ys)`) becomes a
//! `TailCallCon`, which builds the constructor first with that field left open and runs the
//! call in the same frame, its value going into the field. A recursion of that shape then
//! runs in one frame and builds its list front to back, where each element used to take a
//! frame of its own until the end of the list (a `map` over 10⁶ elements held 10⁶ frames).
//! The `RetCon` stays where other paths still reach it. The pass changes no register and runs
//! after the register allocation and the marking of last uses.

use super::code::{index, Consing, Function, Op};
use super::liveness::reached;
use super::locs::remove;

/// Rewrite `f`'s calls that a constructor's return takes as one of its fields (and drop the
/// returns no other path reaches).
pub fn mark(f: &mut Function) {
    let mut returns = Vec::new();
    for pc in 0..f.ops.len() {
        let Op::CallDirect {
            dst,
            func,
            args,
            n,
            scrut: false,
        } = f.ops[pc]
        else {
            continue;
        };
        let ret = after_jumps(f, pc + 1);
        let Some(Op::RetCon {
            tag,
            args: fields,
            n: nfields,
        }) = f.ops.get(ret)
        else {
            continue;
        };
        let list = f.list(*fields, *nfields as usize);
        let mut at = (0..list.len()).filter(|&j| index(list[j]) == dst as usize);
        let (Some(hole), None) = (at.next(), at.next()) else {
            continue;
        };
        let into = Consing {
            tag: *tag,
            fields: *fields,
            nfields: *nfields,
            hole: hole as u32,
        };
        f.ops[pc] = Op::TailCallCon {
            func,
            args,
            n,
            into,
        };
        returns.push(ret);
    }
    if returns.is_empty() {
        return;
    }
    let reached = reached(f);
    let keep: Vec<bool> = (0..f.ops.len())
        .map(|pc| reached[pc] || !returns.contains(&pc))
        .collect();
    remove(f, &keep);
}

/// Where the code goes on from `pc`, past unconditional jumps (bounded, so a cycle of jumps
/// ends somewhere).
fn after_jumps(f: &Function, mut pc: usize) -> usize {
    for _ in 0..f.ops.len() {
        match f.ops.get(pc) {
            Some(Op::Jump { target }) => pc = *target as usize,
            _ => break,
        }
    }
    pc
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vm::code::NO_TARGET;
    use dnrad_core::Span;

    /// `go (x : xs) = x : go xs` in registers: unpack, the call, the cons of its result.
    fn go(fields: Vec<u32>) -> Function {
        let ops = vec![
            Op::Unpack {
                src: 0,
                slots: 0,
                n: 2,
                tag: 1,
            },
            Op::CallDirect {
                dst: 2,
                func: 7,
                args: 2,
                n: 1,
                scrut: false,
            },
            Op::RetCon {
                tag: 1,
                args: 3,
                n: 2,
            },
        ];
        let mut operands = vec![1, 0, 0];
        operands.extend(fields);
        Function {
            nregs: 3,
            nparams: 1,
            ops,
            operands,
            ..Function::default()
        }
    }

    #[test]
    fn a_call_consed_at_once_runs_in_the_frame_and_its_return_goes() {
        let mut f = go(vec![1, 2]);
        mark(&mut f);
        assert_eq!(f.ops.len(), 2);
        assert!(matches!(
            f.ops[1],
            Op::TailCallCon {
                func: 7,
                args: 2,
                n: 1,
                into: Consing {
                    tag: 1,
                    fields: 3,
                    nfields: 2,
                    hole: 1,
                },
            }
        ));
    }

    #[test]
    fn a_result_used_twice_or_a_return_reached_otherwise_stays() {
        // `go xs : go xs`'s result twice: no hole to fill.
        let mut twice = go(vec![2, 2]);
        mark(&mut twice);
        assert!(matches!(twice.ops[1], Op::CallDirect { .. }));
        // A switch reaching the return from elsewhere keeps it.
        let switch = Op::Switch {
            scrut: 0,
            table: 5,
            ntags: 2,
            default: NO_TARGET,
            span: Span::dummy(),
        };
        let mut shared = go(vec![1, 2]);
        shared.ops[0] = switch;
        shared.operands.extend([1, 2]);
        mark(&mut shared);
        assert_eq!(shared.ops.len(), 3);
        assert!(matches!(
            shared.ops[1],
            Op::TailCallCon {
                into: Consing { hole: 1, .. },
                ..
            }
        ));
        assert!(matches!(shared.ops[2], Op::RetCon { .. }));
    }
}
