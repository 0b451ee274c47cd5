//! Desugaring: surface AST (the Prelude and the user's module) to untyped core.
//! Resolves names (scope errors), fixities, type synonyms; compiles patterns, guards, `where`,
//! comprehensions, sequences, `do`, sections, records and `deriving` away. It knows no types
//! beyond what declarations say; type inference comes after it.
//!
//! Submodules: `scope` (global and local names), `types` (AST types to core types), `decls`
//! (data, class, instance), `binds` (binding groups), `expr`, `pattern` (match compilation),
//! `coverage` (warnings about what matches miss or never reach), `fixity`, `deriving` (and
//! `derive_read`), `build` (term constructors).

mod binds;
mod bounded;
mod build;
mod coverage;
mod decls;
mod delay;
mod derive_read;
mod deriving;
mod expr;
mod fixity;
mod imports;
mod long;
pub use long::desugared_depth;
mod pattern;
mod scope;
mod session;
mod types;
pub use session::SessionValue;

use crate::ast;
use crate::untyped::UProgram;
use dnrad_core::scoped::ScopedMap;
use dnrad_core::{Diagnostic, Name, Span};
use scope::{Globals, ModuleInfo, Scope, Table};
pub use scope::{ModuleId, ModuleKind};
use std::cell::{Cell, RefCell};
use std::collections::{HashMap, HashSet};

pub(crate) type DResult<T> = Result<T, Diagnostic>;

/// The desugarer's state.
pub(crate) struct Ds {
    pub globals: Globals,
    /// The module being desugared (a cell: a type synonym is expanded in its own module's scope).
    pub module: Cell<ModuleId>,
    /// Local variables in scope: source name to unique name.
    pub locals: ScopedMap<String, Name>,
    /// Where each local was bound in the source (a pattern binding's variables are bound twice,
    /// by its group and by its projection: that is not shadowing).
    pub local_spans: HashMap<Name, Span>,
    /// The `let`/`where` bindings of user modules (their unique names and source names), and
    /// the locals a variable has referred to: for the `unused-local-binds` warning.
    pub local_bindings: Vec<(Name, ast::Ident)>,
    pub used_locals: RefCell<HashSet<Name>>,
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

impl Ds {
    fn new() -> Ds {
        Ds {
            globals: Globals::default(),
            module: Cell::new(ModuleId::PRELUDE),
            locals: ScopedMap::default(),
            local_spans: HashMap::new(),
            local_bindings: Vec::new(),
            used_locals: RefCell::default(),
            scopes: Vec::new(),
            counter: 0,
            program: UProgram::default(),
        }
    }

    /// Desugar `modules` (each after the modules it imports) into `self.program`, numbering
    /// them after the modules already desugared; the last one declares `session`'s values.
    fn add_modules(
        &mut self,
        modules: &[SourceModule],
        session: &[SessionValue],
    ) -> Result<(), Vec<Diagnostic>> {
        let first = self.globals.modules.len();
        let mut errors = Vec::new();
        for (i, m) in modules.iter().enumerate() {
            let id = ModuleId(first + i);
            self.globals.modules.push(ModuleInfo {
                name: m.name.clone(),
                kind: m.kind,
                table: Table::default(),
                scope: Scope::default(),
                exports: HashMap::new(),
            });
            self.module.set(id);
            if i + 1 == modules.len() {
                if let Err(e) = self.declare_session_values(session) {
                    errors.push(e);
                }
            }
            if let Err(e) = self.collect_declarations(&m.ast.decls) {
                errors.extend(e);
            }
            errors.extend(self.build_scope(id, m.ast));
            errors.extend(self.build_exports(id, m.ast));
            if !errors.is_empty() {
                return Err(errors);
            }
        }
        for (i, m) in modules.iter().enumerate() {
            self.module.set(ModuleId(first + i));
            errors.extend(self.module_declarations(&m.ast.decls));
        }
        self.warn_unused_locals();
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors)
        }
    }

    /// The program desugared so far, whose entry runs the binding `entry` of the last module.
    fn finish(mut self, entry: &str) -> UProgram {
        let main = ModuleId(self.globals.modules.len().saturating_sub(1));
        self.program.main = self.globals.user_value(main, entry);
        self.program
    }
}

/// Desugar the modules of a program into one untyped program whose entry runs the binding
/// `entry` (normally `main`) of the last module. `modules` lists the Prelude first and every
/// module after the modules it imports (the loader's order).
pub fn desugar(modules: &[SourceModule], entry: &str) -> Result<UProgram, Vec<Diagnostic>> {
    let mut ds = Ds::new();
    ds.add_modules(modules, &[])?;
    Ok(ds.finish(entry))
}

/// The desugarer's tables once the Prelude is desugared: `desugar_after_prelude` continues
/// from a copy of them, so a program's modules are desugared without the Prelude's cost.
#[derive(Clone)]
pub struct PreludeScope {
    globals: Globals,
    counter: u32,
}

/// Desugar the Prelude alone: its tables, and its untyped program.
pub fn desugar_prelude(prelude: &ast::Module) -> Result<(PreludeScope, UProgram), Vec<Diagnostic>> {
    let mut ds = Ds::new();
    ds.add_modules(
        &[SourceModule {
            name: "Prelude".into(),
            kind: ModuleKind::Prelude,
            ast: prelude,
        }],
        &[],
    )?;
    let scope = PreludeScope {
        globals: ds.globals,
        counter: ds.counter,
    };
    Ok((scope, ds.program))
}

/// Desugar `modules` (the program's modules but the Prelude, in the loader's order) against
/// the Prelude's tables: the untyped program of these modules alone (no Prelude binding), the
/// same as `desugar` of the whole list would give for them; the last module declares the REPL
/// session's kept values `session` (see `session`).
pub fn desugar_after_prelude(
    prelude: &PreludeScope,
    modules: &[SourceModule],
    entry: &str,
    session: &[SessionValue],
) -> Result<UProgram, Vec<Diagnostic>> {
    let mut ds = Ds::new();
    ds.globals = prelude.globals.clone();
    ds.counter = prelude.counter;
    ds.add_modules(modules, session)?;
    Ok(ds.finish(entry))
}

#[cfg(test)]
mod tests;
