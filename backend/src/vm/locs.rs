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
        match op {
            Op::Switch {
                table,
                ntags,
                default,
                ..
            } => {
                for t in &mut f.operands[*table as usize..(*table + *ntags) as usize] {
                    *t = at(*t);
                }
                *default = at(*default);
            }
            Op::Jump { target } => *target = at(*target),
            Op::CallThreaded { skip, .. } => *skip = at(*skip),
            _ => {}
        }
    }
}

/// Which instructions of `f` a jump may land on.
fn jump_targets(f: &Function) -> Vec<bool> {
    let mut targets = vec![false; f.ops.len() + 1];
    let mut mark = |t: u32| {
        if t != NO_TARGET {
            targets[t as usize] = true;
        }
    };
    for op in &f.ops {
        match op {
            Op::Switch {
                table,
                ntags,
                default,
                ..
            } => {
                for &t in &f.operands[*table as usize..(*table + *ntags) as usize] {
                    mark(t);
                }
                mark(*default);
            }
            Op::Jump { target } => mark(*target),
            Op::CallThreaded { skip, .. } => mark(*skip),
            _ => {}
        }
    }
    targets
}
