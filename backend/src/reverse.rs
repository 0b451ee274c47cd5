//! The reverse pass of each AD mode, over dual numbers whose backpropagators are data (§8.2: an
//! operation's node holds, per argument, the partial derivative and the argument). Calling a
//! node's backpropagator with cotangent `z` is `SCall arg (∂ · z)` for each argument; the modes
//! differ in how those calls are collected and resolved, as the paper's optimisation story:
//!
//! - `naive` (Fig. 6–7): a backpropagator returns the sparse cotangent of the inputs; the calls
//!   are made along every path from the output, so shared subterms cost exponential time.
//! - `staged` (§4, Fig. 8): a backpropagator returns a staging map ID ↦ (node, argument), which
//!   `+` merges (adding arguments of the same ID); SResolve pops the largest ID and merges what
//!   its backpropagator returns into the rest.
//! - `cayley` (§5–6, Fig. 9): the staging map is threaded through the backpropagators, which
//!   update it in place of building maps to merge.
//! - `array` (§7, §8.1): the map is an array indexed by ID, resolved from the largest ID down
//!   (`ad_prims::array_backward` is the outermost level's, tuned; this one serves nested levels).
//!
//! A level (`Level`) supplies its nodes' arguments and its arithmetic: Doubles at the outermost
//! level, numbers of the enclosing levels (which record the arithmetic) at a nested one.
//! Each backpropagator call of an operation is counted. It never runs code.

use crate::value::{ArrayDual, Rule, Tower, TowerDeriv, Value};
pub use dnrad_core::dual::Mode;
use imbl::OrdMap;
use smallvec::SmallVec;
use std::rc::Rc;

/// A reference to a dual number of the level: its ID and, when an operation made it, its node
/// (an input has none).
pub struct Ref<Node> {
    pub id: u32,
    pub node: Option<Node>,
}

/// The arguments of an operation's node with their partial derivatives (at most two).
pub type Args<L> = SmallVec<[(<L as Level>::N, Ref<<L as Level>::Node>); 2]>;

/// The dual numbers of one level of differentiation.
pub trait Level {
    /// The level's cotangents and partial derivatives.
    type N: Clone;
    type Node: Clone;
    /// The arguments of an operation's node with their partial derivatives.
    fn args(&self, node: &Self::Node) -> Args<Self>;
    fn add(&mut self, a: Self::N, b: Self::N) -> Result<Self::N, String>;
    fn mul(&mut self, a: &Self::N, b: &Self::N) -> Result<Self::N, String>;
}

/// The outermost level: Doubles, and the array mode's cells.
pub struct Outermost;

impl Level for Outermost {
    type N = f64;
    type Node = Rc<ArrayDual>;
    fn args(&self, node: &Rc<ArrayDual>) -> Args<Self> {
        let arg = |id: u32, cell: Option<&Rc<ArrayDual>>| Ref {
            id,
            node: cell.cloned(),
        };
        match &node.rule {
            Rule::Op {
                partials,
                ids,
                cells,
            } => (0..2)
                .filter(|&k| ids[k].get() != 0)
                .map(|k| (partials[k], arg(ids[k].get(), cells[k].as_ref())))
                .collect(),
            // As the array mode stages them (`ad_prims::stage_dot`); every element is an
            // outermost number (`bulk` records the rule only then), so the default is never taken.
            Rule::Dot(dot) => dot
                .pairs()
                .rev()
                .flat_map(|(a, b)| {
                    let [a, b] = [a, b].map(|v| v.array_parts().unwrap_or((0.0, 0, None)));
                    [(b.0, arg(a.1, a.2)), (a.0, arg(b.1, b.2))]
                })
                .filter(|(_, r)| r.id != 0)
                .collect(),
        }
    }
    fn add(&mut self, a: f64, b: f64) -> Result<f64, String> {
        Ok(a + b)
    }
    fn mul(&mut self, a: &f64, b: &f64) -> Result<f64, String> {
        Ok(a * b)
    }
}

/// A nested level: its numbers are `Tower`s; its arithmetic that of the enclosing levels.
pub struct Nested;

