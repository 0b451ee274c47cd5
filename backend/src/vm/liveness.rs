//! Liveness of the VM's registers: which registers each instruction reads and writes, where
//! control goes after it, and which registers are live after it. Register allocation
//! (`regalloc`) and the marking of last uses (`last_use`) are built on it; it changes no code
//! but register operands handed to a visitor.

use super::code::{Function, Op, Reg, NO_TARGET, OPERAND_KIND};

/// A set of registers.
#[derive(Clone, PartialEq)]
pub(super) struct Set(Vec<u64>);

impl Set {
    pub(super) fn new(n: usize) -> Set {
        Set(vec![0; n.div_ceil(64)])
    }
    pub(super) fn insert(&mut self, r: Reg) {
        self.0[r as usize / 64] |= 1 << (r % 64);
    }
    pub(super) fn remove(&mut self, r: Reg) {
        self.0[r as usize / 64] &= !(1 << (r % 64));
    }
    pub(super) fn contains(&self, r: Reg) -> bool {
        self.0[r as usize / 64] & (1 << (r % 64)) != 0
    }
    pub(super) fn union(&mut self, other: &Set) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a |= b;
        }
    }
    pub(super) fn iter(&self) -> impl Iterator<Item = Reg> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &bits)| {
            (0..64)
                .filter(move |b| bits & (1 << b) != 0)
                .map(move |b| (w * 64 + b) as Reg)
        })
    }
}

/// Whether an operand of `op`'s register list is read or written.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Access {
    Read,
    Write,
}

/// Call `visit` on every register `op` reads or writes (operand lists in `operands`), with
/// mutable access so that the same walk renames them.
pub(super) fn registers(
    op: &mut Op,
    operands: &mut [u32],
    visit: &mut impl FnMut(&mut Reg, Access),
) {
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
        Op::TailCallCon { args, n, into, .. } => {
            list!(args, *n as usize, Read);
            let fields = &mut operands[into.fields as usize..(into.fields + into.nfields) as usize];
            for (j, r) in fields.iter_mut().enumerate() {
                if j as u32 != into.hole {
                    visit(r, Read);
                }
            }
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
        Op::RetPrim { op, args, .. } => list!(args, op.arity(), Read),
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
        Op::Ret { src } => visit(src, Read),
        Op::Switch { scrut, .. } => visit(scrut, Read),
        Op::Unpack { src, slots, n, .. } => {
            visit(src, Read);
            for s in &mut operands[*slots as usize..(*slots + *n) as usize] {
                visit(s, Write);
            }
        }
    }
}

/// Which of `f`'s instructions control can reach from its start.
pub(super) fn reached(f: &Function) -> Vec<bool> {
    let n = f.ops.len();
    let mut reached = vec![false; n];
    let mut todo = vec![0];
    while let Some(pc) = todo.pop() {
        if pc >= n || reached[pc] {
            continue;
        }
        reached[pc] = true;
        todo.extend(successors(f, pc));
    }
    reached
}

/// Where control can go after instruction `pc`.
pub(crate) fn successors(f: &Function, pc: usize) -> Vec<usize> {
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
        // Only the fallback follows.
        Op::TailCall2 { .. } => vec![next],
        Op::Ret { .. }
        | Op::RetCon { .. }
        | Op::RetPrim { .. }
        | Op::TailCall { .. }
        | Op::TailCallDirect { .. }
        | Op::TailCallCon { .. } => vec![],
        _ => vec![next],
    }
}

/// The registers `f.ops[pc]` reads and writes.
pub(super) fn accesses(f: &mut Function, pc: usize) -> (Vec<Reg>, Vec<Reg>) {
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

/// The most bits the dense sets over one function may take (32 MiB).
const MAX_BITS: usize = 1 << 28;

/// Whether `f` is too large for dense sets: liveness takes registers × instructions bits twice,
/// interference registers² (a `let` nested 4·10⁴ deep in one function has as many registers
/// and more instructions). The passes over liveness are optimisations and leave such a
/// function as generated.
pub(super) fn too_large(f: &Function) -> bool {
    let n = f.nregs as usize;
    n.saturating_mul(2 * f.ops.len() + n) > MAX_BITS
}

/// The registers live before and after each instruction.
pub(super) fn lives(f: &mut Function, accesses: &[(Vec<Reg>, Vec<Reg>)]) -> (Vec<Set>, Vec<Set>) {
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
            let kills = !matches!(f.ops[pc], Op::Call2 { .. })
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
    (live_in, live_out)
}
