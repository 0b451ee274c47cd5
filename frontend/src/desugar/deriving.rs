//! `deriving (Eq, Ord, Show, Read, Enum, Bounded)`: generates instance methods in untyped core
//! that behave exactly like GHC's derived instances (including `showsPrec`'s parentheses, infix
//! constructors and record syntax; Read is in `derive_read`). The instance context constrains
//! every type parameter.

use super::build::{self, app, apps, var};
use super::scope::scope_error;
use super::{DResult, Ds};
use crate::ast::Ident;
use crate::untyped::{BindKind, UBind, UExpr, UInstance, UKind, UPred, USig};
use dnrad_core::{DataCon, DataDecl, Diagnostic, ErrorKind, Name, Span, Type};

/// Builds the body of an alternative from the field variables of both arguments.
type FieldsBody<'a> = dyn FnMut(&mut Ds, &[Name], &[Name]) -> DResult<UExpr> + 'a;

impl Ds {
    pub fn derive(&mut self, class: &Ident, decl: &DataDecl, span: Span) -> DResult<UInstance> {
        let info = self.resolve_class(class)?;
        let methods = match class.name.as_str() {
            "Eq" => {
                let rhs = self.derive_eq(decl, span)?;
                vec![self.method("==", rhs, span)?]
            }
            "Ord" => {
                let rhs = self.derive_compare(decl, span)?;
                vec![self.method("compare", rhs, span)?]
            }
            "Show" => {
                let rhs = self.derive_shows_prec(decl, span)?;
                vec![self.method("showsPrec", rhs, span)?]
            }
            "Read" => {
                let rhs = self.derive_reads_prec(decl, span)?;
                vec![self.method("readsPrec", rhs, span)?]
            }
            "Enum" => self.derive_enum(decl, span)?,
            "Bounded" => self.derive_bounded(decl, span)?,
            other => {
                return Err(Diagnostic::new(
                    ErrorKind::Type,
                    class.span,
                    format!(
                    "cannot derive `{other}`: dnrad derives Eq, Ord, Show, Read, Enum and Bounded"
                ),
                ))
            }
        };
        let params: Vec<Type> = decl.params.iter().cloned().map(Type::Var).collect();
        let context = decl
            .params
            .iter()
            .map(|p| UPred {
                class: info.name.clone(),
                ty: Type::Var(p.clone()),
                span,
            })
            .collect();
        Ok(UInstance {
            class: info.name,
            ty: Type::Con(decl.name.clone(), params),
            context,
            methods,
            span,
        })
    }

    fn method(&self, name: &str, rhs: UExpr, span: Span) -> DResult<UBind> {
        Ok(UBind {
            name: self.prelude_name(name, span)?,
            source_name: name.into(),
            sig: None,
            rhs,
            kind: BindKind::Function,
            span,
        })
    }

    pub(super) fn pvar(&self, name: &str, span: Span) -> DResult<UExpr> {
        Ok(var(&self.prelude_name(name, span)?, span))
    }

    /// `\a b -> case a of { K xs -> case b of { K ys -> body(xs, ys); _ -> other }; ... }`
    fn two_way(
        &mut self,
        decl: &DataDecl,
        span: Span,
        same: &mut FieldsBody,
        other: &mut dyn FnMut(&mut Ds, usize, &Name) -> DResult<UExpr>,
    ) -> DResult<UExpr> {
        let (a, b) = (self.fresh("a"), self.fresh("b"));
        let mut alts = Vec::new();
        for (i, c) in decl.cons.iter().enumerate() {
            let xs: Vec<Name> = c.fields.iter().map(|_| self.fresh("x")).collect();
            let ys: Vec<Name> = c.fields.iter().map(|_| self.fresh("y")).collect();
            let body = same(self, &xs, &ys)?;
            let default = if decl.cons.len() > 1 {
                Some(other(self, i, &b)?)
            } else {
                None
            };
            let inner = build::case(
                var(&b, span),
                vec![build::alt(c.name.as_str(), ys, body)],
                default,
                span,
            );
            alts.push(build::alt(c.name.as_str(), xs, inner));
        }
        if alts.is_empty() {
            return Err(scope_error(
                span,
                "cannot derive instances for a type without constructors",
            ));
        }
        let body = build::case(var(&a, span), alts, None, span);
        Ok(build::lam(a, build::lam(b, body, span), span))
    }

    fn derive_eq(&mut self, decl: &DataDecl, span: Span) -> DResult<UExpr> {
        let eq = self.prelude_name("==", span)?;
        self.two_way(
            decl,
            span,
            &mut |_, xs, ys| {
                let tests: Vec<UExpr> = xs
                    .iter()
                    .zip(ys)
                    .map(|(x, y)| apps(var(&eq, span), [var(x, span), var(y, span)]))
                    .collect();
                Ok(tests
                    .into_iter()
                    .rev()
                    .fold(build::con("True", span), |acc, t| {
                        build::if_then_else(t, acc, build::con("False", span), span)
                    }))
            },
            &mut |_, _, _| Ok(build::con("False", span)),
        )
    }

