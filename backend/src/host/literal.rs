//! The language's literal syntax for a value of a given type (`dnrad grad --at`): what `show`
//! prints — numbers (a negative one in parentheses or not), `NaN` and `Infinity`, character and
//! string literals with Haskell's escapes, lists, tuples, constructors with positional or record
//! fields (in any order), and Data.Array's `array (l,u) [(i,x),...]` and `listArray (l,u)
//! [x,...]` — read by the type. It is not code: no variables, operators or functions but those
//! two array forms.

use super::{range_size, Types, ARRAY};
use crate::integer;
use crate::value::Value;
use dnrad_core::prim::{simple_escape, ASCII_ESCAPES};
use dnrad_core::types::names;
use dnrad_core::{show_type, DataCon, Type};
use num_bigint::BigInt;

struct Reader<'t> {
    chars: Vec<char>,
    pos: usize,
    types: &'t Types<'t>,
}

/// The value of type `ty` written as `text`.
pub fn decode_literal(types: &Types, ty: &Type, text: &str) -> Result<Value, String> {
    let mut r = Reader {
        chars: text.chars().collect(),
        pos: 0,
        types,
    };
    let v = r.value(ty)?;
    r.space();
    if r.pos < r.chars.len() {
        return Err(r.error("unexpected text after the value"));
    }
    Ok(v)
}

