//! Names in scope. Each module has a table of what it defines (values, constructors, types,
//! classes), a scope built from its imports and its own definitions (keys `x` and `M.x`), and the
//! set of entities it exports; resolution of a source name (plain or qualified) to a global,
//! with scope errors, ambiguity errors and spelling suggestions. It must not translate anything.

use super::fixity::Fixity;
use super::{DResult, Ds};
use crate::ast::Ident;
use dnrad_core::{Diagnostic, ErrorKind, Name, PrimOp, Span};
use std::collections::HashMap;

#[derive(Clone, Debug)]
pub(crate) struct ConInfo {
    pub name: Name,
    pub arity: usize,
    /// The constructors of its data type, in order (including itself).
    pub siblings: Vec<Name>,
    pub field_names: Option<Vec<String>>,
}

#[derive(Clone, Debug)]
pub(crate) enum TypeInfo {
    Data {
        name: Name,
        arity: usize,
    },
    Synonym {
        params: Vec<String>,
        rhs: crate::ast::Type,
        /// The module whose scope the right-hand side is read in.
        module: ModuleId,
    },
}

#[derive(Clone, Debug)]
pub(crate) struct ClassInfo {
    pub name: Name,
    /// Method source names and their global names.
    pub methods: Vec<(String, Name)>,
}

/// A module of the compilation: its index in the list `desugar` is given (the Prelude is 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ModuleId(pub usize);

impl ModuleId {
    pub const PRELUDE: ModuleId = ModuleId(0);
}

/// What a module may see beyond its imports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModuleKind {
    /// The Prelude: primitives, and the built-in AD types.
    Prelude,
    /// A module of the standard library: primitives, and every name the Prelude defines.
    Library,
    /// A module of the user's program that another imports.
    User,
    /// The program's main file (or the REPL's input): its names are not qualified unless they
    /// clash with the Prelude's.
    Main,
}

/// The four namespaces of entities. Types and classes share one in Haskell; lookups that accept
/// either ask both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Space {
    Value,
    Con,
    Type,
    Class,
}

/// An entity: the module that defines it and its name there.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Ref {
    pub module: ModuleId,
    pub name: String,
}

/// One module's own definitions, by source name.
#[derive(Clone, Default)]
pub(crate) struct Table {
    pub values: HashMap<String, Name>,
    pub cons: HashMap<String, ConInfo>,
    pub types: HashMap<String, TypeInfo>,
    pub classes: HashMap<String, ClassInfo>,
    /// What `T(..)` brings along: a data type's constructors and fields, a class's methods.
    pub subordinates: HashMap<String, Vec<(Space, String)>>,
}

impl Table {
    fn defines(&self, space: Space, name: &str) -> bool {
        match space {
            Space::Value => self.values.contains_key(name),
            Space::Con => self.cons.contains_key(name),
            Space::Type => self.types.contains_key(name),
            Space::Class => self.classes.contains_key(name),
        }
    }

    /// Every entity the table defines.
    pub fn entities(&self) -> Vec<(Space, String)> {
        let mut out: Vec<(Space, String)> = Vec::new();
        out.extend(self.values.keys().map(|n| (Space::Value, n.clone())));
        out.extend(self.cons.keys().map(|n| (Space::Con, n.clone())));
        out.extend(self.types.keys().map(|n| (Space::Type, n.clone())));
        out.extend(self.classes.keys().map(|n| (Space::Class, n.clone())));
        out
    }
}

/// Names a module can refer to: `x` and `M.x` keys, each with the entities it may mean, per
/// namespace.
#[derive(Clone, Default)]
pub(crate) struct Scope {
    names: HashMap<Space, HashMap<String, Vec<Ref>>>,
}

impl Scope {
    pub fn add(&mut self, space: Space, key: String, r: Ref) {
        let refs = self.names.entry(space).or_default().entry(key).or_default();
        if !refs.contains(&r) {
            refs.push(r);
        }
    }

