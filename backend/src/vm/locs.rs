//! Dropping the `Loc` instructions that record the location the VM already holds. In
//! straight-line code the recorded location only changes at a `Loc`; calls restore it when
//! they return. So a `Loc` of the location known to be recorded — no jump lands between the
//! two — changes nothing. Differentiated code records the same location before each of the
//! instructions one primitive operation becomes. This pass removes such instructions and
//! renumbers the jump targets (`remove`, which register allocation also uses); it changes
//! nothing else.

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
            _ => {}
        }
    }
    remove(f, &keep);
}

/// Remove the instructions of `f` whose `keep` flag is false (none that a two-argument call's
/// fallback consists of), renumbering the jump targets.
pub fn remove(f: &mut Function, keep: &[bool]) {
    if keep.iter().all(|k| *k) {
        return;
    }
    // The new index of each old one (a removed instruction's is that of the one after it).
    let mut renumbered = Vec::with_capacity(f.ops.len() + 1);
    let mut next = 0;
    for k in keep {
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
pub(super) fn for_each_target(op: &mut Op, operands: &mut [u32], mut visit: impl FnMut(&mut u32)) {
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
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dnrad_core::span::FileId;

    fn at(lo: u32) -> Span {
        Span::new(FileId(1), lo, lo + 1)
    }

    #[test]
    fn a_repeated_location_goes_and_jump_targets_follow() {
        let (a, b) = (at(10), at(20));
        let mut f = Function {
            ops: vec![
                Op::Loc(a),
                Op::Move { dst: 1, src: 0 },
                Op::Loc(a), // repeats a: dropped
                Op::Switch {
                    scrut: 1,
                    table: 0,
                    ntags: 2,
                    default: NO_TARGET,
                    span: a,
                },
                Op::Loc(a), // a jump lands here: kept
                Op::Jump { target: 7 },
                Op::Loc(b),
                Op::Loc(b), // a jump lands here: kept
                Op::Ret { src: 1 },
            ],
            operands: vec![4, 6],
            ..Function::default()
        };
        drop_repeated(&mut f);
        let locs: Vec<usize> = (f.ops.iter().enumerate())
            .filter_map(|(i, op)| matches!(op, Op::Loc(_)).then_some(i))
            .collect();
        assert_eq!(locs, [0, 3, 5, 6]);
        assert_eq!(f.operands, [3, 5]);
        assert!(matches!(f.ops[4], Op::Jump { target: 6 }));
    }
}
