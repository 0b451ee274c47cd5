//! The elaborated term produced during inference: core-shaped, but with inference types and
//! dictionary placeholders that are only known after constraint solving. `to_core` zonks it into
//! core once everything is solved (overloaded literals at known types become plain literals).

use super::ty::{to_core, Subst, Ty};
use dnrad_core::expr::{Alt, Bind, Expr, ExprKind, Lit};
use dnrad_core::{Name, PrimOp, Span, Type};
use num_bigint::BigInt;
use num_traits::ToPrimitive;

pub type DictId = u32;

/// How a dictionary is obtained.
#[derive(Clone, Debug)]
pub enum DictExpr {
    /// A dictionary variable (a dictionary parameter of an enclosing binding).
    Var(Name),
    /// An instance: its dictionary binding applied to types and context dictionaries.
    Inst {
        dict: Name,
        tys: Vec<Ty>,
        args: Vec<DictExpr>,
    },
    /// A superclass of another dictionary: `selector @t d`.
    Super {
        selector: Name,
        ty: Ty,
        of: Box<DictExpr>,
    },
    /// Whatever placeholder `id` resolves to.
    Hole(DictId),
}

#[derive(Clone, Debug)]
pub struct TExpr {
    pub kind: TKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum TKind {
    /// An occurrence instantiated at `tys` with dictionaries `dicts`; `rec` marks a reference to
    /// a member of the binding group being inferred (filled in after generalisation).
    Var {
        name: Name,
        tys: Vec<Ty>,
        dicts: Vec<DictExpr>,
        rec: Option<u32>,
    },
    Lit(Lit),
    IntLit(BigInt, Ty, DictId),
    FracLit(f64, Ty, DictId),
    Lam(Name, Ty, Box<TExpr>),
    App(Box<TExpr>, Box<TExpr>),
    TyLam(Vec<Name>, Box<TExpr>),
    Let(Box<TBind>, Box<TExpr>),
    LetRec(Vec<TBind>, Box<TExpr>),
    Con(Name, Vec<Ty>, Vec<TExpr>),
    Prim(PrimOp, Vec<Ty>, Vec<TExpr>),
    Case(Box<TExpr>, Vec<TAlt>, Option<Box<TExpr>>),
    /// A dictionary (superclass fields of instance dictionaries).
    Dict(DictExpr),
}

impl TExpr {
    /// An occurrence of a monomorphic local variable (a lambda- or `let`-bound one the
    /// elaboration introduces).
    pub fn local(name: Name, span: Span) -> TExpr {
        TExpr {
            kind: TKind::Var {
                name,
                tys: vec![],
                dicts: vec![],
                rec: None,
            },
            span,
        }
    }
}

#[derive(Clone, Debug)]
pub struct TAlt {
    pub con: Name,
    pub binders: Vec<(Name, Ty)>,
    pub rhs: TExpr,
}

#[derive(Clone, Debug)]
pub struct TBind {
    pub name: Name,
    pub ty: BindTy,
    pub rhs: TExpr,
    pub span: Span,
}

/// A binder's type `forall vars. params -> ty`, zonked only when core is produced (restricted
/// bindings are defaulted at the very end).
#[derive(Clone, Debug)]
pub struct BindTy {
    pub vars: Vec<Name>,
    /// Types of the dictionary parameters.
    pub params: Vec<Ty>,
    pub ty: Ty,
}

/// Everything `to_core` needs to resolve placeholders.
pub struct Solved<'a> {
    pub subst: &'a Subst,
    pub dicts: &'a [Option<DictExpr>],
    pub rec_groups: &'a [(Vec<Ty>, Vec<Name>)],
    /// Names of `fromInteger`, `fromRational` and the `:%` constructor.
    pub from_integer: Name,
    pub from_rational: Name,
    pub ratio_con: Name,
}