    pub fn get(&self, space: Space, key: &str) -> &[Ref] {
        self.names
            .get(&space)
            .and_then(|names| names.get(key))
            .map_or(&[], Vec::as_slice)
    }

    fn keys(&self, space: Space) -> impl Iterator<Item = &String> {
        self.names.get(&space).into_iter().flat_map(|n| n.keys())
    }

    /// Every key of every namespace with its entities.
    pub fn entries(&self) -> impl Iterator<Item = (Space, &String, &Vec<Ref>)> {
        self.names
            .iter()
            .flat_map(|(space, names)| names.iter().map(move |(k, refs)| (*space, k, refs)))
    }
}

/// A module's tables.
#[derive(Clone)]
pub(crate) struct ModuleInfo {
    pub name: String,
    pub kind: ModuleKind,
    pub table: Table,
    pub scope: Scope,
    /// What importers may see, by the name they see it under.
    pub exports: HashMap<(Space, String), Ref>,
}

#[derive(Clone, Default)]
pub(crate) struct Globals {
    pub modules: Vec<ModuleInfo>,
    /// Fixities by resolved operator name (global and local operators).
    pub fixities: HashMap<Name, Fixity>,
    /// Every constructor of the program by its global name.
    pub cons_by_name: HashMap<Name, ConInfo>,
}

impl Globals {
    pub fn table(&self, m: ModuleId) -> &Table {
        &self.modules[m.0].table
    }

    pub fn table_mut(&mut self, m: ModuleId) -> &mut Table {
        &mut self.modules[m.0].table
    }

    pub fn prelude(&self) -> &Table {
        self.table(ModuleId::PRELUDE)
    }

    /// A value the main module defines (the entry point).
    pub fn user_value(&self, m: ModuleId, name: &str) -> Option<Name> {
        self.table(m).values.get(name).cloned()
    }

    /// The global name of an entity.
    fn global(&self, space: Space, r: &Ref) -> Option<Name> {
        let t = self.table(r.module);
        match space {
            Space::Value => t.values.get(&r.name).cloned(),
            Space::Con => t.cons.get(&r.name).map(|c| c.name.clone()),
            Space::Type => match t.types.get(&r.name)? {
                TypeInfo::Data { name, .. } => Some(name.clone()),
                TypeInfo::Synonym { .. } => Some(Name::from(format!(
                    "{}.{}",
                    self.modules[r.module.0].name, r.name
                ))),
            },
            Space::Class => t.classes.get(&r.name).map(|c| c.name.clone()),
        }
    }

    /// The entities `key` (plain or qualified) means in module `m`: the module's own definition
    /// of a plain name wins over imported ones (a program's own `lookup` shadows the Prelude's).
    /// Built-in syntax (`:`, `[]`, tuples, `()`) is always in scope.
    pub fn lookup(&self, m: ModuleId, space: Space, key: &str) -> Vec<Ref> {
        let own = self.table(m);
        if own.defines(space, key) {
            return vec![Ref {
                module: m,
                name: key.to_string(),
            }];
        }
        let found = self.modules[m.0].scope.get(space, key);
        if found.is_empty() && space == Space::Con && is_builtin_syntax(key) {
            return vec![Ref {
                module: ModuleId::PRELUDE,
                name: key.to_string(),
            }];
        }
        // Entities reached by two routes (a re-export) are one.
        let mut distinct: Vec<Ref> = Vec::new();
        for r in found {
            let g = self.global(space, r);
            if !distinct.iter().any(|d| self.global(space, d) == g) {
                distinct.push(r.clone());
            }
        }
        distinct
    }

