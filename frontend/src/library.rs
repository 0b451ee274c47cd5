//! The standard library: modules written in the language (`frontend/lib/`, one file per module,
//! listed by `build.rs`), embedded in the binary and compiled only when a program imports them.
//! A library module sees every name the Prelude defines and may use primitives.

/// Module name and source text of every library module.
const MODULES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/library_index.rs"));

/// The source of the library module `name` (`Data.List`), if there is one.
pub fn source(name: &str) -> Option<&'static str> {
    MODULES
        .iter()
        .find(|(m, _)| *m == name)
        .map(|(_, text)| *text)
}
