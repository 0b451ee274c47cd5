//! dnrad's backend: runtime values, primitive operations and the reference interpreter, an
//! explicit-continuation machine over core. It evaluates core as given (strict, call-by-value);
//! it never type-checks (the lint does) and never prints except through `putStr`.

mod ad_prims;
mod compile;
mod integer;
mod lift;
mod machine;
mod prims;
mod show;
mod value;
mod vm;
mod walk;

pub use machine::Limits;
pub use show::show_double;
pub use value::Value;
pub use vm::dump as dump_bytecode;

use dnrad_core::{Diagnostic, Program};
use std::io::Write;

/// Which backend runs a program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// The reference interpreter.
    Interp,
    /// The bytecode VM.
    Vm,
}

/// Run a program's entry (its `main`) on `backend`, writing its output to `out`. Returns how
/// many backpropagator calls the program's reverse passes made.
pub fn run_on(
    backend: Backend,
    program: &Program,
    out: &mut dyn Write,
    limits: &Limits,
) -> Result<u64, Diagnostic> {
    match backend {
        Backend::Interp => run_program(program, out, limits),
        Backend::Vm => vm::run(&compile::compile(program, true)?, out, limits),
    }
}

/// Run a program's entry (its `main`) on the interpreter, writing its output to `out`. Returns
/// how many backpropagator calls the program's reverse passes made.
pub fn run_program(
    program: &Program,
    out: &mut dyn Write,
    limits: &Limits,
) -> Result<u64, Diagnostic> {
    let compiled = compile::compile(program, false)?;
    let Some(entry) = &compiled.entry else {
        return Ok(0);
    };
    let mut machine = machine::Machine::new(&compiled, out, limits.clone());
    machine.run(entry)?;
    Ok(machine.bp_calls)
}

#[cfg(test)]
mod tests;