    /// The one entity `ident` means in module `m` for `space`, with an ambiguity error when
    /// imports give it several meanings; `None` when nothing in scope has that name.
    pub fn resolve(&self, m: ModuleId, space: Space, ident: &Ident) -> DResult<Option<Ref>> {
        let refs = self.lookup(m, space, &ident.name);
        match refs.as_slice() {
            [] => Ok(None),
            [one] => Ok(Some(one.clone())),
            many => {
                let mut origins: Vec<String> = many
                    .iter()
                    .map(|r| format!("`{}.{}`", self.modules[r.module.0].name, r.name))
                    .collect();
                origins.sort();
                Err(scope_error(
                    ident.span,
                    format!(
                        "ambiguous name `{}`: it could refer to {}",
                        ident.name,
                        origins.join(" or ")
                    ),
                ))
            }
        }
    }

    /// All plain and qualified names of `space` visible from module `m` (for suggestions).
    pub(crate) fn visible(&self, m: ModuleId, space: Space) -> Vec<&String> {
        let own = self.table(m);
        let mut v: Vec<&String> = match space {
            Space::Value => own.values.keys().collect(),
            Space::Con => own.cons.keys().collect(),
            Space::Type => own.types.keys().collect(),
            Space::Class => own.classes.keys().collect(),
        };
        v.extend(self.modules[m.0].scope.keys(space));
        v
    }
}

/// Constructors that are syntax rather than names: `:`, `[]`, `()`, `(,)`, ...
fn is_builtin_syntax(name: &str) -> bool {
    name == ":" || name == "[]" || (name.starts_with('(') && name.ends_with(')'))
}

/// Whether a source name is written qualified (`M.x`, `Data.Map.!`): variables and operators never
/// start with a capital, and unqualified constructors contain no dot.
pub(crate) fn is_qualified(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_uppercase()) && name.contains('.')
}

pub(crate) fn scope_error(span: Span, msg: impl Into<String>) -> Diagnostic {
    Diagnostic::new(ErrorKind::Scope, span, msg)
}

/// Edit distance, for "did you mean" suggestions.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

/// The closest name to a misspelled `name`: of the same kind (an identifier for an identifier,
/// an operator for an operator), fewer edits away than `name` has characters and at most two.
pub(crate) fn suggest<'a>(
    name: &str,
    candidates: impl Iterator<Item = &'a String>,
) -> Option<&'a String> {
    let symbolic = |s: &str| !s.starts_with(|c: char| c.is_alphanumeric() || c == '_');
    let limit = name.chars().count().saturating_sub(1).min(2);
    candidates
        .filter(|c| *c != name && symbolic(c) == symbolic(name))
        .map(|c| (distance(name, c), c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|&(d, c)| (d, c.len(), c))
        .map(|(_, c)| c)
}

impl Ds {
    pub fn push_scope(&mut self) {
        self.scopes.push(self.locals.len());
    }

    pub fn pop_scope(&mut self) {
        let start = self.scopes.pop().unwrap_or(0);
        self.locals.truncate(start);
    }

    /// Close every local scope (between top-level declarations).
    pub fn clear_scopes(&mut self) {
        self.locals.clear();
        self.scopes.clear();
    }

    /// Bind a source variable in the innermost scope to `name`; duplicates in one scope are errors.
    pub fn bind_as(&mut self, ident: &Ident, name: Name) -> DResult<()> {
        if is_qualified(&ident.name) {
            return Err(scope_error(
                ident.span,
                format!("a qualified name `{}` cannot be bound here", ident.name),
            ));
        }
        let start = self.scopes.last().copied().unwrap_or(0);
        if self
            .locals
            .position(&ident.name)
            .is_some_and(|i| i >= start)
        {
            return Err(scope_error(
                ident.span,
                format!(
                    "conflicting definitions of `{}` in the same scope",
                    ident.name
                ),
            ));
        }
        if !self.privileged() && !ident.name.starts_with('_') {
            self.warn_if_shadowing(ident, start);
            self.local_spans.insert(name.clone(), ident.span);
        }
        self.locals.push(ident.name.clone(), name);
        Ok(())
    }

