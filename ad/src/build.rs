//! Small constructors for the core terms the AD pass generates. Every generated node carries the
//! span of the primal term it came from, so runtime errors in differentiated code still point at
//! the user's source. Nothing here knows about differentiation.

use dnrad_core::expr::{Bind, Expr, ExprKind, Lit};
use dnrad_core::{Name, PrimOp, Span, Type};

#[derive(Clone, Copy)]
pub struct B {
    pub span: Span,
}

impl B {
    pub fn e(self, kind: ExprKind) -> Expr {
        Expr::new(kind, self.span)
    }
    pub fn var(self, n: &Name) -> Expr {
        self.e(ExprKind::Var(n.clone()))
    }
    pub fn global(self, n: &str) -> Expr {
        self.e(ExprKind::Var(Name::new(n)))
    }
    pub fn int(self, n: i64) -> Expr {
        self.e(ExprKind::Lit(Lit::Int(n)))
    }
    pub fn str(self, s: &str) -> Expr {
        self.e(ExprKind::Lit(Lit::Str(s.to_string())))
    }
    pub fn lam(self, x: &Name, t: Type, body: Expr) -> Expr {
        self.e(ExprKind::Lam(x.clone(), t, Box::new(body)))
    }
    pub fn app(self, f: Expr, a: Expr) -> Expr {
        self.e(ExprKind::App(Box::new(f), Box::new(a)))
    }
    pub fn apps(self, f: Expr, args: Vec<Expr>) -> Expr {
        args.into_iter().fold(f, |f, a| self.app(f, a))
    }
    pub fn prim(self, p: PrimOp, tys: Vec<Type>, args: Vec<Expr>) -> Expr {
        self.e(ExprKind::Prim(p, tys, args))
    }
    pub fn let_(self, x: &Name, t: Type, rhs: Expr, body: Expr) -> Expr {
        let bind = Bind {
            name: x.clone(),
            ty: t,
            rhs,
            span: self.span,
        };
        self.e(ExprKind::Let(Box::new(bind), Box::new(body)))
    }
    /// `f @vs`, each type variable of `vs` as its type; `f` without them.
    pub fn at_vars(self, f: Expr, vs: Option<&Vec<Name>>) -> Expr {
        match vs {
            Some(vs) => self.e(ExprKind::TyApp(
                Box::new(f),
                vs.iter().cloned().map(Type::Var).collect(),
            )),
            None => f,
        }
    }
    /// `/\vs. e`; `e` without them.
    pub fn ty_lam(self, vs: Option<&Vec<Name>>, e: Expr) -> Expr {
        match vs {
            Some(vs) => self.e(ExprKind::TyLam(vs.clone(), Box::new(e))),
            None => e,
        }
    }
}