impl Reader<'_> {
    fn error(&self, msg: impl std::fmt::Display) -> String {
        format!("at column {}: {msg}", self.pos + 1)
    }

    fn space(&mut self) {
        while self.chars.get(self.pos).is_some_and(|c| c.is_whitespace()) {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.space();
        self.chars.get(self.pos).copied()
    }

    fn eat(&mut self, c: char) -> bool {
        let found = self.peek() == Some(c);
        self.pos += usize::from(found);
        found
    }

    fn expect(&mut self, c: char) -> Result<(), String> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(self.error(format!("expected `{c}`")))
        }
    }

    /// A name (constructor, field, `array`), possibly empty.
    fn word(&mut self) -> String {
        self.space();
        let start = self.pos;
        while self
            .chars
            .get(self.pos)
            .is_some_and(|c| c.is_alphanumeric() || *c == '_' || *c == '\'')
        {
            self.pos += 1;
        }
        self.chars[start..self.pos].iter().collect()
    }

    /// Items between `open` and `close`, separated by commas.
    fn items<T>(
        &mut self,
        open: char,
        close: char,
        mut item: impl FnMut(&mut Self) -> Result<T, String>,
    ) -> Result<Vec<T>, String> {
        self.expect(open)?;
        let mut out = Vec::new();
        if self.eat(close) {
            return Ok(out);
        }
        loop {
            out.push(item(self)?);
            if self.eat(close) {
                return Ok(out);
            }
            self.expect(',')?;
        }
    }

    fn value(&mut self, ty: &Type) -> Result<Value, String> {
        let Type::Con(name, args) = ty else {
            return Err(self.error(format!("a `{}` cannot be written", show_type::source(ty))));
        };
        let compound = name.as_str().starts_with("(,") || name.as_str() == names::UNIT;
        if !compound && self.peek() == Some('(') {
            self.pos += 1;
            let v = self.value(ty)?;
            self.expect(')')?;
            return Ok(v);
        }
        match (name.as_str(), args.as_slice()) {
            (names::INT, []) => match self.integer()?.try_into() {
                Ok(i) => Ok(Value::Int(i)),
                Err(_) => Err(self.error("the number does not fit an Int")),
            },
            (names::INTEGER, []) => Ok(integer::from_big(self.integer()?)),
            (names::DOUBLE, []) => self.double().map(Value::Double),
            (names::CHAR, []) => {
                let text = self.quoted('\'')?;
                let mut chars = text.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) => Ok(Value::Char(c)),
                    _ => Err(self.error("expected one character")),
                }
            }
            (names::UNIT, []) => {
                self.expect('(')?;
                self.expect(')')?;
                Ok(Value::unit())
            }
            (names::LIST, [elem]) => {
                let is_char = matches!(elem, Type::Con(c, _) if c.as_str() == names::CHAR);
                if is_char && self.peek() == Some('"') {
                    return Ok(Value::string(&self.quoted('"')?));
                }
                let items = self.items('[', ']', |r| r.value(elem))?;
                Ok(Value::list(items.into_iter()))
            }
            _ if name.as_str().starts_with("(,") => {
                let mut fields = args.iter();
                let items = self.items('(', ')', |r| match fields.next() {
                    Some(t) => r.value(t),
                    None => Err(r.error("too many components")),
                })?;
                if items.len() != args.len() {
                    return Err(self.error(format!("expected {} components", args.len())));
                }
                Ok(Value::con(0, items))
            }
            (ARRAY, [index, elem]) => self.array(index, elem),
            _ => self.constructed(ty),
        }
    }

    fn digits(&mut self) -> String {
        self.space();
        let start = self.pos;
        let mut prev = ' ';
        while let Some(&c) = self.chars.get(self.pos) {
            let exponent_sign = (c == '-' || c == '+') && (prev == 'e' || prev == 'E');
            if !(c.is_ascii_digit() || c == '.' || c == 'e' || c == 'E' || exponent_sign) {
                break;
            }
            prev = c;
            self.pos += 1;
        }
        self.chars[start..self.pos].iter().collect()
    }

    fn integer(&mut self) -> Result<BigInt, String> {
        let negative = self.eat('-');
        let at = self.pos;
        let digits = self.digits();
        let Ok(n) = digits.parse::<BigInt>() else {
            self.pos = at;
            return Err(self.error(format!("expected an integer, found `{digits}`")));
        };
        Ok(if negative { -n } else { n })
    }

    fn double(&mut self) -> Result<f64, String> {
        let negative = self.eat('-');
        let x = match self.peek() {
            Some(c) if c.is_ascii_digit() => {
                let digits = self.digits();
                digits
                    .parse::<f64>()
                    .map_err(|_| self.error(format!("expected a number, found `{digits}`")))?
            }
            _ => {
                let at = self.pos;
                match self.word().as_str() {
                    "NaN" => f64::NAN,
                    "Infinity" => f64::INFINITY,
                    w => {
                        let found = format!("expected a number, found `{w}`");
                        self.pos = at;
                        return Err(self.error(found));
                    }
                }
            }
        };
        Ok(if negative { -x } else { x })
    }

    /// The characters of a literal between `quote`s, escapes decoded.
    fn quoted(&mut self, quote: char) -> Result<String, String> {
        self.expect(quote)?;
        let mut out = String::new();
        loop {
            let Some(&c) = self.chars.get(self.pos) else {
                return Err(self.error("the literal does not end"));
            };
            self.pos += 1;
            match c {
                _ if c == quote => return Ok(out),
                '\\' => {
                    if let Some(e) = self.escape()? {
                        out.push(e);
                    }
                }
                _ => out.push(c),
            }
        }
    }

    /// The character an escape after its backslash stands for (`None` for `\&`).
    fn escape(&mut self) -> Result<Option<char>, String> {
        let rest: String = self.chars[self.pos..].iter().take(4).collect();
        let Some(first) = rest.chars().next() else {
            return Err(self.error("the literal does not end"));
        };
        if first == '&' {
            self.pos += 1;
            return Ok(None);
        }
        if let Some(c) = simple_escape(first) {
            self.pos += 1;
            return Ok(Some(c));
        }
        if let Some((name, code)) = ASCII_ESCAPES.iter().find(|(n, _)| rest.starts_with(n)) {
            self.pos += name.len();
            return Ok(char::from_u32(*code));
        }
        if first == '^' {
            let c = rest.chars().nth(1).filter(|c| ('@'..='_').contains(c));
            self.pos += 2;
            return c
                .map(|c| char::from_u32(u32::from(c) - 64))
                .ok_or_else(|| self.error("a bad control escape"));
        }
        let (radix, skip) = match first {
            'x' => (16, 1),
            'o' => (8, 1),
            _ => (10, 0),
        };
        self.pos += skip;
        let start = self.pos;
        while self.chars.get(self.pos).is_some_and(|c| c.is_digit(radix)) {
            self.pos += 1;
        }
        let digits: String = self.chars[start..self.pos].iter().collect();
        u32::from_str_radix(&digits, radix)
            .ok()
            .and_then(char::from_u32)
            .map(Some)
            .ok_or_else(|| self.error("a bad escape"))
    }

    /// A value of a data type: a constructor and its fields (positional, or a record's).
    fn constructed(&mut self, ty: &Type) -> Result<Value, String> {
        let Type::Con(name, args) = ty else {
            unreachable!("checked by `value`")
        };
        let Some((d, fields)) = self.types.data(name, args) else {
            return Err(self.error(format!("a `{}` cannot be written", show_type::source(ty))));
        };
        let at = self.pos;
        let word = self.word();
        let Some(tag) = d.cons.iter().position(|c| c.name.as_str() == word) else {
            self.pos = at;
            return Err(self.error(format!(
                "expected a constructor of `{}`, found `{word}`",
                show_type::source(ty)
            )));
        };
        let (con, tys) = (&d.cons[tag], &fields[tag]);
        let values = match &con.field_names {
            Some(_) if self.peek() == Some('{') => self.record(con, tys)?,
            _ => tys
                .iter()
                .map(|t| self.argument(t))
                .collect::<Result<_, _>>()?,
        };
        Ok(if values.is_empty() {
            Value::Tag(tag as u32)
        } else {
            Value::con(tag as u32, values)
        })
    }

    /// A constructor's argument: an atom (a constructor with fields must be in parentheses).
    fn argument(&mut self, ty: &Type) -> Result<Value, String> {
        let needs_parens = match ty {
            Type::Con(n, a) => {
                self.types.data(n, a).is_some_and(|(d, _)| {
                    !n.as_str().starts_with("(,") && d.cons.iter().any(|c| !c.fields.is_empty())
                }) && n.as_str() != names::LIST
            }
            _ => false,
        };
        if needs_parens && self.peek() != Some('(') {
            let at = self.pos;
            let word = self.word();
            let braces = self.peek() == Some('{');
            self.pos = at;
            // A constructor without fields needs none, nor does a record's `C {..}`.
            let nullary = |c: &DataCon| {
                c.name.as_str() == word
                    && (c.fields.is_empty() || braces && c.field_names.is_some())
            };
            let fine = match ty {
                Type::Con(n, a) => self
                    .types
                    .data(n, a)
                    .is_some_and(|(d, _)| d.cons.iter().any(nullary)),
                _ => false,
            };
            if !fine {
                return Err(
                    self.error("a constructor with fields as an argument needs parentheses")
                );
            }
        }
        self.value(ty)
    }

    fn record(&mut self, con: &DataCon, tys: &[Type]) -> Result<Vec<Value>, String> {
        let names = con.field_names.as_deref().unwrap_or_default();
        let mut values: Vec<Option<Value>> = vec![None; names.len()];
        self.items('{', '}', |r| {
            let field = r.word();
            let Some(k) = names.iter().position(|n| n.as_str() == field) else {
                return Err(r.error(format!("`{}` has no field `{field}`", con.name)));
            };
            r.expect('=')?;
            values[k] = Some(r.value(&tys[k])?);
            Ok(())
        })?;
        values
            .into_iter()
            .zip(names)
            .map(|(v, n)| v.ok_or_else(|| self.error(format!("missing field `{n}`"))))
            .collect()
    }

    /// `array (l,u) [(i,x),...]` or `listArray (l,u) [x,...]`.
    fn array(&mut self, index: &Type, elem: &Type) -> Result<Value, String> {
        let at = self.pos;
        let form = self.word();
        let bounds_ty = Type::tuple(vec![index.clone(), index.clone()]);
        let bounds = match form.as_str() {
            "array" | "listArray" => self.value(&bounds_ty)?,
            _ => {
                self.pos = at;
                return Err(self.error("expected `array` or `listArray`"));
            }
        };
        let (l, u) = match &bounds {
            Value::Con(c) => (&c.fields[0], &c.fields[1]),
            _ => unreachable!("a pair"),
        };
        let n = range_size(index, l, u).ok_or_else(|| {
            self.error(format!(
                "arrays indexed by `{}` cannot be written",
                show_type::source(index)
            ))
        })?;
        let n = usize::try_from(n).unwrap_or(0);
        let mut items = vec![Value::HOLE; n];
        if form == "listArray" {
            let xs = self.items('[', ']', |r| r.value(elem))?;
            for (slot, x) in items.iter_mut().zip(xs) {
                *slot = x;
            }
        } else {
            let assoc = Type::tuple(vec![index.clone(), elem.clone()]);
            for pair in self.items('[', ']', |r| r.value(&assoc))? {
                let Value::Con(c) = &pair else {
                    unreachable!("a pair")
                };
                let position = offset(index, (l, u), &c.fields[0])
                    .filter(|&k| k < n)
                    .ok_or_else(|| self.error("an index outside the bounds"))?;
                items[position] = c.fields[1].clone();
            }
        }
        Ok(Value::con(
            0,
            [bounds, Value::Int(n as i64), Value::array(items)],
        ))
    }
}

