//! Example patterns of values a match does not cover, and how a warning writes them: Haskell
//! pattern syntax as GHC prints it (`(Just _) False`, `(_:_:_)`, `[_]`, `(_, [])`), a literal
//! type's other values as a variable with a condition (`p where p is not one of {0, 1}`).
//! Rendering only: which examples exist is the matrix's business.

use super::matrix::Lit;
use dnrad_core::Name;

/// A pattern standing for values no clause matches.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Example {
    /// Any value.
    Any,
    /// The constructor's values whose fields are the examples.
    Con(Name, Vec<Example>),
    /// A value of a literal type other than these literals (`true`: and other literals not
    /// listed).
    NotOneOf(Vec<Lit>, bool),
}

/// One example row as a warning writes it: its columns separated by spaces, then the
/// conditions on its variables.
pub(crate) fn render_row(row: &[Example]) -> String {
    let mut w = Writer::default();
    let top = if row.len() == 1 { Prec::Top } else { Prec::Arg };
    let columns: Vec<String> = row.iter().map(|e| w.example(e, top)).collect();
    let mut out = columns.join(" ");
    if !w.conditions.is_empty() {
        out.push_str(" where ");
        out.push_str(&w.conditions.join(" and "));
    }
    out
}

/// Where an example stands: alone (a constructor application needs no parentheses) or as an
/// argument.
#[derive(Clone, Copy, PartialEq)]
enum Prec {
    Top,
    Arg,
}

#[derive(Default)]
struct Writer {
    /// How many variables are named (`p`, `q`, ...).
    vars: usize,
    /// `p is not one of {..}` for each variable.
    conditions: Vec<String>,
}

impl Writer {
    fn example(&mut self, e: &Example, prec: Prec) -> String {
        match e {
            Example::Any => "_".into(),
            Example::NotOneOf(lits, more) => {
                let var = self.var_name();
                let mut listed: Vec<String> = lits.iter().map(lit).collect();
                if *more {
                    listed.push("...".into());
                }
                self.conditions
                    .push(format!("{var} is not one of {{{}}}", listed.join(", ")));
                var
            }
            Example::Con(c, fields) => self.con(c, fields, prec),
        }
    }

    fn con(&mut self, c: &Name, fields: &[Example], prec: Prec) -> String {
        let name = c.unqualified();
        if name == ":" {
            return self.list(c, fields);
        }
        if name.starts_with("(,") {
            let items: Vec<String> = fields.iter().map(|f| self.example(f, Prec::Top)).collect();
            return format!("({})", items.join(", "));
        }
        let text = match fields {
            [] => return name.to_string(),
            [l, r] if name.starts_with(':') => {
                let (l, r) = (self.example(l, Prec::Arg), self.example(r, Prec::Arg));
                return format!("({l} {name} {r})");
            }
            _ => {
                let args: Vec<String> = fields.iter().map(|f| self.example(f, Prec::Arg)).collect();
                format!("{name} {}", args.join(" "))
            }
        };
        match prec {
            Prec::Top => text,
            Prec::Arg => format!("({text})"),
        }
    }

    /// A cons cell: `[a, b]` when the spine ends in `[]`, else `(a:b:rest)`.
    fn list(&mut self, cons: &Name, fields: &[Example]) -> String {
        let mut items = Vec::new();
        let mut fields = fields;
        let end = loop {
            let [head, tail] = fields else {
                break None;
            };
            items.push(self.example(head, Prec::Arg));
            match tail {
                Example::Con(c, next) if c == cons => fields = next,
                Example::Con(c, next) if c.as_str() == "[]" && next.is_empty() => break None,
                other => break Some(self.example(other, Prec::Arg)),
            }
        };
        match end {
            None => format!("[{}]", items.join(", ")),
            Some(end) => format!("({}:{end})", items.join(":")),
        }
    }

    fn var_name(&mut self) -> String {
        const NAMES: [&str; 8] = ["p", "q", "r", "s", "t", "u", "v", "w"];
        let i = self.vars;
        self.vars += 1;
        match NAMES.get(i) {
            Some(n) => n.to_string(),
            None => format!("p{}", i - NAMES.len() + 1),
        }
    }
}

/// A literal in Haskell syntax.
fn lit(l: &Lit) -> String {
    match l {
        Lit::Int(n) | Lit::NPlusK(n) => n.to_string(),
        Lit::Frac(x) => format!("{x:?}"),
        Lit::Char(c) => format!("'{}'", escape_char(*c)),
    }
}

fn escape_char(c: char) -> String {
    match c {
        '\'' => "\\'".into(),
        '\\' => "\\\\".into(),
        '\n' => "\\n".into(),
        '\t' => "\\t".into(),
        ' '..='~' => c.to_string(),
        _ => format!("\\{}", c as u32),
    }
}
