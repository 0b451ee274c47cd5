//! Names of variables, constructors, type constructors and type variables in core.
//! Cheap to clone (reference-counted). Uniqueness is the producer's job: the frontend makes local
//! names unique by appending `#N`, which no source identifier can contain.

use std::fmt;
use std::rc::Rc;

#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Name(Rc<str>);

impl Name {
    pub fn new(s: &str) -> Name {
        Name(Rc::from(s))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The name as its source wrote it, without the module qualifier a global of a module other
    /// than the Prelude and `Main` carries (`Data.Map.Map` is `Map`, `Calc.Parser.Num` is `Num`,
    /// `Data.Bits..&.` is `.&.`). For types and constructors in messages and derived `Show`.
    pub fn unqualified(&self) -> &str {
        unqualified(&self.0)
    }
}

/// `s` without its leading `Module.` segments (see `Name::unqualified`).
pub fn unqualified(s: &str) -> &str {
    let mut rest = s;
    while rest.starts_with(|c: char| c.is_ascii_uppercase()) {
        let segment = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '\''))
            .unwrap_or(rest.len());
        match rest[segment..].strip_prefix('.') {
            Some(tail) if !tail.is_empty() => rest = tail,
            _ => break,
        }
    }
    rest
}

impl From<&str> for Name {
    fn from(s: &str) -> Name {
        Name::new(s)
    }
}

impl From<String> for Name {
    fn from(s: String) -> Name {
        Name(Rc::from(s))
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", &*self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::unqualified;

    #[test]
    fn qualifiers_are_dropped() {
        assert_eq!(unqualified("Data.Map.Map"), "Map");
        assert_eq!(unqualified("Calc.Parser.Num"), "Num");
        assert_eq!(unqualified("Data.Bits..&."), ".&.");
        assert_eq!(unqualified("Main.lookup"), "lookup");
        assert_eq!(unqualified("Just"), "Just");
        assert_eq!(unqualified("."), ".");
        assert_eq!(unqualified("M.:+"), ":+");
    }
}