    /// The `unused-local-binds` warning for each `let`/`where` binding of the modules
    /// desugared so far that no variable refers to (names starting with `_` are exempt).
    pub fn warn_unused_locals(&mut self) {
        let used = self.used_locals.take();
        for (name, ident) in std::mem::take(&mut self.local_bindings) {
            if !used.contains(&name) && !ident.name.starts_with('_') {
                self.program.warnings.push(Diagnostic::warning(
                    ErrorKind::Scope,
                    "unused-local-binds",
                    ident.span,
                    format!("`{}` is defined but not used", ident.name),
                ));
            }
        }
    }

    /// The `name-shadowing` warning for a local binding of `ident` (in the scope starting at
    /// `start`) that hides an enclosing local one or a top-level or imported one.
    fn warn_if_shadowing(&mut self, ident: &Ident, start: usize) {
        let enclosing = self.locals.position(&ident.name).is_some_and(|i| i < start);
        let what = if enclosing {
            // A pattern binding's variables are bound again, at the same place, by its
            // projection: that is not shadowing.
            let outer = self.locals.get(&ident.name);
            if outer.and_then(|n| self.local_spans.get(n)) == Some(&ident.span) {
                return;
            }
            "an enclosing binding"
        } else if matches!(self.resolve_global(Space::Value, ident), Ok(Some(_))) {
            "a top-level or imported one"
        } else {
            return;
        };
        self.program.warnings.push(Diagnostic::warning(
            ErrorKind::Scope,
            "name-shadowing",
            ident.span,
            format!("this binding of `{}` shadows {what}", ident.name),
        ));
    }

    /// Bind a source variable to a fresh unique name.
    pub fn bind_local(&mut self, ident: &Ident) -> DResult<Name> {
        let name = self.fresh(&ident.name);
        self.bind_as(ident, name.clone())?;
        Ok(name)
    }

    fn module_kind(&self) -> ModuleKind {
        self.globals.modules[self.module.get().0].kind
    }

    /// Whether the current module may use primitives (the Prelude and the standard library).
    pub fn privileged(&self) -> bool {
        matches!(
            self.module_kind(),
            ModuleKind::Prelude | ModuleKind::Library
        )
    }

    /// The global an entity of `space` that `ident` names in the current module.
    fn resolve_global(&self, space: Space, ident: &Ident) -> DResult<Option<Name>> {
        let r = self.globals.resolve(self.module.get(), space, ident)?;
        Ok(r.and_then(|r| self.globals.global(space, &r)))
    }

    /// A value variable: local, global, or (in a privileged module) a primitive.
    pub fn resolve_value(&self, ident: &Ident) -> DResult<ValueRef> {
        if let Some(n) = self.locals.get(&ident.name) {
            // Only user modules' bindings are tracked (`unused-local-binds`).
            if !self.privileged() {
                self.used_locals.borrow_mut().insert(n.clone());
            }
            return Ok(ValueRef::Var(n.clone()));
        }
        if let Some(n) = self.resolve_global(Space::Value, ident)? {
            return Ok(ValueRef::Var(n));
        }
        if self.privileged() {
            if let Some(p) = PrimOp::from_source_name(&ident.name) {
                return Ok(ValueRef::Prim(p));
            }
        }
        let locals = self.locals.iter().map(|(k, _)| k);
        let globals = self.globals.visible(self.module.get(), Space::Value);
        let lazy = match ident.name.as_str() {
            "repeat" | "iterate" | "cycle" => {
                Some("it builds an infinite list, which strict evaluation cannot produce")
            }
            _ => None,
        };
        if let (Some(why), false) = (lazy, self.privileged()) {
            return Err(scope_error(
                ident.span,
                format!("`{}` is not supported: {why}", ident.name),
            ));
        }
        let mut msg = format!("variable not in scope: `{}`", ident.name);
        let exporters = crate::library::exporters(&ident.name);
        if let Some(module) = exporters.first() {
            msg.push_str(&format!(" (it is in `{module}`: add `import {module}`)"));
        } else if let Some(s) = suggest(&ident.name, locals.chain(globals)) {
            msg.push_str(&format!(" (did you mean `{s}`?)"));
        }
        Err(scope_error(ident.span, msg))
    }

