//! Desugaring: surface AST (the Prelude and the user's module) to untyped core.
//! Resolves names (scope errors), fixities, type synonyms; compiles patterns, guards, `where`,
//! comprehensions, sequences, `do`, sections, records and `deriving` away. It knows no types
//! beyond what declarations say; type inference comes after it.
//!
//! Submodules: `scope` (global and local names), `types` (AST types to core types), `decls`
//! (data, class, instance), `binds` (binding groups), `expr`, `pattern` (match compilation),
//! `fixity`, `deriving`, `build` (term constructors).

mod binds;
mod build;
mod decls;
mod deriving;
mod expr;
mod fixity;
mod pattern;
mod scope;
mod types;

use crate::ast;
use crate::untyped::UProgram;
use dnrad_core::{Diagnostic, Name};
use scope::Globals;
use std::collections::HashMap;

pub(crate) type DResult<T> = Result<T, Diagnostic>;

/// Which module a declaration comes from: the Prelude sees only its own names; the user's module
/// sees its own first, then the Prelude's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Module {
    Prelude,
    User,
}

/// The desugarer's state.
pub(crate) struct Ds {
    pub globals: Globals,
    pub module: Module,
    /// Local scopes, innermost last: source name to unique name.
    pub locals: Vec<HashMap<String, Name>>,
    counter: u32,
    pub program: UProgram,
}

impl Ds {
    /// A fresh unique local name derived from a source name.
    pub fn fresh(&mut self, base: &str) -> Name {
        self.counter += 1;
        Name::from(format!("{base}#{}", self.counter))
    }
}

/// Desugar the Prelude (`modules[0]`) and the user's module(s) into one untyped program whose
/// entry runs the user's binding `entry` (normally `main`).
pub fn desugar(modules: &[ast::Module], entry: &str) -> Result<UProgram, Vec<Diagnostic>> {
    let mut ds = Ds {
        globals: Globals::default(),
        module: Module::Prelude,
        locals: Vec::new(),
        counter: 0,
        program: UProgram::default(),
    };
    let tagged: Vec<(Module, &ast::Module)> = modules
        .iter()
        .enumerate()
        .map(|(i, m)| {
            (
                if i == 0 {
                    Module::Prelude
                } else {
                    Module::User
                },
                m,
            )
        })
        .collect();
    let mut errors = Vec::new();
    for &(module, m) in &tagged {
        ds.module = module;
        if let Err(e) = ds.collect_declarations(&m.decls) {
            errors.extend(e);
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    for &(module, m) in &tagged {
        ds.module = module;
        errors.extend(ds.module_declarations(&m.decls));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    ds.program.main = ds.globals.user_value(entry);
    Ok(ds.program)
}

#[cfg(test)]
mod tests;
