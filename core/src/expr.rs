//! Core expressions. Strict, explicitly typed, single-argument lambdas and applications, saturated
//! constructor and primitive applications, and `case` with flat constructor patterns plus a default.
//! Every node carries a span so that runtime errors can point at source code.

use crate::name::Name;
use crate::prim::PrimOp;
use crate::span::Span;
use crate::types::Type;
use num_bigint::BigInt;

#[derive(Clone, Debug, PartialEq)]
pub enum Lit {
    /// 64-bit wrapping `Int`.
    Int(i64),
    /// Arbitrary-precision `Integer`.
    Integer(BigInt),
    Double(f64),
    Char(char),
    /// A string literal, of type `[Char]`.
    Str(String),
}

impl Lit {
    /// The literal's type.
    pub fn ty(&self) -> Type {
        match self {
            Lit::Int(_) => Type::int(),
            Lit::Integer(_) => Type::integer(),
            Lit::Double(_) => Type::double(),
            Lit::Char(_) => Type::char(),
            Lit::Str(_) => Type::string(),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// A variable: lambda-, let-, case-bound or top-level.
    Var(Name),
    Lit(Lit),
    /// `\(x : t) -> body`
    Lam(Name, Type, Box<Expr>),
    /// `f a`
    App(Box<Expr>, Box<Expr>),
    /// `/\a b. e` — type abstraction (erased at run time).
    TyLam(Vec<Name>, Box<Expr>),
    /// `e @t1 @t2` — type application (erased at run time).
    TyApp(Box<Expr>, Vec<Type>),
    /// Non-recursive `let x : t = rhs in body`; `rhs` is evaluated first (strict).
    Let(Box<Bind>, Box<Expr>),
    /// A recursive group; every right-hand side is a lambda, possibly under `TyLam`s.
    LetRec(Vec<Bind>, Box<Expr>),
    /// Saturated constructor application `K @tys args`; `tys` instantiate the data type's parameters.
    Con(Name, Vec<Type>, Vec<Expr>),
    /// Saturated primitive operation; `tys` instantiate the primitive's type scheme.
    Prim(PrimOp, Vec<Type>, Vec<Expr>),
    /// `case scrut of { K x y -> e; ...; _ -> d }`: constructor alternatives, at most one per
    /// constructor, and an optional default.
    Case(Box<Expr>, Vec<Alt>, Option<Box<Expr>>),
    /// A lambda of the primal program with its differentiated versions, one per world of
    /// `Program::worlds` (made by the AD pass). It evaluates to the primal closure; lifting that
    /// closure into world `k` gives a closure of twin `k` over the lifted captured values, so a
    /// twin's free variables are the primal lambda's, read at their differentiated types.
    Twin(Box<Expr>, Vec<Expr>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Alt {
    pub con: Name,
    /// One binder per constructor field, typed at the scrutinee's instantiation.
    pub binders: Vec<(Name, Type)>,
    pub rhs: Expr,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Bind {
    pub name: Name,
    /// The binder's type; a `Type::Forall` when the binding is polymorphic (then `rhs` is a `TyLam`).
    pub ty: Type,
    pub rhs: Expr,
    pub span: Span,
}

impl Bind {
    /// This binding with `rhs` as its right-hand side (the old one is not copied).
    pub fn with_rhs(&self, rhs: Expr) -> Bind {
        Bind {
            name: self.name.clone(),
            ty: self.ty.clone(),
            rhs,
            span: self.span,
        }
    }
}

impl Alt {
    /// This alternative with `rhs` as its right-hand side (the old one is not copied).
    pub fn with_rhs(&self, rhs: Expr) -> Alt {
        Alt {
            con: self.con.clone(),
            binders: self.binders.clone(),
            rhs,
        }
    }
}

impl Expr {
    pub fn new(kind: ExprKind, span: Span) -> Expr {
        Expr { kind, span }
    }

    /// The head, type arguments and arguments of the application this is: `head @tys a1 .. an`.
    pub fn spine(&self) -> (&Expr, &[Type], Vec<&Expr>) {
        let mut args = Vec::new();
        let mut e = self;
        while let ExprKind::App(g, a) = &e.kind {
            args.push(a.as_ref());
            e = g;
        }
        args.reverse();
        match &e.kind {
            ExprKind::TyApp(g, tys) => (g, tys, args),
            _ => (e, &[], args),
        }
    }

    /// Call `f` on each immediate subexpression (right-hand sides and bodies, arguments, a
    /// case's scrutinee and alternatives, a twin's primal and twins).
    pub fn for_each_child<'e>(&'e self, mut f: impl FnMut(&'e Expr)) {
        match &self.kind {
            ExprKind::Var(_) | ExprKind::Lit(_) => {}
            ExprKind::Lam(_, _, body) | ExprKind::TyLam(_, body) | ExprKind::TyApp(body, _) => {
                f(body)
            }
            ExprKind::App(a, b) => {
                f(a);
                f(b);
            }
            ExprKind::Let(b, body) => {
                f(&b.rhs);
                f(body);
            }
            ExprKind::LetRec(binds, body) => {
                binds.iter().for_each(|b| f(&b.rhs));
                f(body);
            }
            ExprKind::Con(_, _, args) | ExprKind::Prim(_, _, args) => args.iter().for_each(f),
            ExprKind::Case(scrut, alts, default) => {
                f(scrut);
                alts.iter().for_each(|a| f(&a.rhs));
                default.iter().for_each(|d| f(d));
            }
            ExprKind::Twin(primal, twins) => {
                f(primal);
                twins.iter().for_each(f);
            }
        }
    }

    /// This expression with `f` applied to each immediate subexpression (as `for_each_child`).
    pub fn map_children(&self, f: &mut dyn FnMut(&Expr) -> Expr) -> Expr {
        let kind = match &self.kind {
            ExprKind::Var(_) | ExprKind::Lit(_) => return self.clone(),
            ExprKind::Lam(x, t, b) => ExprKind::Lam(x.clone(), t.clone(), Box::new(f(b))),
            ExprKind::App(a, b) => ExprKind::App(Box::new(f(a)), Box::new(f(b))),
            ExprKind::TyLam(vs, b) => ExprKind::TyLam(vs.clone(), Box::new(f(b))),
            ExprKind::TyApp(b, ts) => ExprKind::TyApp(Box::new(f(b)), ts.clone()),
            ExprKind::Let(b, body) => {
                ExprKind::Let(Box::new(b.with_rhs(f(&b.rhs))), Box::new(f(body)))
            }
            ExprKind::LetRec(bs, body) => ExprKind::LetRec(
                bs.iter().map(|b| b.with_rhs(f(&b.rhs))).collect(),
                Box::new(f(body)),
            ),
            ExprKind::Con(c, ts, args) => {
                ExprKind::Con(c.clone(), ts.clone(), args.iter().map(&mut *f).collect())
            }
            ExprKind::Prim(p, ts, args) => {
                ExprKind::Prim(*p, ts.clone(), args.iter().map(&mut *f).collect())
            }
            ExprKind::Case(s, alts, d) => ExprKind::Case(
                Box::new(f(s)),
                alts.iter().map(|a| a.with_rhs(f(&a.rhs))).collect(),
                d.as_ref().map(|d| Box::new(f(d))),
            ),
            ExprKind::Twin(p, ts) => {
                ExprKind::Twin(Box::new(f(p)), ts.iter().map(&mut *f).collect())
            }
        };
        Expr::new(kind, self.span)
    }

    /// This expression with `f` applied to every type it carries (binders' types, type
    /// arguments, constructors' and primitives' type arguments).
    pub fn map_types(&self, f: &mut dyn FnMut(&Type) -> Type) -> Expr {
        let bind = |b: &Bind, f: &mut dyn FnMut(&Type) -> Type| Bind {
            ty: f(&b.ty),
            ..b.with_rhs(b.rhs.map_types(f))
        };
        let kind = match &self.kind {
            ExprKind::Var(_) | ExprKind::Lit(_) => return self.clone(),
            ExprKind::Lam(x, t, body) => {
                ExprKind::Lam(x.clone(), f(t), Box::new(body.map_types(f)))
            }
            ExprKind::App(a, b) => {
                ExprKind::App(Box::new(a.map_types(f)), Box::new(b.map_types(f)))
            }
            ExprKind::TyLam(vs, body) => ExprKind::TyLam(vs.clone(), Box::new(body.map_types(f))),
            ExprKind::TyApp(body, ts) => {
                let body = body.map_types(f);
                ExprKind::TyApp(Box::new(body), ts.iter().map(&mut *f).collect())
            }
            ExprKind::Let(b, body) => {
                ExprKind::Let(Box::new(bind(b, f)), Box::new(body.map_types(f)))
            }
            ExprKind::LetRec(bs, body) => ExprKind::LetRec(
                bs.iter().map(|b| bind(b, f)).collect(),
                Box::new(body.map_types(f)),
            ),
            ExprKind::Con(c, ts, args) => {
                let ts = ts.iter().map(&mut *f).collect();
                ExprKind::Con(c.clone(), ts, args.iter().map(|a| a.map_types(f)).collect())
            }
            ExprKind::Prim(p, ts, args) => {
                let ts = ts.iter().map(&mut *f).collect();
                ExprKind::Prim(*p, ts, args.iter().map(|a| a.map_types(f)).collect())
            }
            ExprKind::Case(s, alts, d) => {
                let s = s.map_types(f);
                let alts = alts
                    .iter()
                    .map(|a| Alt {
                        con: a.con.clone(),
                        binders: a.binders.iter().map(|(n, t)| (n.clone(), f(t))).collect(),
                        rhs: a.rhs.map_types(f),
                    })
                    .collect();
                ExprKind::Case(
                    Box::new(s),
                    alts,
                    d.as_ref().map(|d| Box::new(d.map_types(f))),
                )
            }
            ExprKind::Twin(p, ts) => {
                let p = p.map_types(f);
                ExprKind::Twin(Box::new(p), ts.iter().map(|t| t.map_types(f)).collect())
            }
        };
        Expr::new(kind, self.span)
    }
}
