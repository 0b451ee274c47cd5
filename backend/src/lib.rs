//! dnrad's backend: runtime values, primitive operations and the reference interpreter, an
//! explicit-continuation machine over core. It evaluates core as given (strict, call-by-value);
//! it never type-checks (the lint does) and never prints except through `putStr`.

mod ad_prims;
mod compile;
mod lift;
mod machine;
mod prims;
mod show;
mod value;
mod walk;

pub use machine::Limits;
pub use show::show_double;
pub use value::Value;

use dnrad_core::{Diagnostic, Program};
use std::io::Write;

/// Run a program's entry (its `main`), writing its output to `out`. Returns how many
/// backpropagator calls the program's reverse passes made.
pub fn run_program(
    program: &Program,
    out: &mut dyn Write,
    limits: &Limits,
) -> Result<u64, Diagnostic> {
    let compiled = compile::compile(program)?;
    let Some(entry) = &compiled.entry else {
        return Ok(0);
    };
    let mut machine = machine::Machine::new(&compiled, out, limits.clone());
    machine.run(entry)?;
    Ok(machine.bp_calls)
}

#[cfg(test)]
mod tests;
