//! The bytecode VM: the fast backend. Generates register code from the interpreter's resolved
//! code (`gen`) and runs it (`exec`); values, primitives, twins and lifting are shared with the
//! interpreter, which stays the reference semantics. Both must print the same output and report
//! errors at the same lines for every program.

pub(crate) mod code;
mod curried;
pub(crate) mod exec;
mod gen;
mod jumps;
mod last_use;
mod listing;
pub(crate) mod liveness;
mod locs;
mod regalloc;
mod tail_cons;

pub(crate) use code::Function;
pub(crate) use gen::generate;

use crate::compile::{compile, Compiled};
use crate::limits::Limits;
use crate::world::World;
use dnrad_core::{Diagnostic, Program, Span};

/// Run `compiled`'s entry on the VM: how the run ended and the backpropagator calls made.
pub fn run(
    compiled: &Compiled,
    world: &mut World,
    limits: &Limits,
) -> (Result<(), Diagnostic>, u64) {
    if compiled.entry.is_none() {
        return (Ok(()), 0);
    }
    let funcs = gen::generate(compiled);
    let mut vm = exec::Vm::new(compiled, &funcs, world, limits.clone());
    let result = vm.run(entry_index(compiled)).map(drop);
    (result, vm.bp_calls)
}

/// The index of the entry's function (after the lambdas', top-level bindings' and direct
/// entries').
pub(crate) fn entry_index(compiled: &Compiled) -> u32 {
    (compiled.lams.len() + compiled.globals.len() + compiled.direct.len()) as u32
}

/// The bytecode the VM runs for `program`, as text (`dnrad dump bytecode`): the entry and the
/// functions of the file's own top-level bindings, or every function with `all`. `location`
/// names a user source location (`file:line:col`).
pub fn dump(
    program: &Program,
    all: bool,
    location: &dyn Fn(Span) -> Option<String>,
) -> Result<String, Diagnostic> {
    let compiled = compile(program, true)?;
    let funcs = gen::generate(&compiled);
    let user = |g: u32| all || program.binds[g as usize].span.is_user();
    let (nlams, nglobals) = (compiled.lams.len(), compiled.globals.len());
    let shown = |i: usize| {
        if i < nlams {
            compiled.lam_owners[i].is_none_or(user)
        } else if i < nlams + nglobals {
            user((i - nlams) as u32)
        } else if i < nlams + nglobals + compiled.direct.len() {
            user(compiled.direct[i - nlams - nglobals].0)
        } else {
            true // the entry
        }
    };
    let names = listing::Names {
        compiled: &compiled,
        location,
    };
    let native = crate::native::scalar_functions(&compiled, &funcs);
    let native = |i: usize| native.contains_key(&(i as u32));
    Ok(listing::listing(&names, &funcs, &shown, &native))
}
