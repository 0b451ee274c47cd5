//! Dropping the `Loc` instructions that record the location the VM already holds. In
//! straight-line code the recorded location only changes at a `Loc` or a threaded call (which
//! records its own); calls restore it when they return. So a `Loc` of the location known to be
//! recorded — no jump lands between the two — changes nothing. Differentiated code records
//! the same location before each of the instructions one primitive operation becomes. This pass
//! removes such instructions and renumbers the jump targets; it changes nothing else.

use super::code::{Function, Op, NO_TARGET};
use dnrad_core::Span;

/// Remove `f`'s `Loc`s that repeat the location already recorded.
pub fn drop_repeated(f: &mut Function) {
    let targets = jump_targets(f);
    let mut known: Option<Span> = None;
    let mut keep = vec![true; f.ops.len()];
    for (i, op) in f.ops.iter().enumerate() {
        if targets[i] {
            known = None;
        }
        match op {
            Op::Loc(span) if known == Some(*span) => keep[i] = false,
            Op::Loc(span) => known = Some(*span),
            Op::CallThreaded { loc, .. } | Op::TailCallThreaded { loc, .. } if loc.is_user() => {
                known = None
            }
            _ => {}
        }
    }
    if keep.iter().all(|k| *k) {
        return;
    }
    // The new index of each old one (a removed `Loc`'s is that of the instruction after it).
    let mut renumbered = Vec::with_capacity(f.ops.len() + 1);
    let mut next = 0;
    for k in &keep {
        renumbered.push(next);
        next += u32::from(*k);
    }
    renumbered.push(next);
    let at = |t: u32| {
        if t == NO_TARGET {
            t
        } else {
            renumbered[t as usize]
        }
    };
    let mut k = keep.iter();
    f.ops
        .retain(|_| *k.next().expect("one flag per instruction"));
    for op in &mut f.ops {
        for_each_target(op, &mut f.operands, |t| *t = at(*t));
    }
}

/// Which instructions of `f` a jump may land on.
fn jump_targets(f: &mut Function) -> Vec<bool> {
    let mut targets = vec![false; f.ops.len() + 1];
    for op in &mut f.ops {
        for_each_target(op, &mut f.operands, |t| {
            if *t != NO_TARGET {
                targets[*t as usize] = true;
            }
        });
    }
    targets
}

/// Visit the jump targets of `op` (`NO_TARGET` included), whose operands are in `operands`.
fn for_each_target(op: &mut Op, operands: &mut [u32], mut visit: impl FnMut(&mut u32)) {
    match op {
        Op::Switch {
            table,
            ntags,
            default,
            ..
        } => {
            operands[*table as usize..(*table + *ntags) as usize]
                .iter_mut()
                .for_each(&mut visit);
            visit(default);
        }
        Op::Jump { target } => visit(target),
        Op::CallThreaded { skip, .. } => visit(skip),
        _ => {}
    }
}
