//! A module's view of the others: its scope from its import declarations (and the implicit
//! `import Prelude`), and the entities it exports from its export list. Runs after the module's
//! own names are collected and after every module it imports is done. It must not translate
//! declarations.

use super::scope::{scope_error, ModuleId, ModuleKind, Ref, Space};
use super::types::builtin_type;
use super::Ds;
use crate::ast::{Entity, Ident, Import, Members, Module};
use dnrad_core::{Diagnostic, Span};
use std::collections::HashMap;

type Exports = HashMap<(Space, String), Ref>;

/// The spaces a name written in an import or export list may stand for.
fn spaces_of(ident: &Ident) -> &'static [Space] {
    if ident.name.starts_with(|c: char| c.is_ascii_uppercase()) {
        &[Space::Type, Space::Class]
    } else {
        &[Space::Value]
    }
}

/// The part of a name after its qualifier.
fn plain(name: &str) -> &str {
    dnrad_core::name::unqualified(name)
}

impl Ds {
    /// The module named `name`, if it is part of the compilation.
    fn module_named(&self, name: &str) -> Option<ModuleId> {
        self.globals
            .modules
            .iter()
            .position(|m| m.name == name)
            .map(ModuleId)
    }

    /// What `from` offers an importer of kind `kind`: its exports; the standard library sees
    /// everything the Prelude defines.
    fn offered(&self, from: ModuleId, kind: ModuleKind) -> Exports {
        if from == ModuleId::PRELUDE && kind == ModuleKind::Library {
            let entities = self.globals.prelude().entities();
            return entities
                .into_iter()
                .map(|(space, name)| {
                    let r = Ref {
                        module: from,
                        name: name.clone(),
                    };
                    ((space, name), r)
                })
                .collect();
        }
        self.globals.modules[from.0].exports.clone()
    }

    /// Build module `m`'s scope from its imports and its own definitions.
    pub(crate) fn build_scope(&mut self, m: ModuleId, module: &Module) -> Vec<Diagnostic> {
        let mut errors = Vec::new();
        let kind = self.globals.modules[m.0].kind;
        let mut imports: Vec<Import> = module.imports.clone();
        let names_prelude = imports.iter().any(|i| i.module.name == "Prelude");
        if kind != ModuleKind::Prelude && !names_prelude {
            let span = Span::new(module_file(module), 0, 0);
            imports.push(Import {
                module: Ident {
                    name: "Prelude".into(),
                    span,
                },
                qualified: false,
                alias: None,
                hiding: false,
                items: None,
                span,
            });
        }
        // The Prelude last: a library module's view of the Prelude's unexported helpers yields
        // to what its other imports bring.
        imports.sort_by_key(|i| i.module.name == "Prelude");
        for import in &imports {
            if let Err(e) = self.import(m, kind, import) {
                errors.push(e);
            }
        }
        let own = self.globals.modules[m.0].name.clone();
        let entities = self.globals.table(m).entities();
        let scope = &mut self.globals.modules[m.0].scope;
        for (space, name) in entities {
            let r = Ref {
                module: m,
                name: name.clone(),
            };
            scope.add(space, format!("{own}.{name}"), r);
        }
        errors
    }

    fn import(&mut self, m: ModuleId, kind: ModuleKind, import: &Import) -> Result<(), Diagnostic> {
        let Some(from) = self.module_named(&import.module.name) else {
            return Err(scope_error(
                import.module.span,
                format!("module `{}` is not loaded", import.module.name),
            ));
        };
        let offered = self.offered(from, kind);
        let selected: Exports = match &import.items {
            None => offered,
            Some(items) => {
                let listed = self.listed(from, &offered, items, import.hiding)?;
                if import.hiding {
                    offered
                        .into_iter()
                        .filter(|(k, _)| !listed.contains_key(k))
                        .collect()
                } else {
                    listed
                }
            }
        };
        let alias = import.alias.as_ref().unwrap_or(&import.module).name.clone();
        let exported = &self.globals.modules[from.0].exports;
        let selected: Vec<_> = selected
            .into_iter()
            .map(|(k, r)| {
                let hidden = from == ModuleId::PRELUDE && !exported.contains_key(&k);
                (k, r, hidden)
            })
            .collect();
        let scope = &mut self.globals.modules[m.0].scope;
        for ((space, name), r, hidden) in selected {
            if hidden && !scope.get(space, &name).is_empty() {
                continue;
            }
            if !import.qualified {
                scope.add(space, name.clone(), r.clone());
            }
            scope.add(space, format!("{alias}.{name}"), r);
        }
        Ok(())
    }

