//! The parser's error type: at the furthest token the parser reached, what it found and what every
//! alternative that failed there expected (merged); or a complete message for a construct that
//! parses but is not allowed. Becomes one `Diagnostic` at that token. Knows token names but must not
//! know the grammar: what is expected comes from the labels the grammar gives its parsers.

use super::tokens::In;
use crate::token::{Tok, Token};
use chumsky::{error::LabelError, span::SimpleSpan, util::MaybeRef, DefaultExpected};
use dnrad_core::{Diagnostic, ErrorKind, Span};

/// The label of an optional continuation that is not worth listing among the expected tokens
/// (`@` after a variable pattern, record braces after an expression).
pub const UNLISTED: &str = "";

#[derive(Clone, Debug)]
pub struct SyntaxError {
    /// The index of the offending token.
    at: usize,
    /// Labels of what would have been accepted instead, in the order the parser tried them.
    expected: Vec<&'static str>,
    /// A finished error that wins over any expected/found error at the same token.
    custom: Option<Box<Diagnostic>>,
}

impl SyntaxError {
    /// An error with its own message and span, for a construct that parses but is not allowed.
    pub fn custom(span: Span, message: impl Into<String>) -> SyntaxError {
        SyntaxError {
            at: 0,
            expected: Vec::new(),
            custom: Some(Box::new(Diagnostic::new(ErrorKind::Parse, span, message))),
        }
    }

    /// `what` was expected at the token that starts `span`.
    pub fn expected(span: SimpleSpan, what: &'static str) -> SyntaxError {
        SyntaxError::at(span, [what])
    }

    /// An error at the token that starts `span` (chumsky's spans count tokens).
    fn at(span: SimpleSpan, expected: impl IntoIterator<Item = &'static str>) -> SyntaxError {
        let mut error = SyntaxError {
            at: span.start,
            expected: Vec::new(),
            custom: None,
        };
        expected.into_iter().for_each(|label| error.expect(label));
        error
    }

    fn expect(&mut self, label: &'static str) {
        if label != UNLISTED && !self.expected.contains(&label) {
            self.expected.push(label);
        }
    }

    /// The diagnostic for this error in `tokens`, the parser's input.
    pub fn into_diagnostic(self, tokens: &[Token]) -> Diagnostic {
        if let Some(diagnostic) = self.custom {
            return *diagnostic;
        }
        let (found, span) = match tokens.get(self.at).or(tokens.last()) {
            Some(token) => (describe(&token.tok), token.span),
            None => (describe(&Tok::Eof), Span::dummy()),
        };
        let message = match self.expected.as_slice() {
            _ if super::extensions::explain(tokens, self.at).is_some() => {
                super::extensions::explain(tokens, self.at).unwrap_or_default()
            }
            [] => format!("unexpected {found}"),
            [one] => format!("unexpected {found}; expected {one}"),
            [init @ .., last] => {
                format!("unexpected {found}; expected {} or {last}", init.join(", "))
            }
        };
        Diagnostic::new(ErrorKind::Parse, span, message)
    }
}

impl<'src> chumsky::error::Error<'src, In<'src>> for SyntaxError {
    fn merge(mut self, other: Self) -> Self {
        if self.custom.is_some() {
            return self;
        }
        if other.custom.is_some() {
            return other;
        }
        for label in other.expected {
            self.expect(label);
        }
        self
    }
}

/// Chumsky's built-in expectations (a token, "something else", the end of input) carry nothing a
/// user can act on: every parser that can fail is labelled instead.
impl<'src> LabelError<'src, In<'src>, DefaultExpected<'src, Token>> for SyntaxError {
    fn expected_found<E: IntoIterator<Item = DefaultExpected<'src, Token>>>(
        _expected: E,
        _found: Option<MaybeRef<'src, Token>>,
        span: SimpleSpan,
    ) -> Self {
        SyntaxError::at(span, [])
    }
}

impl<'src> LabelError<'src, In<'src>, &'static str> for SyntaxError {
    fn expected_found<E: IntoIterator<Item = &'static str>>(
        expected: E,
        _found: Option<MaybeRef<'src, Token>>,
        span: SimpleSpan,
    ) -> Self {
        SyntaxError::at(span, expected)
    }

    fn label_with(&mut self, label: &'static str) {
        if self.custom.is_none() {
            self.expected.clear();
            self.expect(label);
        }
    }
}

/// How a token is shown when it was found where it does not fit ("unexpected …").
fn describe(tok: &Tok) -> String {
    match tok {
        Tok::VarId(s) | Tok::ConId(s) | Tok::VarSym(s) | Tok::ConSym(s) => format!("`{s}`"),
        Tok::Integer(n) => format!("literal `{n}`"),
        Tok::Float(x) => format!("literal `{x}`"),
        Tok::Char(c) => format!("character literal {c:?}"),
        Tok::Str(s) => format!("string literal {s:?}"),
        Tok::VLBrace => "start of a layout block".into(),
        Tok::VRBrace => "end of a layout block (check the indentation)".into(),
        Tok::VSemi => "new line at the same indentation (check the indentation)".into(),
        Tok::Eof => "end of the file".into(),
        other => label(other).into(),
    }
}

/// How a token is named when it was expected.
pub fn label(tok: &Tok) -> &'static str {
    match tok {
        Tok::VarId(_) => "a variable",
        Tok::ConId(_) => "a constructor",
        Tok::VarSym(_) => "an operator",
        Tok::ConSym(_) => "a constructor operator",
        Tok::Integer(_) | Tok::Float(_) => "a number",
        Tok::Char(_) => "a character",
        Tok::Str(_) => "a string",
        Tok::Case => "`case`",
        Tok::Class => "`class`",
        Tok::Data => "`data`",
        Tok::Default => "`default`",
        Tok::Deriving => "`deriving`",
        Tok::Do => "`do`",
        Tok::Else => "`else`",
        Tok::If => "`if`",
        Tok::Import => "`import`",
        Tok::In => "`in`",
        Tok::Infix => "`infix`",
        Tok::Infixl => "`infixl`",
        Tok::Infixr => "`infixr`",
        Tok::Instance => "`instance`",
        Tok::Let => "`let`",
        Tok::Module => "`module`",
        Tok::Newtype => "`newtype`",
        Tok::Of => "`of`",
        Tok::Then => "`then`",
        Tok::Type => "`type`",
        Tok::Where => "`where`",
        Tok::Underscore => "`_`",
        Tok::DotDot => "`..`",
        Tok::DColon => "`::`",
        Tok::Equals => "`=`",
        Tok::Backslash => "`\\`",
        Tok::Bar => "`|`",
        Tok::LArrow => "`<-`",
        Tok::RArrow => "`->`",
        Tok::At => "`@`",
        Tok::Tilde => "`~`",
        Tok::DArrow => "`=>`",
        Tok::LParen => "`(`",
        Tok::RParen => "`)`",
        Tok::LBracket => "`[`",
        Tok::RBracket => "`]`",
        Tok::Comma => "`,`",
        Tok::Semi => "`;`",
        Tok::LBrace => "`{`",
        Tok::RBrace => "`}`",
        Tok::Backtick => "a backtick",
        Tok::VLBrace => "an indented block",
        Tok::VRBrace => "the end of the block",
        Tok::VSemi => "the end of the line",
        Tok::Eof => "the end of the file",
    }
}
