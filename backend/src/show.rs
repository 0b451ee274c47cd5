//! Text formats exactly as GHC's `show`: Doubles (the digits of GHC's `floatToDigits`, Burger and
//! Dybvig's shortest digits with exclusive bounds; decimal notation for 0.1 <= |x| < 10^7,
//! otherwise `d.ddde<n>`), Char and String literals with GHC's escapes.

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive};

/// The shortest digits `d1 d2 ...` and exponent `k` with `x = 0.d1d2... * 10^k` that identify the
/// positive finite `x`, generated as GHC's `floatToDigits 10` does (a decimal exactly halfway to
/// a neighbouring Double does not identify it, so GHC may print one digit more than the
/// shortest round-trip string).
fn float_to_digits(x: f64) -> (Vec<u8>, i32) {
    let bits = x.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    let (f, e) = if biased == 0 {
        (frac, -1074)
    } else {
        (frac | (1u64 << 52), biased - 1075)
    };
    let min_exp = -1074;
    let big = |n: u64| BigUint::from(n);
    let pow2 = |n: i32| BigUint::one() << (n as usize);
    let f = big(f);
    let hidden = f == pow2(52);
    let (r, s, m_up, m_dn) = if e >= 0 {
        let be = pow2(e);
        if hidden {
            (&f * &be * big(4), big(4), &be * big(2), be)
        } else {
            (&f * &be * big(2), big(2), be.clone(), be)
        }
    } else if e > min_exp && hidden {
        (&f * big(4), pow2(-e + 1) * big(2), big(2), big(1))
    } else {
        (&f * big(2), pow2(-e) * big(2), big(1), big(1))
    };
    let ten = big(10);
    let pow10 = |n: i32| num_traits::pow(ten.clone(), n as usize);
    // The smallest k with r + mUp <= s * 10^k, from an estimate that is never too large.
    let mut k = x.log10().floor() as i32 - 1;
    loop {
        let fits = if k >= 0 {
            &r + &m_up <= &s * pow10(k)
        } else {
            pow10(-k) * (&r + &m_up) <= s
        };
        if fits {
            break;
        }
        k += 1;
    }
    let (mut rn, sn, mut up, mut dn) = if k >= 0 {
        (r, &s * pow10(k), m_up, m_dn)
    } else {
        let bk = pow10(-k);
        (&r * &bk, s, &m_up * &bk, &m_dn * &bk)
    };
    let mut digits = Vec::new();
    loop {
        let scaled = &rn * &ten;
        let d = (&scaled / &sn).to_u8().unwrap_or(0);
        rn = scaled % &sn;
        up *= &ten;
        dn *= &ten;
        let low = rn < dn;
        let high = &rn + &up > sn;
        match (low, high) {
            (true, false) => digits.push(d),
            (false, true) => digits.push(d + 1),
            (true, true) => digits.push(if &rn * big(2) < sn { d } else { d + 1 }),
            (false, false) => {
                digits.push(d);
                continue;
            }
        }
        return (digits, k);
    }
}

/// GHC's `show :: Double -> String` (without the parentheses `showsPrec` adds for negatives).
pub fn show_double(x: f64) -> String {
    if x.is_nan() {
        return "NaN".into();
    }
    if x.is_infinite() {
        return if x > 0.0 {
            "Infinity".into()
        } else {
            "-Infinity".into()
        };
    }
    let sign = if x.is_sign_negative() { "-" } else { "" };
    let a = x.abs();
    if a == 0.0 {
        return format!("{sign}0.0");
    }
    let (ds, k) = float_to_digits(a);
    let exp = k - 1;
    let digits: String = ds.iter().map(|d| char::from(b'0' + d)).collect();
    if (0.1..1e7).contains(&a) {
        // value = 0.d1d2... * 10^(exp+1)
        let point = exp + 1;
        let s = if point <= 0 {
            format!("0.{}{}", "0".repeat((-point) as usize), digits)
        } else if point as usize >= digits.len() {
            format!("{}{}.0", digits, "0".repeat(point as usize - digits.len()))
        } else {
            format!(
                "{}.{}",
                &digits[..point as usize],
                &digits[point as usize..]
            )
        };
        format!("{sign}{s}")
    } else {
        let (first, rest) = digits.split_at(1);
        let rest = if rest.is_empty() { "0" } else { rest };
        format!("{sign}{first}.{rest}e{exp}")
    }
}

