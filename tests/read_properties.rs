//! Property tests of `read`: proptest draws Ints, Integers, Doubles and Strings, this file writes
//! each as text the way a person or another program might (spaces, parentheses, `- 5`, hex and
//! octal, exponents, every escape form, string gaps), and one generated program reads them back
//! and prints what it read, checked here against the values drawn (Doubles to the bit, so the
//! decimal conversion must round correctly). Values of derived types, drawn as expressions, must
//! satisfy `read (show x) == x`. The program runs on both backends.

mod support;

use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::TestRunner;
use support::run_dnrad;

/// Values drawn per kind.
const SAMPLES: usize = 120;

/// Spaces (maybe none) around a token.
fn spaces() -> impl Strategy<Value = String> {
    prop::sample::select(vec!["", "", " ", "  ", "\t", "\n ", " \r\n"]).prop_map(String::from)
}

/// `text` in zero to two pairs of parentheses, with spaces around.
fn wrapped(text: String) -> impl Strategy<Value = String> {
    (0..3usize, spaces(), spaces(), spaces()).prop_map(move |(depth, a, b, c)| {
        let mut s = text.clone();
        for _ in 0..depth {
            s = format!("({b}{s}{c})");
        }
        format!("{a}{s}{b}")
    })
}

/// A number's magnitude as text and its sign: `-5`, `- 5` or `(-5)` for negative ones.
fn signed(negative: bool, magnitude: String) -> impl Strategy<Value = String> {
    (0..3usize, spaces()).prop_map(move |(form, sp)| match (negative, form) {
        (false, _) => magnitude.clone(),
        (true, 0) => format!("-{magnitude}"),
        (true, 1) => format!("-{sp}{magnitude}"),
        (true, _) => format!("({sp}-{magnitude}{sp})"),
    })
}

fn int_case() -> impl Strategy<Value = (i64, String)> {
    (any::<i64>(), 0..3usize)
        .prop_flat_map(|(n, base)| {
            let m = n.unsigned_abs();
            let magnitude = match base {
                0 => format!("{m}"),
                1 => format!("0x{m:x}"),
                _ => format!("0o{m:o}"),
            };
            (Just(n), signed(n < 0, magnitude))
        })
        .prop_flat_map(|(n, text)| (Just(n), wrapped(text)))
}

fn integer_case() -> impl Strategy<Value = (String, String)> {
    (any::<bool>(), "[0-9]{1,40}")
        .prop_flat_map(|(negative, digits)| {
            let trimmed = digits.trim_start_matches('0');
            let value = match (trimmed.is_empty(), negative) {
                (true, _) => "0".to_string(),
                (false, true) => format!("-{trimmed}"),
                (false, false) => trimmed.to_string(),
            };
            (Just(value), signed(negative, digits))
        })
        .prop_flat_map(|(value, text)| (Just(value), wrapped(text)))
}

fn double_case() -> impl Strategy<Value = (f64, String)> {
    let finite = any::<u64>()
        .prop_map(f64::from_bits)
        .prop_filter("finite", |x| x.is_finite());
    let decimal =
        (-1_000_000i64..1_000_000, 0..8u32).prop_map(|(m, k)| m as f64 / 10f64.powi(k as i32));
    prop_oneof![finite, decimal]
        .prop_flat_map(|x| {
            let magnitude = x.abs();
            (
                Just(x),
                prop::sample::select(vec![
                    format!("{magnitude:?}"),
                    format!("{magnitude:e}"),
                    format!("{magnitude:E}"),
                    format!("{magnitude:.20e}"),
                ]),
            )
        })
        .prop_flat_map(|(x, magnitude)| {
            let negative = x.is_sign_negative();
            (Just(x), signed(negative, magnitude))
        })
        .prop_flat_map(|(x, text)| (Just(x), wrapped(text)))
}

/// Characters of every kind: printable ASCII, quotes, controls, Latin-1, the BMP, the rest.
fn any_char() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::char::range(' ', '~'),
        prop::sample::select(vec!['"', '\\', '\'', '\n', '\t', '\0', '\u{7f}', 'H', '&']),
        prop::char::range('\0', '\u{1f}'),
        prop::char::range('\u{80}', '\u{ff}'),
        prop::char::range('\u{100}', '\u{d7ff}'),
        prop::char::range('\u{10000}', '\u{10ffff}'),
    ]
}

const ASCII_NAMES: [&str; 32] = [
    "NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "HT", "LF", "VT", "FF", "CR",
    "SO", "SI", "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB", "ESC",
    "FS", "GS", "RS", "US",
];

/// One character of a string literal, in the escape form `form` picks, and whether the next
/// character must be kept from continuing the escape (`\&`): digits after a numeric escape,
/// `H` after `\SO`.
fn escaped(c: char, form: u8) -> (String, fn(char) -> bool) {
    fn never(_: char) -> bool {
        false
    }
    fn decimal(c: char) -> bool {
        c.is_ascii_digit()
    }
    fn hex(c: char) -> bool {
        c.is_ascii_hexdigit()
    }
    fn octal(c: char) -> bool {
        c.is_digit(8)
    }
    fn h(c: char) -> bool {
        c == 'H'
    }
    let code = c as u32;
    match (c, form % 5) {
        ('"', _) => ("\\\"".into(), never),
        ('\\', _) => ("\\\\".into(), never),
        (' '..='~', 0 | 1) => (c.to_string(), never),
        ('\n', 0) => ("\\n".into(), never),
        (_, 2) => (format!("\\x{code:X}"), hex),
        (_, 3) => (format!("\\o{code:o}"), octal),
        (_, 4) if code < 32 => {
            let name = ASCII_NAMES[code as usize];
            (format!("\\{name}"), if name == "SO" { h } else { never })
        }
        (_, 4) if code == 127 => ("\\DEL".into(), never),
        _ if c >= '\u{a0}' && form.is_multiple_of(2) => (c.to_string(), never),
        _ => (format!("\\{code}"), decimal),
    }
}

