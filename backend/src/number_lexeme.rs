//! The number lexemes of GHC's `Text.Read.Lex` at the start of a Haskell string, for the
//! primitives behind the Read instances: `0x1F`, `0o17`, or decimal digits with an optional
//! `.digits` fraction and an optional exponent (`e`, `E`, a sign, digits), each part as long as
//! possible. It reads the string's cells in place (`Cells`, which `literal_lexeme` shares) and
//! returns the rest as the cell it reached; it knows nothing of the other lexemes.

use crate::integer;
use crate::value::Value;
use num_bigint::BigInt;
use num_traits::Num;

/// A number lexeme's parts (its digits go to the scanner's sink).
struct Lexeme {
    /// 8 or 16 for `0o`/`0x` numbers, 10 for decimal digits alone, 0 for a decimal with a
    /// fraction or an exponent.
    base: u32,
    /// How many of the digits follow the decimal point.
    fraction: usize,
    /// The exponent, when there is one (`None` inside: it does not fit an `i64`).
    exponent: Option<Option<i64>>,
    /// Characters the lexeme takes in the string.
    len: usize,
}

/// The characters of a Haskell string from `cur` on, read in place.
pub(crate) struct Cells<'a> {
    cur: &'a Value,
}

impl<'a> Cells<'a> {
    pub(crate) fn new(s: &'a Value) -> Self {
        Cells { cur: s }
    }

    /// The string from the current character on.
    pub(crate) fn rest(&self) -> &'a Value {
        self.cur
    }

    /// The character `n` places ahead, if the string is that long.
    pub(crate) fn peek_at(&self, n: usize) -> Option<char> {
        let mut cur = self.cur;
        for _ in 0..n {
            cur = tail(cur)?;
        }
        match cur {
            Value::Con(cell) if cell.tag == 1 => match cell.fields[0] {
                Value::Char(c) => Some(c),
                _ => None,
            },
            _ => None,
        }
    }

    pub(crate) fn advance(&mut self, n: usize) {
        for _ in 0..n {
            if let Some(t) = tail(self.cur) {
                self.cur = t;
            }
        }
    }

    /// Takes the digits of `base` (as many as there are), giving each to `sink`; how many.
    fn digits(&mut self, base: u32, sink: &mut impl FnMut(char)) -> usize {
        let mut n = 0;
        while let Some(c) = self.peek_at(0).filter(|c| c.is_digit(base)) {
            sink(c);
            self.advance(1);
            n += 1;
        }
        n
    }
}

fn tail(v: &Value) -> Option<&Value> {
    match v {
        Value::Con(cell) if cell.tag == 1 && cell.fields.len() == 2 => Some(&cell.fields[1]),
        _ => None,
    }
}

/// The number lexeme at the start of `s` and the rest of the string after it; its digits (the
/// fraction's after the whole part's, not the exponent's) go to `sink`.
fn scan<'a>(s: &'a Value, sink: &mut impl FnMut(char)) -> Option<(Lexeme, &'a Value)> {
    let mut cells = Cells::new(s);
    let based = match (cells.peek_at(0), cells.peek_at(1), cells.peek_at(2)) {
        (Some('0'), Some('x' | 'X'), Some(d)) if d.is_ascii_hexdigit() => Some(16),
        (Some('0'), Some('o' | 'O'), Some(d)) if d.is_digit(8) => Some(8),
        _ => None,
    };
    if let Some(base) = based {
        cells.advance(2);
        let n = cells.digits(base, sink);
        let lexeme = Lexeme {
            base,
            fraction: 0,
            exponent: None,
            len: 2 + n,
        };
        return Some((lexeme, cells.rest()));
    }
    let mut len = cells.digits(10, sink);
    if len == 0 {
        return None;
    }
    let mut fraction = 0;
    if cells.peek_at(0) == Some('.') && cells.peek_at(1).is_some_and(|c| c.is_ascii_digit()) {
        cells.advance(1);
        fraction = cells.digits(10, sink);
        len += 1 + fraction;
    }
    let mut exponent = None;
    if matches!(cells.peek_at(0), Some('e' | 'E')) {
        let signed = matches!(cells.peek_at(1), Some('+' | '-'));
        let negative = cells.peek_at(1) == Some('-');
        if cells
            .peek_at(1 + usize::from(signed))
            .is_some_and(|c| c.is_ascii_digit())
        {
            cells.advance(1 + usize::from(signed));
            let mut e: Option<i64> = Some(0);
            let n = cells.digits(10, &mut |c| {
                let d = i64::from(c as u8 - b'0');
                e = e.and_then(|e| e.checked_mul(10)).and_then(|e| {
                    if negative {
                        e.checked_sub(d)
                    } else {
                        e.checked_add(d)
                    }
                });
            });
            len += 1 + usize::from(signed) + n;
            exponent = Some(e);
        }
    }
    let base = if fraction == 0 && exponent.is_none() {
        10
    } else {
        0
    };
    let lexeme = Lexeme {
        base,
        fraction,
        exponent,
        len,
    };
    Some((lexeme, cells.rest()))
}

