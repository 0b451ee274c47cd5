//! The lexer: Haskell 98 lexical syntax to `Token`s with spans and line/column positions.
//! It relies only on `token.rs`; it knows nothing about layout or grammar, and reports the first
//! lexical error as a `Diagnostic` (never panics).

use crate::token::{Tok, Token};
use dnrad_core::prim::{simple_escape, ASCII_ESCAPES};
use dnrad_core::{Diagnostic, ErrorKind, FileId, Span};
use num_bigint::BigInt;
use num_traits::Num;

/// `LANGUAGE` pragmas that ask for what dnrad implements anyway (n+k patterns are Haskell 98's).
const IMPLEMENTED_EXTENSIONS: &[&str] = &["Haskell98", "NPlusKPatterns"];

const SYMBOL_CHARS: &str = "!#$%&*+./<=>?@\\^|-~:";

fn is_symbol(c: char) -> bool {
    SYMBOL_CHARS.contains(c)
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '\''
}

struct Lexer<'a> {
    src: &'a str,
    pos: usize,
    file: FileId,
    line: u32,
    col: u32,
    out: Vec<Token>,
}

/// Lex a whole file. The result always ends with `Tok::Eof`.
pub fn lex(src: &str, file: FileId) -> Result<Vec<Token>, Diagnostic> {
    let mut lx = Lexer {
        src,
        pos: 0,
        file,
        line: 1,
        col: 1,
        out: Vec::new(),
    };
    lx.run()?;
    let (line, col) = (lx.line, lx.col);
    let end = src.len() as u32;
    lx.out.push(Token {
        tok: Tok::Eof,
        span: Span::new(file, end, end),
        line,
        col,
    });
    Ok(lx.out)
}

impl<'a> Lexer<'a> {
    fn peek(&self) -> Option<char> {
        self.src[self.pos..].chars().next()
    }

    fn peek_at(&self, n: usize) -> Option<char> {
        self.src[self.pos..].chars().nth(n)
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        match c {
            '\n' => {
                self.line += 1;
                self.col = 1;
            }
            '\t' => self.col = ((self.col - 1) / 8 + 1) * 8 + 1,
            _ => self.col += 1,
        }
        Some(c)
    }

    fn span_from(&self, start: usize) -> Span {
        Span::new(self.file, start as u32, self.pos as u32)
    }

    fn error(&self, start: usize, msg: impl Into<String>) -> Diagnostic {
        let end = if self.pos > start {
            self.pos
        } else {
            start + self.src[start..].chars().next().map_or(0, char::len_utf8)
        };
        Diagnostic::new(
            ErrorKind::Lex,
            Span::new(self.file, start as u32, end as u32),
            msg,
        )
    }

    fn run(&mut self) -> Result<(), Diagnostic> {
        while let Some(c) = self.peek() {
            let (start, line, col) = (self.pos, self.line, self.col);
            if c.is_whitespace() {
                self.bump();
                continue;
            }
            if c == '-' && self.is_line_comment() {
                while self.peek().is_some_and(|c| c != '\n') {
                    self.bump();
                }
                continue;
            }
            if c == '{' && self.peek_at(1) == Some('-') {
                self.block_comment()?;
                self.reject_extension_pragma(start)?;
                continue;
            }
            let tok = self.token(c)?;
            self.out.push(Token {
                tok,
                span: self.span_from(start),
                line,
                col,
            });
        }
        Ok(())
    }

    /// `--` followed by dashes then a non-symbol starts a comment; `-->` is an operator.
    fn is_line_comment(&self) -> bool {
        let rest = &self.src[self.pos..];
        let dashes = rest.chars().take_while(|&c| c == '-').count();
        dashes >= 2 && !rest[dashes..].chars().next().is_some_and(is_symbol)
    }

    /// `{-# LANGUAGE ... #-}` asks for GHC extensions, which dnrad does not implement (except
    /// those of `IMPLEMENTED_EXTENSIONS`); other pragmas (`INLINE`, ...) are comments.
    fn reject_extension_pragma(&self, start: usize) -> Result<(), Diagnostic> {
        let comment = &self.src[start..self.pos];
        let Some(body) = comment
            .strip_prefix("{-#")
            .and_then(|b| b.strip_suffix("#-}"))
        else {
            return Ok(());
        };
        let mut words = body.split_whitespace();
        if words
            .next()
            .is_some_and(|w| w.eq_ignore_ascii_case("LANGUAGE"))
        {
            let extensions: Vec<&str> = words
                .flat_map(|w| w.split(','))
                .filter(|w| !w.is_empty())
                .collect();
            if extensions
                .iter()
                .all(|e| IMPLEMENTED_EXTENSIONS.contains(e))
            {
                return Ok(());
            }
            return Err(self.error(
                start,
                format!(
                    "language extensions are not supported ({}): dnrad implements Haskell 98, \
                     evaluated strictly",
                    extensions.join(", ")
                ),
            ));
        }
        Ok(())
    }

