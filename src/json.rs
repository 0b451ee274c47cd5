//! `dnrad grad --json`: a value printed by `show` (numbers, tuples, lists, strings, characters,
//! constructors with positional or record fields) rewritten as JSON, so other tools can read a
//! gradient. Tuples, lists and Data.Array's arrays (their elements in index order) become
//! arrays, `C x y` becomes `{"C": [x, y]}`, a record
//! `C {f = x}` becomes `{"C": {"f": x}}`, nullary constructors strings, `True`/`False` booleans,
//! and NaN and the infinities `null` (JSON has no such numbers). It only rewrites text.

use std::iter::Peekable;
use std::str::Chars;

struct Parser<'a> {
    chars: Peekable<Chars<'a>>,
}

fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

impl Parser<'_> {
    fn skip_space(&mut self) {
        while self.chars.peek().is_some_and(|c| c.is_whitespace()) {
            self.chars.next();
        }
    }

    fn eat(&mut self, c: char) -> bool {
        self.skip_space();
        if self.chars.peek() == Some(&c) {
            self.chars.next();
            true
        } else {
            false
        }
    }

    fn word(&mut self) -> String {
        let mut w = String::new();
        while let Some(&c) = self.chars.peek() {
            if c.is_alphanumeric() || matches!(c, '_' | '\'' | '.' | '-' | '+') {
                w.push(c);
                self.chars.next();
            } else {
                break;
            }
        }
        w
    }

    /// A Haskell string or character literal's contents, escapes decoded for the common cases.
    fn literal(&mut self, close: char) -> Result<String, String> {
        let mut s = String::new();
        loop {
            match self.chars.next() {
                Some(c) if c == close => return Ok(s),
                Some('\\') => match self.chars.next() {
                    Some('n') => s.push('\n'),
                    Some('t') => s.push('\t'),
                    Some(c) => s.push(c),
                    None => return Err("unfinished escape".into()),
                },
                Some(c) => s.push(c),
                None => return Err("unfinished literal".into()),
            }
        }
    }

    fn sequence(&mut self, close: char) -> Result<Vec<String>, String> {
        let mut items = Vec::new();
        if self.eat(close) {
            return Ok(items);
        }
        loop {
            items.push(self.value()?);
            if self.eat(close) {
                return Ok(items);
            }
            if !self.eat(',') {
                return Err(format!("expected `,` or `{close}`"));
            }
        }
    }

    fn number(word: &str) -> Result<String, String> {
        match word {
            "NaN" | "Infinity" | "-Infinity" => Ok("null".into()),
            _ => word
                .parse::<f64>()
                .map(|_| word.to_string())
                .map_err(|_| format!("not a number: {word}")),
        }
    }

    /// A value that can be a constructor's argument.
    fn atom(&mut self) -> Result<Option<String>, String> {
        self.skip_space();
        let Some(&c) = self.chars.peek() else {
            return Ok(None);
        };
        Ok(Some(match c {
            '(' => {
                self.chars.next();
                let items = self.sequence(')')?;
                match items.len() {
                    1 => items.into_iter().next().unwrap_or_default(),
                    _ => format!("[{}]", items.join(",")),
                }
            }
            '[' => {
                self.chars.next();
                format!("[{}]", self.sequence(']')?.join(","))
            }
            '"' => {
                self.chars.next();
                quote(&self.literal('"')?)
            }
            '\'' => {
                self.chars.next();
                quote(&self.literal('\'')?)
            }
            c if c.is_ascii_digit() || c == '-' => Self::number(&self.word())?,
            c if c.is_uppercase() => {
                let w = self.word();
                match w.as_str() {
                    "True" => "true".into(),
                    "False" => "false".into(),
                    "NaN" | "Infinity" => "null".into(),
                    _ => quote(&w),
                }
            }
            _ => return Ok(None),
        }))
    }

    /// The rest of Data.Array's `array (l,u) [(i,x),...]` after `array`: the elements `x` in
    /// index order, as a JSON array (the bounds are the input's, which the caller knows).
    fn array(&mut self) -> Result<String, String> {
        self.atom()?.ok_or("expected an array's bounds")?;
        self.skip_space();
        if !self.eat('[') {
            return Err("expected an array's associations".into());
        }
        let mut elements = Vec::new();
        while !self.eat(']') {
            if !elements.is_empty() && !self.eat(',') {
                return Err("expected `,` or `]` in an array's associations".into());
            }
            self.skip_space();
            if !self.eat('(') {
                return Err("expected an association `(index,element)`".into());
            }
            self.value()?;
            if !self.eat(',') {
                return Err("expected `,` in an association".into());
            }
            elements.push(self.value()?);
            if !self.eat(')') {
                return Err("expected `)` after an association".into());
            }
            self.skip_space();
        }
        Ok(format!("[{}]", elements.join(",")))
    }

    fn value(&mut self) -> Result<String, String> {
        self.skip_space();
        if self.chars.clone().take(6).eq("array ".chars()) {
            self.word();
            return self.array();
        }
        let constructor = self.chars.peek().is_some_and(|c| c.is_uppercase());
        let head = self.atom()?.ok_or("expected a value")?;
        if !constructor || !head.starts_with('"') {
            return Ok(head);
        }
        if self.eat('{') {
            let mut fields = Vec::new();
            loop {
                self.skip_space();
                let name = self.word();
                if !self.eat('=') {
                    return Err("expected `=` in a record".into());
                }
                fields.push(format!("{}:{}", quote(&name), self.value()?));
                if self.eat('}') {
                    return Ok(format!("{{{head}:{{{}}}}}", fields.join(",")));
                }
                if !self.eat(',') {
                    return Err("expected `,` or `}` in a record".into());
                }
            }
        }
        let mut args = Vec::new();
        loop {
            self.skip_space();
            match self.chars.peek() {
                None | Some(',' | ')' | ']' | '}') => break,
                _ => args.push(self.atom()?.ok_or("expected an argument")?),
            }
        }
        Ok(if args.is_empty() {
            head
        } else {
            format!("{{{head}:[{}]}}", args.join(","))
        })
    }
}

