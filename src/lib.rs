//! The `dnrad` driver library: the compilation pipeline (source -> tokens -> layout -> AST ->
//! untyped core -> typed core -> simplified core -> backend) and diagnostic rendering.
//! The CLI (`main.rs`) and the integration tests both use it; no phase below prints anything.

pub mod pipeline;
pub mod render;
pub mod sources;
