//! The shape checks of the AD wrapper: a cotangent against a function's output (vjp), a tangent
//! against an input (jvp). Two values have the same shape when they have the same constructors
//! and numbers at the same positions. The check walks both with an explicit stack; only after it
//! failed, a second walk finds the first position where they differ (in the walks' order: fields
//! left to right, depth first) and says it in words. Values carry constructor tags, not names,
//! so a position is a field number or a list element and a constructor is its number in its
//! type. It never runs code and never looks inside numbers.

use crate::value::Value;
use smallvec::SmallVec;

/// A shape check: the start of its error message and the names of the two values it compares.
pub struct ShapeCheck {
    what: &'static str,
    sides: [&'static str; 2],
}

/// A cotangent passed to a backpropagator against the function's output.
pub const COTANGENT: ShapeCheck = ShapeCheck {
    what: "vjp: the cotangent passed to the backpropagator does not have the shape of the \
           function's output",
    sides: ["output", "cotangent"],
};

/// A tangent passed to jvp against the input.
pub const TANGENT: ShapeCheck = ShapeCheck {
    what: "jvp: the tangent does not have the shape of the input",
    sides: ["input", "tangent"],
};

/// How two nodes at the same position compare.
enum Nodes {
    /// Two numbers.
    Numbers,
    /// The same constructor: their fields are compared.
    Same,
    /// Two other values (Ints, Chars, ...): nothing to compare.
    Other,
    /// A difference of shape.
    Differ,
}

fn compare(a: &Value, b: &Value) -> Nodes {
    match (a.is_number(), b.is_number()) {
        (true, true) => Nodes::Numbers,
        (true, false) | (false, true) => Nodes::Differ,
        _ => match (a.tag(), b.tag()) {
            _ if is_array(a) || is_array(b) => {
                if is_array(a) && is_array(b) && fields(a).len() == fields(b).len() {
                    Nodes::Same
                } else {
                    Nodes::Differ
                }
            }
            (Some(s), Some(t)) if s == t && fields(a).len() == fields(b).len() => Nodes::Same,
            (None, None) => Nodes::Other,
            _ => Nodes::Differ,
        },
    }
}

/// A node's children: a constructor's fields or an array's elements.
fn fields(v: &Value) -> &[Value] {
    match v {
        Value::Con(c) => &c.fields,
        _ => v.array_items().unwrap_or_default(),
    }
}

fn is_array(v: &Value) -> bool {
    matches!(v, Value::Array(_) | Value::InputArray(_))
}

impl ShapeCheck {
    /// Call `visit` with each number of `a` and the number at the same position of `b`, in
    /// order; an error saying where the shapes first differ when they do.
    pub fn zip_numbers<'a>(
        &self,
        a: &'a Value,
        b: &'a Value,
        mut visit: impl FnMut(&'a Value, &'a Value),
    ) -> Result<(), String> {
        if let Nodes::Numbers = compare(a, b) {
            // A scalar (grad's output and its cotangent): no stack at all.
            visit(a, b);
            return Ok(());
        }
        // Most values are a few numbers: no heap for the stack.
        let mut stack: SmallVec<[(&Value, &Value); 8]> = SmallVec::new();
        stack.push((a, b));
        while let Some((x, y)) = stack.pop() {
            match compare(x, y) {
                Nodes::Numbers => visit(x, y),
                Nodes::Same => stack.extend(fields(x).iter().zip(fields(y)).rev()),
                Nodes::Other => {}
                Nodes::Differ => return Err(self.error(a, b)),
            }
        }
        Ok(())
    }

    /// An error saying where the shapes first differ, when they do.
    pub fn check(&self, a: &Value, b: &Value) -> Result<(), String> {
        self.zip_numbers(a, b, |_, _| {})
    }

    fn error(&self, a: &Value, b: &Value) -> String {
        match first_difference(a, b) {
            Some((path, x, y)) => format!("{}: {}", self.what, self.describe(&path, x, y)),
            None => self.what.to_string(),
        }
    }