impl Level for Nested {
    type N = Value;
    type Node = Rc<Tower>;
    fn args(&self, node: &Rc<Tower>) -> Args<Self> {
        let TowerDeriv::Node { partials, args, .. } = &node.deriv else {
            return Args::<Self>::new();
        };
        partials
            .iter()
            .zip(args)
            .filter_map(|(p, a)| {
                let a = a.as_ref()?;
                let TowerDeriv::Node { id, .. } = a.deriv else {
                    return None;
                };
                Some((p.clone(), tower_ref(id, a)))
            })
            .collect()
    }
    fn add(&mut self, a: Value, b: Value) -> Result<Value, String> {
        crate::nested::apply(dnrad_core::PrimOp::DoubleAdd, &[&a, &b])
    }
    fn mul(&mut self, a: &Value, b: &Value) -> Result<Value, String> {
        crate::nested::apply(dnrad_core::PrimOp::DoubleMul, &[a, b])
    }
}

/// A nested level's dual number as a reference: an input's node has no arguments.
pub fn tower_ref(id: u32, t: &Rc<Tower>) -> Ref<Rc<Tower>> {
    let input = matches!(
        &t.deriv,
        TowerDeriv::Node {
            args: [None, None],
            ..
        }
    );
    Ref {
        id,
        node: (!input).then(|| Rc::clone(t)),
    }
}

/// The inputs' IDs: `base + 1 ..= base + inputs`.
#[derive(Clone, Copy)]
pub struct Inputs {
    pub base: i64,
    pub count: i64,
}

impl Inputs {
    /// The input index (from 0) of ID `id`, if it is an input's.
    fn index(self, id: u32) -> Option<usize> {
        let k = i64::from(id) - self.base - 1;
        usize::try_from(k).ok().filter(|_| k < self.count)
    }
}

/// The reverse pass of `mode` from the output's dual numbers `outputs` with their cotangents:
/// the inputs' cotangents (`None` for an input no call reached). `end` is the ID after the
/// level's last.
pub fn backward<L: Level>(
    level: &mut L,
    mode: Mode,
    inputs: Inputs,
    end: i64,
    outputs: Vec<(Ref<L::Node>, L::N)>,
    bp_calls: &mut u64,
) -> Result<Vec<Option<L::N>>, String> {
    let mut gradient: Vec<Option<L::N>> = vec![None; inputs.count as usize];
    match mode {
        Mode::Naive => naive(level, inputs, outputs, &mut gradient, bp_calls)?,
        Mode::Staged | Mode::Cayley => {
            let map = staged(level, mode, inputs, outputs, bp_calls)?;
            for (id, (_, z)) in map {
                if let Some(k) = inputs.index(id) {
                    gradient[k] = Some(z);
                }
            }
        }
        Mode::Array => array(level, inputs, end, outputs, &mut gradient, bp_calls)?,
    }
    Ok(gradient)
}

fn accumulate<L: Level>(level: &mut L, slot: &mut Option<L::N>, z: L::N) -> Result<(), String> {
    *slot = Some(match slot.take() {
        None => z,
        Some(acc) => level.add(acc, z)?,
    });
    Ok(())
}

/// Every path from the output: each operation's backpropagator is called once per path that
/// reaches it (an explicit stack, so a long chain does not grow the Rust stack).
fn naive<L: Level>(
    level: &mut L,
    inputs: Inputs,
    outputs: Vec<(Ref<L::Node>, L::N)>,
    gradient: &mut [Option<L::N>],
    bp_calls: &mut u64,
) -> Result<(), String> {
    let mut stack: Vec<(Ref<L::Node>, L::N)> = outputs;
    stack.reverse();
    while let Some((r, z)) = stack.pop() {
        match r.node {
            None => {
                if let Some(k) = inputs.index(r.id) {
                    accumulate(level, &mut gradient[k], z)?;
                }
            }
            Some(node) => {
                *bp_calls += 1;
                let args = level.args(&node);
                for (partial, arg) in args.into_iter().rev() {
                    let dz = level.mul(&partial, &z)?;
                    stack.push((arg, dz));
                }
            }
        }
    }
    Ok(())
}

/// A staging entry: the node whose backpropagator is staged (none for an input) and its
/// accumulated argument.
type Staged<L> = (Option<<L as Level>::Node>, <L as Level>::N);

type StagingMap<L> = OrdMap<u32, Staged<L>>;

