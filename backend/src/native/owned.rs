//! Which registers of a native function may hold values the function owns, before each
//! instruction: a callee's by-address result (a list, tree or other cell it built or copied),
//! and what is copied or taken apart from such a value (cloned, so that it outlives the value
//! it came from). A register that owns nothing holds only addresses that stay valid for the
//! whole native call (its arguments, cells reachable from them, constants of the code), so
//! codegen drops, clones and moves exactly the registers this marks. A forward dataflow over
//! the register code with `types`' shapes, the self tail calls' edges back to the start
//! included; it must not decide shapes or which functions compile (that is `types`).

use super::types::{self, Scalar, Shape, Slot, Typed};
use super::{dual, integer};
use crate::vm::code::{index, Function, Op};
use dnrad_core::PrimOp;
use std::collections::HashMap;

/// Whether a value of shape `t` holds any address (a `Ref` leaf), which it may own.
pub(crate) fn has_refs(t: &Shape) -> bool {
    refs(t) > 0
}

/// How many addresses (`Ref` leaves) a value of shape `t` holds: the values it may own.
pub(crate) fn refs(t: &Shape) -> usize {
    t.leaves().iter().filter(|&&l| l == Scalar::Ref).count()
}

/// The positions of the addresses among the leaves of shape `t`, in order.
pub(crate) fn ref_leaves(t: &Shape) -> Vec<usize> {
    let leaves = t.leaves().into_iter().enumerate();
    leaves
        .filter(|(_, l)| *l == Scalar::Ref)
        .map(|(j, _)| j)
        .collect()
}

/// Whether `op`, in function `me` of result shape `result`, is its loop's next iteration: a
/// tail call of itself, or a tail call modulo cons of itself that builds a list (or other
/// cells) front to back (see codegen's `Trmc`; into a product it is a call).
pub(crate) fn loops(op: &Op, me: u32, result: &Shape) -> bool {
    match op {
        Op::TailCallDirect { func, .. } => *func == me,
        Op::TailCallCon { func, .. } => *func == me && !matches!(result, Shape::Con(..)),
        _ => false,
    }
}

/// Per instruction (`None` where no path reaches it), per register: may it own a value?
pub(crate) fn owners(
    f: &Function,
    me: u32,
    typed: &Typed,
    all: &HashMap<u32, Typed>,
) -> Vec<Option<Vec<bool>>> {
    let nregs = f.nregs as usize;
    let mut before: Vec<Option<Vec<bool>>> = vec![None; f.ops.len()];
    before[0] = Some(vec![false; nregs]);
    let mut work = vec![0usize];
    while let Some(pc) = work.pop() {
        let (Some(state), Some(shapes)) = (before[pc].clone(), typed.before[pc].as_ref()) else {
            continue;
        };
        for (next, out) in step(f, pc, state, shapes, me, all) {
            let merged = match &before[next] {
                None => out,
                Some(old) => old.iter().zip(&out).map(|(a, b)| *a || *b).collect(),
            };
            if before[next].as_ref() != Some(&merged) {
                before[next] = Some(merged);
                work.push(next);
            }
        }
    }
    before
}

/// The ownership after instruction `pc` (not a branch or return), from `own` before it.
pub(crate) fn after(
    f: &Function,
    pc: usize,
    own: &[bool],
    shapes: &[Slot],
    me: u32,
    all: &HashMap<u32, Typed>,
) -> Vec<bool> {
    let mut next = step(f, pc, own.to_vec(), shapes, me, all);
    next.pop()
        .map(|(_, own)| own)
        .unwrap_or_else(|| own.to_vec())
}

/// Whether primitive `op` is a runtime call making a value the calling function then owns: a
/// dual number (`dual`), an Integer (`integer`), an interleaved value's dual numbers or a
/// gradient's arrays (`gradient`).
pub(crate) fn made_by_runtime(op: PrimOp) -> bool {
    dual::makes_number(op)
        || integer::makes_integer(op)
        || matches!(op, PrimOp::Interleave | PrimOp::Backward)
}

