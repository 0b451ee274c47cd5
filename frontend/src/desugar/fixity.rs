//! Fixity resolution (Haskell 2010 report §10.6) of flat operator chains, including prefix
//! negation at precedence 6. Generic over the operand type so that expressions and patterns share
//! it; it only decides the tree shape and knows nothing about names or scopes.

use crate::ast::Assoc;
use dnrad_core::{Diagnostic, ErrorKind, Span};

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fixity {
    pub assoc: FixAssoc,
    pub prec: u8,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FixAssoc {
    Left,
    Right,
    None,
}

impl From<&Assoc> for FixAssoc {
    fn from(a: &Assoc) -> FixAssoc {
        match a {
            Assoc::Left => FixAssoc::Left,
            Assoc::Right => FixAssoc::Right,
            Assoc::None => FixAssoc::None,
        }
    }
}

impl Fixity {
    /// Operators without a fixity declaration: `infixl 9`.
    pub const DEFAULT: Fixity = Fixity {
        assoc: FixAssoc::Left,
        prec: 9,
    };
    const NEG: Fixity = Fixity {
        assoc: FixAssoc::Left,
        prec: 6,
    };
}

/// An element of a chain: an operand, an operator with its fixity, or prefix minus.
pub enum Item<T, O> {
    Operand(T),
    Op(O, Fixity, Span),
    Neg(Span),
}

/// A resolved chain.
pub enum Tree<T, O> {
    Leaf(T),
    Bin(O, Box<Tree<T, O>>, Box<Tree<T, O>>),
    Neg(Span, Box<Tree<T, O>>),
}

/// A fixity in the resolver, where the outermost context has precedence -1.
#[derive(Clone, Copy)]
struct Ctx {
    assoc: FixAssoc,
    prec: i16,
}

impl From<Fixity> for Ctx {
    fn from(f: Fixity) -> Ctx {
        Ctx {
            assoc: f.assoc,
            prec: f.prec.into(),
        }
    }
}

fn conflict(span: Span, what: &str) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::Parse,
        span,
        format!("cannot mix {what} in the same infix expression without parentheses"),
    )
}

/// Where a finished operand goes: the report's `parseNeg`/`parse1` recursion, with its
/// pending calls kept on a vector (a right-associative chain is as deep as it is long).
enum Pending<T, O> {
    /// Negate it, then continue `parse1` at `outer`.
    Neg(Span, Ctx),
    /// It is the right operand of `op` after `left`; then continue `parse1` at `outer`.
    Right(O, Tree<T, O>, Ctx),
}

