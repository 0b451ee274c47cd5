//! Small constructors for untyped-core terms, so that desugaring code reads like the terms it builds.

use crate::untyped::{BindKind, UAlt, UBind, UExpr, UKind, ULit};
use dnrad_core::{Name, Span};

pub fn var(name: &Name, span: Span) -> UExpr {
    UExpr {
        kind: UKind::Var(name.clone()),
        span,
    }
}

pub fn con(name: &str, span: Span) -> UExpr {
    UExpr {
        kind: UKind::Con(Name::new(name)),
        span,
    }
}

pub fn app(f: UExpr, arg: UExpr) -> UExpr {
    let span = f.span.to(arg.span);
    UExpr {
        kind: UKind::App(Box::new(f), Box::new(arg)),
        span,
    }
}

pub fn apps(f: UExpr, args: impl IntoIterator<Item = UExpr>) -> UExpr {
    args.into_iter().fold(f, app)
}

pub fn lam(x: Name, body: UExpr, span: Span) -> UExpr {
    UExpr {
        kind: UKind::Lam(x, Box::new(body)),
        span,
    }
}

pub fn str_lit(s: &str, span: Span) -> UExpr {
    UExpr {
        kind: UKind::Lit(ULit::Str(s.to_string())),
        span,
    }
}

pub fn int_lit(n: i64, span: Span) -> UExpr {
    UExpr {
        kind: UKind::Lit(ULit::Int(n.into())),
        span,
    }
}

/// `let x = rhs in body`, for a variable the user wrote as `source_name`.
pub fn let_(x: Name, source_name: &str, rhs: UExpr, body: UExpr, span: Span) -> UExpr {
    let_of_kind(x, source_name, rhs, body, span, BindKind::Value)
}

/// `let x = rhs in body`, generalised as `kind` says.
pub fn let_of_kind(
    x: Name,
    source_name: &str,
    rhs: UExpr,
    body: UExpr,
    span: Span,
    kind: BindKind,
) -> UExpr {
    let bind = UBind {
        name: x,
        source_name: source_name.to_string(),
        sig: None,
        rhs,
        kind,
        span,
    };
    UExpr {
        kind: UKind::Let(vec![bind], Box::new(body)),
        span,
    }
}

pub fn case(scrut: UExpr, alts: Vec<UAlt>, default: Option<UExpr>, span: Span) -> UExpr {
    UExpr {
        kind: UKind::Case(Box::new(scrut), alts, default.map(Box::new)),
        span,
    }
}

pub fn alt(con: &str, binders: Vec<Name>, rhs: UExpr) -> UAlt {
    UAlt {
        con: Name::new(con),
        binders,
        rhs,
    }
}

/// `case c of True -> t; False -> f`
pub fn if_then_else(c: UExpr, t: UExpr, f: UExpr, span: Span) -> UExpr {
    case(
        c,
        vec![alt("True", vec![], t), alt("False", vec![], f)],
        None,
        span,
    )
}

pub fn fail(msg: String, span: Span) -> UExpr {
    UExpr {
        kind: UKind::Fail(msg),
        span,
    }
}

/// `[e1, e2, ...]` as `(:)` applications.
pub fn list(items: Vec<UExpr>, span: Span) -> UExpr {
    items
        .into_iter()
        .rev()
        .fold(con("[]", span), |acc, x| apps(con(":", span), [x, acc]))
}
