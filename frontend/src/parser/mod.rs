//! The parser: laid-out tokens (virtual braces already inserted) to the surface AST.
//! A hand-written recursive-descent parser; operator chains are kept flat for fixity resolution
//! later. It reports the first syntax error as a `Diagnostic` at the offending token.
//!
//! Submodules: `cursor` (token access and blocks), `decl`, `expr`, `pat`, `types`.

mod cursor;
mod decl;
mod expr;
mod pat;
mod types;

use crate::ast;
use crate::token::{Tok, Token};
use cursor::Cursor;
use dnrad_core::Diagnostic;

/// Parse a whole module (the output of `layout`).
pub fn parse_module(tokens: &[Token]) -> Result<ast::Module, Vec<Diagnostic>> {
    let mut p = Cursor::new(tokens);
    let module = decl::module(&mut p).map_err(|d| vec![d])?;
    Ok(module)
}

/// Parse a single expression (for the REPL): the tokens of one expression followed by `Eof`.
pub fn parse_expr(tokens: &[Token]) -> Result<ast::Expr, Vec<Diagnostic>> {
    let mut p = Cursor::new(tokens);
    let e = expr::expr(&mut p).map_err(|d| vec![d])?;
    if *p.peek() != Tok::Eof {
        return Err(vec![p.unexpected("the end of the expression")]);
    }
    Ok(e)
}

#[cfg(test)]
mod tests;