const ASCII_NAMES: [&str; 32] = [
    "NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "a", "b", "t", "n", "v", "f", "r", "SO", "SI",
    "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB", "ESC", "FS", "GS",
    "RS", "US",
];

/// The escape of one character inside a literal, without quote handling.
fn escape(c: char, out: &mut String) {
    match c {
        '\\' => out.push_str("\\\\"),
        '\u{7f}' => out.push_str("\\DEL"),
        c if (c as u32) < 32 => {
            out.push('\\');
            out.push_str(ASCII_NAMES[c as usize]);
        }
        c if (c as u32) > 127 => {
            out.push('\\');
            out.push_str(&(c as u32).to_string());
        }
        c => out.push(c),
    }
}

pub fn show_char(c: char) -> String {
    let mut out = String::from("'");
    match c {
        '\'' => out.push_str("\\'"),
        c => escape(c, &mut out),
    }
    out.push('\'');
    out
}

pub fn show_string(s: &str) -> String {
    let mut out = String::from("\"");
    let chars: Vec<char> = s.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        match c {
            '"' => out.push_str("\\\""),
            c => escape(c, &mut out),
        }
        let next = chars.get(i + 1);
        // A numeric escape followed by a digit, or `\SO` followed by `H`, needs `\&`.
        let numeric = (c as u32) > 127;
        if (numeric && next.is_some_and(char::is_ascii_digit))
            || (c == '\u{e}' && next == Some(&'H'))
        {
            out.push_str("\\&");
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doubles_as_ghc_prints_them() {
        let cases = [
            (0.1, "0.1"),
            (1.0e-2, "1.0e-2"),
            (1.2345678e7, "1.2345678e7"),
            (0.1 + 0.2, "0.30000000000000004"),
            (1.0 / 3.0, "0.3333333333333333"),
            (100.0, "100.0"),
            (1234567.0, "1234567.0"),
            (9999999.0, "9999999.0"),
            (10000000.0, "1.0e7"),
            (0.05, "5.0e-2"),
            (0.25e-3, "2.5e-4"),
            (-2.5, "-2.5"),
            (1.0e22, "1.0e22"),
            (4.9e-324, "5.0e-324"),
            (123.456, "123.456"),
            (3.0, "3.0"),
            (-0.0, "-0.0"),
            (f64::INFINITY, "Infinity"),
            (12345678.9, "1.23456789e7"),
            // Shortest decimals exactly halfway to a neighbour: GHC prints one digit more.
            (1.0e23, "9.999999999999999e22"),
            (2.0e23, "1.9999999999999998e23"),
            (5.0e22, "4.9999999999999996e22"),
            (7.0e22, "7.0000000000000004e22"),
            (8.41e21, "8.409999999999999e21"),
            (f64::MAX, "1.7976931348623157e308"),
            (f64::MIN_POSITIVE, "2.2250738585072014e-308"),
        ];
        for (x, s) in cases {
            assert_eq!(show_double(x), s, "{x:?}");
        }
    }

    #[test]
    fn chars_and_strings_as_ghc_prints_them() {
        assert_eq!(show_char('a'), "'a'");
        assert_eq!(show_char('\''), "'\\''");
        assert_eq!(show_char('"'), "'\"'");
        assert_eq!(show_char('\n'), "'\\n'");
        assert_eq!(
            show_string("quote\" backslash\\ tab\t"),
            "\"quote\\\" backslash\\\\ tab\\t\""
        );
        assert_eq!(
            show_string("\u{4d2}x and \u{c8}1 and caf\u{e9}"),
            "\"\\1234x and \\200\\&1 and caf\\233\""
        );
        assert_eq!(show_string("\u{1}\u{7f}\u{7f}9"), "\"\\SOH\\DEL\\DEL9\"");
        assert_eq!(show_string("\u{e}H"), "\"\\SO\\&H\"");
        assert_eq!(show_string("'"), "\"'\"");
    }
}