    /// The difference between `x` and `y`, reached from the roots by `path`, in words.
    fn describe(&self, path: &[(&Value, usize)], x: &Value, y: &Value) -> String {
        let [left, right] = self.sides;
        let mut at = Vec::new();
        // The cells passed along a list's tails, while the path follows one.
        let mut run: Option<usize> = None;
        for &(node, field) in path {
            if is_array(node) {
                run = None;
                at.push(format!("element {} of an array", field + 1));
            } else if !(is_cons(node) && (run.is_some() || is_list(node))) {
                run = None;
                at.push(format!("field {} of {}", field + 1, fields(node).len()));
            } else if field == 0 {
                at.push(format!("element {} of a list", run.unwrap_or(0) + 1));
                run = None;
            } else {
                run = Some(run.unwrap_or(0) + 1);
            }
        }
        let list_ends = [x, y]
            .iter()
            .all(|v| matches!(v, Value::Tag(0)) || is_cons(v));
        let difference = match run {
            Some(n) if list_ends => list_lengths(left, right, n, x, y),
            None if list_ends && is_list(x) && is_list(y) => list_lengths(left, right, 0, x, y),
            _ => {
                if let Some(n) = run {
                    at.push(format!("the rest of a list after {}", count(n, "element")));
                }
                format!(
                    "the {left} has {} where the {right} has {}",
                    kind(x),
                    kind(y)
                )
            }
        };
        if at.is_empty() {
            difference
        } else {
            format!("at {}: {difference}", positions(at))
        }
    }
}

/// How many positions a message names at most (it leaves out the middle of a longer path).
const MAX_POSITIONS: usize = 12;

/// A path's positions in words, a position repeated three times or more said once with the
/// count (a deep value nests the same field many times), at most `MAX_POSITIONS` of them.
fn positions(at: Vec<String>) -> String {
    let mut said: Vec<String> = Vec::new();
    let mut rest = at.into_iter().peekable();
    while let Some(p) = rest.next() {
        let mut n = 1;
        while rest.next_if_eq(&p).is_some() {
            n += 1;
        }
        match n {
            1 => said.push(p),
            2 => said.extend([p.clone(), p]),
            _ => said.push(format!("{p} ({n} times)")),
        }
    }
    if said.len() > MAX_POSITIONS {
        let left_out = said.len() - MAX_POSITIONS;
        let end = said.split_off(said.len() - MAX_POSITIONS / 2);
        said.truncate(MAX_POSITIONS / 2);
        said.push(format!("... ({left_out} more positions)"));
        said.extend(end);
    }
    said.join(", ")
}

/// A path from a root: the constructors passed and the field taken in each.
type Path<'a> = Vec<(&'a Value, usize)>;

/// The path to the first position (in the walks' order) where `a` and `b` differ (through the
/// constructors of `a`), and the two nodes there.
fn first_difference<'a>(a: &'a Value, b: &'a Value) -> Option<(Path<'a>, &'a Value, &'a Value)> {
    // The constructors entered, with the next field to compare.
    let mut frames: Vec<(&Value, &Value, usize)> = Vec::new();
    let mut next = Some((a, b));
    loop {
        if let Some((x, y)) = next.take() {
            match compare(x, y) {
                Nodes::Differ => {
                    let path = frames.iter().map(|&(node, _, k)| (node, k - 1)).collect();
                    return Some((path, x, y));
                }
                Nodes::Same => frames.push((x, y, 0)),
                Nodes::Numbers | Nodes::Other => {}
            }
        }
        let (x, y, k) = frames.last_mut()?;
        match (fields(x).get(*k), fields(y).get(*k)) {
            (Some(fx), Some(fy)) => {
                next = Some((fx, fy));
                *k += 1;
            }
            _ => {
                frames.pop();
            }
        }
    }
}

/// A cell shaped like a list's `(:)`: constructor 1 with two fields. (A data type of the same
/// shape, such as a tree's node after a nullary leaf, is described as a list too.)
fn is_cons(v: &Value) -> bool {
    matches!(v, Value::Con(c) if c.tag == 1 && c.fields.len() == 2)
}

/// Whether `v`'s cells along their second fields end in `[]`.
fn is_list(v: &Value) -> bool {
    matches!(spine(v).1, Value::Tag(0))
}

/// The number of list cells along `v`'s second fields, and what ends them.
fn spine(mut v: &Value) -> (usize, &Value) {
    let mut n = 0;
    while is_cons(v) {
        v = &fields(v)[1];
        n += 1;
    }
    (n, v)
}

fn list_lengths(left: &str, right: &str, passed: usize, x: &Value, y: &Value) -> String {
    let length = |v| passed + spine(v).0;
    format!(
        "the {left}'s list has {} where the {right}'s has {}",
        count(length(x), "element"),
        length(y)
    )
}

