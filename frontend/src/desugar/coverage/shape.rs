//! A clause's patterns as coverage sees them (`Shape`s): constructors resolved in the current
//! module with their data type's constructors, tuples, lists and strings as constructor cells,
//! records by position, literals. Relies on the desugarer's constructor tables; a pattern nested
//! more than `DEPTH` deep, or one that does not resolve, has no shape (nothing is reported).

use super::matrix::{Ctor, Family, Lit, Shape, DEPTH};
use crate::ast::{Ident, Literal, Pat, PatKind};
use crate::desugar::pattern::{list_pattern, tuple_con};
use crate::desugar::Ds;
use dnrad_core::{Name, Span};
use std::collections::HashMap;
use std::rc::Rc;

/// The constructor families met so far, by their first constructor.
pub(super) type Families = HashMap<Name, Family>;

impl Ds {
    /// The shape of `p`, `depth` patterns deep.
    pub(super) fn shape(
        &mut self,
        p: &Pat,
        families: &mut Families,
        depth: usize,
    ) -> Option<Shape> {
        if depth > DEPTH {
            return None;
        }
        let lit = |l| Some(Shape::Con(Ctor::Lit(l), Rc::from([])));
        match &p.kind {
            PatKind::Var(_) | PatKind::Wild => Some(Shape::Any),
            // A lazy pattern is matched where it stands (dnrad is strict).
            PatKind::Paren(q) | PatKind::Lazy(q) | PatKind::As(_, q) => {
                self.shape(q, families, depth + 1)
            }
            PatKind::Lit(Literal::Int(n)) => lit(Lit::Int(n.clone())),
            PatKind::Lit(Literal::Frac(x)) => lit(Lit::Frac(*x)),
            PatKind::Lit(Literal::Char(c)) => lit(Lit::Char(*c)),
            PatKind::Lit(Literal::Str(s)) => self.string_shape(s, p.span, families),
            PatKind::NPlusK(_, k) => lit(Lit::NPlusK(k.clone())),
            PatKind::Con(c, args) => self.con_shape(c, args, families, depth),
            PatKind::Tuple(items) => {
                self.con_shape(&tuple_con(items.len(), p.span), items, families, depth)
            }
            PatKind::List(items) => self.shape(&list_pattern(items, p.span), families, depth + 1),
            PatKind::OpChain(pats, ops) => {
                let resolved = self.resolve_pat_chain(pats, ops).ok()?;
                self.shape(&resolved, families, depth + 1)
            }
            PatKind::Record(c, fields) => {
                let args = self.record_args(c, fields, p.span).ok()?;
                self.con_shape(c, &args, families, depth)
            }
        }
    }

    fn con_shape(
        &mut self,
        c: &Ident,
        args: &[Pat],
        families: &mut Families,
        depth: usize,
    ) -> Option<Shape> {
        let (index, family) = self.family_of(c, families)?;
        if family[index].1 != args.len() {
            return None;
        }
        let fields = args
            .iter()
            .map(|a| self.shape(a, families, depth + 1))
            .collect::<Option<Rc<[_]>>>()?;
        Some(Shape::Con(Ctor::Data { index, family }, fields))
    }

    /// The constructor `c` as its position in its family.
    fn family_of(&self, c: &Ident, families: &mut Families) -> Option<(usize, Family)> {
        let info = self.resolve_con(c).ok()?;
        let first = info.siblings.first()?;
        let family = match families.get(first) {
            Some(f) => f.clone(),
            None => {
                let cons = info
                    .siblings
                    .iter()
                    .map(|s| Some((s.clone(), self.con_by_name(s)?.arity)))
                    .collect::<Option<Vec<_>>>()?;
                let family: Family = cons.into();
                families.insert(first.clone(), family.clone());
                family
            }
        };
        let index = family.iter().position(|(n, _)| *n == info.name)?;
        Some((index, family))
    }

    /// A string pattern as the list of its characters.
    fn string_shape(&self, s: &str, span: Span, families: &mut Families) -> Option<Shape> {
        if s.chars().count() > DEPTH {
            return None;
        }
        let con = |name: &str| Ident {
            name: name.into(),
            span,
        };
        let (nil, list) = self.family_of(&con("[]"), families)?;
        let (cons, _) = self.family_of(&con(":"), families)?;
        let empty = Shape::Con(
            Ctor::Data {
                index: nil,
                family: list.clone(),
            },
            Rc::from([]),
        );
        Some(s.chars().rev().fold(empty, |rest, c| {
            let cell = Ctor::Data {
                index: cons,
                family: list.clone(),
            };
            let c = Shape::Con(Ctor::Lit(Lit::Char(c)), Rc::from([]));
            Shape::Con(cell, Rc::from([c, rest]))
        }))
    }
}
