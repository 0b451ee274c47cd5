//! Names in scope: the global tables of each module (values, constructors, types, classes,
//! fields, fixities), local scopes, and resolution with scope errors and spelling suggestions.

use super::fixity::Fixity;
use super::{DResult, Ds, Module};
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
    },
}

#[derive(Clone, Debug)]
pub(crate) struct ClassInfo {
    pub name: Name,
    /// Method source names and their global names.
    pub methods: Vec<(String, Name)>,
}

/// One module's global names.
#[derive(Default)]
pub(crate) struct Table {
    pub values: HashMap<String, Name>,
    pub cons: HashMap<String, ConInfo>,
    pub types: HashMap<String, TypeInfo>,
    pub classes: HashMap<String, ClassInfo>,
}

#[derive(Default)]
pub(crate) struct Globals {
    pub prelude: Table,
    pub user: Table,
    /// Fixities by resolved operator name (global and local operators).
    pub fixities: HashMap<Name, Fixity>,
}

impl Globals {
    pub fn table(&self, m: Module) -> &Table {
        match m {
            Module::Prelude => &self.prelude,
            Module::User => &self.user,
        }
    }

    pub fn table_mut(&mut self, m: Module) -> &mut Table {
        match m {
            Module::Prelude => &mut self.prelude,
            Module::User => &mut self.user,
        }
    }

    /// Look something up in module `m`'s view: its own table, then (for the user) the Prelude's.
    pub fn find<T>(&self, m: Module, get: impl Fn(&Table) -> Option<&T>) -> Option<&T> {
        get(self.table(m)).or_else(|| {
            if m == Module::User {
                get(&self.prelude)
            } else {
                None
            }
        })
    }

    pub fn user_value(&self, name: &str) -> Option<Name> {
        self.user.values.get(name).cloned()
    }

    /// All value names visible from module `m` (for suggestions).
    fn visible_values(&self, m: Module) -> Vec<&String> {
        let mut v: Vec<&String> = self.table(m).values.keys().collect();
        if m == Module::User {
            v.extend(self.prelude.values.keys());
        }
        v
    }
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

fn suggest<'a>(name: &str, candidates: impl Iterator<Item = &'a String>) -> Option<&'a String> {
    candidates
        .filter(|c| *c != name && distance(name, c) <= 2)
        .min_by_key(|c| (distance(name, c), c.len()))
}

impl Ds {
    pub fn push_scope(&mut self) {
        self.locals.push(HashMap::new());
    }

    pub fn pop_scope(&mut self) {
        self.locals.pop();
    }

    /// Bind a source variable in the innermost scope to `name`; duplicates in one scope are errors.
    pub fn bind_as(&mut self, ident: &Ident, name: Name) -> DResult<()> {
        let scope = self.locals.last_mut().expect("a local scope is open");
        if scope.insert(ident.name.clone(), name).is_some() {
            return Err(scope_error(
                ident.span,
                format!(
                    "conflicting definitions of `{}` in the same scope",
                    ident.name
                ),
            ));
        }
        Ok(())
    }

    /// Bind a source variable to a fresh unique name.
    pub fn bind_local(&mut self, ident: &Ident) -> DResult<Name> {
        let name = self.fresh(&ident.name);
        self.bind_as(ident, name.clone())?;
        Ok(name)
    }

    /// A value variable: local, global, or (in the Prelude) a primitive.
    pub fn resolve_value(&self, ident: &Ident) -> DResult<ValueRef> {
        for scope in self.locals.iter().rev() {
            if let Some(n) = scope.get(&ident.name) {
                return Ok(ValueRef::Var(n.clone()));
            }
        }
        if let Some(n) = self
            .globals
            .find(self.module, |t| t.values.get(&ident.name))
        {
            return Ok(ValueRef::Var(n.clone()));
        }
        if self.module == Module::Prelude {
            if let Some(p) = PrimOp::from_source_name(&ident.name) {
                return Ok(ValueRef::Prim(p));
            }
        }
        let locals = self.locals.iter().flat_map(|s| s.keys());
        let globals = self.globals.visible_values(self.module);
        let lazy = match ident.name.as_str() {
            "repeat" | "iterate" | "cycle" => {
                Some("it builds an infinite list, which strict evaluation cannot produce")
            }
            "read" | "reads" | "readParen" | "lex" | "getLine" | "getContents" | "interact"
            | "readFile" | "readLn" => {
                Some("dnrad's Prelude has no Read class and no input actions")
            }
            _ => None,
        };
        if let (Some(why), Module::User) = (lazy, self.module) {
            return Err(scope_error(
                ident.span,
                format!("`{}` is not supported: {why}", ident.name),
            ));
        }
        let mut msg = format!("variable not in scope: `{}`", ident.name);
        if let Some(s) = suggest(&ident.name, locals.chain(globals)) {
            msg.push_str(&format!(" (did you mean `{s}`?)"));
        }
        Err(scope_error(ident.span, msg))
    }

    /// The Prelude's own binding of a name the desugaring generates (`>>=`, `negate`, ...).
    pub fn prelude_name(&self, name: &str, span: Span) -> DResult<Name> {
        self.globals
            .prelude
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
        if let Some(c) = self.globals.find(self.module, |t| t.cons.get(&ident.name)) {
            return Ok(c.clone());
        }
        let mut names: Vec<&String> = self.globals.table(self.module).cons.keys().collect();
        names.extend(self.globals.prelude.cons.keys());
        let mut msg = format!("data constructor not in scope: `{}`", ident.name);
        if let Some(s) = suggest(&ident.name, names.into_iter()) {
            msg.push_str(&format!(" (did you mean `{s}`?)"));
        }
        Err(scope_error(ident.span, msg))
    }

    pub fn resolve_class(&self, ident: &Ident) -> DResult<ClassInfo> {
        self.globals
            .find(self.module, |t| t.classes.get(&ident.name))
            .cloned()
            .ok_or_else(|| scope_error(ident.span, format!("class not in scope: `{}`", ident.name)))
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
}
