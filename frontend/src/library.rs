//! The standard library: modules written in the language (`frontend/lib/`, one file per module,
//! listed by `build.rs`), embedded in the binary and compiled only when a program imports them.
//! A library module sees every name the Prelude defines and may use primitives.

use crate::ast::{Entity, Members};
use dnrad_core::FileId;
use std::collections::HashMap;
use std::sync::OnceLock;

/// Module name and source text of every library module.
const MODULES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/library_index.rs"));

/// The source of the library module `name` (`Data.List`), if there is one.
pub fn source(name: &str) -> Option<&'static str> {
    MODULES
        .iter()
        .find(|(m, _)| *m == name)
        .map(|(_, text)| *text)
}

/// The library modules whose export lists name the value `name` (listed, or a member of a
/// listed type or class), hierarchical names first (`Data.List` before `List`): for the hint of
/// a name a program uses without importing its module. The index is built at the first call
/// (parsing the library's headers, ~35 ms), so it is for error messages only.
pub fn exporters(name: &str) -> &'static [&'static str] {
    static INDEX: OnceLock<HashMap<String, Vec<&'static str>>> = OnceLock::new();
    let index = INDEX.get_or_init(|| {
        let mut index: HashMap<String, Vec<&'static str>> = HashMap::new();
        for (module, text) in MODULES.iter().filter(|(m, _)| !m.contains("Internal")) {
            let Ok(parsed) = crate::source::parse_text(text, FileId::LIBRARY, false) else {
                continue;
            };
            for value in parsed.exports.iter().flatten().flat_map(values) {
                index.entry(value).or_default().push(module);
            }
        }
        for modules in index.values_mut() {
            modules.sort_by_key(|m| (!m.contains('.'), *m));
        }
        index
    });
    index.get(name).map_or(&[], Vec::as_slice)
}

/// The values the export `entity` names.
fn values(entity: &Entity) -> Vec<String> {
    match entity {
        Entity::Var(v) => vec![v.name.clone()],
        Entity::Type(_, Some(Members::Listed(members))) => {
            members.iter().map(|m| m.name.clone()).collect()
        }
        _ => Vec::new(),
    }
}
