//! The `dnrad` driver library: the compilation pipeline (source -> tokens -> layout -> AST ->
//! untyped core -> typed core -> differentiated core -> interpreter), diagnostic rendering and
//! the REPL. The CLI (`main.rs`), the benchmarks and the integration tests use it; no pipeline
//! phase prints anything.

pub mod alloc;
pub mod call;
pub mod display;
pub mod gradbench;
pub mod heap_limit;
pub mod modules;
pub mod pipeline;
pub mod render;
pub mod repl;
pub mod sources;
pub mod warnings;