/// The array mode's staging entry: the node and the argument accumulated so far.
type ArraySlot<L> = (Option<<L as Level>::Node>, Option<<L as Level>::N>);

/// SCall into a staging map: `z` added to the argument of `r`'s ID, its node staged.
fn stage_in<L: Level>(
    level: &mut L,
    map: &mut StagingMap<L>,
    r: Ref<L::Node>,
    z: L::N,
) -> Result<(), String> {
    let entry = match map.remove(&r.id) {
        None => (r.node, z),
        Some((node, acc)) => (node.or(r.node), level.add(acc, z)?),
    };
    map.insert(r.id, entry);
    Ok(())
}

/// `a + b` of staging maps: the union, adding the arguments of an ID in both.
fn merge<L: Level>(
    level: &mut L,
    a: StagingMap<L>,
    b: StagingMap<L>,
) -> Result<StagingMap<L>, String> {
    let (mut big, small) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    for (id, (node, z)) in small {
        stage_in(level, &mut big, Ref { id, node }, z)?;
    }
    Ok(big)
}

/// The staged modes: staging maps resolved from the largest ID down to the inputs. Staged
/// merges the map each backpropagator call returns; Cayley updates the one map.
fn staged<L: Level>(
    level: &mut L,
    mode: Mode,
    inputs: Inputs,
    outputs: Vec<(Ref<L::Node>, L::N)>,
    bp_calls: &mut u64,
) -> Result<StagingMap<L>, String> {
    let last_input = inputs.base + inputs.count;
    let mut map: StagingMap<L> = OrdMap::new();
    for (r, z) in outputs {
        stage_in(level, &mut map, r, z)?;
    }
    while let Some(&(id, _)) = map.get_max() {
        if i64::from(id) <= last_input {
            break;
        }
        let Some((node, z)) = map.remove(&id) else {
            break;
        };
        let Some(node) = node else {
            continue;
        };
        *bp_calls += 1;
        let args = level.args(&node);
        if mode == Mode::Cayley {
            for (partial, arg) in args {
                let dz = level.mul(&partial, &z)?;
                stage_in(level, &mut map, arg, dz)?;
            }
        } else {
            let mut called: StagingMap<L> = OrdMap::new();
            for (partial, arg) in args {
                let dz = level.mul(&partial, &z)?;
                let mut one = OrdMap::new();
                stage_in(level, &mut one, arg, dz)?;
                called = merge(level, called, one)?;
            }
            map = merge(level, map, called)?;
        }
    }
    Ok(map)
}

/// The array mode: a staging array indexed by ID from the level's base.
fn array<L: Level>(
    level: &mut L,
    inputs: Inputs,
    end: i64,
    outputs: Vec<(Ref<L::Node>, L::N)>,
    gradient: &mut [Option<L::N>],
    bp_calls: &mut u64,
) -> Result<(), String> {
    let len = usize::try_from(end - inputs.base).unwrap_or(0);
    let mut arr: Vec<ArraySlot<L>> = vec![(None, None); len];
    let stage = |level: &mut L, arr: &mut Vec<ArraySlot<L>>, r: Ref<L::Node>, z: L::N| {
        let slot: &mut ArraySlot<L> = usize::try_from(i64::from(r.id) - inputs.base)
            .ok()
            .and_then(|k| arr.get_mut(k))
            .ok_or_else(|| format!("internal error: ID {} outside the staging array", r.id))?;
        if slot.0.is_none() {
            slot.0 = r.node;
        }
        accumulate(level, &mut slot.1, z)
    };
    for (r, z) in outputs {
        stage(level, &mut arr, r, z)?;
    }
    let first = usize::try_from(inputs.count + 1).unwrap_or(usize::MAX);
    for k in (first..arr.len()).rev() {
        let (Some(node), Some(z)) = std::mem::take(&mut arr[k]) else {
            continue;
        };
        *bp_calls += 1;
        for (partial, arg) in level.args(&node) {
            let dz = level.mul(&partial, &z)?;
            stage(level, &mut arr, arg, dz)?;
        }
    }
    for (k, slot) in gradient.iter_mut().enumerate() {
        *slot = arr.get_mut(k + 1).and_then(|(_, z)| z.take());
    }
    Ok(())
}