/// `(kind, length, rest)` of the number lexeme at the start of `s`: the kind is the base of an
/// integer (8, 10, 16), 0 for a decimal with a fraction or an exponent, and -1 (length 0, rest
/// `s`) when `s` starts with no number.
pub(crate) fn lex(s: &Value) -> Value {
    let (kind, len, rest) = match scan(s, &mut |_| ()) {
        Some((l, rest)) => (i64::from(l.base), l.len as i64, rest.clone()),
        None => (-1, 0, s.clone()),
    };
    Value::con(0, [Value::Int(kind), Value::Int(len), rest])
}

/// The value of the integer lexeme (kind 8, 10 or 16) at the start of `s`; 0 for any other.
pub(crate) fn integer(s: &Value) -> Value {
    // A decimal on i64 while it fits; the digits kept for a BigInt otherwise.
    let (mut small, mut digits) = (Some(0i64), String::new());
    let scanned = scan(s, &mut |c| {
        digits.push(c);
        let d = i64::from(c.to_digit(10).unwrap_or(0));
        small = small.and_then(|n| n.checked_mul(10)?.checked_add(d));
    });
    let Some((l, _)) = scanned.filter(|(l, _)| l.base != 0) else {
        return Value::SmallInteger(0);
    };
    match small.filter(|_| l.base == 10) {
        Some(n) => Value::SmallInteger(n),
        None => integer::from_big(BigInt::from_str_radix(&digits, l.base).unwrap_or_default()),
    }
}

/// The Double nearest the number lexeme at the start of `s` (NaN when there is none). As GHC,
/// an exponent beyond the range of `Int` gives Infinity, even for a zero mantissa.
pub(crate) fn double(s: &Value) -> f64 {
    let mut digits = String::new();
    let Some((l, _)) = scan(s, &mut |c| digits.push(c)) else {
        return f64::NAN;
    };
    if l.base != 0 && l.base != 10 {
        // Through the decimal digits: Rust's parser rounds to nearest, ties to even.
        let value = BigInt::from_str_radix(&digits, l.base).unwrap_or_default();
        return value.to_string().parse().unwrap_or(f64::NAN);
    }
    match l.exponent {
        Some(None) => f64::INFINITY,
        exponent => {
            let e = i128::from(exponent.flatten().unwrap_or(0)) - l.fraction as i128;
            format!("{digits}e{e}").parse().unwrap_or(f64::NAN)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lexed(s: &str) -> (i64, i64, String) {
        match lex(&Value::string(s)) {
            Value::Con(cell) => match (&cell.fields[0], &cell.fields[1]) {
                (Value::Int(k), Value::Int(n)) => {
                    (*k, *n, crate::prims::string_of(&cell.fields[2]))
                }
                _ => panic!("not Ints"),
            },
            _ => panic!("not a tuple"),
        }
    }

    #[test]
    fn lexemes_are_ghcs() {
        let cases = [
            ("12 x", (10, 2, " x")),
            ("0x1Fg", (16, 4, "g")),
            ("0x", (10, 1, "x")),
            ("0o17", (8, 4, "")),
            ("0b101", (10, 1, "b101")),
            ("1.5e-3x", (0, 6, "x")),
            ("1.e3", (10, 1, ".e3")),
            ("1e", (10, 1, "e")),
            ("1e+", (10, 1, "e+")),
            ("1E+5", (0, 4, "")),
            ("12.", (10, 2, ".")),
            ("x", (-1, 0, "x")),
        ];
        for (s, (k, n, rest)) in cases {
            assert_eq!(lexed(s), (k, n, rest.to_string()), "{s}");
        }
    }

    #[test]
    fn values() {
        let int = |s: &str| integer::to_big(&integer(&Value::string(s))).into_owned();
        assert_eq!(int("0x1F"), BigInt::from(31));
        assert_eq!(int("0o17 "), BigInt::from(15));
        assert_eq!(
            int("123456789012345678901234567890"),
            "123456789012345678901234567890".parse::<BigInt>().unwrap()
        );
        let dbl = |s: &str| double(&Value::string(s));
        assert_eq!(dbl("1e3"), 1000.0);
        assert_eq!(dbl("2.5e-3"), 0.0025);
        assert_eq!(dbl("0.1"), 0.1);
        assert_eq!(dbl("0x10"), 16.0);
        assert_eq!(dbl("4.9e-324"), 5e-324);
        assert_eq!(dbl("2e-324"), 0.0);
        assert_eq!(dbl("1.7976931348623159e308"), f64::INFINITY);
        assert_eq!(dbl("1e0000000000000000000000005"), 1e5);
        // GHC's rule for exponents beyond Int.
        assert_eq!(dbl("0e99999999999999999999"), f64::INFINITY);
        assert_eq!(dbl("1e-99999999999999999999"), f64::INFINITY);
        assert_eq!(dbl("1e-9223372036854775808"), 0.0);
        assert_eq!(dbl("1.5e-9223372036854775808"), 0.0);
        assert_eq!(dbl("1.5e9223372036854775807"), f64::INFINITY);
        assert_eq!(int("1.5"), BigInt::from(0));
        assert_eq!(int("9223372036854775807"), BigInt::from(i64::MAX));
        assert_eq!(
            int("9223372036854775808"),
            BigInt::from(i64::MAX) + BigInt::from(1)
        );
        assert_eq!(int("0xffffffffffffffff"), BigInt::from(u64::MAX));
    }
}
