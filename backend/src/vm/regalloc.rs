//! Register allocation by liveness, the last step of bytecode generation. The generator gives
//! every binder a fixed slot and stacks temporaries above them, so a frame has as many registers
//! as the deepest nesting of scopes; a frame of a deep non-tail recursion (`map`, a lifted
//! `zipWith`) then carries registers that are dead at the call. This pass computes which
//! registers are live after each instruction and gives two registers the same number only when
//! neither is written while the other is live. A function's parameters keep their registers
//! (callers put the arguments there); a move's destination takes its source's number when it
//! can, and the move goes. It changes register numbers and `nregs` and drops moves only, so a
//! function too large for dense sets (`liveness::too_large`) keeps the generator's numbering.

use super::code::{Function, Op, Reg};
use super::liveness::{accesses, lives, registers, too_large, Set};

/// Renumber `f`'s registers by liveness (see the module comment).
pub fn allocate(f: &mut Function) {
    let n = f.nregs as usize;
    if f.ops.is_empty() || n <= f.nparams as usize {
        return;
    }
    if too_large(f) {
        return;
    }
    let accesses: Vec<(Vec<Reg>, Vec<Reg>)> = (0..f.ops.len()).map(|pc| accesses(f, pc)).collect();
    let (_, live_out) = lives(f, &accesses);
    let mut interferes = vec![Set::new(n); n];
    let mut edge = |a: Reg, b: Reg| {
        if a != b {
            interferes[a as usize].insert(b);
            interferes[b as usize].insert(a);
        }
    };
    for (pc, (_, writes)) in accesses.iter().enumerate() {
        for &w in writes {
            live_out[pc].iter().for_each(|l| edge(w, l));
            writes.iter().for_each(|&v| edge(w, v));
        }
    }
    // The parameters are written together, on entry: they interfere with what is live there.
    let mut entry = live_out[0].clone();
    let (reads, writes) = &accesses[0];
    writes.iter().for_each(|w| entry.remove(*w));
    reads.iter().for_each(|r| entry.insert(*r));
    for p in 0..f.nparams {
        entry.iter().for_each(|l| edge(p, l));
        (0..f.nparams).for_each(|q| edge(p, q));
    }
    let mut used = Set::new(n);
    for (reads, writes) in &accesses {
        reads.iter().chain(writes).for_each(|r| used.insert(*r));
    }
    // A move's destination takes its source's number when it can: the move then goes.
    let mut prefer: Vec<Option<Reg>> = vec![None; n];
    for op in &f.ops {
        if let Op::Move { dst, src } = op {
            prefer[*dst as usize] = Some(*src);
        }
    }
    let mut color: Vec<Reg> = (0..n as Reg).collect();
    let mut nregs = f.nparams.max(1);
    // `taken_by[c] == r`: colour `c` is taken by a neighbour of `r` (no clearing between
    // registers, so choosing a colour costs the degree, not the degree squared).
    let mut taken_by: Vec<Reg> = vec![Reg::MAX; n + 1];
    for r in f.nparams..n as Reg {
        if !used.contains(r) {
            continue;
        }
        for o in interferes[r as usize].iter() {
            if o < f.nparams || (o < r && used.contains(o)) {
                taken_by[color[o as usize] as usize] = r;
            }
        }
        let free = |c: Reg| taken_by[c as usize] != r;
        let preferred = prefer[r as usize]
            .filter(|&s| s < f.nparams || s < r)
            .map(|s| color[s as usize])
            .filter(|&c| free(c));
        let c = preferred.unwrap_or_else(|| (0..).find(|&c| free(c)).unwrap_or(r));
        color[r as usize] = c;
        nregs = nregs.max(c + 1);
    }
    for op in &mut f.ops {
        registers(op, &mut f.operands, &mut |r, _| *r = color[*r as usize]);
    }
    f.nregs = nregs;
    let keep: Vec<bool> = f
        .ops
        .iter()
        .map(|op| !matches!(op, Op::Move { dst, src } if dst == src))
        .collect();
    super::locs::remove(f, &keep);
}

#[cfg(test)]
mod tests {
    use super::super::code::examples::two_argument_call;
    use super::*;
    use crate::value::Value;
    use dnrad_core::{PrimOp, Span};

    fn add(dst: Reg, a: Reg, b: Reg) -> Op {
        Op::Prim2 {
            dst,
            op: PrimOp::IntAdd,
            a,
            b,
            span: Span::dummy(),
        }
    }

    #[test]
    fn registers_with_disjoint_lives_share_a_number() {
        let mut f = Function {
            nregs: 5,
            nparams: 1,
            ops: vec![
                Op::Const { dst: 1, index: 0 },
                add(2, 0, 1),
                Op::Const { dst: 3, index: 0 },
                add(4, 2, 3),
                Op::Ret { src: 4 },
            ],
            consts: vec![Value::Int(1)],
            ..Function::default()
        };
        allocate(&mut f);
        assert_eq!(f.nregs, 2);
        let renamed: Vec<String> = f.ops.iter().map(|op| format!("{op:?}")).collect();
        assert!(
            renamed[1].contains("dst: 0, op: IntAdd, a: 0, b: 1"),
            "{renamed:?}"
        );
        assert!(
            renamed[3].contains("dst: 0, op: IntAdd, a: 0, b: 1"),
            "{renamed:?}"
        );
        assert!(matches!(f.ops[4], Op::Ret { src: 0 }));
    }

    #[test]
    fn a_move_whose_source_dies_goes() {
        // r1 = r0; r2 = r1 + r1; ret r2
        let mut f = Function {
            nregs: 3,
            nparams: 1,
            ops: vec![
                Op::Move { dst: 1, src: 0 },
                add(2, 1, 1),
                Op::Ret { src: 2 },
            ],
            ..Function::default()
        };
        allocate(&mut f);
        assert_eq!(f.ops.len(), 2, "{:?}", f.ops);
        assert!(
            matches!(f.ops[0], Op::Prim2 { a: 0, b: 0, .. }),
            "{:?}",
            f.ops
        );
    }

    #[test]
    fn a_two_argument_call_keeps_its_second_argument_through_the_fallback() {
        let mut f = two_argument_call();
        allocate(&mut f);
        let Op::Call { dst: partial, .. } = f.ops[1] else {
            panic!("the fallback's first call stays")
        };
        assert_ne!(
            partial, 2,
            "the fallback's partial application would clobber b"
        );
        let Op::Call2 { dst, .. } = f.ops[0] else {
            panic!("the two-argument call stays")
        };
        assert!(
            ![0, 1, 2].contains(&dst),
            "the result would clobber an argument"
        );
    }
}