impl Solved<'_> {
    fn ty(&self, t: &Ty) -> Type {
        to_core(&self.subst.zonk(t), &[])
    }

    fn dict(&self, d: &DictExpr, span: Span) -> Expr {
        match d {
            DictExpr::Var(n) => Expr::new(ExprKind::Var(n.clone()), span),
            DictExpr::Inst { dict, tys, args } => {
                let mut e = Expr::new(ExprKind::Var(dict.clone()), span);
                if !tys.is_empty() {
                    e = Expr::new(
                        ExprKind::TyApp(Box::new(e), tys.iter().map(|t| self.ty(t)).collect()),
                        span,
                    );
                }
                args.iter().fold(e, |f, a| {
                    Expr::new(
                        ExprKind::App(Box::new(f), Box::new(self.dict(a, span))),
                        span,
                    )
                })
            }
            DictExpr::Super { selector, ty, of } => {
                let sel = Expr::new(
                    ExprKind::TyApp(
                        Box::new(Expr::new(ExprKind::Var(selector.clone()), span)),
                        vec![self.ty(ty)],
                    ),
                    span,
                );
                Expr::new(
                    ExprKind::App(Box::new(sel), Box::new(self.dict(of, span))),
                    span,
                )
            }
            DictExpr::Hole(id) => match &self.dicts[*id as usize] {
                Some(d) => self.dict(d, span),
                None => Expr::new(
                    ExprKind::Prim(
                        PrimOp::Error,
                        vec![Type::unit()],
                        vec![Expr::new(
                            ExprKind::Lit(Lit::Str("internal error: unresolved dictionary".into())),
                            span,
                        )],
                    ),
                    span,
                ),
            },
        }
    }

    fn overloaded(&self, method: &Name, ty: &Ty, dict: DictId, arg: Expr, span: Span) -> Expr {
        let f = Expr::new(
            ExprKind::TyApp(
                Box::new(Expr::new(ExprKind::Var(method.clone()), span)),
                vec![self.ty(ty)],
            ),
            span,
        );
        let f = Expr::new(
            ExprKind::App(
                Box::new(f),
                Box::new(self.dict(&DictExpr::Hole(dict), span)),
            ),
            span,
        );
        Expr::new(ExprKind::App(Box::new(f), Box::new(arg)), span)
    }

    pub fn expr(&self, e: &TExpr) -> Expr {
        let span = e.span;
        let kind = match &e.kind {
            TKind::Var {
                name,
                tys,
                dicts,
                rec,
            } => {
                let (tys, dict_exprs): (Vec<Type>, Vec<Expr>) = match rec {
                    Some(g) => {
                        let (tys, names) = &self.rec_groups[*g as usize];
                        (
                            tys.iter().map(|t| self.ty(t)).collect(),
                            names
                                .iter()
                                .map(|n| Expr::new(ExprKind::Var(n.clone()), span))
                                .collect(),
                        )
                    }
                    None => (
                        tys.iter().map(|t| self.ty(t)).collect(),
                        dicts.iter().map(|d| self.dict(d, span)).collect(),
                    ),
                };
                let mut out = Expr::new(ExprKind::Var(name.clone()), span);
                if !tys.is_empty() {
                    out = Expr::new(ExprKind::TyApp(Box::new(out), tys), span);
                }
                return dict_exprs.into_iter().fold(out, |f, d| {
                    Expr::new(ExprKind::App(Box::new(f), Box::new(d)), span)
                });
            }
            TKind::Lit(l) => ExprKind::Lit(l.clone()),
            TKind::Dict(d) => return self.dict(d, span),
            TKind::IntLit(n, ty, dict) => {
                let t = self.subst.zonk(ty);
                let con = match &t {
                    Ty::Con(c) => c.as_str(),
                    _ => "",
                };
                match con {
                    "Int" => ExprKind::Lit(Lit::Int(wrap_i64(n))),
                    "Integer" => ExprKind::Lit(Lit::Integer(n.clone())),
                    "Double" => ExprKind::Lit(Lit::Double(n.to_f64().unwrap_or(f64::INFINITY))),
                    _ => {
                        return self.overloaded(
                            &self.from_integer,
                            ty,
                            *dict,
                            Expr::new(ExprKind::Lit(Lit::Integer(n.clone())), span),
                            span,
                        )
                    }
                }
            }
            TKind::FracLit(x, ty, dict) => {
                if matches!(self.subst.zonk(ty), Ty::Con(c) if c.as_str() == "Double") {
                    ExprKind::Lit(Lit::Double(*x))
                } else {
                    let (num, den) = exact_ratio(*x);
                    let lit = |n: BigInt| Expr::new(ExprKind::Lit(Lit::Integer(n)), span);
                    let ratio = Expr::new(
                        ExprKind::Con(
                            self.ratio_con.clone(),
                            vec![Type::integer()],
                            vec![lit(num), lit(den)],
                        ),
                        span,
                    );
                    return self.overloaded(&self.from_rational, ty, *dict, ratio, span);
                }
            }
            TKind::Lam(x, t, b) => ExprKind::Lam(x.clone(), self.ty(t), Box::new(self.expr(b))),
            TKind::App(f, a) => ExprKind::App(Box::new(self.expr(f)), Box::new(self.expr(a))),
            TKind::TyLam(vs, b) => ExprKind::TyLam(vs.clone(), Box::new(self.expr(b))),
            TKind::Let(b, body) => ExprKind::Let(Box::new(self.bind(b)), Box::new(self.expr(body))),
            TKind::LetRec(bs, body) => ExprKind::LetRec(
                bs.iter().map(|b| self.bind(b)).collect(),
                Box::new(self.expr(body)),
            ),
            TKind::Con(c, tys, args) => ExprKind::Con(
                c.clone(),
                tys.iter().map(|t| self.ty(t)).collect(),
                args.iter().map(|a| self.expr(a)).collect(),
            ),
            TKind::Prim(p, tys, args) => ExprKind::Prim(
                *p,
                tys.iter().map(|t| self.ty(t)).collect(),
                args.iter().map(|a| self.expr(a)).collect(),
            ),
            TKind::Case(s, alts, d) => ExprKind::Case(
                Box::new(self.expr(s)),
                alts.iter()
                    .map(|a| Alt {
                        con: a.con.clone(),
                        binders: a
                            .binders
                            .iter()
                            .map(|(n, t)| (n.clone(), self.ty(t)))
                            .collect(),
                        rhs: self.expr(&a.rhs),
                    })
                    .collect(),
                d.as_ref().map(|d| Box::new(self.expr(d))),
            ),
        };
        Expr::new(kind, span)
    }

    pub fn bind(&self, b: &TBind) -> Bind {
        let params = b.ty.params.iter().map(|p| self.ty(p)).collect();
        let ty = Type::forall(b.ty.vars.clone(), Type::funs(params, self.ty(&b.ty.ty)));
        Bind {
            name: b.name.clone(),
            ty,
            rhs: self.expr(&b.rhs),
            span: b.span,
        }
    }
}