/// Resolve a chain into a tree according to the operators' fixities (the algorithm of the
/// report's §10.6, without recursion).
pub fn resolve<T, O>(items: Vec<Item<T, O>>) -> Result<Tree<T, O>, Diagnostic> {
    let mut items = items.into_iter().peekable();
    let mut pending: Vec<Pending<T, O>> = Vec::new();
    // `parseNeg` at `op1`.
    let mut op1 = Ctx {
        assoc: FixAssoc::None,
        prec: -1,
    };
    loop {
        let mut e1 = match items.next() {
            Some(Item::Operand(e)) => Tree::Leaf(e),
            Some(Item::Neg(span)) => {
                if op1.prec >= 6 {
                    return Err(conflict(
                        span,
                        "prefix `-` and an operator of precedence 6 or higher",
                    ));
                }
                pending.push(Pending::Neg(span, op1));
                op1 = Fixity::NEG.into();
                continue;
            }
            Some(Item::Op(_, _, span)) => {
                return Err(Diagnostic::new(
                    ErrorKind::Parse,
                    span,
                    "an operator is missing its left operand",
                ))
            }
            None => {
                return Err(Diagnostic::new(
                    ErrorKind::Parse,
                    Span::dummy(),
                    "an operator is missing its right operand",
                ))
            }
        };
        // `parse1 op1 e1`: take operators binding tighter than `op1`; when none is left, `e1`
        // is finished and goes where the innermost pending call wants it.
        loop {
            let next = match items.peek() {
                Some(Item::Op(_, op2, span)) => Some((Ctx::from(*op2), *span)),
                _ => None,
            };
            if let Some((op2, span)) = next {
                if op1.prec == op2.prec && (op1.assoc != op2.assoc || op1.assoc == FixAssoc::None) {
                    return Err(conflict(
                        span,
                        "operators of the same precedence with different associativity",
                    ));
                }
                let binds =
                    op1.prec < op2.prec || (op1.prec == op2.prec && op1.assoc != FixAssoc::Left);
                let taken = items.next_if(|item| binds && matches!(item, Item::Op(..)));
                if let Some(Item::Op(op, _, _)) = taken {
                    pending.push(Pending::Right(op, e1, op1));
                    op1 = op2;
                    break;
                }
            }
            match pending.pop() {
                None => return Ok(e1),
                Some(Pending::Neg(span, outer)) => {
                    e1 = Tree::Neg(span, Box::new(e1));
                    op1 = outer;
                }
                Some(Pending::Right(op, left, outer)) => {
                    e1 = Tree::Bin(op, Box::new(left), Box::new(e1));
                    op1 = outer;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fx(assoc: FixAssoc, prec: u8) -> Fixity {
        Fixity { assoc, prec }
    }

    fn show(t: &Tree<&str, &str>) -> String {
        match t {
            Tree::Leaf(x) => x.to_string(),
            Tree::Bin(op, l, r) => format!("({} {op} {})", show(l), show(r)),
            Tree::Neg(_, e) => format!("(-{})", show(e)),
        }
    }

    fn run(items: Vec<Item<&'static str, &'static str>>) -> Result<String, Diagnostic> {
        resolve(items).map(|t| show(&t))
    }

    fn op(name: &'static str) -> Item<&'static str, &'static str> {
        let f = match name {
            "+" | "-" => fx(FixAssoc::Left, 6),
            "*" => fx(FixAssoc::Left, 7),
            "^" | "." => fx(FixAssoc::Right, if name == "^" { 8 } else { 9 }),
            "==" => fx(FixAssoc::None, 4),
            "$" => fx(FixAssoc::Right, 0),
            _ => Fixity::DEFAULT,
        };
        Item::Op(name, f, Span::dummy())
    }

    fn e(x: &'static str) -> Item<&'static str, &'static str> {
        Item::Operand(x)
    }

    #[test]
    fn precedence_and_associativity() {
        assert_eq!(
            run(vec![e("a"), op("+"), e("b"), op("*"), e("c")]).unwrap(),
            "(a + (b * c))"
        );
        assert_eq!(
            run(vec![e("a"), op("-"), e("b"), op("-"), e("c")]).unwrap(),
            "((a - b) - c)"
        );
        assert_eq!(
            run(vec![e("a"), op("^"), e("b"), op("^"), e("c")]).unwrap(),
            "(a ^ (b ^ c))"
        );
        assert_eq!(
            run(vec![
                e("f"),
                op("$"),
                e("g"),
                op("$"),
                e("x"),
                op("+"),
                e("y")
            ])
            .unwrap(),
            "(f $ (g $ (x + y)))"
        );
        assert_eq!(
            run(vec![
                e("a"),
                op("*"),
                e("b"),
                op("+"),
                e("c"),
                op("*"),
                e("d")
            ])
            .unwrap(),
            "((a * b) + (c * d))"
        );
    }

    #[test]
    fn negation() {
        assert_eq!(
            run(vec![Item::Neg(Span::dummy()), e("a"), op("+"), e("b")]).unwrap(),
            "((-a) + b)"
        );
        assert_eq!(
            run(vec![Item::Neg(Span::dummy()), e("a"), op("*"), e("b")]).unwrap(),
            "(-(a * b))"
        );
        assert_eq!(
            run(vec![e("a"), op("=="), Item::Neg(Span::dummy()), e("b")]).unwrap(),
            "(a == (-b))"
        );
        assert!(run(vec![e("a"), op("*"), Item::Neg(Span::dummy()), e("b")]).is_err());
    }

    #[test]
    fn non_associative_conflicts() {
        assert!(run(vec![e("a"), op("=="), e("b"), op("=="), e("c")]).is_err());
    }
}
