//! The untyped core: what desugaring produces and type inference consumes.
//! Names are resolved (locals made unique with a `#N` suffix, type synonyms expanded), patterns are
//! compiled to flat `case`s, and all surface sugar (guards, where, comprehensions, sequences, do,
//! sections, deriving, records) is gone. Types are not known yet; classes and instances still are.

use dnrad_core::{DataDecl, Name, PrimOp, Span, Type};
use num_bigint::BigInt;

#[derive(Clone, Debug, PartialEq)]
pub struct UExpr {
    pub kind: UKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ULit {
    /// Overloaded integer literal: `fromInteger n :: Num a => a`.
    Int(BigInt),
    /// Overloaded fractional literal: `Fractional a => a`.
    Frac(f64),
    Char(char),
    Str(String),
}

#[derive(Clone, Debug, PartialEq)]
pub enum UKind {
    /// A variable: lambda/let/case-bound, top-level, or a class method.
    Var(Name),
    /// A data constructor, possibly not saturated (`map Just xs`).
    Con(Name),
    /// A primitive operation, possibly not saturated (only the Prelude uses these).
    Prim(PrimOp),
    Lit(ULit),
    App(Box<UExpr>, Box<UExpr>),
    Lam(Name, Box<UExpr>),
    /// Bindings that are all in scope in each other and in the body, in any order; type
    /// inference splits them into strongly connected components.
    Let(Vec<UBind>, Box<UExpr>),
    /// `case e of { K x y -> e1; ...; _ -> d }` with flat constructor alternatives.
    Case(Box<UExpr>, Vec<UAlt>, Option<Box<UExpr>>),
    /// `e :: sig`
    Annot(Box<UExpr>, USig),
    /// A pattern-match failure (e.g. "Non-exhaustive patterns in function f"), of any type; the
    /// node's span is what the runtime error points at.
    Fail(String),
}

impl UExpr {
    /// Call `f` with each expression directly inside this one: an application's function and
    /// argument, a lambda's or annotation's body, a `let`'s body and right-hand sides, a
    /// `case`'s scrutinee, alternatives and default.
    pub fn for_each_child<'a>(&'a self, mut f: impl FnMut(&'a UExpr)) {
        match &self.kind {
            UKind::App(g, a) => {
                f(g);
                f(a);
            }
            UKind::Lam(_, b) | UKind::Annot(b, _) => f(b),
            UKind::Let(bs, b) => {
                f(b);
                bs.iter().for_each(|b| f(&b.rhs));
            }
            UKind::Case(s, alts, d) => {
                f(s);
                alts.iter().for_each(|a| f(&a.rhs));
                d.iter().for_each(|d| f(d));
            }
            UKind::Var(_) | UKind::Con(_) | UKind::Prim(_) | UKind::Lit(_) | UKind::Fail(_) => {}
        }
    }

    /// `for_each_child`, mutably.
    pub fn for_each_child_mut<'a>(&'a mut self, mut f: impl FnMut(&'a mut UExpr)) {
        match &mut self.kind {
            UKind::App(g, a) => {
                f(g);
                f(a);
            }
            UKind::Lam(_, b) | UKind::Annot(b, _) => f(b),
            UKind::Let(bs, b) => {
                f(b);
                bs.iter_mut().for_each(|b| f(&mut b.rhs));
            }
            UKind::Case(s, alts, d) => {
                f(s);
                alts.iter_mut().for_each(|a| f(&mut a.rhs));
                d.iter_mut().for_each(|d| f(d));
            }
            UKind::Var(_) | UKind::Con(_) | UKind::Prim(_) | UKind::Lit(_) | UKind::Fail(_) => {}
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct UAlt {
    pub con: Name,
    pub binders: Vec<Name>,
    pub rhs: UExpr,
}

#[derive(Clone, Debug, PartialEq)]
pub struct UBind {
    pub name: Name,
    /// The name as the user wrote it, for messages.
    pub source_name: String,
    pub sig: Option<USig>,
    pub rhs: UExpr,
    pub kind: BindKind,
    pub span: Span,
}

/// How the type checker generalises a binding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BindKind {
    /// The source binding had arguments (`f x = ...`): generalised, with its constraints.
    Function,
    /// A pattern or simple variable binding (`x = ...`): the monomorphism restriction applies.
    Value,
    /// A join point the desugarer made (a pattern match's fallthrough `fail`): never
    /// generalised, since it is called only inside the match, at the match's own type (a
    /// generalised one takes dictionaries that every use must pass and the simplifier must
    /// specialise away again).
    Join,
}

/// A type signature: implicitly quantified over its free type variables.
#[derive(Clone, Debug, PartialEq)]
pub struct USig {
    pub context: Vec<UPred>,
    pub ty: Type,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct UPred {
    pub class: Name,
    pub ty: Type,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct UClass {
    pub name: Name,
    pub tyvar: Name,
    /// Direct superclasses (`class (Eq a, Show a) => Num a`).
    pub supers: Vec<Name>,
    /// Method signatures over `tyvar` (which is not listed in the signature's own context; a
    /// method may add constraints on other type variables).
    pub methods: Vec<(Name, USig)>,
    /// Default method bodies, each named by its method.
    pub defaults: Vec<UBind>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct UInstance {
    pub class: Name,
    /// The instance head: a type constructor applied to distinct type variables (`Tree a`,
    /// `[a]`, `(a, b)`, `Int`).
    pub ty: Type,
    pub context: Vec<UPred>,
    /// Method definitions, each named by its method; missing methods use the class default.
    pub methods: Vec<UBind>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct UProgram {
    /// User and Prelude data types and newtypes (not the built-ins of `dnrad_core::program::builtin_datas`).
    pub datas: Vec<DataDecl>,
    pub classes: Vec<UClass>,
    pub instances: Vec<UInstance>,
    /// All top-level value bindings, Prelude and user.
    pub binds: Vec<UBind>,
    /// The user's `main`, if the program defines one.
    pub main: Option<Name>,
    /// The warnings desugaring found (name shadowing).
    pub warnings: Vec<dnrad_core::Diagnostic>,
}
