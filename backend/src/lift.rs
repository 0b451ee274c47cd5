//! Lifting a primal value into a differentiation world: each Double becomes a constant dual
//! number (with the world's zero derivative part), each closure the closure of its lambda's twin
//! over the lifted captured values, and constructors are rebuilt around lifted fields. Shared
//! subvalues are lifted once, so lifting keeps the sharing of the primal value. A mutable cell
//! (`IORef`) cannot be lifted: that is an error. It never runs code.

use crate::ad_prims;
use crate::compile::LamCode;
use crate::value::Value;
use crate::walk::{transform, Step};

/// Lift `v` into world `world`, whose constants have derivative part `zero`.
pub fn lift(lams: &[LamCode], world: usize, zero: &Value, v: &Value) -> Result<Value, String> {
    const NO_TWIN: &str = "internal error: differentiating a function that has no twin";
    const MUTABLE: &str = "cannot differentiate a function that uses an IORef it did not create";
    let twin = |lam: u32| {
        lams[lam as usize]
            .twins
            .get(world)
            .copied()
            .ok_or_else(|| NO_TWIN.to_string())
    };
    match v {
        // The common case, a top-level function: no walk, no allocation.
        Value::Closure(c) if c.captures.is_empty() => lams[c.lam as usize]
            .twin_closures
            .get(world)
            .cloned()
            .ok_or_else(|| NO_TWIN.to_string()),
        _ => transform(
            v,
            true,
            |node| {
                Ok(match node {
                    Value::Double(x) => Step::Replace(ad_prims::constant(*x, zero)),
                    // A cell's contents change, so they cannot be lifted once.
                    Value::Ref(_) => return Err(MUTABLE.to_string()),
                    _ => Step::Descend,
                })
            },
            twin,
        ),
    }
}
