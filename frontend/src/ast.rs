//! The surface syntax tree produced by the parser. Every node carries a byte span.
//! Infix expressions and patterns are kept as flat operator chains: the parser does not know
//! fixities, which are resolved after parsing (user fixity declarations can come later in a file).

use dnrad_core::Span;
use num_bigint::BigInt;

/// An identifier occurrence or binding site: `map`, `Just`, `+`, `:+` (operators without parens
/// or backticks; the same name whether written `(+)`, `+` or `` `div` ``).
#[derive(Clone, Debug, PartialEq)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

/// One source file: its header (absent: `module Main (main) where`), its imports and its
/// top-level declarations.
#[derive(Clone, Debug, PartialEq)]
pub struct Module {
    /// `module M`: the name as written (`Data.Map`).
    pub name: Option<Ident>,
    /// The export list; `None` exports everything the module defines.
    pub exports: Option<Vec<Entity>>,
    pub imports: Vec<Import>,
    pub decls: Vec<Decl>,
}

/// An item of an export or import list.
#[derive(Clone, Debug, PartialEq)]
pub enum Entity {
    /// A value or method: `f`, `(+)`.
    Var(Ident),
    /// A type or class, with or without its constructors / fields / methods: `T`, `T(..)`,
    /// `T(A, b)`.
    Type(Ident, Option<Members>),
    /// `module M` (exports only): everything in scope both unqualified and as `M.x`.
    Module(Ident),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Members {
    /// `(..)`
    All,
    /// `(A, f, (:+))`
    Listed(Vec<Ident>),
}

/// `import qualified M as N hiding (x, y)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Import {
    pub module: Ident,
    pub qualified: bool,
    pub alias: Option<Ident>,
    pub hiding: bool,
    /// The import list; `None` imports everything the module exports.
    pub items: Option<Vec<Entity>>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Assoc {
    Left,
    Right,
    None,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Decl {
    pub kind: DeclKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum DeclKind {
    /// `f, g :: Ctx => T`
    TypeSig(Vec<Ident>, SigType),
    /// `infixl 6 +, -`
    Fixity(Assoc, u8, Vec<Ident>),
    /// One equation of a function: `f p1 p2 | g = e where ...`, `x <+> y = ...`, `(f . g) x = ...`
    /// (for the last form `args` holds all patterns). Consecutive equations of the same function
    /// are separate `FunClause`s; grouping happens after parsing.
    FunClause {
        name: Ident,
        args: Vec<Pat>,
        rhs: Rhs,
    },
    /// A pattern binding: `(q, r) = divMod a b`, `x = 5` (a variable with no arguments is a
    /// `FunClause` with empty `args`, not a `PatBind`).
    PatBind(Pat, Rhs),
    /// `data T a b = C1 t1 | C2 { f :: t } deriving (Eq, Show)`
    Data {
        name: Ident,
        params: Vec<Ident>,
        cons: Vec<ConDecl>,
        deriving: Vec<Ident>,
    },
    /// `newtype N a = C t deriving ...` (exactly one constructor with one field).
    Newtype {
        name: Ident,
        params: Vec<Ident>,
        con: ConDecl,
        deriving: Vec<Ident>,
    },
    /// `type S a = T`
    TypeSyn {
        name: Ident,
        params: Vec<Ident>,
        ty: Type,
    },
    /// `class (Super a) => C a where { sigs; default equations; fixities }`
    Class {
        context: Vec<Pred>,
        name: Ident,
        tyvar: Ident,
        decls: Vec<Decl>,
    },
    /// `instance (Ctx) => C (T a b) where { equations }`
    Instance {
        context: Vec<Pred>,
        class: Ident,
        ty: Type,
        decls: Vec<Decl>,
    },
    /// `default (Integer, Double)`: accepted and checked, the types listed replace the defaults.
    Default(Vec<Type>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct ConDecl {
    pub name: Ident,
    pub fields: ConFields,
    /// Declared between its two fields (`t1 :+ t2`, ``t1 `Pair` t2``).
    pub infix: bool,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ConFields {
    /// `C t1 t2` or infix `t1 :+ t2` (strictness marks `!` are accepted and dropped).
    Positional(Vec<Type>),
    /// `C { f1, f2 :: t, f3 :: u }`
    Record(Vec<(Vec<Ident>, Type)>),
}

/// The right-hand side of an equation or case alternative, with its `where` bindings.
#[derive(Clone, Debug, PartialEq)]
pub struct Rhs {
    pub body: RhsBody,
    pub wheres: Vec<Decl>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum RhsBody {
    /// `= e` (or `-> e` in a case alternative)
    Plain(Expr),
    /// `| g1 = e1 | g2, p <- e, let d = e2`: (the guard's qualifiers, body, span of the
    /// guarded equation); a qualifier is a condition, a pattern guard or a `let`.
    Guarded(Vec<(Vec<Stmt>, Expr, Span)>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Literal {
    /// An integer literal (overloaded: `Num a => a`).
    Int(BigInt),
    /// A fractional literal (overloaded: `Fractional a => a`).
    Frac(f64),
    Char(char),
    Str(String),
}

/// An operator occurrence in an infix chain or a section: a symbol or a backquoted identifier.
#[derive(Clone, Debug, PartialEq)]
pub struct Op {
    pub name: Ident,
    /// True for constructor operators (`:`, `:+`, `` `Cons` ``).
    pub is_con: bool,
}

/// An element of an unresolved infix expression.
#[derive(Clone, Debug, PartialEq)]
pub enum OpItem {
    Operand(Expr),
    Op(Op),
    /// Prefix `-` (negation), at the start of the chain or right after an operator.
    Neg(Span),
}

impl Expr {
    /// The function and the arguments of an application `f a1 .. an`, in order (the
    /// expression itself and none if it is not one).
    pub fn spine(&self) -> (&Expr, Vec<&Expr>) {
        let mut args = Vec::new();
        let mut head = self;
        while let ExprKind::App(f, a) = &head.kind {
            args.push(&**a);
            head = f;
        }
        args.reverse();
        (head, args)
    }

    /// The expression inside the parentheses around it, if any.
    pub fn unparenthesised(&self) -> &Expr {
        let mut e = self;
        while let ExprKind::Paren(inner) = &e.kind {
            e = inner;
        }
        e
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// A variable or a parenthesised operator: `x`, `(+)`.
    Var(Ident),
    /// A constructor: `Just`, `(:)`, `()` is `Tuple(vec![])`, `[]` is `List(vec![])`.
    Con(Ident),
    Lit(Literal),
    App(Box<Expr>, Box<Expr>),
    /// `e1 op1 e2 op2 e3`, `- e`, unresolved; always has at least one `Op` or `Neg`.
    OpChain(Vec<OpItem>),
    /// `\p1 p2 -> e`
    Lam(Vec<Pat>, Box<Expr>),
    /// `let decls in e`
    Let(Vec<Decl>, Box<Expr>),
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    Case(Box<Expr>, Vec<Alt>),
    Do(Vec<Stmt>),
    /// `(e1, e2, ...)`, length 0 for `()`, never 1.
    Tuple(Vec<Expr>),
    /// `[e1, e2, ...]`
    List(Vec<Expr>),
    /// `[from ..]`, `[from, then ..]`, `[from .. to]`, `[from, then .. to]`
    ArithSeq {
        from: Box<Expr>,
        then: Option<Box<Expr>>,
        to: Option<Box<Expr>>,
    },
    /// `[e | quals]`: qualifiers are `Stmt::Bind` generators, `Stmt::Expr` guards, `Stmt::Let`.
    ListComp(Box<Expr>, Vec<Stmt>),
    /// `(e op)`; the operand may itself be an `OpChain` (fixity checked later).
    LeftSection(Box<Expr>, Op),
    /// `(op e)` (never with `-`: `(- e)` is negation, `(subtract e)` the section).
    RightSection(Op, Box<Expr>),
    /// `(e)`: kept so that fixity resolution knows where the user put parentheses.
    Paren(Box<Expr>),
    /// `e :: T`
    Typed(Box<Expr>, SigType),
    /// `C { f = e, ... }`
    RecordCon(Ident, Vec<(Ident, Expr)>),
    /// `e { f = e', ... }`
    RecordUpdate(Box<Expr>, Vec<(Ident, Expr)>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Alt {
    pub pat: Pat,
    /// Plain `-> e` or guarded `| g -> e`, with `where` bindings.
    pub rhs: Rhs,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    /// `p <- e`
    Bind(Pat, Expr),
    /// `let decls`
    Let(Vec<Decl>),
    /// `e` (an action in `do`, a guard in a comprehension)
    Expr(Expr),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Pat {
    pub kind: PatKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum PatKind {
    Var(Ident),
    Wild,
    /// A literal pattern; negative numeric literals (`-1`) are literals here.
    Lit(Literal),
    /// `C p1 p2` (also nullary `C`, and `(:)`-style prefix use).
    Con(Ident, Vec<Pat>),
    /// `p1 op1 p2 op2 p3` with constructor operators (`x : y : rest`), unresolved.
    OpChain(Vec<Pat>, Vec<Ident>),
    /// `(p1, p2, ...)`, length 0 for `()`, never 1.
    Tuple(Vec<Pat>),
    /// `[p1, p2]`
    List(Vec<Pat>),
    /// `x@p`
    As(Ident, Box<Pat>),
    /// `~p` (irrefutable; dnrad is strict, so this behaves like `p` checked at the binding).
    Lazy(Box<Pat>),
    /// `C { f = p, ... }`
    Record(Ident, Vec<(Ident, Pat)>),
    /// `(p)`
    Paren(Box<Pat>),
    /// `n+k` (Haskell 98): matches an integral value `v >= k`, binding `n` to `v - k`.
    NPlusK(Ident, BigInt),
}

/// A type with its class context: `(Eq a, Show b) => a -> b -> String`.
#[derive(Clone, Debug, PartialEq)]
pub struct SigType {
    pub context: Vec<Pred>,
    pub ty: Type,
    pub span: Span,
}

/// A class constraint `C t` (in Haskell 98, `t` is a type variable, possibly applied to types).
#[derive(Clone, Debug, PartialEq)]
pub struct Pred {
    pub class: Ident,
    pub ty: Type,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Type {
    pub kind: TypeKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum TypeKind {
    Var(Ident),
    /// A type constructor: `Int`, `Maybe`, `[]` (as in `[] a`), `(->)`, `(,)`.
    Con(Ident),
    App(Box<Type>, Box<Type>),
    Fun(Box<Type>, Box<Type>),
    /// `[t]`
    List(Box<Type>),
    /// `(t1, t2, ...)`, length 0 for `()`, never 1.
    Tuple(Vec<Type>),
}
