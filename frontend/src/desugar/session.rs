//! Values a REPL session keeps across entries, declared in the main module: each a top-level
//! binding of its recorded type whose body is `sessionValue n`, the `n`th value the run's world
//! lends (the type checker checks it as any binding with a signature). It declares names and
//! bindings only; which values a session keeps, and their types, are the REPL's business.

use super::{DResult, Ds};
use crate::ast::Ident;
use crate::untyped::{BindKind, UBind, UExpr, UKind, ULit, USig};
use dnrad_core::{FileId, PrimOp, Span, Type};

/// A value kept by a REPL session: its source name and its type (monomorphic, or quantified
/// over type variables no class constrains).
#[derive(Clone, Debug, PartialEq)]
pub struct SessionValue {
    pub name: String,
    pub ty: Type,
}

impl Ds {
    /// Declare `values` in the module being desugared (the session's), the `n`th bound to
    /// `sessionValue n`.
    pub(super) fn declare_session_values(&mut self, values: &[SessionValue]) -> DResult<()> {
        let span = Span::new(FileId::MAIN, 0, 0);
        let expr = |kind| UExpr { kind, span };
        for (n, value) in values.iter().enumerate() {
            let ident = Ident {
                name: value.name.clone(),
                span,
            };
            let name = self.define_value(&ident)?;
            let body = value.ty.unquantified().clone();
            let index = expr(UKind::Lit(ULit::Int(n.into())));
            let rhs = expr(UKind::App(
                Box::new(expr(UKind::Prim(PrimOp::SessionValue))),
                Box::new(index),
            ));
            self.program.binds.push(UBind {
                name,
                source_name: value.name.clone(),
                sig: Some(USig {
                    context: Vec::new(),
                    ty: body,
                    span,
                }),
                rhs,
                kind: BindKind::Value,
                span,
            });
        }
        Ok(())
    }
}