    fn derive_compare(&mut self, decl: &DataDecl, span: Span) -> DResult<UExpr> {
        let compare = self.prelude_name("compare", span)?;
        let tag = self.tag_function(decl, span)?;
        let tag_name = self.fresh("tag");
        let body = self.two_way(
            decl,
            span,
            &mut |_, xs, ys| {
                // Lexicographic: the first field comparison that is not EQ decides.
                Ok(xs
                    .iter()
                    .zip(ys)
                    .rev()
                    .fold(build::con("EQ", span), |acc, (x, y)| {
                        let c = apps(var(&compare, span), [var(x, span), var(y, span)]);
                        let alts = vec![
                            build::alt("LT", vec![], build::con("LT", span)),
                            build::alt("EQ", vec![], acc),
                            build::alt("GT", vec![], build::con("GT", span)),
                        ];
                        build::case(c, alts, None, span)
                    }))
            },
            // Different constructors: their positions decide.
            &mut |_, i, b| {
                Ok(apps(
                    var(&compare, span),
                    [
                        int_annot(i as i64, span),
                        app(var(&tag_name, span), var(b, span)),
                    ],
                ))
            },
        )?;
        Ok(super::binds::let1(tag_name, tag, body, span))
    }

    /// `\x -> case x of { K0 .. -> 0; K1 .. -> 1; ... } :: Int`
    fn tag_function(&mut self, decl: &DataDecl, span: Span) -> DResult<UExpr> {
        let x = self.fresh("x");
        let alts = decl
            .cons
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let binders = c.fields.iter().map(|_| self.fresh("_")).collect();
                build::alt(c.name.as_str(), binders, int_annot(i as i64, span))
            })
            .collect();
        Ok(build::lam(
            x.clone(),
            build::case(var(&x, span), alts, None, span),
            span,
        ))
    }

    fn derive_shows_prec(&mut self, decl: &DataDecl, span: Span) -> DResult<UExpr> {
        let d = self.fresh("d");
        let x = self.fresh("x");
        let (shows_prec, show_paren, show_string, compose, ge, gt) = (
            self.pvar("showsPrec", span)?,
            self.pvar("showParen", span)?,
            self.pvar("showString", span)?,
            self.pvar(".", span)?,
            self.pvar(">=", span)?,
            self.pvar(">", span)?,
        );
        let int = |n: i64| build::int_lit(n, span);
        let string = |s: &str| app(show_string.clone(), build::str_lit(s, span));
        let seq = |parts: Vec<UExpr>| {
            let mut it = parts.into_iter().rev();
            let last = it.next().expect("a non-empty sequence of shows");
            it.fold(last, |acc, p| apps(compose.clone(), [p, acc]))
        };
        let mut alts = Vec::new();
        for c in &decl.cons {
            let xs: Vec<Name> = c.fields.iter().map(|_| self.fresh("f")).collect();
            let name = source_name(&c.name);
            let is_op = is_operator(name);
            let body = if let Some(fields) = &c.field_names {
                let mut parts = vec![string(&format!(
                    "{} {{",
                    if is_op {
                        format!("({name})")
                    } else {
                        name.to_string()
                    }
                ))];
                for (i, (f, v)) in fields.iter().zip(&xs).enumerate() {
                    let f = source_name(f);
                    let label = if is_operator(f) {
                        format!("({f})")
                    } else {
                        f.to_string()
                    };
                    let sep = if i == 0 { "" } else { ", " };
                    parts.push(string(&format!("{sep}{label} = ")));
                    parts.push(apps(shows_prec.clone(), [int(0), var(v, span)]));
                }
                parts.push(string("}"));
                apps(
                    show_paren.clone(),
                    [apps(ge.clone(), [var(&d, span), int(11)]), seq(parts)],
                )
            } else if c.infix && xs.len() == 2 {
                let prec = i64::from(self.fixity_of(&c.name).prec);
                let parts = vec![
                    apps(shows_prec.clone(), [int(prec + 1), var(&xs[0], span)]),
                    string(&format!(" {} ", infix_name(name))),
                    apps(shows_prec.clone(), [int(prec + 1), var(&xs[1], span)]),
                ];
                apps(
                    show_paren.clone(),
                    [apps(gt.clone(), [var(&d, span), int(prec)]), seq(parts)],
                )
            } else if xs.is_empty() {
                string(&if is_op {
                    format!("({name})")
                } else {
                    name.to_string()
                })
            } else {
                let head = if is_op {
                    format!("({name}) ")
                } else {
                    format!("{name} ")
                };
                let mut parts = vec![string(&head)];
                for (i, v) in xs.iter().enumerate() {
                    if i > 0 {
                        parts.push(string(" "));
                    }
                    parts.push(apps(shows_prec.clone(), [int(11), var(v, span)]));
                }
                apps(
                    show_paren.clone(),
                    [apps(ge.clone(), [var(&d, span), int(11)]), seq(parts)],
                )
            };
            alts.push(build::alt(c.name.as_str(), xs, body));
        }
        let body = build::case(var(&x, span), alts, None, span);
        Ok(build::lam(d, build::lam(x, body, span), span))
    }

    fn derive_enum(&mut self, decl: &DataDecl, span: Span) -> DResult<Vec<UBind>> {
        if decl.cons.iter().any(|c| !c.fields.is_empty()) {
            return Err(Diagnostic::new(
                ErrorKind::Type,
                span,
                "can derive Enum only for types whose constructors have no fields",
            ));
        }
        let from_enum = self.tag_function(decl, span)?;
        let n = self.fresh("n");
        let eq = self.prelude_name("==", span)?;
        let type_name = build::str_lit(source_name(&decl.name), span);
        let top = build::int_lit(decl.cons.len() as i64 - 1, span);
        let mut to_enum = apps(
            self.pvar("derivedToEnumError", span)?,
            [type_name.clone(), var(&n, span), top.clone()],
        );
        for (i, c) in decl.cons.iter().enumerate().rev() {
            let test = apps(
                var(&eq, span),
                [var(&n, span), build::int_lit(i as i64, span)],
            );
            to_enum = build::if_then_else(test, build::con(c.name.as_str(), span), to_enum, span);
        }
        // `[x ..]` and `[x, y ..]` stop at the last (or first) constructor: finite lists.
        let (first, last) = match (decl.cons.first(), decl.cons.last()) {
            (Some(f), Some(l)) => (
                build::con(f.name.as_str(), span),
                build::con(l.name.as_str(), span),
            ),
            _ => return Ok(vec![]),
        };
        let from = self.prelude_name("boundedEnumFrom", span)?;
        let from_then = self.prelude_name("boundedEnumFromThen", span)?;
        // Methods are functions, so building the dictionary runs none of them.
        let (x, y) = (self.fresh("x"), self.fresh("y"));
        let enum_from = apps(var(&from, span), [last.clone(), var(&x, span)]);
        let enum_from_then = apps(
            var(&from_then, span),
            [first, last, var(&x, span), var(&y, span)],
        );
        let succ = apps(self.pvar("derivedSucc", span)?, [type_name.clone(), top]);
        let pred = app(self.pvar("derivedPred", span)?, type_name);
        Ok(vec![
            self.method("fromEnum", from_enum, span)?,
            self.method("toEnum", build::lam(n, to_enum, span), span)?,
            self.method("succ", succ, span)?,
            self.method("pred", pred, span)?,
            self.method("enumFrom", build::lam(x.clone(), enum_from, span), span)?,
            self.method(
                "enumFromThen",
                build::lam(x, build::lam(y, enum_from_then, span), span),
                span,
            )?,
        ])
    }

    fn derive_bounded(&mut self, decl: &DataDecl, span: Span) -> DResult<Vec<UBind>> {
        let (Some(first), Some(last)) = (decl.cons.first(), decl.cons.last()) else {
            return Err(scope_error(
                span,
                "cannot derive Bounded for a type without constructors",
            ));
        };
        if decl.cons.len() > 1 && decl.cons.iter().any(|c| !c.fields.is_empty()) {
            return Err(Diagnostic::new(
                ErrorKind::Type,
                span,
                "can derive Bounded only for enumerations or single-constructor types",
            ));
        }
        let bound = |ds: &Ds, c: &DataCon, which: &str| -> DResult<UExpr> {
            let b = ds.pvar(which, span)?;
            Ok(apps(
                build::con(c.name.as_str(), span),
                c.fields.iter().map(|_| b.clone()),
            ))
        };
        Ok(vec![
            self.method("minBound", bound(self, first, "minBound")?, span)?,
            self.method("maxBound", bound(self, last, "maxBound")?, span)?,
        ])
    }
}

/// A constructor's or field's name as written in the source (without its module).
pub(super) fn source_name(name: &Name) -> &str {
    name.unqualified()
}

/// Whether a constructor or field name is an operator (`:+:`, `<+>`), written `(op)` as a prefix.
pub(super) fn is_operator(name: &str) -> bool {
    name.starts_with(|ch: char| !ch.is_alphabetic() && ch != '_')
}

/// Constructor `name` between its fields: an operator as it is, a name in backticks.
pub(super) fn infix_name(name: &str) -> String {
    if is_operator(name) {
        name.to_string()
    } else {
        format!("`{name}`")
    }
}

/// `(n :: Int)`
fn int_annot(n: i64, span: Span) -> UExpr {
    let sig = USig {
        context: vec![],
        ty: Type::int(),
        span,
    };
    UExpr {
        kind: UKind::Annot(Box::new(build::int_lit(n, span)), sig),
        span,
    }
}