    fn block_comment(&mut self) -> Result<(), Diagnostic> {
        let start = self.pos;
        self.bump();
        self.bump();
        let mut depth = 1;
        while depth > 0 {
            match self.bump() {
                None => return Err(self.error(start, "unterminated block comment `{-`")),
                Some('{') if self.peek() == Some('-') => {
                    self.bump();
                    depth += 1;
                }
                Some('-') if self.peek() == Some('}') => {
                    self.bump();
                    depth -= 1;
                }
                Some(_) => {}
            }
        }
        Ok(())
    }

    fn token(&mut self, c: char) -> Result<Tok, Diagnostic> {
        let start = self.pos;
        let special = match c {
            '(' => Some(Tok::LParen),
            ')' => Some(Tok::RParen),
            '[' => Some(Tok::LBracket),
            ']' => Some(Tok::RBracket),
            ',' => Some(Tok::Comma),
            ';' => Some(Tok::Semi),
            '{' => Some(Tok::LBrace),
            '}' => Some(Tok::RBrace),
            '`' => Some(Tok::Backtick),
            _ => None,
        };
        if let Some(tok) = special {
            self.bump();
            return Ok(tok);
        }
        if c.is_ascii_lowercase() || c == '_' {
            return Ok(self.varid());
        }
        if c.is_ascii_uppercase() {
            return Ok(self.qualified_name(start));
        }
        if c.is_ascii_digit() {
            return self.number();
        }
        if c == '\'' {
            return self.char_lit();
        }
        if c == '"' {
            return self.string_lit();
        }
        if is_symbol(c) {
            while self.peek().is_some_and(is_symbol) {
                self.bump();
            }
            return Ok(symbol_token(&self.src[start..self.pos]));
        }
        let hint = match c {
            '\u{201C}' | '\u{201D}' => " (a typographic quote: use a plain `\"`)",
            '\u{2018}' | '\u{2019}' => " (a typographic quote: use a plain `'`)",
            _ => "",
        };
        Err(self.error(
            start,
            format!("unexpected character `{c}` (U+{:04X}){hint}", c as u32),
        ))
    }

    /// A name starting with a capital: a constructor or module name (`Just`, `Data.Map`), or a
    /// qualified name (`Map.insert`, `M.T`, `Map.!`, `M.:+`), one token whose text keeps the
    /// qualifier. A dot followed by a reserved word (`M.where`), a reserved operator or a symbol
    /// starting with `.` is not part of the name: `[A..B]` and `[False ..]` stay enumerations.
    fn qualified_name(&mut self, start: usize) -> Tok {
        loop {
            while self.peek().is_some_and(is_ident_char) {
                self.bump();
            }
            if self.peek() != Some('.') {
                break;
            }
            let rest = &self.src[self.pos + 1..];
            let Some(next) = rest.chars().next() else {
                break;
            };
            if next.is_ascii_uppercase() {
                self.bump();
                continue;
            }
            let qualified = if next.is_ascii_lowercase() || next == '_' {
                let id: &str = &rest[..rest.find(|c| !is_ident_char(c)).unwrap_or(rest.len())];
                matches!(Lexer::keyword(id), Tok::VarId(_))
            } else if is_symbol(next) && next != '.' {
                let sym: &str = &rest[..rest.find(|c| !is_symbol(c)).unwrap_or(rest.len())];
                matches!(symbol_token(sym), Tok::VarSym(_) | Tok::ConSym(_))
            } else {
                false
            };
            if !qualified {
                break;
            }
            self.bump();
            let tail_start = self.pos;
            let symbolic = self.peek().is_some_and(is_symbol);
            let continues = if symbolic { is_symbol } else { is_ident_char };
            while self.peek().is_some_and(continues) {
                self.bump();
            }
            let text = self.src[start..self.pos].to_string();
            return match symbol_token(&self.src[tail_start..self.pos]) {
                Tok::ConSym(_) => Tok::ConSym(text),
                Tok::VarSym(_) if symbolic => Tok::VarSym(text),
                _ => Tok::VarId(text),
            };
        }
        Tok::ConId(self.src[start..self.pos].to_string())
    }