fn count(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

/// What a node is, in words.
fn kind(v: &Value) -> String {
    let constructor = |tag: u32, n: usize| {
        let n = if n == 0 {
            "no fields".into()
        } else {
            count(n, "field")
        };
        format!("constructor #{} of its type ({n})", u64::from(tag) + 1)
    };
    match v {
        _ if v.is_number() => "a number".into(),
        Value::Tag(t) => constructor(*t, 0),
        Value::Con(c) => constructor(c.tag, c.fields.len()),
        Value::Int(_) => "an Int".into(),
        Value::Char(_) => "a Char".into(),
        Value::SmallInteger(_) | Value::BigInteger(_) => "an Integer".into(),
        Value::Closure(_) | Value::Rec(..) => "a function".into(),
        Value::Ref(_) => "an IORef".into(),
        Value::Array(_) | Value::InputArray(_) => {
            format!("an array of {}", count(fields(v).len(), "element"))
        }
        _ => "the state of the AD wrapper".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(x: f64) -> Value {
        Value::Double(x)
    }

    fn list(n: usize) -> Value {
        Value::list((0..n).map(|k| d(k as f64)))
    }

    fn pair(a: Value, b: Value) -> Value {
        Value::con(0, [a, b])
    }

    /// The message of `COTANGENT` comparing `a` with `b`, without its start.
    fn difference(a: &Value, b: &Value) -> String {
        let message = COTANGENT.check(a, b).expect_err("the shapes differ");
        let start = format!("{}: ", COTANGENT.what);
        message.strip_prefix(&start).expect("the start").to_string()
    }

    #[test]
    fn values_of_the_same_shape_pass_and_numbers_pair_in_order() {
        let a = pair(list(3), Value::con(2, [d(1.0), Value::Int(5)]));
        let b = pair(list(3), Value::con(2, [d(7.0), Value::Int(6)]));
        let mut seen = Vec::new();
        let visit = |x: &Value, y: &Value| seen.push((x.dual_primal(), y.dual_primal()));
        TANGENT.zip_numbers(&a, &b, visit).expect("the same shape");
        let expected: Vec<_> = [(0.0, 0.0), (1.0, 1.0), (2.0, 2.0), (1.0, 7.0)]
            .iter()
            .map(|&(x, y)| (Some(x), Some(y)))
            .collect();
        assert_eq!(seen, expected);
    }

    #[test]
    fn a_difference_is_named_by_its_first_position() {
        let nested = |xs| pair(d(1.0), pair(d(2.0), xs));
        let cases = [
            (
                list(2),
                list(1),
                "the output's list has 2 elements where the cotangent's has 1",
            ),
            (
                list(0),
                list(1),
                "the output's list has 0 elements where the cotangent's has 1",
            ),
            (
                nested(list(3)),
                nested(list(5)),
                "at field 2 of 2, field 2 of 2: the output's list has 3 elements where the \
                 cotangent's has 5",
            ),
            (
                Value::list([list(1), list(3)].into_iter()),
                Value::list([list(1), list(2), d(0.0)].into_iter()),
                "at element 2 of a list: the output's list has 3 elements where the \
                 cotangent's has 2",
            ),
            (
                pair(Value::con(1, [d(1.0)]), d(0.0)),
                pair(Value::Tag(0), d(0.0)),
                "at field 1 of 2: the output has constructor #2 of its type (1 field) where \
                 the cotangent has constructor #1 of its type (no fields)",
            ),
            (
                pair(list(2), d(0.0)),
                pair(Value::con(1, [d(0.0), d(1.0)]), d(0.0)),
                "at field 1 of 2, the rest of a list after 1 element: the output has \
                 constructor #2 of its type (2 fields) where the cotangent has a number",
            ),
            (
                pair(d(1.0), Value::Char('a')),
                pair(Value::Int(1), Value::Char('b')),
                "at field 1 of 2: the output has a number where the cotangent has an Int",
            ),
        ];
        for (a, b, expected) in cases {
            assert_eq!(difference(&a, &b), expected);
        }
    }

    #[test]
    fn deep_and_long_values_are_described_iteratively_and_briefly() {
        let n = 100_000;
        assert_eq!(
            difference(&list(n), &list(n - 1)),
            format!(
                "the output's list has {n} elements where the cotangent's has {}",
                n - 1
            )
        );
        // ((..((x, 1), 2)..), n): nested in the first field, the difference innermost.
        let left = |x: Value| (1..=n).fold(x, |acc, k| pair(acc, d(k as f64)));
        assert_eq!(
            difference(&left(d(0.0)), &left(Value::Tag(0))),
            format!(
                "at field 1 of 2 ({n} times): the output has a number where the cotangent \
                 has constructor #1 of its type (no fields)"
            )
        );
        // Alternating fields: the middle of the path is left out.
        let zigzag = |x: Value| {
            (0..n).fold(x, |acc, k| {
                if k % 2 == 0 {
                    pair(acc, d(0.0))
                } else {
                    pair(d(0.0), acc)
                }
            })
        };
        let message = difference(&zigzag(d(0.0)), &zigzag(Value::Tag(0)));
        assert!(
            message.contains(&format!("... ({} more positions)", n - 12)),
            "{message}"
        );
        assert!(message.len() < 400, "{message}");
    }
}
