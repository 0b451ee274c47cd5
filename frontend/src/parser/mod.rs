//! The parser: laid-out tokens (virtual braces already inserted) to the surface AST, written with
//! chumsky combinators over the token slice; every node's byte span covers the tokens it was parsed
//! from. It reports syntax errors as `Diagnostic`s at the offending tokens: a module's first,
//! then (`recover`) the first of each top-level declaration after it. It must not resolve
//! fixities or names: operator chains stay flat for desugaring.
//!
//! Submodules: `tokens` (input, terminals and shared shapes), `error`, `types`, `pat`, `expr`,
//! `decl` (declarations of any block), `data` (type definitions), `top` (the module),
//! `extensions` (messages for syntax that belongs to GHC extensions), `recover` (the errors
//! after the first).

mod data;
mod decl;
mod error;
mod expr;
mod extensions;
mod pat;
mod recover;
mod tokens;
mod top;
mod types;

use crate::ast;
use crate::token::{Tok, Token};
use chumsky::prelude::*;
use dnrad_core::Diagnostic;
use error::SyntaxError;
use tokens::{tok, Extra, In, Rule};

pub use recover::{with_later_errors, MAX_ERRORS};

/// Parse a whole module (the output of `layout`). On a syntax error, the errors are the first
/// one and those of the top-level declarations after it (`with_later_errors`).
pub fn parse_module(tokens: &[Token]) -> Result<ast::Module, Vec<Diagnostic>> {
    let grammar = Grammar::new();
    let module = first_error(top::module(grammar.decl, &grammar.types), tokens)
        .map_err(|first| with_later_errors(first, tokens))?;
    crate::nesting::check_module(&module).map_err(|d| vec![d])?;
    Ok(module)
}

/// Parse a single expression (for the REPL): the tokens of one expression followed by `Eof`.
pub fn parse_expr(tokens: &[Token]) -> Result<ast::Expr, Vec<Diagnostic>> {
    let e =
        first_error(Grammar::new().expr.then_ignore(tok(Tok::Eof)), tokens).map_err(|d| vec![d])?;
    crate::nesting::check_expr(&e).map_err(|d| vec![d])?;
    Ok(e)
}

/// The mutually recursive parts of the grammar.
struct Grammar<'src> {
    types: types::Types<'src>,
    expr: Rule<'src, ast::Expr>,
    decl: Rule<'src, ast::Decl>,
}

impl<'src> Grammar<'src> {
    fn new() -> Grammar<'src> {
        let types = types::types();
        let pats = pat::pats();
        // Expressions contain declarations (`let`, `where`) and declarations contain expressions.
        // Each recursive parser refers to itself weakly, so the parsers form no reference cycle.
        let expr = recursive(|expr| {
            let expr = expr.boxed();
            let decl = recursive(|decl| decl::decl(expr.clone(), decl.boxed(), &pats, &types));
            expr::expr(expr, decl.boxed(), &pats, &types)
        })
        .boxed();
        let decl = recursive(|decl| decl::decl(expr.clone(), decl.boxed(), &pats, &types)).boxed();
        Grammar { types, expr, decl }
    }
}

/// Run `parser` over `tokens`: its value, or the first error as a diagnostic.
fn first_error<'src, T>(
    parser: impl Parser<'src, In<'src>, T, Extra<'src>>,
    tokens: &'src [Token],
) -> Result<T, Diagnostic> {
    parser.parse(tokens).into_result().map_err(|errors| {
        // A failing parser always has an error; were there none, the first token is blamed.
        let first = errors.into_iter().next();
        first
            .unwrap_or_else(|| SyntaxError::expected(SimpleSpan::from(0..0), error::UNLISTED))
            .into_diagnostic(tokens)
    })
}

#[cfg(test)]
mod tests;