    fn varid(&mut self) -> Tok {
        let start = self.pos;
        while self.peek().is_some_and(is_ident_char) {
            self.bump();
        }
        Lexer::keyword(&self.src[start..self.pos])
    }

    /// The reserved word `s`, or `s` as a variable name.
    fn keyword(s: &str) -> Tok {
        match s {
            "case" => Tok::Case,
            "class" => Tok::Class,
            "data" => Tok::Data,
            "default" => Tok::Default,
            "deriving" => Tok::Deriving,
            "do" => Tok::Do,
            "else" => Tok::Else,
            "if" => Tok::If,
            "import" => Tok::Import,
            "in" => Tok::In,
            "infix" => Tok::Infix,
            "infixl" => Tok::Infixl,
            "infixr" => Tok::Infixr,
            "instance" => Tok::Instance,
            "let" => Tok::Let,
            "module" => Tok::Module,
            "newtype" => Tok::Newtype,
            "of" => Tok::Of,
            "then" => Tok::Then,
            "type" => Tok::Type,
            "where" => Tok::Where,
            "_" => Tok::Underscore,
            s => Tok::VarId(s.to_string()),
        }
    }

    fn digits(&mut self, radix: u32) -> &'a str {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_digit(radix)) {
            self.bump();
        }
        &self.src[start..self.pos]
    }

    fn number(&mut self) -> Result<Tok, Diagnostic> {
        let start = self.pos;
        let radix_prefix = match (self.peek(), self.peek_at(1), self.peek_at(2)) {
            (Some('0'), Some('x' | 'X'), Some(d)) if d.is_ascii_hexdigit() => Some(16),
            (Some('0'), Some('o' | 'O'), Some(d)) if d.is_digit(8) => Some(8),
            _ => None,
        };
        if let Some(radix) = radix_prefix {
            self.bump();
            self.bump();
            let ds = self.digits(radix);
            let n = BigInt::from_str_radix(ds, radix)
                .map_err(|_| self.error(start, "malformed number"))?;
            return Ok(Tok::Integer(n));
        }
        self.digits(10);
        let mut is_float = false;
        if self.peek() == Some('.') && self.peek_at(1).is_some_and(|c| c.is_ascii_digit()) {
            is_float = true;
            self.bump();
            self.digits(10);
        }
        if let Some('e' | 'E') = self.peek() {
            let sign = matches!(self.peek_at(1), Some('+' | '-'));
            let digit_at = if sign { 2 } else { 1 };
            if self.peek_at(digit_at).is_some_and(|c| c.is_ascii_digit()) {
                is_float = true;
                for _ in 0..digit_at {
                    self.bump();
                }
                self.digits(10);
            }
        }
        let text = &self.src[start..self.pos];
        if is_float {
            let x: f64 = text
                .parse()
                .map_err(|_| self.error(start, "malformed floating literal"))?;
            Ok(Tok::Float(x))
        } else {
            let n = BigInt::from_str_radix(text, 10)
                .map_err(|_| self.error(start, "malformed number"))?;
            Ok(Tok::Integer(n))
        }
    }

    fn char_lit(&mut self) -> Result<Tok, Diagnostic> {
        let start = self.pos;
        self.bump();
        let c = match self.peek() {
            Some('\\') => match self.escape(start)? {
                Some(c) => c,
                None => {
                    return Err(self.error(start, "`\\&` is not allowed in a character literal"))
                }
            },
            Some('\'') | Some('\n') | None => {
                return Err(self.error(start, "empty or unterminated character literal"))
            }
            Some(c) => {
                self.bump();
                c
            }
        };
        if self.peek() != Some('\'') {
            return Err(self.error(
                start,
                "unterminated character literal (expected a closing `'`)",
            ));
        }
        self.bump();
        Ok(Tok::Char(c))
    }

    fn string_lit(&mut self) -> Result<Tok, Diagnostic> {
        let start = self.pos;
        self.bump();
        let mut s = String::new();
        loop {
            match self.peek() {
                None | Some('\n') => {
                    let msg =
                        "unterminated string literal: the closing `\"` is missing on this line";
                    return Err(Diagnostic::new(
                        ErrorKind::Lex,
                        Span::new(self.file, start as u32, start as u32 + 1),
                        msg,
                    ));
                }
                Some('"') => {
                    self.bump();
                    return Ok(Tok::Str(s));
                }
                Some('\\') if self.peek_at(1).is_some_and(char::is_whitespace) => {
                    self.bump();
                    while self.peek().is_some_and(char::is_whitespace) {
                        self.bump();
                    }
                    if self.peek() != Some('\\') {
                        return Err(
                            self.error(start, "malformed string gap: expected `\\` to close it")
                        );
                    }
                    self.bump();
                }
                Some('\\') => {
                    if let Some(c) = self.escape(start)? {
                        s.push(c);
                    }
                }
                Some(c) => {
                    self.bump();
                    s.push(c);
                }
            }
        }
    }

    /// Lex an escape sequence starting at `\`. `None` is the empty escape `\&`.
    fn escape(&mut self, lit_start: usize) -> Result<Option<char>, Diagnostic> {
        let esc_start = self.pos;
        self.bump();
        let Some(c) = self.bump() else {
            return Err(self.error(lit_start, "unterminated literal"));
        };
        let simple = simple_escape(c);
        if let Some(s) = simple {
            return Ok(Some(s));
        }
        let code = match c {
            '&' => return Ok(None),
            '^' => match self.bump() {
                Some(k @ '@'..='_') => k as u32 - '@' as u32,
                _ => {
                    return Err(self.error(
                        esc_start,
                        "malformed control escape (expected `\\^A`..`\\^_`)",
                    ))
                }
            },
            'x' | 'o' => {
                let radix = if c == 'x' { 16 } else { 8 };
                let ds = self.digits(radix);
                u32::from_str_radix(ds, radix)
                    .map_err(|_| self.error(esc_start, "malformed numeric escape"))?
            }
            d if d.is_ascii_digit() => {
                let mut text = d.to_string();
                text.push_str(self.digits(10));
                text.parse()
                    .map_err(|_| self.error(esc_start, "numeric escape out of range"))?
            }
            _ => {
                let rest = &self.src[esc_start + '\\'.len_utf8()..];
                let Some(&(name, code)) = ASCII_ESCAPES
                    .iter()
                    .filter(|(n, _)| rest.starts_with(n))
                    .max_by_key(|(n, _)| n.len())
                else {
                    return Err(self.error(esc_start, format!("unknown escape sequence `\\{c}`")));
                };
                for _ in 1..name.len() {
                    self.bump();
                }
                code
            }
        };
        char::from_u32(code)
            .map(Some)
            .ok_or_else(|| self.error(esc_start, format!("character code {code} is out of range")))
    }
}

