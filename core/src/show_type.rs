//! The one type printer: core types in Haskell syntax, parenthesised by structure (an arrow
//! left of an arrow, an application as an argument). Diagnostics, the REPL's `:type`, `dnrad
//! call` and `dump core` all print through it, in one of two styles. It only reads types.

use crate::types::{names, Type};

/// How names and quantifiers appear.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Style {
    /// As the user wrote them: unqualified names (`Map`, not `Data.Map.Internal.Map`), the
    /// Prelude's `String` for `[Char]`, quantifiers implicit.
    Source,
    /// As core has them (`dump core`, internal errors): qualified names, `[Char]`, explicit
    /// `forall`.
    Core,
}

/// `t` as the user would write it (`Style::Source`).
pub fn source(t: &Type) -> String {
    show(t, Style::Source)
}

/// `t` as core has it (`Style::Core`).
pub fn core(t: &Type) -> String {
    show(t, Style::Core)
}

/// `t` as a whole type.
pub fn show(t: &Type, style: Style) -> String {
    let mut out = String::new();
    write(t, Prec::Top, style, &mut out);
    out
}

/// `t` as the argument of a type application (`Show ([a] -> [a])`, `Num (Maybe a)`, `Eq Int`,
/// `f @(Maybe a)`): in parentheses unless it is atomic.
pub fn show_arg(t: &Type, style: Style) -> String {
    let mut out = String::new();
    write(t, Prec::Arg, style, &mut out);
    out
}

/// Where a type stands, which decides its parentheses.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Prec {
    /// A whole type, a list's element, a tuple's component, a function's result.
    Top,
    /// Left of an arrow.
    FunArg,
    /// An argument of a type application.
    Arg,
}

fn write(t: &Type, prec: Prec, style: Style, out: &mut String) {
    let name = |n: &crate::Name| match style {
        Style::Source => n.unqualified().to_string(),
        Style::Core => n.as_str().to_string(),
    };
    match t {
        Type::Var(v) => out.push_str(v.as_str()),
        Type::Fun(a, b) => {
            if prec > Prec::Top {
                out.push('(');
            }
            write(a, Prec::FunArg, style, out);
            out.push_str(" -> ");
            write(b, Prec::Top, style, out);
            if prec > Prec::Top {
                out.push(')');
            }
        }
        Type::Forall(_, body) if style == Style::Source => write(body, prec, style, out),
        Type::Forall(vs, body) => {
            if prec > Prec::Top {
                out.push('(');
            }
            out.push_str("forall");
            for v in vs {
                out.push(' ');
                out.push_str(v.as_str());
            }
            out.push_str(". ");
            write(body, Prec::Top, style, out);
            if prec > Prec::Top {
                out.push(')');
            }
        }
        Type::Con(c, args) if c.as_str() == names::LIST && args.len() == 1 => {
            let string =
                matches!(&args[0], Type::Con(ch, a) if ch.as_str() == names::CHAR && a.is_empty());
            if string && style == Style::Source {
                out.push_str("String");
                return;
            }
            out.push('[');
            write(&args[0], Prec::Top, style, out);
            out.push(']');
        }
        Type::Con(c, args)
            if c.as_str().starts_with("(,") && args.len() == c.as_str().len() - 1 =>
        {
            out.push('(');
            for (i, a) in args.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write(a, Prec::Top, style, out);
            }
            out.push(')');
        }
        Type::Con(c, args) | Type::App(c, args) => {
            let paren = prec == Prec::Arg && !args.is_empty();
            if paren {
                out.push('(');
            }
            out.push_str(&name(c));
            for a in args {
                out.push(' ');
                write(a, Prec::Arg, style, out);
            }
            if paren {
                out.push(')');
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Name;

    fn con(n: &str, args: Vec<Type>) -> Type {
        Type::Con(Name::new(n), args)
    }

    fn var(v: &str) -> Type {
        Type::Var(Name::new(v))
    }

    #[test]
    fn parentheses_follow_structure() {
        let list_a = con(names::LIST, vec![var("a")]);
        let endo = Type::fun(list_a.clone(), list_a.clone());
        assert_eq!(source(&endo), "[a] -> [a]");
        assert_eq!(show_arg(&endo, Style::Source), "([a] -> [a])");
        assert_eq!(show_arg(&list_a, Style::Source), "[a]");
        assert_eq!(
            source(&Type::fun(endo.clone(), var("b"))),
            "([a] -> [a]) -> b"
        );
        assert_eq!(
            source(&Type::fun(var("b"), endo.clone())),
            "b -> [a] -> [a]"
        );
        let maybe = con("Maybe", vec![con("Maybe", vec![var("a")])]);
        assert_eq!(source(&maybe), "Maybe (Maybe a)");
        assert_eq!(show_arg(&maybe, Style::Source), "(Maybe (Maybe a))");
        assert_eq!(
            source(&con("(,)", vec![endo, maybe])),
            "([a] -> [a], Maybe (Maybe a))"
        );
        assert_eq!(
            source(&Type::App(Name::new("f"), vec![Type::int()])),
            "f Int"
        );
    }

    #[test]
    fn the_styles_differ_in_names_strings_and_quantifiers() {
        let map = con("Data.Map.Internal.Map", vec![Type::string(), var("a")]);
        let t = Type::Forall(vec![Name::new("a")], Box::new(map));
        assert_eq!(source(&t), "Map String a");
        assert_eq!(core(&t), "forall a. Data.Map.Internal.Map [Char] a");
        assert_eq!(
            core(&Type::fun(t.clone(), Type::int())),
            "(forall a. Data.Map.Internal.Map [Char] a) -> Int"
        );
        let a = Type::var("a");
        let t = Type::Forall(
            vec![Name::new("a")],
            Box::new(Type::fun(Type::fun(a.clone(), a.clone()), Type::list(a))),
        );
        assert_eq!(core(&t), "forall a. (a -> a) -> [a]");
    }
}
