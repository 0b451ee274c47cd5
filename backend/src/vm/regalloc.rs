//! Register allocation by liveness, the last step of bytecode generation. The generator gives
//! every binder a fixed slot and stacks temporaries above them, so a frame has as many registers
//! as the deepest nesting of scopes; a frame of a deep non-tail recursion (`map`, a lifted
//! `zipWith`) then carries registers that are dead at the call. This pass computes which
//! registers are live after each instruction and gives two registers the same number only when
//! neither is written while the other is live. A function's parameters keep their registers
//! (callers put the arguments there); a move's destination takes its source's number when it
//! can, and the move goes. It changes register numbers and `nregs` and drops moves only.

use super::code::{Function, Op, Reg, NO_TARGET, OPERAND_KIND};

/// A set of registers.
#[derive(Clone, PartialEq)]
struct Set(Vec<u64>);

impl Set {
    fn new(n: usize) -> Set {
        Set(vec![0; n.div_ceil(64)])
    }
    fn insert(&mut self, r: Reg) {
        self.0[r as usize / 64] |= 1 << (r % 64);
    }
    fn remove(&mut self, r: Reg) {
        self.0[r as usize / 64] &= !(1 << (r % 64));
    }
    fn contains(&self, r: Reg) -> bool {
        self.0[r as usize / 64] & (1 << (r % 64)) != 0
    }
    fn union(&mut self, other: &Set) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a |= b;
        }
    }
    fn iter(&self) -> impl Iterator<Item = Reg> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &bits)| {
            (0..64)
                .filter(move |b| bits & (1 << b) != 0)
                .map(move |b| (w * 64 + b) as Reg)
        })
    }
}

/// Whether an operand of `op`'s register list is read or written.
#[derive(Clone, Copy, PartialEq)]
enum Access {
    Read,
    Write,
}

/// Call `visit` on every register `op` reads or writes (operand lists in `operands`), with
/// mutable access so that the same walk renames them.
fn registers(op: &mut Op, operands: &mut [u32], visit: &mut impl FnMut(&mut Reg, Access)) {
    use Access::{Read, Write};
    macro_rules! list {
        ($start:expr, $n:expr, $access:expr) => {
            for r in &mut operands[*$start as usize..*$start as usize + $n] {
                visit(r, $access);
            }
        };
    }
    match op {
        Op::Loc(_) | Op::Jump { .. } => {}
        Op::Move { dst, src } => {
            visit(src, Read);
            visit(dst, Write);
        }
        Op::Capture { dst, .. }
        | Op::RecMember { dst, .. }
        | Op::Global { dst, .. }
        | Op::Const { dst, .. }
        | Op::Str { dst, .. } => visit(dst, Write),
        Op::Closure { dst, start, n, .. } => {
            let caps = &mut operands[*start as usize..(*start + *n) as usize];
            for o in caps.iter_mut().filter(|o| **o & OPERAND_KIND == 0) {
                visit(o, Read);
            }
            visit(dst, Write);
        }
        Op::LetRec {
            n,
            caps,
            ncaps,
            slots,
            ..
        } => {
            let captured = &mut operands[*caps as usize..(*caps + *ncaps) as usize];
            for o in captured.iter_mut().filter(|o| **o & OPERAND_KIND == 0) {
                visit(o, Read);
            }
            for s in &mut operands[*slots as usize..(*slots + *n) as usize] {
                visit(s, Write);
            }
        }
        Op::Con { dst, args, n, .. } | Op::CallDirect { dst, args, n, .. } => {
            list!(args, *n as usize, Read);
            visit(dst, Write);
        }
        Op::TailCallDirect { args, n, .. } | Op::RetCon { args, n, .. } => {
            list!(args, *n as usize, Read)
        }
        Op::Prim1 { dst, a, .. } => {
            visit(a, Read);
            visit(dst, Write);
        }
        Op::Prim2 { dst, a, b, .. } => {
            visit(a, Read);
            visit(b, Read);
            visit(dst, Write);
        }
        Op::Prim { dst, op, args, .. } => {
            list!(args, op.arity(), Read);
            visit(dst, Write);
        }
        Op::RetPrim { op, args, .. } | Op::RetPairPrim { op, args, .. } => {
            list!(args, op.arity(), Read)
        }
        Op::PairPrim {
            op, args, fst, snd, ..
        } => {
            list!(args, op.arity(), Read);
            visit(fst, Write);
            visit(snd, Write);
        }
        Op::Call { dst, f, arg, .. } => {
            visit(f, Read);
            visit(arg, Read);
            visit(dst, Write);
        }
        Op::TailCall { f, arg, .. } => {
            visit(f, Read);
            visit(arg, Read);
        }
        Op::Call2 { dst, f, a, b, .. } => {
            visit(f, Read);
            visit(a, Read);
            visit(b, Read);
            visit(dst, Write);
        }
        Op::TailCall2 { f, a, b, .. } => {
            visit(f, Read);
            visit(a, Read);
            visit(b, Read);
        }
        Op::CallThreaded {
            dst, f, args, n, ..
        } => {
            visit(f, Read);
            list!(args, *n as usize + 1, Read);
            visit(dst, Write);
        }
        Op::TailCallThreaded { f, args, n, .. } => {
            visit(f, Read);
            list!(args, *n as usize + 1, Read);
        }
        Op::Ret { src } => visit(src, Read),
        Op::Switch { scrut, .. } => visit(scrut, Read),
        Op::Unpack { src, slots, n } => {
            visit(src, Read);
            for s in &mut operands[*slots as usize..(*slots + *n) as usize] {
                visit(s, Write);
            }
        }
    }
}