fn string_case() -> impl Strategy<Value = (Vec<char>, String)> {
    prop::collection::vec((any_char(), any::<u8>(), 0..12u8), 0..12).prop_map(|items| {
        let mut text = String::from("\"");
        let mut guard: fn(char) -> bool = |_| false;
        for (c, form, gap) in &items {
            if guard(*c) {
                text.push_str("\\&");
            }
            if *gap == 0 {
                text.push_str("\\ \n  \\");
            }
            let (s, next) = escaped(*c, *form);
            text.push_str(&s);
            guard = next;
        }
        text.push('"');
        (items.iter().map(|(c, _, _)| *c).collect(), text)
    })
}

/// Derived types, drawn as Haskell expressions.
const TYPES: &str = r#"
infixl 6 :+
data E = L Int | E :+ E | Neg E | R { lab :: String, val :: Double } deriving (Show, Read, Eq)
data P a = P a (Maybe a) [a] | Q deriving (Show, Read, Eq)

roundTrip :: (Show a, Read a, Eq a) => a -> Bool
roundTrip x = read (show x) == x
"#;

fn expr() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        any::<i64>().prop_map(|n| format!("L ({n})")),
        ("[a-z\"\\\\ ]{0,6}", -1e6f64..1e6).prop_map(|(s, x)| {
            let lit = s.replace('\\', "\\\\").replace('"', "\\\"");
            format!("R {{lab = \"{lit}\", val = ({x:?})}}")
        }),
    ];
    leaf.prop_recursive(4, 24, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a}) :+ ({b})")),
            inner.prop_map(|a| format!("Neg ({a})")),
        ]
    })
}

fn derived_case() -> impl Strategy<Value = String> {
    let p = (
        any::<i32>(),
        prop::option::of(any::<i32>()),
        prop::collection::vec(any::<i32>(), 0..4),
    )
        .prop_map(|(a, b, cs)| {
            let b = b.map_or("Nothing".to_string(), |b| format!("(Just ({b}))"));
            let cs: Vec<String> = cs.iter().map(|c| format!("({c})")).collect();
            format!("P ({a}) {b} [{}] :: P Int", cs.join(", "))
        });
    prop_oneof![
        expr().prop_map(|e| format!("{e} :: E")),
        p,
        (expr(), expr()).prop_map(|(a, b)| format!(
            "(Just ({a}), [Left ({b}), Right Q]) :: (Maybe E, [Either E (P Bool)])"
        )),
    ]
}

fn draw<S: Strategy>(strategy: S, runner: &mut TestRunner) -> Vec<S::Value> {
    (0..SAMPLES)
        .map(|_| strategy.new_tree(runner).expect("a value").current())
        .collect()
}

/// A Haskell string literal of plain text (the texts the program reads).
fn literal(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            ' '..='~' => out.push(c),
            _ => out.push_str(&format!("\\{}\\&", c as u32)),
        }
    }
    out.push('"');
    out
}

fn read_all(ty: &str, shown: &str, texts: &[String]) -> String {
    let items: Vec<String> = texts.iter().map(|t| literal(t)).collect();
    format!(
        "  mapM_ (\\s -> print ({shown} (read s :: {ty}))) [{}]\n",
        items.join(", ")
    )
}

fn second<T>(cases: &[(T, String)]) -> Vec<String> {
    cases.iter().map(|c| c.1.clone()).collect()
}

#[test]
fn read_gets_back_what_was_written() {
    let mut runner = TestRunner::deterministic();
    let ints = draw(int_case(), &mut runner);
    let integers = draw(integer_case(), &mut runner);
    let doubles = draw(double_case(), &mut runner);
    let strings = draw(string_case(), &mut runner);
    let derived = draw(derived_case(), &mut runner);
    let mut program = format!("{TYPES}\nmain :: IO ()\nmain = do\n");
    program += &read_all("Int", "", &second(&ints));
    program += &read_all("Integer", "", &second(&integers));
    program += &read_all("Double", "", &second(&doubles));
    program += &read_all("String", "map fromEnum", &second(&strings));
    for e in &derived {
        program += &format!("  print (roundTrip ({e}))\n");
    }
    let path = support::temp_program("read-props", "read_properties.hs", &program);
    for backend in ["vm", "interp"] {
        let out = run_dnrad(&["run", "--backend", backend], &path);
        assert_eq!(out.code, Some(0), "{backend}: {}", out.stderr);
        let mut lines = out.stdout.lines();
        let mut next = || {
            lines
                .next()
                .unwrap_or_else(|| panic!("{backend}: output ends early"))
        };
        for (n, text) in &ints {
            assert_eq!(next(), n.to_string(), "{backend}: read {text:?} :: Int");
        }
        for (n, text) in &integers {
            assert_eq!(next(), n, "{backend}: read {text:?} :: Integer");
        }
        for (x, text) in &doubles {
            let line = next();
            let got: f64 = line.parse().unwrap_or_else(|_| panic!("{backend}: {line}"));
            assert_eq!(
                got.to_bits(),
                x.to_bits(),
                "{backend}: read {text:?} :: Double gave {line}"
            );
        }
        for (chars, text) in &strings {
            let codes: Vec<String> = chars.iter().map(|c| (*c as u32).to_string()).collect();
            assert_eq!(
                next(),
                format!("[{}]", codes.join(",")),
                "{backend}: read {text:?} :: String"
            );
        }
        for e in &derived {
            assert_eq!(next(), "True", "{backend}: read (show x) == x for {e}");
        }
    }
}
