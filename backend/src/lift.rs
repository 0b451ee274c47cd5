//! Lifting a primal value into a differentiation world: each Double becomes a constant dual
//! number (with the world's zero derivative part), each closure the closure of its lambda's twin
//! over the lifted captured values, and constructors are rebuilt around lifted fields. Shared
//! subvalues are lifted once (the walk is memoised by address) and the walk uses an explicit
//! stack, so long lists do not grow the Rust stack. It never runs code.

use crate::compile::LamCode;
use crate::value::{Closure, DualCell, RecGroup, Value};
use std::collections::HashMap;
use std::rc::Rc;

enum Task {
    Visit(Value),
    /// Rebuild the value at this address from the last `n` results.
    Build(Value, usize),
}

fn address(v: &Value) -> Option<usize> {
    match v {
        Value::Con(c) => Some(Rc::as_ptr(c) as usize),
        Value::Closure(c) => Some(Rc::as_ptr(c) as usize),
        Value::Rec(g, _) => Some(Rc::as_ptr(g) as usize),
        _ => None,
    }
}

fn twin(lams: &[LamCode], world: usize, lam: u32) -> Result<u32, String> {
    lams[lam as usize]
        .twins
        .get(world)
        .copied()
        .ok_or_else(|| "internal error: differentiating a function that has no twin".to_string())
}

/// Lift `v` into world `world`, whose constants have derivative part `zero`.
pub fn lift(lams: &[LamCode], world: usize, zero: &Value, v: &Value) -> Result<Value, String> {
    let mut memo: HashMap<usize, Value> = HashMap::new();
    let mut results: Vec<Value> = Vec::new();
    let mut tasks = vec![Task::Visit(v.clone())];
    while let Some(task) = tasks.pop() {
        match task {
            Task::Visit(v) => {
                if let Some(done) = address(&v).and_then(|a| memo.get(&a)) {
                    results.push(match (&v, done) {
                        (Value::Rec(_, j), Value::Rec(g, _)) => Value::Rec(g.clone(), *j),
                        _ => done.clone(),
                    });
                    continue;
                }
                let children: &[Value] = match &v {
                    Value::Double(x) => {
                        results.push(Value::Dual(Rc::new(DualCell {
                            primal: *x,
                            deriv: zero.clone(),
                        })));
                        continue;
                    }
                    Value::Con(c) => &c.fields,
                    Value::Closure(c) => &c.captures,
                    Value::Rec(g, _) => &g.captures,
                    _ => {
                        results.push(v);
                        continue;
                    }
                };
                let n = children.len();
                let visits: Vec<Task> = children.iter().rev().cloned().map(Task::Visit).collect();
                tasks.push(Task::Build(v, n));
                tasks.extend(visits);
            }
            Task::Build(v, n) => {
                let fields: Box<[Value]> = results.split_off(results.len() - n).into();
                let lifted = match &v {
                    Value::Con(c) => Value::con(c.tag, fields.into_vec()),
                    Value::Closure(c) => Value::Closure(Rc::new(Closure {
                        lam: twin(lams, world, c.lam)?,
                        captures: fields,
                    })),
                    Value::Rec(g, j) => {
                        let twins = g
                            .lams
                            .iter()
                            .map(|&l| twin(lams, world, l))
                            .collect::<Result<Box<[u32]>, String>>()?;
                        let group = Rc::new(RecGroup {
                            lams: twins,
                            captures: fields,
                        });
                        Value::Rec(group, *j)
                    }
                    _ => unreachable!("only compound values are rebuilt"),
                };
                if let Some(a) = address(&v) {
                    memo.insert(a, lifted.clone());
                }
                results.push(lifted);
            }
        }
    }
    Ok(results.pop().unwrap_or_else(|| v.clone()))
}
