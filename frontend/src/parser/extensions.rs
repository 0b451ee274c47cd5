//! Syntax errors that come from GHC extensions or Haskell 2010 syntax get a message saying what
//! is not supported and why, instead of the bare "unexpected ..." of the grammar: explicit
//! `forall`, multi-parameter classes, `\case`. It only
//! rewrites the message of an error the parser already found; it never accepts anything.

use crate::token::{Tok, Token};

fn var(t: &Token, name: &str) -> bool {
    matches!(&t.tok, Tok::VarId(v) if v == name)
}

/// A clearer message for a syntax error at token `at`, when the tokens before it on its line
/// show which extension the program uses.
pub fn explain(tokens: &[Token], at: usize) -> Option<String> {
    let here = tokens.get(at)?;
    let line: Vec<&Token> = tokens[..at]
        .iter()
        .rev()
        .take_while(|t| t.line == here.line)
        .collect();
    let before = |n: usize| line.get(n).copied();
    if matches!(&here.tok, Tok::VarSym(s) if s == ".") && line.iter().any(|t| var(t, "forall")) {
        return Some(
            "explicit `forall` is a GHC extension (ExplicitForAll, RankNTypes): Haskell 98 \
             quantifies the type variables of a signature implicitly"
                .into(),
        );
    }
    if matches!(here.tok, Tok::VarId(_))
        && line.iter().any(|t| t.tok == Tok::Class)
        && !line.iter().any(|t| t.tok == Tok::Where)
        && before(0).is_some_and(|t| matches!(t.tok, Tok::VarId(_)))
    {
        return Some(
            "multi-parameter type classes are a GHC extension: a Haskell 98 class has exactly \
             one parameter"
                .into(),
        );
    }
    if here.tok == Tok::Case && before(0).is_some_and(|t| t.tok == Tok::Backslash) {
        return Some(
            "`\\case` is a GHC extension (LambdaCase): write `\\x -> case x of ...`".into(),
        );
    }
    None
}
