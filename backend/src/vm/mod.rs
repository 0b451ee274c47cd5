//! The bytecode VM: the fast backend. Generates register code from the interpreter's resolved
//! code (`gen`) and runs it (`exec`); values, primitives, twins and lifting are shared with the
//! interpreter, which stays the reference semantics. Both must print the same output and report
//! errors at the same lines for every program.

mod code;
mod exec;
mod gen;

use crate::compile::Compiled;
use crate::machine::Limits;
use dnrad_core::Diagnostic;
use std::io::Write;

/// Run `compiled`'s entry on the VM; returns the backpropagator calls made.
pub fn run(compiled: &Compiled, out: &mut dyn Write, limits: &Limits) -> Result<u64, Diagnostic> {
    if compiled.entry.is_none() {
        return Ok(0);
    }
    let funcs = gen::generate(compiled);
    let entry = funcs.len() as u32 - 1;
    let mut vm = exec::Vm::new(compiled, &funcs, out, limits.clone());
    vm.run(entry)?;
    Ok(vm.bp_calls)
}
