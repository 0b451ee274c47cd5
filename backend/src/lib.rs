//! dnrad's backend: runtime values, primitive operations and the reference interpreter, an
//! explicit-continuation machine over core. It evaluates core as given (strict, call-by-value);
//! it never type-checks (the lint does) and touches the outside world only through the
//! `World` its caller lends a run (the effectful primitives').

mod ad_prims;
mod array_prims;
mod bulk;
mod chars;
mod compile;
mod cotangents;
mod float_encoding;
pub mod host;
mod ids;
mod integer;
mod io_prims;
mod lift;
mod limits;
mod literal_lexeme;
mod machine;
mod native;
mod nested;
mod number_lexeme;
mod prims;
mod ratio_double;
mod reverse;
mod session;
mod shape;
mod show;
mod value;
mod vm;
mod walk;
mod world;

pub use limits::{format_size, HeapGauge, Limits, DEFAULT_MAX_DEPTH};
pub use session::{Callable, Session};
pub use show::show_double;
pub use value::Value;
pub use vm::dump as dump_bytecode;
pub use world::World;

use dnrad_core::{Diagnostic, Program};

/// Which backend runs a program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// The reference interpreter.
    Interp,
    /// The bytecode VM.
    Vm,
}

/// Run a program's entry (its `main`) on `backend` in `world`, whose output is flushed when
/// the run ends. Returns how many backpropagator calls the program's reverse passes made. A
/// run that `exitWith` ended is a success: `world.exit_code()` tells the code.
pub fn run_on(
    backend: Backend,
    program: &Program,
    world: &mut World,
    limits: &Limits,
) -> Result<u64, Diagnostic> {
    let (result, bp_calls) = match backend {
        Backend::Interp => run_program(program, world, limits),
        Backend::Vm => match compile::compile(program, true) {
            Ok(compiled) => vm::run(&compiled, world, limits),
            Err(d) => (Err(d), 0),
        },
    };
    world.flush();
    match (result, world.exit_code()) {
        (Err(_), Some(_)) | (Ok(()), _) => Ok(bp_calls),
        (Err(d), None) => Err(d),
    }
}

/// Run a program's entry (its `main`) on the interpreter: how the run ended and the
/// backpropagator calls made.
fn run_program(
    program: &Program,
    world: &mut World,
    limits: &Limits,
) -> (Result<(), Diagnostic>, u64) {
    let compiled = match compile::compile(program, false) {
        Ok(c) => c,
        Err(d) => return (Err(d), 0),
    };
    let Some(entry) = &compiled.entry else {
        return (Ok(()), 0);
    };
    let mut machine = machine::Machine::new(&compiled, world, limits.clone());
    let result = machine.run(entry).map(drop);
    (result, machine.bp_calls)
}

#[cfg(test)]
mod tests;
