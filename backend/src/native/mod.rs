//! The native tier: the VM's scalar functions (direct entries computing only with `Int`,
//! `Double`, `Char`, `Bool`, products of them, lists, arrays, data types, `Integer`s and type
//! variables' values read in place (`Integer` arithmetic and dual numbers' operations are
//! runtime calls: `integer`, `dual`), lists and data types built as cells for the caller, see `types`)
//! compiled to machine code with Cranelift (`codegen`; `owned` says which registers own
//! values), and called from the VM's direct calls (`glue`). Native code never reports an error: on a division by zero, a missing `case` arm, a limit or a recursion too deep for its stack
//! it bails, and the VM runs the same call in bytecode (scalar functions are pure), which
//! reports the error or hits the limit as it always has. The VM compiles once a run has made
//! `WARM_CALLS` direct calls (or one function `EARLY_CALLS`), and again when a function it
//! could compile becomes hot later (a loop that starts late), keeping its compiles within a
//! `COMPILE_SHARE`th of the run's time;
//! `DNRAD_NATIVE=off` in the environment turns the tier off, `DNRAD_NATIVE=eager` compiles
//! at the first call (for the differential tests and benchmarks). This module must not change the VM's code or run anything itself.

mod boxing;
mod codegen;
mod dual;
mod glue;
mod gradient;
mod integer;
mod owned;
mod runtime;
mod types;

pub(crate) use glue::{NativeCode, Tier};

use crate::compile::Compiled;
use crate::vm::code::{Function, Op};
use codegen::Locs;
use cranelift_codegen::settings::{self, Configurable};
use cranelift_frontend::FunctionBuilderContext;
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{Linkage, Module};
use dnrad_core::PrimOp;
use std::collections::HashMap;

/// The most scalars a native function's parameters have (an entry passes them in an array).
pub(crate) const MAX_PARAMS: usize = 32;

/// How many direct calls a run makes on the VM before the tier compiles: a short run never
/// pays for compiling (about 1 M instructions a function), a long one loses a few milliseconds.
pub(crate) const WARM_CALLS: u32 = 50_000;

/// How many of those calls make a function hot: only hot functions (and the scalar functions
/// they call) are compiled.
pub(crate) const HOT_CALLS: u32 = 1_000;

/// A function called this often ends the warm-up before `WARM_CALLS` (a short run whose time
/// is one loop: a dot product of 10⁵ elements is 12 500 calls of its loop).
pub(crate) const EARLY_CALLS: u32 = 5 * HOT_CALLS;

/// After the first compile the VM keeps counting direct calls, and when a function the tier
/// can compile reaches `HOT_CALLS` it compiles again, the old functions with the new hot ones
/// (a hot loop that starts after the first window, a dot product after building its input),
/// as soon as the run's compiles so far took at most a `COMPILE_SHARE`th of its time: a late
/// hot function waits at most a few times the last compile's length, and the compiles of a
/// run stay a small part of it however many functions become hot one by one.
pub(crate) const COMPILE_SHARE: u32 = 10;

/// While a late hot function waits, the VM reads the clock every this many direct calls.
pub(crate) const CLOCK_CALLS: u32 = 1_000;

/// When the tier compiles, from `DNRAD_NATIVE`: `off`, never; `eager`, at the first direct
/// call (the differential tests); otherwise after `WARM_CALLS` direct calls.
pub(crate) fn warm_calls() -> Option<u32> {
    match std::env::var_os("DNRAD_NATIVE") {
        Some(v) if v == "off" => None,
        Some(v) if v == "eager" => Some(0),
        _ => Some(WARM_CALLS),
    }
}

/// The functions the tier can compile (`scalar_functions`), found once a run.
pub(crate) struct Candidates(HashMap<u32, types::Typed>);

impl Candidates {
    pub(crate) fn new(compiled: &Compiled, funcs: &[Function]) -> Candidates {
        Candidates(scalar_functions(compiled, funcs))
    }

    pub(crate) fn contains(&self, func: u32) -> bool {
        self.0.contains_key(&func)
    }

    /// Whether every candidate satisfies `p`.
    pub(crate) fn all(&self, p: impl Fn(u32) -> bool) -> bool {
        self.0.keys().all(|&f| p(f))
    }
}

/// The native code of the candidates that `hot` picks and of the candidates they call
/// (`funcs` is the VM code), or `None` when there are none (or Cranelift cannot target this
/// machine).
pub(crate) fn compile(
    candidates: &Candidates,
    funcs: &[Function],
    hot: &dyn Fn(u32) -> bool,
) -> Option<NativeCode> {
    let keep = with_callees(funcs, &candidates.0, hot);
    let typed: HashMap<u32, types::Typed> = candidates
        .0
        .iter()
        .filter(|(f, _)| keep.contains(f))
        .map(|(f, t)| (*f, t.clone()))
        .collect();
    if typed.is_empty() {
        return None;
    }
    // A code generator's failure (or panic: a bug) leaves every function on the VM.
    let built = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| build(funcs, &typed)));
    built.ok()?.ok()
}

