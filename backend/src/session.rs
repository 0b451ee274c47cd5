//! A program compiled once whose entry is its callable functions (right-nested pairs), applied
//! by a host to many arguments (`dnrad call`, the GradBench server): `Callable` owns the code, a
//! `Session` runs it in one world, evaluating top-level bindings once for all its calls. A
//! failed call leaves the session able to take the next one. It converts no values (see
//! `host`) and times nothing.

use crate::compile::{compile, Compiled};
use crate::limits::Limits;
use crate::machine::Machine;
use crate::value::Value;
use crate::vm::{self, exec::Vm, Function};
use crate::world::World;
use crate::Backend;
use dnrad_core::{Diagnostic, ErrorKind, Program, Span};

/// A program whose entry expression is the functions to call, compiled for `backend`.
pub struct Callable {
    compiled: Compiled,
    /// The VM's code (empty on the interpreter).
    funcs: Vec<Function>,
    backend: Backend,
}

/// The running machine of a session.
enum Runner<'p, 'o, 'w> {
    Interp(Machine<'p, 'o, 'w>),
    Vm(Vm<'p, 'o, 'w>),
}

pub struct Session<'p, 'o, 'w> {
    runner: Runner<'p, 'o, 'w>,
    /// The entry's functions.
    functions: Vec<Value>,
}

impl Callable {
    pub fn new(backend: Backend, program: &Program) -> Result<Callable, Diagnostic> {
        let compiled = compile(program, backend == Backend::Vm)?;
        if compiled.entry.is_none() {
            return Err(Diagnostic::new(
                ErrorKind::Scope,
                Span::dummy(),
                "internal error: nothing to call",
            ));
        }
        let funcs = match backend {
            Backend::Vm => vm::generate(&compiled),
            Backend::Interp => Vec::new(),
        };
        Ok(Callable {
            compiled,
            funcs,
            backend,
        })
    }

    /// Start a session in `world`: evaluate the entry to the `count` functions it holds.
    pub fn session<'p, 'o, 'w>(
        &'p self,
        world: &'o mut World<'w>,
        limits: &Limits,
        count: usize,
    ) -> Result<Session<'p, 'o, 'w>, Diagnostic> {
        let (runner, function) = match self.backend {
            Backend::Interp => {
                let mut m = Machine::new(&self.compiled, world, limits.clone());
                let entry = self.compiled.entry.as_ref().expect("checked by `new`");
                let f = m.run(entry)?;
                (Runner::Interp(m), f)
            }
            Backend::Vm => {
                let mut v = Vm::new(&self.compiled, &self.funcs, world, limits.clone());
                let f = v.run(vm::entry_index(&self.compiled))?;
                (Runner::Vm(v), f)
            }
        };
        let mut functions = Vec::with_capacity(count);
        let mut rest = function;
        for _ in 1..count {
            let Value::Con(pair) = rest else { break };
            functions.push(pair.fields[0].clone());
            rest = pair.fields[1].clone();
        }
        functions.push(rest);
        Ok(Session { runner, functions })
    }
}

impl Session<'_, '_, '_> {
    /// Function `k` applied to `arg`.
    pub fn call(&mut self, k: usize, arg: Value) -> Result<Value, Diagnostic> {
        let f = &self.functions[k];
        match &mut self.runner {
            Runner::Interp(m) => m.apply(f.clone(), arg),
            Runner::Vm(v) => v.apply(f, arg),
        }
    }

    /// The backpropagator calls the session's reverse passes have made.
    pub fn bp_calls(&self) -> u64 {
        match &self.runner {
            Runner::Interp(m) => m.bp_calls,
            Runner::Vm(v) => v.bp_calls,
        }
    }
}
