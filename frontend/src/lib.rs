//! dnrad's frontend: source text to core. Lexing, layout, parsing, desugaring (renaming, fixity,
//! pattern-match compilation) and type inference with elaboration to dictionary-passing core;
//! `unlit` turns literate Haskell (`.lhs`) into source first.
//! It reports every user error as a `Diagnostic`; it never prints and never panics on bad input.

pub mod against_prelude;
pub mod ast;
pub mod desugar;
pub mod layout;
pub mod lexer;
pub mod library;
pub mod nesting;
pub mod parser;
pub mod prelude;
pub mod source;
pub mod token;
pub mod typecheck;
pub mod unlit;
pub mod untyped;