/// Where control can go after instruction `pc`.
fn successors(f: &Function, pc: usize) -> Vec<usize> {
    let next = pc + 1;
    match &f.ops[pc] {
        Op::Jump { target } => vec![*target as usize],
        Op::Switch {
            table,
            ntags,
            default,
            ..
        } => f.operands[*table as usize..(*table + *ntags) as usize]
            .iter()
            .chain([default])
            .filter(|t| **t != NO_TARGET)
            .map(|t| *t as usize)
            .collect(),
        // The fast path returns past the two calls of the fallback.
        Op::Call2 { .. } => vec![next, pc + 3],
        Op::CallThreaded { skip, .. } => vec![next, *skip as usize],
        // Only the fallback follows.
        Op::TailCall2 { .. } | Op::TailCallThreaded { .. } => vec![next],
        Op::Ret { .. }
        | Op::RetCon { .. }
        | Op::RetPrim { .. }
        | Op::RetPairPrim { .. }
        | Op::TailCall { .. }
        | Op::TailCallDirect { .. } => vec![],
        _ => vec![next],
    }
}

/// The registers `f.ops[pc]` reads and writes.
fn accesses(f: &mut Function, pc: usize) -> (Vec<Reg>, Vec<Reg>) {
    let (mut reads, mut writes) = (Vec::new(), Vec::new());
    registers(
        &mut f.ops[pc],
        &mut f.operands,
        &mut |r, access| match access {
            Access::Read => reads.push(*r),
            Access::Write => writes.push(*r),
        },
    );
    (reads, writes)
}

/// The registers live after each instruction.
fn live_out(f: &mut Function, accesses: &[(Vec<Reg>, Vec<Reg>)]) -> Vec<Set> {
    let n = f.nregs as usize;
    let succs: Vec<Vec<usize>> = (0..f.ops.len()).map(|pc| successors(f, pc)).collect();
    let mut live_in = vec![Set::new(n); f.ops.len()];
    let mut live_out = vec![Set::new(n); f.ops.len()];
    let mut changed = true;
    while changed {
        changed = false;
        for pc in (0..f.ops.len()).rev() {
            let mut out = Set::new(n);
            for &s in succs[pc].iter().filter(|s| **s < live_in.len()) {
                out.union(&live_in[s]);
            }
            let mut inn = out.clone();
            let (reads, writes) = &accesses[pc];
            // A call with a fallback writes its destination only on the fast path; the
            // fallback writes it later.
            let kills = !matches!(f.ops[pc], Op::Call2 { .. } | Op::CallThreaded { .. })
                || succs[pc].first().is_some_and(|&s| {
                    s >= live_in.len() || writes.iter().all(|w| !live_in[s].contains(*w))
                });
            if kills {
                writes.iter().for_each(|w| inn.remove(*w));
            }
            reads.iter().for_each(|r| inn.insert(*r));
            if inn != live_in[pc] || out != live_out[pc] {
                changed = true;
                live_in[pc] = inn;
                live_out[pc] = out;
            }
        }
    }
    live_out
}

/// Renumber `f`'s registers by liveness (see the module comment).
pub fn allocate(f: &mut Function) {
    let n = f.nregs as usize;
    if f.ops.is_empty() || n <= f.nparams as usize {
        return;
    }
    let accesses: Vec<(Vec<Reg>, Vec<Reg>)> = (0..f.ops.len()).map(|pc| accesses(f, pc)).collect();
    let live_out = live_out(f, &accesses);
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
        // r3 = call2 r0 r1 r2 (else: r4 = call r0 r1; r3 = call r4 r2); ret r3
        let call = |dst, f, arg| Op::Call {
            dst,
            f,
            arg,
            scrut: false,
            span: Span::dummy(),
        };
        let mut f = Function {
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
        };
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
