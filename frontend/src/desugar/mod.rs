//! Desugaring: surface AST (the Prelude and the user's module) to untyped core.
//! Resolves names (scope errors), fixities, type synonyms; compiles patterns, guards, `where`,
//! comprehensions, sequences, `do`, sections, records and `deriving` away. It knows no types
//! beyond what declarations say; type inference comes after it.
//!
//! Submodules: `scope` (global and local names), `types` (AST types to core types), `decls`
//! (data, class, instance), `binds` (binding groups), `expr`, `pattern` (match compilation),
//! `fixity`, `deriving` (and `derive_read`), `build` (term constructors).

mod binds;
mod build;
mod decls;
mod derive_read;
mod deriving;
mod expr;
mod fixity;
mod imports;
mod long;
pub use long::desugared_depth;
mod pattern;
mod scope;
mod types;

use crate::ast;
use crate::untyped::UProgram;
use dnrad_core::scoped::ScopedMap;
use dnrad_core::{Diagnostic, Name};
use scope::{Globals, ModuleInfo, Scope, Table};
pub use scope::{ModuleId, ModuleKind};
use std::cell::Cell;
use std::collections::HashMap;

pub(crate) type DResult<T> = Result<T, Diagnostic>;

/// The desugarer's state.
pub(crate) struct Ds {
    pub globals: Globals,
    /// The module being desugared (a cell: a type synonym is expanded in its own module's scope).
    pub module: Cell<ModuleId>,
    /// Local variables in scope: source name to unique name.
    pub locals: ScopedMap<String, Name>,
    /// Where each open local scope starts in `locals`, innermost last.
    pub scopes: Vec<usize>,
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

/// One module of a compilation.
pub struct SourceModule<'a> {
    /// The module's name (`Main` for a file without a header, `Prelude` for the Prelude).
    pub name: String,
    pub kind: ModuleKind,
    pub ast: &'a ast::Module,
}

impl<'a> SourceModule<'a> {
    /// A program of a Prelude and a main module that imports nothing else.
    pub fn prelude_and_main(prelude: &'a ast::Module, main: &'a ast::Module) -> [Self; 2] {
        [
            SourceModule {
                name: "Prelude".into(),
                kind: ModuleKind::Prelude,
                ast: prelude,
            },
            SourceModule {
                name: "Main".into(),
                kind: ModuleKind::Main,
                ast: main,
            },
        ]
    }
}

/// Desugar the modules of a program into one untyped program whose entry runs the binding
/// `entry` (normally `main`) of the last module. `modules` lists the Prelude first and every
/// module after the modules it imports (the loader's order).
pub fn desugar(modules: &[SourceModule], entry: &str) -> Result<UProgram, Vec<Diagnostic>> {
    let mut ds = Ds {
        globals: Globals::default(),
        module: Cell::new(ModuleId::PRELUDE),
        locals: ScopedMap::default(),
        scopes: Vec::new(),
        counter: 0,
        program: UProgram::default(),
    };
    let mut errors = Vec::new();
    for (i, m) in modules.iter().enumerate() {
        let id = ModuleId(i);
        ds.globals.modules.push(ModuleInfo {
            name: m.name.clone(),
            kind: m.kind,
            table: Table::default(),
            scope: Scope::default(),
            exports: HashMap::new(),
        });
        ds.module.set(id);
        if let Err(e) = ds.collect_declarations(&m.ast.decls) {
            errors.extend(e);
        }
        errors.extend(ds.build_scope(id, m.ast));
        errors.extend(ds.build_exports(id, m.ast));
        if !errors.is_empty() {
            return Err(errors);
        }
    }
    for (i, m) in modules.iter().enumerate() {
        ds.module.set(ModuleId(i));
        errors.extend(ds.module_declarations(&m.ast.decls));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let main = ModuleId(modules.len().saturating_sub(1));
    ds.program.main = ds.globals.user_value(main, entry);
    Ok(ds.program)
}

#[cfg(test)]
mod tests;
