//! dnrad's core IR: the strict, explicitly typed lambda calculus that every pass after the frontend
//! consumes (the AD transformations, the interpreter, the bytecode compiler).
//! It relies on nothing else in the workspace and must never learn about surface syntax or classes:
//! by the time a program reaches core, type classes have become ordinary dictionary data types.

pub mod derivative;
pub mod diag;
pub mod dual;
pub mod expr;
pub mod lint;
pub mod name;
pub mod pretty;
pub mod prim;
pub mod program;
pub mod reach;
pub mod scoped;
pub mod show_type;
pub mod simplify;
pub mod span;
pub mod types;

pub use diag::{Diagnostic, ErrorKind};
pub use expr::{Alt, Bind, Expr, ExprKind, Lit};
pub use name::Name;
pub use prim::PrimOp;
pub use program::{DataCon, DataDecl, Program};
pub use span::{FileId, Span};
pub use types::Type;