    /// The entities an import list names, among those `from` offers. Hiding a name that is not
    /// offered is allowed (GHC only warns).
    fn listed(
        &self,
        from: ModuleId,
        offered: &Exports,
        items: &[Entity],
        hiding: bool,
    ) -> Result<Exports, Diagnostic> {
        let mut out = Exports::new();
        let module_name = &self.globals.modules[from.0].name;
        for item in items {
            let (ident, members) = match item {
                Entity::Var(x) => (x, None),
                Entity::Type(t, members) => (t, members.as_ref()),
                Entity::Module(m) => {
                    return Err(scope_error(
                        m.span,
                        "`module` cannot appear in an import list",
                    ))
                }
            };
            let mut found = false;
            let mut spaces = spaces_of(ident).to_vec();
            // `hiding (C)` also hides a data constructor C.
            if hiding && spaces.contains(&Space::Type) {
                spaces.push(Space::Con);
            }
            for space in spaces {
                let key = (space, ident.name.clone());
                if let Some(r) = offered.get(&key) {
                    found = true;
                    out.insert(key, r.clone());
                    if let Some(members) = members {
                        self.add_members(r, members, offered, &mut out);
                    }
                }
            }
            if !found && !hiding {
                return Err(scope_error(
                    ident.span,
                    format!("module `{module_name}` does not export `{}`", ident.name),
                ));
            }
        }
        Ok(out)
    }

    /// `T(..)` or `T(A, f)`: the constructors, fields or methods of `owner` that `members`
    /// names.
    fn members_of(&self, owner: &Ref, members: &Members) -> Vec<(Space, String)> {
        let subs = self
            .globals
            .table(owner.module)
            .subordinates
            .get(&owner.name);
        subs.into_iter()
            .flatten()
            .filter(|(_, name)| match members {
                Members::All => true,
                Members::Listed(names) => names.iter().any(|n| plain(&n.name) == name),
            })
            .cloned()
            .collect()
    }

    /// The members of `owner` that `members` names and `offered` offers.
    fn add_members(&self, owner: &Ref, members: &Members, offered: &Exports, out: &mut Exports) {
        for key in self.members_of(owner, members) {
            if let Some(r) = offered.get(&key) {
                out.insert(key, r.clone());
            }
        }
    }

    /// Compute what module `m` exports.
    pub(crate) fn build_exports(&mut self, m: ModuleId, module: &Module) -> Vec<Diagnostic> {
        let mut errors = Vec::new();
        let mut exports = Exports::new();
        match &module.exports {
            None => {
                for (space, name) in self.globals.table(m).entities() {
                    let r = Ref {
                        module: m,
                        name: name.clone(),
                    };
                    exports.insert((space, name), r);
                }
            }
            Some(items) => {
                for item in items {
                    if let Err(e) = self.export(m, item, &mut exports) {
                        errors.push(e);
                    }
                }
            }
        }
        self.globals.modules[m.0].exports = exports;
        errors
    }

    fn export(&self, m: ModuleId, item: &Entity, exports: &mut Exports) -> Result<(), Diagnostic> {
        let (ident, members) = match item {
            Entity::Var(x) => (x, None),
            Entity::Type(t, members) => (t, members.as_ref()),
            Entity::Module(name) => return self.export_module(m, name, exports),
        };
        let mut found = false;
        for &space in spaces_of(ident) {
            let resolved = self.globals.resolve(m, space, ident)?;
            // Built-in types (`Int`, `Bool`) are in scope everywhere; `Bool(..)` exports the
            // constructors the Prelude registered for them.
            let builtin = || {
                (space == Space::Type && builtin_type(&ident.name).is_some()).then(|| Ref {
                    module: ModuleId::PRELUDE,
                    name: ident.name.clone(),
                })
            };
            let Some(r) = resolved.or_else(builtin) else {
                continue;
            };
            found = true;
            if let Some(members) = members {
                for (sub_space, sub) in self.members_of(&r, members) {
                    let sub_ref = Ref {
                        module: r.module,
                        name: sub.clone(),
                    };
                    exports.insert((sub_space, sub), sub_ref);
                }
            }
            exports.insert((space, plain(&ident.name).to_string()), r);
        }
        if found {
            Ok(())
        } else {
            Err(scope_error(
                ident.span,
                format!(
                    "the export list names `{}`, which is not in scope",
                    ident.name
                ),
            ))
        }
    }

    /// `module M` in an export list: everything in scope both as `x` and as `M.x` meaning the
    /// same entity (all of the module's own definitions when `M` is the module itself).
    fn export_module(
        &self,
        m: ModuleId,
        name: &Ident,
        exports: &mut Exports,
    ) -> Result<(), Diagnostic> {
        let prefix = format!("{}.", name.name);
        let mut found = name.name == self.globals.modules[m.0].name;
        for (space, key, refs) in self.globals.modules[m.0].scope.entries() {
            let Some(x) = key.strip_prefix(&prefix) else {
                continue;
            };
            if super::scope::is_qualified(x) {
                continue;
            }
            found = true;
            let plain_refs = self.globals.lookup(m, space, x);
            for r in refs {
                if plain_refs.contains(r) {
                    exports.insert((space, x.to_string()), r.clone());
                }
            }
        }
        if found {
            Ok(())
        } else {
            Err(scope_error(
                name.span,
                format!(
                    "the export list names module `{}`, which is not imported",
                    name.name
                ),
            ))
        }
    }
}

/// The file a module was parsed from (for the implicit Prelude import's span).
fn module_file(module: &Module) -> dnrad_core::FileId {
    module
        .name
        .as_ref()
        .map(|n| n.span.file)
        .or_else(|| module.decls.first().map(|d| d.span.file))
        .or_else(|| module.imports.first().map(|i| i.span.file))
        .unwrap_or(dnrad_core::FileId::MAIN)
}