/// The functions of `typed` that `hot` picks, and the ones of `typed` they call directly
/// (native code calls them natively), transitively.
fn with_callees(
    funcs: &[Function],
    typed: &HashMap<u32, types::Typed>,
    hot: &dyn Fn(u32) -> bool,
) -> std::collections::HashSet<u32> {
    let mut keep = std::collections::HashSet::new();
    let mut work: Vec<u32> = typed.keys().copied().filter(|&f| hot(f)).collect();
    while let Some(f) = work.pop() {
        if !keep.insert(f) {
            continue;
        }
        for op in &funcs[f as usize].ops {
            if let Op::CallDirect { func, .. }
            | Op::TailCallDirect { func, .. }
            | Op::TailCallCon { func, .. } = op
            {
                if typed.contains_key(func) {
                    work.push(*func);
                }
            }
        }
    }
    keep
}

/// The functions of `funcs` (the VM code of `compiled`) the tier compiles, typed.
pub(crate) fn scalar_functions(
    compiled: &Compiled,
    funcs: &[Function],
) -> HashMap<u32, types::Typed> {
    let first_direct = compiled.lams.len() + compiled.globals.len();
    let candidates: HashMap<u32, types::Signature> = compiled
        .direct
        .iter()
        .zip(&compiled.direct_types)
        .enumerate()
        .filter_map(|(k, ((_, arity, _), ty))| {
            let sig = types::signature(ty, *arity as usize, &compiled.datas)?;
            let width: usize = sig.params.iter().map(types::Shape::width).sum();
            (width <= MAX_PARAMS).then_some(((first_direct + k) as u32, sig))
        })
        .collect();
    types::scalar_functions(funcs, candidates)
}

/// Compile the functions `typed` with Cranelift.
fn build(funcs: &[Function], typed: &HashMap<u32, types::Typed>) -> Result<NativeCode, String> {
    let mut flags = settings::builder();
    let set = |flags: &mut settings::Builder, name, value| {
        flags.set(name, value).map_err(|e| e.to_string())
    };
    set(&mut flags, "opt_level", "speed")?;
    set(&mut flags, "use_colocated_libcalls", "false")?;
    set(&mut flags, "is_pic", "false")?;
    // Cranelift's x64 tail calls (`return_call`) need frame pointers.
    set(&mut flags, "preserve_frame_pointers", "true")?;
    // Products return more scalars than there are return registers.
    set(&mut flags, "enable_multi_ret_implicit_sret", "true")?;
    let isa = cranelift_native::builder()
        .map_err(str::to_string)?
        .finish(settings::Flags::new(flags))
        .map_err(|e| e.to_string())?;
    let mut module = JITModule::new(JITBuilder::with_isa(
        isa,
        cranelift_module::default_libcall_names(),
    ));
    let mut order: Vec<u32> = typed.keys().copied().collect();
    order.sort_unstable();
    let (mut bodies, mut wrappers) = (HashMap::new(), Vec::new());
    for &i in &order {
        let sig = codegen::body_signature(&module, &typed[&i].sig);
        let body = module
            .declare_function(&format!("f{i}"), Linkage::Local, &sig)
            .map_err(|e| e.to_string())?;
        let sig = codegen::wrapper_signature(&module);
        let wrapper = module
            .declare_function(&format!("w{i}"), Linkage::Local, &sig)
            .map_err(|e| e.to_string())?;
        bodies.insert(i, body);
        wrappers.push((i, wrapper));
    }
    let mut fctx = FunctionBuilderContext::new();
    let mut locs = Locs::default();
    for &i in &order {
        codegen::define_body(&mut module, &mut fctx, funcs, typed, &bodies, &mut locs, i)?;
    }
    for &(i, wrapper) in &wrappers {
        codegen::define_wrapper(&mut module, &mut fctx, wrapper, bodies[&i], &typed[&i].sig)?;
    }
    module.finalize_definitions().map_err(|e| e.to_string())?;
    let differentiates = order.iter().any(|&i| {
        let ops = &funcs[i as usize].ops;
        ops.iter().any(|op| {
            matches!(
                op,
                Op::Prim1 {
                    op: PrimOp::Interleave,
                    ..
                }
            )
        })
    });
    Ok(NativeCode::new(
        module,
        funcs.len(),
        &wrappers,
        typed,
        locs,
        differentiates,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vm::code::Consing;
    use types::{Scalar, Shape, Signature, Typed};

    fn function(ops: Vec<Op>) -> Function {
        Function {
            nregs: 1,
            ops,
            ..Function::default()
        }
    }

    #[test]
    fn the_callees_of_every_kind_of_direct_call_compile_with_their_caller() {
        // 0 builds a cell around a call of 1 (a tail call modulo cons), 1 calls 2, 2 tail
        // calls 3; only 0 is hot.
        let into = Consing {
            tag: 1,
            fields: 0,
            nfields: 2,
            hole: 1,
        };
        let funcs = vec![
            function(vec![Op::TailCallCon {
                func: 1,
                args: 0,
                n: 0,
                into,
            }]),
            function(vec![
                Op::CallDirect {
                    dst: 0,
                    func: 2,
                    args: 0,
                    n: 0,
                    scrut: false,
                },
                Op::Ret { src: 0 },
            ]),
            function(vec![Op::TailCallDirect {
                func: 3,
                args: 0,
                n: 0,
            }]),
            function(vec![Op::Ret { src: 0 }]),
        ];
        let typed: HashMap<u32, Typed> = (0..4)
            .map(|f| {
                let sig = Signature {
                    params: Vec::new(),
                    result: Shape::Scalar(Scalar::Int),
                };
                (
                    f,
                    Typed {
                        sig,
                        before: Vec::new(),
                    },
                )
            })
            .collect();
        let keep = with_callees(&funcs, &typed, &|f| f == 0);
        assert_eq!(keep, (0..4).collect());
    }
}
