//! Error recovery: after a module's first syntax error, each top-level declaration from there on
//! is laid out and parsed on its own, so one run reports the first error of each, in source
//! order, at most `MAX_ERRORS`. Relies on the layout pass and the module grammar's items; must not
//! build syntax trees (a module with syntax errors goes no further than its errors).

use super::{first_error, top, Grammar};
use crate::layout::layout;
use crate::token::{Tok, Token};
use dnrad_core::{Diagnostic, Span};

/// The most syntax errors one run reports.
pub const MAX_ERRORS: usize = 20;

/// `first`, the first error of the module whose tokens (laid out or not: virtual tokens are
/// ignored) are `tokens`, followed by the first error of each top-level declaration that starts
/// at or after it. The last error reported says how many more there are.
pub fn with_later_errors(first: Diagnostic, tokens: &[Token]) -> Vec<Diagnostic> {
    let source: Vec<&Token> = tokens
        .iter()
        .filter(|t| !matches!(t.tok, Tok::VLBrace | Tok::VSemi | Tok::VRBrace | Tok::Eof))
        .collect();
    let Some(end_of_file) = tokens.last() else {
        return vec![first];
    };
    let starts = declaration_starts(&source);
    let declarations: Vec<_> = starts
        .iter()
        .enumerate()
        .filter(|&(_, &start)| source[start].span.lo >= first.span.lo)
        .map(|(k, &start)| {
            let next = starts.get(k + 1).copied();
            let next_token = next.map(|n| source[n]);
            let declaration = &source[start..next.unwrap_or(source.len())];
            laid_out_alone(
                declaration,
                next_token,
                end_of_input(next_token.unwrap_or(end_of_file)),
            )
        })
        .collect();
    let grammar = Grammar::new();
    let item = top::first_item(grammar.decl, &grammar.types);
    let later = declarations
        .iter()
        .filter_map(|declaration| match declaration {
            Ok(tokens) => first_error(item.clone(), tokens).err(),
            Err(layout_error) => Some(layout_error.clone()),
        });
    let mut errors = vec![first.clone()];
    errors.extend(later.filter(|e| e.span.lo != first.span.lo));
    let unreported = errors.len().saturating_sub(MAX_ERRORS);
    errors.truncate(MAX_ERRORS);
    if let Some(last) = errors.last_mut().filter(|_| unreported > 0) {
        let (errors, are) = if unreported == 1 {
            ("error", "is")
        } else {
            ("errors", "are")
        };
        last.notes.push(format!(
            "{unreported} more syntax {errors} after this one {are} not shown (at most \
             {MAX_ERRORS} are reported at once)"
        ));
    }
    errors
}

/// The tokens of one top-level declaration laid out as a module of its own, with the first token
/// of the next declaration after it (unless that one is indented further), so that what ends
/// the declaration looks as it does in the whole module.
fn laid_out_alone(
    declaration: &[&Token],
    next: Option<&Token>,
    end: Token,
) -> Result<Vec<Token>, Diagnostic> {
    let column = declaration.first().map_or(0, |t| t.col);
    let next = next.filter(|t| t.col <= column);
    let tokens = declaration.iter().copied().chain(next).cloned();
    layout(tokens.chain([end]).collect())
}

/// The end of the input, where `at` starts (`at`: the next declaration, or the end of the file).
fn end_of_input(at: &Token) -> Token {
    Token {
        tok: Tok::Eof,
        span: Span::new(at.span.file, at.span.lo, at.span.lo),
        ..at.clone()
    }
}

/// Where the module's top-level declarations start (indices into `tokens`, which has no virtual
/// tokens): the body's first token, and each token that starts a line at that token's column or
/// left of it, unless a pair of brackets encloses it (the layout lets a bracketed expression
/// continue there). An unclosed bracket therefore ends at the next declaration. A body in
/// explicit braces has its separators where the user put them; it is not split.
fn declaration_starts(tokens: &[&Token]) -> Vec<usize> {
    let body = match tokens.first().map(|t| &t.tok) {
        Some(Tok::Module) => tokens
            .iter()
            .position(|t| t.tok == Tok::Where)
            .map(|w| w + 1),
        _ => Some(0),
    };
    let Some(body) = body.filter(|&b| b < tokens.len() && tokens[b].tok != Tok::LBrace) else {
        return Vec::new();
    };
    let column = tokens[body].col;
    let enclosed = enclosed_by_brackets(tokens);
    (body..tokens.len())
        .filter(|&i| {
            i == body
                || (tokens[i].line > tokens[i - 1].line && tokens[i].col <= column && !enclosed[i])
        })
        .collect()
}

/// For each token, whether it lies strictly between an opening bracket (`(`, `[`, `{`) and the
/// closing one that matches it (the layout pairs any closing bracket with the innermost open one).
fn enclosed_by_brackets(tokens: &[&Token]) -> Vec<bool> {
    // How the number of pairs around a token changes from the token before it.
    let mut change = vec![0isize; tokens.len()];
    let mut open = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        match t.tok {
            Tok::LParen | Tok::LBracket | Tok::LBrace => open.push(i),
            Tok::RParen | Tok::RBracket | Tok::RBrace => {
                if let Some(o) = open.pop() {
                    change[o + 1] += 1;
                    change[i] -= 1;
                }
            }
            _ => {}
        }
    }
    change
        .iter()
        .scan(0isize, |depth, c| {
            *depth += c;
            Some(*depth > 0)
        })
        .collect()
}
