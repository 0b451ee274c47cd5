//! The parser: laid-out tokens (virtual braces already inserted) to the surface AST, written with
//! chumsky combinators over the token slice; every node's byte span covers the tokens it was parsed
//! from. It reports the first syntax error as a `Diagnostic` at the offending token. It must not
//! resolve fixities or names: operator chains stay flat for desugaring.
//!
//! Submodules: `tokens` (input, terminals and shared shapes), `error`, `types`, `pat`, `expr`,
//! `decl` (declarations of any block), `data` (type definitions), `top` (the module),
//! `extensions` (messages for syntax that belongs to GHC extensions).

mod data;
mod decl;
mod error;
mod expr;
mod extensions;
mod pat;
mod tokens;
mod top;
mod types;

use crate::ast;
use crate::token::{Tok, Token};
use chumsky::prelude::*;
use dnrad_core::Diagnostic;
use tokens::{tok, Extra, In, Rule};

/// Parse a whole module (the output of `layout`).
pub fn parse_module(tokens: &[Token]) -> Result<ast::Module, Vec<Diagnostic>> {
    let grammar = Grammar::new();
    let module = run(top::module(grammar.decl, &grammar.types), tokens)?;
    crate::nesting::check_module(&module).map_err(|d| vec![d])?;
    Ok(module)
}

/// Parse a single expression (for the REPL): the tokens of one expression followed by `Eof`.
pub fn parse_expr(tokens: &[Token]) -> Result<ast::Expr, Vec<Diagnostic>> {
    let e = run(Grammar::new().expr.then_ignore(tok(Tok::Eof)), tokens)?;
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
fn run<'src, T>(
    parser: impl Parser<'src, In<'src>, T, Extra<'src>>,
    tokens: &'src [Token],
) -> Result<T, Vec<Diagnostic>> {
    parser.parse(tokens).into_result().map_err(|errors| {
        errors
            .into_iter()
            .take(1)
            .map(|e| e.into_diagnostic(tokens))
            .collect()
    })
}

#[cfg(test)]
mod tests;
