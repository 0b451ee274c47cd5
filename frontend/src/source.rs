//! One module's text to its syntax tree: unlit (literate Haskell), lex, lay out, parse — the
//! frontend's entry for a file's contents; a syntax error is reported with those of the
//! declarations after it. It must not read files or follow imports (the driver's loader does).

use crate::{ast, layout, lexer, parser, unlit};
use dnrad_core::{Diagnostic, FileId};

/// Lex, lay out and parse the text of one file (literate Haskell when `literate`).
pub fn parse_text(
    text: &str,
    file: FileId,
    literate: bool,
) -> Result<ast::Module, Vec<Diagnostic>> {
    let unlit;
    let text = if literate {
        unlit = unlit::unlit(text, file).map_err(|d| vec![d])?;
        unlit.as_str()
    } else {
        text
    };
    let tokens = lexer::lex(text, file).map_err(|d| vec![d])?;
    // The layout consumes the tokens; after its error (a stray `}`) they are lexed again to
    // find the errors of the declarations that follow.
    let tokens = layout::layout(tokens).map_err(|first| match lexer::lex(text, file) {
        Ok(tokens) => parser::with_later_errors(first, &tokens),
        Err(_) => vec![first],
    })?;
    parser::parse_module(&tokens)
}