fn symbol_token(s: &str) -> Tok {
    match s {
        ".." => Tok::DotDot,
        "::" => Tok::DColon,
        "=" => Tok::Equals,
        "\\" => Tok::Backslash,
        "|" => Tok::Bar,
        "<-" => Tok::LArrow,
        "->" => Tok::RArrow,
        "@" => Tok::At,
        "~" => Tok::Tilde,
        "=>" => Tok::DArrow,
        _ if s.starts_with(':') => Tok::ConSym(s.to_string()),
        _ => Tok::VarSym(s.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(src: &str) -> Vec<Tok> {
        let mut t: Vec<Tok> = lex(src, FileId::MAIN)
            .unwrap()
            .into_iter()
            .map(|t| t.tok)
            .collect();
        assert_eq!(t.pop(), Some(Tok::Eof));
        t
    }

    fn err_line(src: &str) -> u32 {
        let e = lex(src, FileId::MAIN).unwrap_err();
        src[..e.span.lo as usize].matches('\n').count() as u32 + 1
    }

    #[test]
    fn qualified_names_are_one_token() {
        assert_eq!(
            toks("Map.insert M.T Data.Map.Map Map.! M.:+ M.where [A..B] Just . f"),
            vec![
                Tok::VarId("Map.insert".into()),
                Tok::ConId("M.T".into()),
                Tok::ConId("Data.Map.Map".into()),
                Tok::VarSym("Map.!".into()),
                Tok::ConSym("M.:+".into()),
                Tok::ConId("M".into()),
                Tok::VarSym(".".into()),
                Tok::Where,
                Tok::LBracket,
                Tok::ConId("A".into()),
                Tok::DotDot,
                Tok::ConId("B".into()),
                Tok::RBracket,
                Tok::ConId("Just".into()),
                Tok::VarSym(".".into()),
                Tok::VarId("f".into()),
            ]
        );
    }

    #[test]
    fn identifiers_keywords_and_operators() {
        assert_eq!(
            toks("f x' = case x of _ -> y"),
            vec![
                Tok::VarId("f".into()),
                Tok::VarId("x'".into()),
                Tok::Equals,
                Tok::Case,
                Tok::VarId("x".into()),
                Tok::Of,
                Tok::Underscore,
                Tok::RArrow,
                Tok::VarId("y".into()),
            ]
        );
        assert_eq!(
            toks("a :+ b --> c |> d : e"),
            vec![
                Tok::VarId("a".into()),
                Tok::ConSym(":+".into()),
                Tok::VarId("b".into()),
                Tok::VarSym("-->".into()),
                Tok::VarId("c".into()),
                Tok::VarSym("|>".into()),
                Tok::VarId("d".into()),
                Tok::ConSym(":".into()),
                Tok::VarId("e".into()),
            ]
        );
    }

    #[test]
    fn comments() {
        assert_eq!(
            toks("x -- comment\n--- more\ny {- a {- nested -} b -} z"),
            vec![
                Tok::VarId("x".into()),
                Tok::VarId("y".into()),
                Tok::VarId("z".into())
            ]
        );
        assert_eq!(err_line("a\n{- never closed"), 2);
    }

    #[test]
    fn language_pragmas_for_what_dnrad_implements_are_comments() {
        let x = vec![Tok::VarId("x".into())];
        assert_eq!(toks("{-# LANGUAGE NPlusKPatterns #-}\nx"), x);
        assert_eq!(toks("{-# LANGUAGE Haskell98, NPlusKPatterns #-}\nx"), x);
        assert_eq!(err_line("\n{-# LANGUAGE NPlusKPatterns, GADTs #-}\nx"), 2);
    }

    #[test]
    fn numbers() {
        assert_eq!(
            toks("42 0x1F 0o17"),
            vec![
                Tok::Integer(42.into()),
                Tok::Integer(31.into()),
                Tok::Integer(15.into())
            ]
        );
        assert_eq!(
            toks("1.5 2.5e-3 1e10 2E+2"),
            vec![
                Tok::Float(1.5),
                Tok::Float(0.0025),
                Tok::Float(1e10),
                Tok::Float(200.0)
            ]
        );
        assert_eq!(
            toks("[1..3]"),
            vec![
                Tok::LBracket,
                Tok::Integer(1.into()),
                Tok::DotDot,
                Tok::Integer(3.into()),
                Tok::RBracket
            ]
        );
        assert_eq!(toks("123456789012345678901234567890").len(), 1);
    }

    #[test]
    fn char_and_string_escapes() {
        assert_eq!(
            toks(r"'a' '\n' '\'' '\65' '\x41' '\o101' '\SOH' '\^A' '\DEL'"),
            vec![
                Tok::Char('a'),
                Tok::Char('\n'),
                Tok::Char('\''),
                Tok::Char('A'),
                Tok::Char('A'),
                Tok::Char('A'),
                Tok::Char('\u{1}'),
                Tok::Char('\u{1}'),
                Tok::Char('\u{7f}'),
            ]
        );
        assert_eq!(
            toks(r#""a\"b\\c\tq\SOH\&9\1234x""#),
            vec![Tok::Str("a\"b\\c\tq\u{1}9\u{4d2}x".into())]
        );
        assert_eq!(toks("\"ab\\  \n  \\cd\""), vec![Tok::Str("abcd".into())]);
        assert_eq!(toks(r#""\SO\&H""#), vec![Tok::Str("\u{e}H".into())]);
    }

    #[test]
    fn lexical_errors_name_their_line() {
        assert_eq!(err_line("main = do\n  putStrLn \u{201C}world\u{201D}\n"), 2);
        assert_eq!(err_line("x = 1\ny = \"open\nz = 2"), 2);
        assert_eq!(err_line("c = '\\q'"), 1);
    }

    #[test]
    fn columns_follow_tabs() {
        let t = lex("a\tb\n  c", FileId::MAIN).unwrap();
        assert_eq!((t[1].line, t[1].col), (1, 9));
        assert_eq!((t[2].line, t[2].col), (2, 3));
    }
}
