//! The character and string literal lexemes of GHC's `Text.Read.Lex` at the start of a Haskell
//! string, decoded: every escape (`\n`, `\65`, `\x41`, `\o101`, `\^A`, `\SOH`, `\DEL`, ...),
//! `\&` and string gaps in strings. For the primitive behind `lex` and the Char and String
//! Read instances; it knows nothing of the other lexemes.

use crate::chars;
use crate::number_lexeme::Cells;
use crate::value::Value;
use dnrad_core::prim::{simple_escape, ASCII_ESCAPES};

/// The Prelude's `isSpace` (GHC's): ASCII white space, no-break space, space separators.
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t'..='\r' | '\u{a0}') || (c > '\u{377}' && chars::category(c) == 22)
}

/// One character of a literal: it and whether it was an escape; `None` for a bad escape.
fn item(cells: &mut Cells, len: &mut usize) -> Option<(char, bool)> {
    let c = cells.peek_at(0)?;
    cells.advance(1);
    *len += 1;
    if c != '\\' {
        return Some((c, false));
    }
    let e = cells.peek_at(0)?;
    let simple = simple_escape(e);
    if let Some(s) = simple {
        cells.advance(1);
        *len += 1;
        return Some((s, true));
    }
    let code = match e {
        '0'..='9' => numeric(cells, 10, 0, len)?,
        'x' | 'X' => numeric(cells, 16, 1, len)?,
        'o' | 'O' => numeric(cells, 8, 1, len)?,
        '^' => {
            let c = cells.peek_at(1).filter(|c| ('@'..='_').contains(c))?;
            cells.advance(2);
            *len += 2;
            c as u32 - 64
        }
        _ => {
            let (name, code) = ASCII_ESCAPES.iter().find(|(name, _)| {
                name.chars()
                    .enumerate()
                    .all(|(i, n)| cells.peek_at(i) == Some(n))
            })?;
            cells.advance(name.len());
            *len += name.len();
            *code
        }
    };
    Some((char::from_u32(code)?, true))
}

/// The digits of a numeric escape after a `prefix`-character base marker; at most U+10FFFF.
fn numeric(cells: &mut Cells, base: u32, prefix: usize, len: &mut usize) -> Option<u32> {
    cells.advance(prefix);
    let mut value: u32 = 0;
    let mut n = 0;
    while let Some(d) = cells.peek_at(0).and_then(|c| c.to_digit(base)) {
        // Saturate: past U+10FFFF the escape is bad however many digits follow.
        value = value.saturating_mul(base).saturating_add(d);
        cells.advance(1);
        n += 1;
    }
    *len += prefix + n;
    (n > 0 && value <= 0x10ffff).then_some(value)
}

/// The literal at the start of `s` (which starts with a quote): its length, its characters and
/// the rest; `None` when it is malformed or unterminated.
fn scan(s: &Value) -> Option<(usize, String, &Value)> {
    let mut cells = Cells::new(s);
    let quote = cells.peek_at(0)?;
    cells.advance(1);
    let mut len = 1;
    let mut text = String::new();
    if quote == '\'' {
        let (c, escaped) = item(&mut cells, &mut len)?;
        if (c == '\'' && !escaped) || cells.peek_at(0) != Some('\'') {
            return None;
        }
        cells.advance(1);
        text.push(c);
        return Some((len + 1, text, cells.rest()));
    }
    loop {
        match (cells.peek_at(0)?, cells.peek_at(1)) {
            ('"', _) => {
                cells.advance(1);
                return Some((len + 1, text, cells.rest()));
            }
            ('\\', Some('&')) => {
                cells.advance(2);
                len += 2;
            }
            ('\\', Some(c)) if is_space(c) => {
                cells.advance(1);
                len += 1;
                while cells.peek_at(0).is_some_and(is_space) {
                    cells.advance(1);
                    len += 1;
                }
                if cells.peek_at(0) != Some('\\') {
                    return None;
                }
                cells.advance(1);
                len += 1;
            }
            _ => text.push(item(&mut cells, &mut len)?.0),
        }
    }
}

/// `(length, characters, rest)` of the character or string literal at the start of `s`;
/// length -1 (and `s` as the rest) when it is malformed.
pub(crate) fn lex(s: &Value) -> Value {
    let (len, text, rest) = match scan(s) {
        Some((len, text, rest)) => (len as i64, text, rest.clone()),
        None => (-1, String::new(), s.clone()),
    };
    Value::con(0, [Value::Int(len), Value::string(&text), rest])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lexed(s: &str) -> Option<(usize, String, String)> {
        scan(&Value::string(s)).map(|(n, t, r)| (n, t, crate::prims::string_of(r)))
    }

    #[test]
    fn literals_are_ghcs() {
        let ok = |s: &str, n: usize, text: &str, rest: &str| {
            assert_eq!(
                lexed(s),
                Some((n, text.to_string(), rest.to_string())),
                "{s}"
            );
        };
        ok("'a'b", 3, "a", "b");
        ok("'\\n'", 4, "\n", "");
        ok("'\\''", 4, "'", "");
        ok("'\\65'x", 5, "A", "x");
        ok("'\\X41'", 6, "A", "");
        ok("'\\SOH'", 6, "\u{1}", "");
        ok("'\\SO'", 5, "\u{e}", "");
        ok("'\\^A'", 5, "\u{1}", "");
        ok("'\\DEL'", 6, "\u{7f}", "");
        ok("'\\1114111'", 10, "\u{10ffff}", "");
        ok("\"a\\\"b\" rest", 6, "a\"b", " rest");
        ok("\"\\SO\\&H\"", 8, "\u{e}H", "");
        ok("\"\\SOH\"", 6, "\u{1}", "");
        ok("\"gap\\   \\here\"", 14, "gaphere", "");
        ok("\"\\1234\\&5\"", 10, "\u{4d2}5", "");
        ok("\"\"", 2, "", "");
        for bad in [
            "'''",
            "'ab'",
            "'\\&'",
            "'\\1114112'",
            "\"abc",
            "\"\\q\"",
            "\"\\x\"",
            "\"\\ x\"",
            "'\\^'",
            "'",
            "\"\\99999999999999999999\"",
        ] {
            assert_eq!(lexed(bad), None, "{bad}");
        }
    }
}
