//! Core types: System F-style types with prenex and rank-2 (dictionary field) quantifiers.
//! Built-in type constructors are named by `names::*` below; data types (including the built-in
//! `Bool`, lists, unit and tuples) are described by `DataDecl`s in the program.

use crate::name::Name;

#[derive(Clone, Debug, PartialEq)]
pub enum Type {
    /// A type variable bound by an enclosing `Forall` (or a `TyLam` in terms).
    Var(Name),
    /// A type constructor applied to arguments, e.g. `Con("Int", [])`, `Con("[]", [a])`,
    /// `Con("Either", [e])` (partial application, as an argument of a higher-kinded variable).
    Con(Name, Vec<Type>),
    /// The function type `a -> b`.
    Fun(Box<Type>, Box<Type>),
    /// A type variable applied to arguments, `f a b` (constructor classes). Substituting a `Con`
    /// for the head must normalise to a `Con` with the arguments appended (see `Type::apply`).
    App(Name, Vec<Type>),
    /// `forall a b. t`. Appears on let-bound/top-level binders and on dictionary fields that hold
    /// polymorphic methods.
    Forall(Vec<Name>, Box<Type>),
}

/// Names of the built-in type constructors that the runtime knows.
pub mod names {
    pub const INT: &str = "Int";
    pub const INTEGER: &str = "Integer";
    pub const DOUBLE: &str = "Double";
    pub const CHAR: &str = "Char";
    pub const BOOL: &str = "Bool";
    pub const LIST: &str = "[]";
    pub const UNIT: &str = "()";
    /// Tuple type constructors are `(,)`, `(,,)`, ... (see `tuple_name`).
    pub fn tuple_name(arity: usize) -> String {
        format!("({})", ",".repeat(arity - 1))
    }
}

/// Whether `t` mentions no type variable.
pub fn closed(t: &Type) -> bool {
    closed_but(t, &|_| false)
}

/// Whether `t` has at most `limit` nodes (counted until there are more: a type polymorphic
/// recursion made may have very many).
pub fn size_at_most(t: &Type, limit: usize) -> bool {
    let mut budget = limit;
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        let Some(left) = budget.checked_sub(1) else {
            return false;
        };
        budget = left;
        match t {
            Type::Var(_) => {}
            Type::Con(_, args) | Type::App(_, args) => stack.extend(args),
            Type::Fun(a, b) => stack.extend([&**a, &**b]),
            Type::Forall(_, body) => stack.push(body),
        }
    }
    true
}

/// Whether `t` mentions no type variables but those `allowed` (and no `forall`).
pub fn closed_but(t: &Type, allowed: &dyn Fn(&Name) -> bool) -> bool {
    match t {
        Type::Var(v) => allowed(v),
        Type::App(v, args) => allowed(v) && args.iter().all(|a| closed_but(a, allowed)),
        Type::Forall(..) => false,
        Type::Con(_, args) => args.iter().all(|a| closed_but(a, allowed)),
        Type::Fun(a, b) => closed_but(a, allowed) && closed_but(b, allowed),
    }
}

impl Type {
    /// The type under its quantifier, if it has one (`forall a. [a]` is `[a]`).
    pub fn unquantified(&self) -> &Type {
        match self {
            Type::Forall(_, body) => body,
            t => t,
        }
    }

    /// Add the type variables the type mentions (quantified ones included) to `out`, each once,
    /// in order of first mention, after those already there.
    pub fn variables_into(&self, out: &mut Vec<Name>) {
        let mut work = vec![self];
        while let Some(t) = work.pop() {
            match t {
                Type::Var(v) | Type::App(v, _) if !out.contains(v) => out.push(v.clone()),
                _ => {}
            }
            match t {
                Type::Var(_) => {}
                Type::Con(_, args) | Type::App(_, args) => work.extend(args.iter().rev()),
                Type::Fun(a, r) => work.extend([r.as_ref(), a.as_ref()]),
                Type::Forall(_, body) => work.push(body),
            }
        }
    }

