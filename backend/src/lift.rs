//! Lifting a primal value into a differentiation world: each Double becomes a constant dual
//! number (with the world's zero derivative part), each closure the closure of its lambda's twin
//! over the lifted captured values, and constructors are rebuilt around lifted fields. Shared
//! subvalues are lifted once, so lifting keeps the sharing of the primal value. It never runs code.

use crate::ad_prims;
use crate::compile::LamCode;
use crate::value::{Captures, Closure, Value};
use crate::walk::{transform, Step};
use std::rc::Rc;

/// Lift `v` into world `world`, whose constants have derivative part `zero`.
pub fn lift(lams: &[LamCode], world: usize, zero: &Value, v: &Value) -> Result<Value, String> {
    let twin = |lam: u32| {
        lams[lam as usize].twins.get(world).copied().ok_or_else(|| {
            "internal error: differentiating a function that has no twin".to_string()
        })
    };
    match v {
        // The common case, a top-level function: no walk.
        Value::Closure(c) if c.captures.is_empty() => Ok(Value::Closure(Rc::new(Closure {
            lam: twin(c.lam)?,
            captures: Captures::new(),
        }))),
        _ => transform(
            v,
            true,
            |node| {
                Ok(match node {
                    Value::Double(x) => Step::Replace(ad_prims::constant(*x, zero)),
                    _ => Step::Descend,
                })
            },
            twin,
        ),
    }
}