/// The JSON form of a value printed by `show`.
pub fn from_shown(text: &str) -> Result<String, String> {
    let mut p = Parser {
        chars: text.trim().chars().peekable(),
    };
    let v = p.value()?;
    p.skip_space();
    match p.chars.next() {
        None => Ok(v),
        Some(c) => Err(format!("unexpected `{c}` after the value")),
    }
}

#[cfg(test)]
mod tests {
    use super::from_shown;

    #[test]
    fn shown_values_become_json() {
        let cases = [
            ("(151.0,-50.0)", "[151.0,-50.0]"),
            ("[1.0,2.5e-2]", "[1.0,2.5e-2]"),
            ("Vec3 1.0 (-2.0) 3.0", r#"{"Vec3":[1.0,-2.0,3.0]}"#),
            ("P {px = 1.0, py = -0.5}", r#"{"P":{"px":1.0,"py":-0.5}}"#),
            (
                "(Just 2.0,Nothing,True)",
                r#"[{"Just":[2.0]},"Nothing",true]"#,
            ),
            ("[NaN,Infinity,-Infinity]", "[null,null,null]"),
            ("(3,\"a\\\"b\")", r#"[3,"a\"b"]"#),
            (
                "(array (0,1) [(0,1.5),(1,-2.0)],array ((0,0),(0,1)) [((0,0),P {px = 1.0}),((0,1),P {px = 2.0})])",
                r#"[[1.5,-2.0],[{"P":{"px":1.0}},{"P":{"px":2.0}}]]"#,
            ),
            ("array (1,0) []", "[]"),
        ];
        for (shown, json) in cases {
            assert_eq!(from_shown(shown).as_deref(), Ok(json), "{shown}");
        }
        assert!(from_shown("(1.0,").is_err());
    }
}