    /// The type variables the type mentions, in order of first mention.
    pub fn variables(&self) -> Vec<Name> {
        let mut out = Vec::new();
        self.variables_into(&mut out);
        out
    }

    /// Whether the type constructor `con` occurs in the type.
    pub fn mentions(&self, con: &str) -> bool {
        match self {
            Type::Var(_) => false,
            Type::Con(c, args) => c.as_str() == con || args.iter().any(|a| a.mentions(con)),
            Type::Fun(a, b) => a.mentions(con) || b.mentions(con),
            Type::App(_, args) => args.iter().any(|a| a.mentions(con)),
            Type::Forall(_, t) => t.mentions(con),
        }
    }

    pub fn con0(name: &str) -> Type {
        Type::Con(Name::new(name), Vec::new())
    }
    pub fn int() -> Type {
        Type::con0(names::INT)
    }
    pub fn integer() -> Type {
        Type::con0(names::INTEGER)
    }
    pub fn double() -> Type {
        Type::con0(names::DOUBLE)
    }
    pub fn char() -> Type {
        Type::con0(names::CHAR)
    }
    pub fn bool() -> Type {
        Type::con0(names::BOOL)
    }
    pub fn unit() -> Type {
        Type::con0(names::UNIT)
    }
    pub fn list(elem: Type) -> Type {
        Type::Con(Name::new(names::LIST), vec![elem])
    }
    pub fn string() -> Type {
        Type::list(Type::char())
    }
    pub fn tuple(items: Vec<Type>) -> Type {
        if items.is_empty() {
            return Type::unit();
        }
        Type::Con(Name::from(names::tuple_name(items.len())), items)
    }
    pub fn fun(a: Type, b: Type) -> Type {
        Type::Fun(Box::new(a), Box::new(b))
    }
    /// `a1 -> a2 -> ... -> r`
    pub fn funs(args: Vec<Type>, result: Type) -> Type {
        args.into_iter()
            .rev()
            .fold(result, |acc, a| Type::fun(a, acc))
    }
    pub fn var(name: &str) -> Type {
        Type::Var(Name::new(name))
    }
    pub fn forall(vars: Vec<Name>, body: Type) -> Type {
        if vars.is_empty() {
            body
        } else {
            Type::Forall(vars, Box::new(body))
        }
    }

    /// Apply a (possibly partially applied) type to more arguments, normalising `Con` heads.
    pub fn apply(self, args: Vec<Type>) -> Type {
        if args.is_empty() {
            return self;
        }
        match self {
            Type::Con(c, mut xs) => {
                xs.extend(args);
                Type::Con(c, xs)
            }
            Type::Var(v) => Type::App(v, args),
            Type::App(v, mut xs) => {
                xs.extend(args);
                Type::App(v, xs)
            }
            other => panic!("type application of a non-constructor type {other:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variables_in_order_of_first_mention() {
        // forall b. (a -> f b) -> Either b (f a)
        let f_b = Type::App(Name::new("f"), vec![Type::var("b")]);
        let f_a = Type::App(Name::new("f"), vec![Type::var("a")]);
        let body = Type::fun(
            Type::fun(Type::var("a"), f_b),
            Type::Con(Name::new("Either"), vec![Type::var("b"), f_a]),
        );
        let t = Type::forall(vec![Name::new("b")], body.clone());
        let names = |vs: Vec<Name>| vs.iter().map(|v| v.to_string()).collect::<Vec<_>>();
        assert_eq!(names(t.variables()), ["a", "f", "b"]);
        let mut vars = vec![Name::new("b")];
        body.variables_into(&mut vars);
        assert_eq!(names(vars), ["b", "a", "f"]);
        assert_eq!(t.unquantified(), &body);
        assert_eq!(body.unquantified(), &body);
    }
}