/// The low 64 bits of an integer literal, two's complement (Int literals wrap like GHC's).
fn wrap_i64(n: &BigInt) -> i64 {
    let (sign, digits) = n.to_u64_digits();
    let low = digits.first().copied().unwrap_or(0);
    let v = low as i64;
    if sign == num_bigint::Sign::Minus {
        v.wrapping_neg()
    } else {
        v
    }
}

/// The exact value of a finite double as numerator/denominator.
fn exact_ratio(x: f64) -> (BigInt, BigInt) {
    if !x.is_finite() || x == 0.0 {
        return (BigInt::from(0), BigInt::from(1));
    }
    let bits = x.to_bits();
    let sign = if bits >> 63 == 1 { -1 } else { 1 };
    let exp = ((bits >> 52) & 0x7ff) as i64;
    let frac = bits & ((1u64 << 52) - 1);
    let (mantissa, e) = if exp == 0 {
        (frac, -1074)
    } else {
        (frac | (1u64 << 52), exp - 1075)
    };
    let m = BigInt::from(mantissa) * sign;
    if e >= 0 {
        (m << (e as usize), BigInt::from(1))
    } else {
        let den = BigInt::from(1) << ((-e) as usize);
        let g = num_integer_gcd(&m, &den);
        (m / &g, den / g)
    }
}

fn num_integer_gcd(a: &BigInt, b: &BigInt) -> BigInt {
    let (mut a, mut b) = (a.magnitude().clone(), b.magnitude().clone());
    while b != num_bigint::BigUint::from(0u32) {
        let r = &a % &b;
        a = b;
        b = r;
    }
    BigInt::from(a)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literal_helpers() {
        assert_eq!(wrap_i64(&(BigInt::from(1) << 64u32)), 0);
        assert_eq!(wrap_i64(&BigInt::from(-5)), -5);
        assert_eq!(wrap_i64(&(BigInt::from(1) << 63u32)), i64::MIN);
        assert_eq!(exact_ratio(0.5), (BigInt::from(1), BigInt::from(2)));
        assert_eq!(exact_ratio(-3.0), (BigInt::from(-3), BigInt::from(1)));
    }
}