    /// The Prelude's own binding of a name the desugaring generates (`>>=`, `negate`, ...).
    pub fn prelude_name(&self, name: &str, span: Span) -> DResult<Name> {
        self.globals
            .prelude()
            .values
            .get(name)
            .cloned()
            .ok_or_else(|| {
                Diagnostic::new(
                    ErrorKind::Scope,
                    span,
                    format!("internal error: the Prelude does not define `{name}`"),
                )
            })
    }

    pub fn resolve_con(&self, ident: &Ident) -> DResult<ConInfo> {
        if let Some(r) = self.globals.resolve(self.module.get(), Space::Con, ident)? {
            if let Some(c) = self.globals.table(r.module).cons.get(&r.name) {
                return Ok(c.clone());
            }
        }
        let names = self.globals.visible(self.module.get(), Space::Con);
        let mut msg = format!("data constructor not in scope: `{}`", ident.name);
        if let Some(s) = suggest(&ident.name, names.into_iter()) {
            msg.push_str(&format!(" (did you mean `{s}`?)"));
        }
        Err(scope_error(ident.span, msg))
    }

    /// A constructor by its global name (siblings of a record update's constructor).
    pub fn con_by_name(&self, name: &Name) -> Option<&ConInfo> {
        self.globals.cons_by_name.get(name)
    }

    pub fn resolve_class(&self, ident: &Ident) -> DResult<ClassInfo> {
        let r = self
            .globals
            .resolve(self.module.get(), Space::Class, ident)?;
        r.and_then(|r| self.globals.table(r.module).classes.get(&r.name).cloned())
            .ok_or_else(|| scope_error(ident.span, format!("class not in scope: `{}`", ident.name)))
    }

    /// The type (data type or synonym) a type constructor names in the current module.
    pub fn resolve_type(&self, ident: &Ident) -> DResult<Option<TypeInfo>> {
        let r = self
            .globals
            .resolve(self.module.get(), Space::Type, ident)?;
        Ok(r.and_then(|r| self.globals.table(r.module).types.get(&r.name).cloned()))
    }

    /// A constructor that has the field `field` (whose selector must be in scope).
    pub fn con_with_field(&self, field: &Ident) -> DResult<Option<ConInfo>> {
        let Some(r) = self
            .globals
            .resolve(self.module.get(), Space::Value, field)?
        else {
            return Ok(None);
        };
        let mut cons: Vec<&ConInfo> = self
            .globals
            .table(r.module)
            .cons
            .values()
            .filter(|c| c.field_names.as_ref().is_some_and(|f| f.contains(&r.name)))
            .collect();
        cons.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(cons.first().map(|c| (*c).clone()))
    }

    pub fn fixity_of(&self, name: &Name) -> Fixity {
        self.globals
            .fixities
            .get(name)
            .copied()
            .unwrap_or(Fixity::DEFAULT)
    }
}

/// What a value variable refers to.
pub(crate) enum ValueRef {
    Var(Name),
    Prim(PrimOp),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_are_close_names() {
        let names = [
            "length".to_string(),
            "lines".to_string(),
            "last".to_string(),
        ];
        assert_eq!(suggest("lenght", names.iter()), Some(&names[0]));
        assert_eq!(suggest("xyzzy", names.iter()), None);
        assert_eq!(distance("kitten", "sitting"), 3);
    }

    #[test]
    fn qualified_names() {
        assert!(is_qualified("Map.insert"));
        assert!(is_qualified("Data.Map.!"));
        assert!(!is_qualified("Just"));
        assert!(!is_qualified("."));
        assert!(!is_qualified(".&."));
    }
}