/// The successors of instruction `pc` with the ownership after it.
fn step(
    f: &Function,
    pc: usize,
    mut own: Vec<bool>,
    shapes: &[Slot],
    me: u32,
    all: &HashMap<u32, Typed>,
) -> Vec<(usize, Vec<bool>)> {
    let owned = |own: &[bool], r: u32| own[index(r)];
    let refs = |r: u32| types::read(shapes, r).is_some_and(has_refs);
    let next = pc + 1;
    match &f.ops[pc] {
        Op::Move { dst, src } => own[index(*dst)] = owned(&own, *src) && refs(*src),
        Op::Prim1 { dst, op, .. } | Op::Prim2 { dst, op, .. } | Op::Prim { dst, op, .. }
            if made_by_runtime(*op) =>
        {
            own[index(*dst)] = true
        }
        Op::Const { dst, .. } | Op::Str { dst, .. } | Op::Prim1 { dst, .. } => {
            own[index(*dst)] = false
        }
        Op::Prim2 {
            dst,
            op: PrimOp::ArrIndex,
            a,
            ..
        } => {
            let elem = match types::read(shapes, *a) {
                Some(Shape::Array(elem)) => has_refs(elem),
                _ => false,
            };
            own[index(*dst)] = owned(&own, *a) && elem;
        }
        Op::Prim2 { dst, .. } | Op::Prim { dst, .. } => own[index(*dst)] = false,
        Op::Con { dst, args, n, .. } => {
            let any = f
                .list(*args, *n as usize)
                .iter()
                .any(|&r| owned(&own, r) && refs(r));
            own[index(*dst)] = any;
        }
        Op::Unpack { src, slots, n, tag } => {
            let from = owned(&own, *src);
            let fields = types::read(shapes, *src)
                .and_then(|t| t.unpacked(*tag, *n as usize))
                .unwrap_or_default();
            for (&r, t) in f.list(*slots, *n as usize).iter().zip(&fields) {
                own[index(r)] = from && has_refs(t);
            }
        }
        Op::CallDirect { dst, func, .. } => {
            own[index(*dst)] = all.get(func).is_some_and(|t| has_refs(&t.sig.result))
        }
        op @ (Op::TailCallDirect { args, n, .. } | Op::TailCallCon { args, n, .. })
            if loops(op, me, &all[&me].sig.result) =>
        {
            // The loop's next iteration: the parameters take the arguments' ownership, and
            // own a product built into a parameter's cell.
            let params = &all[&me].sig.params;
            let mut head = vec![false; own.len()];
            for (j, (&r, t)) in f.list(*args, *n as usize).iter().zip(params).enumerate() {
                let built = types::read(shapes, r).is_some_and(|h| h.builds_cell(t));
                head[j] = (owned(&own, r) && refs(r)) || built;
            }
            return vec![(0, head)];
        }
        op @ (Op::Switch { .. } | Op::Jump { .. }) => {
            let scrut = match op {
                Op::Switch { scrut, .. } => types::read(shapes, *scrut),
                _ => None,
            };
            return types::branch_targets(f, op, scrut)
                .into_iter()
                .map(|t| (t as usize, own.clone()))
                .collect();
        }
        Op::Loc(_) => {}
        _ => return Vec::new(),
    }
    vec![(next, own)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vm::code::examples::switch2;

    fn list() -> Shape {
        Shape::List(Shape::Scalar(Scalar::Int).into())
    }

    /// `f` typed (as function `me` of `sig`, calling `sigs`) and its owners.
    fn owners_of(
        f: &Function,
        me: u32,
        sig: types::Signature,
        mut sigs: HashMap<u32, types::Signature>,
    ) -> Vec<Option<Vec<bool>>> {
        sigs.insert(me, sig.clone());
        let before = types::analyze(f, &sig, &sigs, &Default::default()).expect("native");
        let all: HashMap<u32, Typed> = sigs
            .into_iter()
            .map(|(i, sig)| {
                let before = if i == me { before.clone() } else { Vec::new() };
                (i, Typed { sig, before })
            })
            .collect();
        owners(f, me, &all[&me], &all)
    }

    #[test]
    fn a_callees_list_and_what_is_taken_from_it_are_owned_the_arguments_are_not() {
        // r1 = call g (r0); r2 = r1; unpack r2 -> r3 r4; r0 = r4; ret r0
        let f = Function {
            nregs: 5,
            nparams: 1,
            ops: vec![
                Op::CallDirect {
                    dst: 1,
                    func: 9,
                    args: 0,
                    n: 1,
                    scrut: false,
                },
                Op::Move { dst: 2, src: 1 },
                Op::Unpack {
                    src: 2,
                    slots: 1,
                    n: 2,
                    tag: 1,
                },
                Op::Move { dst: 0, src: 4 },
                Op::Ret { src: 0 },
            ],
            operands: vec![0, 3, 4],
            ..Function::default()
        };
        let sig = types::Signature {
            params: vec![list()],
            result: list(),
        };
        let own = owners_of(&f, 1, sig.clone(), HashMap::from([(9, sig)]));
        let at = |pc: usize| own[pc].clone().expect("reached");
        assert_eq!(at(0), [false; 5], "the argument is borrowed");
        assert_eq!(
            at(1),
            [false, true, false, false, false],
            "the callee's list"
        );
        assert_eq!(
            at(2),
            [false, true, true, false, false],
            "a copy is a clone"
        );
        assert_eq!(
            at(3),
            [false, true, true, false, true],
            "the tail is cloned out, the head is an Int"
        );
        assert_eq!(at(4), [true, true, true, false, true]);
    }

    #[test]
    fn a_loops_parameter_owns_what_the_next_iteration_passes() {
        // 0: switch r0 [nil -> 1, cons -> 2]; 1: ret r0; 2: r1 = call g (r0); tailcall f (r1)
        let mut f = Function {
            nregs: 2,
            nparams: 1,
            ops: vec![
                switch2(0),
                Op::Ret { src: 0 },
                Op::CallDirect {
                    dst: 1,
                    func: 9,
                    args: 2,
                    n: 1,
                    scrut: false,
                },
                Op::TailCallDirect {
                    func: 1,
                    args: 3,
                    n: 1,
                },
            ],
            ..Function::default()
        };
        f.operands = vec![1, 2, 0, 1];
        let sig = types::Signature {
            params: vec![list()],
            result: list(),
        };
        let own = owners_of(&f, 1, sig.clone(), HashMap::from([(9, sig)]));
        assert_eq!(
            own[0].as_deref(),
            Some(&[true, false][..]),
            "owned through the back edge"
        );
        assert_eq!(own[3].as_deref(), Some(&[true, true][..]));
    }
}
