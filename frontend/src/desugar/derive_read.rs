//! `deriving Read`: a `readsPrec` that parses exactly what the derived `Show` prints, with GHC's
//! precedences: any value in parentheses, a constructor with fields at most at precedence 10
//! (its fields at 11), a record at most at 11 (its fields at 0), an infix constructor of
//! precedence p at most at p (both operands at p + 1). It only builds untyped core from the
//! Prelude's `reads*` combinators; what a token is, is the Prelude's `lex`.

use super::build::{self, app, apps, var};
use super::deriving::{is_operator, source_name};
use super::{DResult, Ds};
use crate::untyped::UExpr;
use dnrad_core::{DataDecl, Name, Span};

/// The Prelude's parser combinators, to build a parser with.
struct Parsers {
    ret: UExpr,
    bind: UExpr,
    token: UExpr,
    alt: UExpr,
    up_to: UExpr,
    reads_prec: UExpr,
    span: Span,
}

impl Parsers {
    /// `readsReturn v`
    fn ret(&self, v: UExpr) -> UExpr {
        app(self.ret.clone(), v)
    }

    /// `readsBind (readsPrec prec) (\x -> k)`
    fn field(&self, prec: i64, x: &Name, k: UExpr) -> UExpr {
        let p = app(self.reads_prec.clone(), build::int_lit(prec, self.span));
        apps(self.bind.clone(), [p, build::lam(x.clone(), k, self.span)])
    }

    /// `readsToken "tok" k`
    fn token(&self, tok: &str, k: UExpr) -> UExpr {
        apps(self.token.clone(), [build::str_lit(tok, self.span), k])
    }

    /// A constructor or field name: an operator stands in parentheses.
    fn name(&self, name: &str, k: UExpr) -> UExpr {
        if is_operator(name) {
            self.token("(", self.token(name, self.token(")", k)))
        } else {
            self.token(name, k)
        }
    }

    /// Constructor `name` between its fields: an operator, or a name in backticks.
    fn infix(&self, name: &str, k: UExpr) -> UExpr {
        if is_operator(name) {
            self.token(name, k)
        } else {
            self.token("`", self.token(name, self.token("`", k)))
        }
    }

    /// `readsUpTo limit d p`
    fn up_to(&self, limit: i64, d: &Name, p: UExpr) -> UExpr {
        apps(
            self.up_to.clone(),
            [build::int_lit(limit, self.span), var(d, self.span), p],
        )
    }
}

impl Ds {
    /// `readsPrec = readPrecParens (\d -> alternative 1 `readsAlt` alternative 2 ...)`
    pub(super) fn derive_reads_prec(&mut self, decl: &DataDecl, span: Span) -> DResult<UExpr> {
        let r = Parsers {
            ret: self.pvar("readsReturn", span)?,
            bind: self.pvar("readsBind", span)?,
            token: self.pvar("readsToken", span)?,
            alt: self.pvar("readsAlt", span)?,
            up_to: self.pvar("readsUpTo", span)?,
            reads_prec: self.pvar("readsPrec", span)?,
            span,
        };
        let d = self.fresh("d");
        let mut alts = Vec::new();
        for c in &decl.cons {
            let name = source_name(&c.name);
            let xs: Vec<Name> = c.fields.iter().map(|_| self.fresh("f")).collect();
            let value = apps(
                build::con(c.name.as_str(), span),
                xs.iter().map(|x| var(x, span)),
            );
            // Each parser is built back to front, from the value it returns.
            let alt = if let Some(labels) = &c.field_names {
                let mut p = r.token("}", r.ret(value));
                for (i, (label, x)) in labels.iter().zip(&xs).enumerate().rev() {
                    p = r.name(source_name(label), r.token("=", r.field(0, x, p)));
                    if i > 0 {
                        p = r.token(",", p);
                    }
                }
                r.up_to(11, &d, r.name(name, r.token("{", p)))
            } else if c.infix && xs.len() == 2 {
                let prec = i64::from(self.fixity_of(&c.name).prec);
                let right = r.field(prec + 1, &xs[1], r.ret(value));
                r.up_to(prec, &d, r.field(prec + 1, &xs[0], r.infix(name, right)))
            } else {
                let args = xs.iter().rev().fold(r.ret(value), |k, x| r.field(11, x, k));
                let p = r.name(name, args);
                if xs.is_empty() {
                    p
                } else {
                    r.up_to(10, &d, p)
                }
            };
            alts.push(alt);
        }
        let body = alts
            .into_iter()
            .reduce(|p, q| apps(r.alt.clone(), [p, q]))
            .unwrap_or_else(|| {
                // No constructors: nothing parses.
                let s = self.fresh("s");
                build::lam(s, build::con("[]", span), span)
            });
        Ok(app(
            self.pvar("readPrecParens", span)?,
            build::lam(d, body, span),
        ))
    }
}
