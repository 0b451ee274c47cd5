//! Token cursor for the parser: lookahead, expectation with human-readable errors, and blocks
//! (`{ item ; item }`, explicit or virtual). Knows nothing about the grammar itself.

use crate::token::{Tok, Token};
use dnrad_core::{Diagnostic, ErrorKind, Span};

pub type PResult<T> = Result<T, Diagnostic>;

pub struct Cursor<'t> {
    toks: &'t [Token],
    pos: usize,
}

/// How a token is shown in messages.
pub fn describe(tok: &Tok) -> String {
    match tok {
        Tok::VarId(s) | Tok::ConId(s) | Tok::VarSym(s) | Tok::ConSym(s) => format!("`{s}`"),
        Tok::Integer(n) => format!("literal `{n}`"),
        Tok::Float(x) => format!("literal `{x}`"),
        Tok::Char(c) => format!("character literal {c:?}"),
        Tok::Str(s) => format!("string literal {s:?}"),
        Tok::VLBrace => "the start of a layout block".into(),
        Tok::VRBrace => "the end of a layout block (check the indentation)".into(),
        Tok::VSemi => "a new line at the same indentation (check the indentation)".into(),
        Tok::Eof => "the end of the file".into(),
        other => format!("`{}`", keyword_text(other)),
    }
}

fn keyword_text(tok: &Tok) -> &'static str {
    match tok {
        Tok::Case => "case",
        Tok::Class => "class",
        Tok::Data => "data",
        Tok::Default => "default",
        Tok::Deriving => "deriving",
        Tok::Do => "do",
        Tok::Else => "else",
        Tok::If => "if",
        Tok::Import => "import",
        Tok::In => "in",
        Tok::Infix => "infix",
        Tok::Infixl => "infixl",
        Tok::Infixr => "infixr",
        Tok::Instance => "instance",
        Tok::Let => "let",
        Tok::Module => "module",
        Tok::Newtype => "newtype",
        Tok::Of => "of",
        Tok::Then => "then",
        Tok::Type => "type",
        Tok::Where => "where",
        Tok::Underscore => "_",
        Tok::DotDot => "..",
        Tok::DColon => "::",
        Tok::Equals => "=",
        Tok::Backslash => "\\",
        Tok::Bar => "|",
        Tok::LArrow => "<-",
        Tok::RArrow => "->",
        Tok::At => "@",
        Tok::Tilde => "~",
        Tok::DArrow => "=>",
        Tok::LParen => "(",
        Tok::RParen => ")",
        Tok::LBracket => "[",
        Tok::RBracket => "]",
        Tok::Comma => ",",
        Tok::Semi => ";",
        Tok::LBrace => "{",
        Tok::RBrace => "}",
        Tok::Backtick => "`",
        _ => "?",
    }
}

impl<'t> Cursor<'t> {
    pub fn new(toks: &'t [Token]) -> Cursor<'t> {
        Cursor { toks, pos: 0 }
    }

    pub fn peek(&self) -> &'t Tok {
        self.peek_at(0)
    }

    pub fn peek_at(&self, n: usize) -> &'t Tok {
        let i = (self.pos + n).min(self.toks.len() - 1);
        &self.toks[i].tok
    }

    pub fn token(&self) -> &'t Token {
        &self.toks[self.pos.min(self.toks.len() - 1)]
    }

    pub fn span(&self) -> Span {
        self.token().span
    }

    /// The span of the last consumed token.
    pub fn prev_span(&self) -> Span {
        self.toks[self.pos.saturating_sub(1)].span
    }

    pub fn save(&self) -> usize {
        self.pos
    }

    pub fn restore(&mut self, pos: usize) {
        self.pos = pos;
    }

    pub fn bump(&mut self) -> &'t Token {
        let t = self.token();
        if self.pos < self.toks.len() - 1 {
            self.pos += 1;
        }
        t
    }

    pub fn at(&self, tok: &Tok) -> bool {
        self.peek() == tok
    }

    pub fn eat(&mut self, tok: &Tok) -> bool {
        if self.at(tok) {
            self.bump();
            true
        } else {
            false
        }
    }

    pub fn error(&self, msg: impl Into<String>) -> Diagnostic {
        Diagnostic::new(ErrorKind::Parse, self.span(), msg)
    }

    pub fn unexpected(&self, expected: &str) -> Diagnostic {
        self.error(format!(
            "unexpected {}; expected {expected}",
            describe(self.peek())
        ))
    }

    pub fn expect(&mut self, tok: &Tok, expected: &str) -> PResult<Span> {
        if self.at(tok) {
            Ok(self.bump().span)
        } else {
            Err(self.unexpected(expected))
        }
    }

    pub fn at_semi(&self) -> bool {
        matches!(self.peek(), Tok::Semi | Tok::VSemi)
    }

    /// Parse `{ item ; item ; ... }` (explicit or virtual braces), skipping empty items.
    pub fn block<T>(
        &mut self,
        mut item: impl FnMut(&mut Cursor<'t>) -> PResult<T>,
    ) -> PResult<Vec<T>> {
        let explicit = match self.peek() {
            Tok::LBrace => true,
            Tok::VLBrace => false,
            _ => return Err(self.unexpected("a block")),
        };
        self.bump();
        let close = if explicit { Tok::RBrace } else { Tok::VRBrace };
        let mut items = Vec::new();
        loop {
            while self.at_semi() {
                self.bump();
            }
            if self.eat(&close) {
                return Ok(items);
            }
            items.push(item(self)?);
            if self.eat(&close) {
                return Ok(items);
            }
            if !self.at_semi() {
                let expected = if explicit {
                    "`;` or `}`"
                } else {
                    "a new declaration or statement"
                };
                return Err(self.unexpected(expected));
            }
        }
    }

    /// Parse record fields `{ f = v, ... }` (after `{` is seen) up to and including `}`; returns
    /// the fields and the span of `}`.
    pub fn record_fields<T>(
        &mut self,
        mut value: impl FnMut(&mut Cursor<'t>) -> PResult<T>,
    ) -> PResult<(Vec<(crate::ast::Ident, T)>, Span)> {
        self.expect(&Tok::LBrace, "`{`")?;
        let mut fields = Vec::new();
        if !self.at(&Tok::RBrace) {
            fields = self.comma_sep(|p| {
                let span = p.span();
                let Tok::VarId(f) = p.peek().clone() else {
                    return Err(p.unexpected("a field name"));
                };
                p.bump();
                p.expect(&Tok::Equals, "`=`")?;
                Ok((crate::ast::Ident { name: f, span }, value(p)?))
            })?;
        }
        let end = self.expect(&Tok::RBrace, "`}` or `,`")?;
        Ok((fields, end))
    }

    /// Parse `item (, item)*`.
    pub fn comma_sep<T>(
        &mut self,
        mut item: impl FnMut(&mut Cursor<'t>) -> PResult<T>,
    ) -> PResult<Vec<T>> {
        let mut out = vec![item(self)?];
        while self.eat(&Tok::Comma) {
            out.push(item(self)?);
        }
        Ok(out)
    }
}