/// The position of index `i` between `l` and `u` (Data.Ix's `index`, row-major for tuples).
fn offset(t: &Type, (l, u): (&Value, &Value), i: &Value) -> Option<usize> {
    let Type::Con(c, args) = t else { return None };
    if c.as_str().starts_with("(,") {
        let parts = |v: &Value| match v {
            Value::Con(c) => c.fields.to_vec(),
            _ => Vec::new(),
        };
        let (ls, us, is) = (parts(l), parts(u), parts(i));
        let mut k = 0usize;
        for (j, t) in args.iter().enumerate() {
            let size = usize::try_from(range_size(t, &ls[j], &us[j])?).ok()?;
            let within = offset(t, (&ls[j], &us[j]), &is[j]).filter(|&o| o < size)?;
            k = k.checked_mul(size)?.checked_add(within)?;
        }
        return Some(k);
    }
    // A scalar: how many indices from `l` up to `i` (none when `i` is below `l`), less one.
    usize::try_from(range_size(t, l, i)? - 1).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use dnrad_core::program::builtin_datas;
    use dnrad_core::{DataDecl, Name, Span};

    fn datas() -> Vec<DataDecl> {
        let con = |name: &str, fields: Vec<Type>, names: Option<Vec<&str>>| DataCon {
            name: Name::new(name),
            fields,
            field_names: names.map(|ns| ns.into_iter().map(Name::new).collect()),
            infix: false,
        };
        let a = Type::var("a");
        let mut out = builtin_datas();
        out.push(DataDecl {
            name: Name::new("Maybe"),
            params: vec![Name::new("a")],
            cons: vec![con("Nothing", vec![], None), con("Just", vec![a], None)],
            span: Span::dummy(),
        });
        out.push(DataDecl {
            name: Name::new("P"),
            params: vec![],
            cons: vec![con(
                "P",
                vec![Type::double(), Type::string()],
                Some(vec!["px", "name"]),
            )],
            span: Span::dummy(),
        });
        out
    }

    fn read(ty: &Type, text: &str) -> Result<String, String> {
        let datas = datas();
        let types = Types::new(&datas);
        decode_literal(&types, ty, text).map(|v| format!("{v:?}"))
    }

    #[test]
    fn literals_read_by_their_type() {
        let maybe = |t: Type| Type::Con(Name::new("Maybe"), vec![t]);
        let p = Type::con0("P");
        let same = |ty: &Type, a: &str, b: &str| {
            assert_eq!(read(ty, a), read(ty, b), "{a} vs {b}");
            assert!(read(ty, a).is_ok(), "{a}: {:?}", read(ty, a));
        };
        same(&Type::double(), "-2.5", "(-2.5)");
        same(&Type::double(), "((1e-3))", "0.001");
        same(
            &Type::string(),
            r#""a\"\\\n\955\SOH\&1""#,
            "['a','\"','\\\\','\\n','λ','\\SOH','1']",
        );
        same(&maybe(Type::int()), "Just (-3)", "Just -3");
        same(
            &p,
            r#"P {name = "x", px = 1}"#,
            r#"P {px = 1.0, name = "x"}"#,
        );
        same(
            &Type::list(Type::tuple(vec![Type::int(), maybe(p.clone())])),
            r#"[(1,Nothing),(2, Just (P {px = 2, name = ""}))]"#,
            r#"[ ( 1 , Nothing ) , (2,Just P {px = 2.0, name = []}) ]"#,
        );
        assert!(read(&Type::double(), "NaN").is_ok());
    }

    #[test]
    fn what_is_not_a_literal_of_the_type_is_an_error_with_its_column() {
        let maybe = Type::Con(Name::new("Maybe"), vec![Type::con0("P")]);
        let cases = [
            (
                Type::int(),
                "1.5",
                "at column 1: expected an integer, found `1.5`",
            ),
            (
                Type::int(),
                "x",
                "at column 1: expected an integer, found ``",
            ),
            (
                Type::double(),
                "1 + 2",
                "at column 3: unexpected text after the value",
            ),
            (Type::string(), "\"abc", "the literal does not end"),
            (maybe.clone(), "Just P {px = 1}", "missing field `name`"),
            (
                maybe,
                "Just (Q 1)",
                "at column 7: expected a constructor of `P`, found `Q`",
            ),
            (
                Type::tuple(vec![Type::int(), Type::int()]),
                "(1,2,3)",
                "too many components",
            ),
        ];
        for (ty, text, message) in cases {
            let e = read(&ty, text).expect_err(text);
            assert!(e.contains(message), "{text}: {e}");
        }
    }
}
