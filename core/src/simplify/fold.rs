//! Constant folding, the simplifier's last step: a numeric conversion of a literal (a ratio of
//! two Integer literals to a Double too: `fromRational` of a literal at `Double`), or the code
//! of a character literal (`fromEnum '0'`), becomes the literal it computes (specialised
//! overloaded code is full of `prim#integerToInt 2n`, the `fromInteger 2` of `even` at `Int`), and a `let` whose right-hand side is a constant — a
//! numeric or character literal, or a constructor without fields such as the `()` a
//! pattern-match fallthrough binds — is substituted into its body. A conversion of an `Int` to `Integer` that
//! is converted back (`fromIntegral :: Int -> Double` is `integerToDouble (intToInteger x)`)
//! becomes the direct conversion, and a `case` on a variable in the default of a `case` on
//! the same variable joins it. A `case` on a variable `let`-bound to a constructor with fields
//! (a pattern-matched tuple built where it is matched: `(\(a, b) -> ..) (x, y)` or `case (f x,
//! g y) of (a, b) -> ..`) takes its alternative at once: the fields are bound by `let`s in
//! their order (as the constructor evaluated them) and the alternative's binders to those, and
//! the constructor, when nothing else reads it, is never built. It folds only conversions that
//! cannot fail and whose result the runtime computes the same way; it never folds arithmetic,
//! strings (a string literal builds a list) or anything that prints.

use super::terms::{atomic, count, mentions};
use crate::expr::{Alt, Bind, Expr, ExprKind, Lit};
use crate::lint::subst;
use crate::name::Name;
use crate::prim::PrimOp;
use crate::program::DataDecl;
use crate::span::Span;
use crate::types::Type;
use num_bigint::BigInt;
use std::collections::{HashMap, HashSet};

/// Each constructor's data type parameters and field types, by constructor.
pub(super) type Constructors = HashMap<Name, (Vec<Name>, Vec<Type>)>;

/// The field types of constructor `con` at its data type's arguments `tys`.
pub(super) fn field_types(
    constructors: &Constructors,
    con: &Name,
    tys: &[Type],
) -> Option<Vec<Type>> {
    let (params, fields) = constructors.get(con)?;
    let sub: Vec<(Name, Type)> = params.iter().cloned().zip(tys.iter().cloned()).collect();
    Some(fields.iter().map(|t| subst(t, &sub, &mut 0)).collect())
}

/// The constructors of `datas` (see `Constructors`).
pub(super) fn constructors<'d>(datas: impl Iterator<Item = &'d DataDecl>) -> Constructors {
    datas
        .flat_map(|d| {
            d.cons
                .iter()
                .map(|c| (c.name.clone(), (d.params.clone(), c.fields.clone())))
        })
        .collect()
}

/// `e` with conversions of literals folded, constant `let`s and the constant globals
/// `globals` (`constant_globals`) substituted, and a `case` of a known constructor resolved
/// (`otherwise` in a guard is `True`, so its test disappears; a tuple built where it is
/// matched is not built; `constructors` gives the fields' types).
pub(super) fn fold(
    e: &Expr,
    globals: &HashMap<Name, ExprKind>,
    constructors: &Constructors,
) -> Expr {
    Folder {
        globals,
        constructors,
        scrutinised: scrutinised(e),
        constants: HashMap::new(),
        widened: HashMap::new(),
        known: HashMap::new(),
    }
    .expr(e)
}

/// The globals among `binds` bound to a constant (see `is_constant`).
pub(super) fn constant_globals(binds: &[Bind]) -> HashMap<Name, ExprKind> {
    binds
        .iter()
        .filter(|b| is_constant(&b.rhs))
        .map(|b| (b.name.clone(), b.rhs.kind.clone()))
        .collect()
}

struct Folder<'g> {
    globals: &'g HashMap<Name, ExprKind>,
    constructors: &'g Constructors,
    /// The variables a `case` matches on, and those they are `let`-bound to (`scrutinised`).
    scrutinised: HashSet<Name>,
    /// `let`-bound variables whose value is a constant (names are unique in core).
    constants: HashMap<Name, ExprKind>,
    /// `let`-bound variables whose value is `intToInteger` of this variable or literal.
    widened: HashMap<Name, Expr>,
    /// `let`-bound variables whose value is a constructor with fields, each field an atom.
    known: HashMap<Name, (Name, Vec<Expr>)>,
}

impl Folder<'_> {
    fn expr(&mut self, e: &Expr) -> Expr {
        match &e.kind {
            ExprKind::Var(x) => match self.constants.get(x).or_else(|| self.globals.get(x)) {
                Some(c) => Expr::new(c.clone(), e.span),
                None => e.clone(),
            },
            ExprKind::Let(b, body) => {
                let rhs = self.expr(&b.rhs);
                if is_constant(&rhs) {
                    self.constants.insert(b.name.clone(), rhs.kind);
                    return self.expr(body);
                }
                let rhs = match self.scrutinised.contains(&b.name) {
                    true => match self.known_let(b, rhs, body, e.span) {
                        Ok(e) => return e,
                        Err(rhs) => rhs,
                    },
                    false => rhs,
                };
                let widening = widened_atom(&rhs).cloned();
                if let Some(atom) = &widening {
                    self.widened.insert(b.name.clone(), atom.clone());
                }
                let body = self.expr(body);
                // A widening whose every use was folded away is dead (and pure).
                if widening.is_some() && !mentions(&body, &b.name) {
                    return body;
                }
                Expr::new(
                    ExprKind::Let(Box::new(b.with_rhs(rhs)), Box::new(body)),
                    e.span,
                )
            }
            ExprKind::Prim(op, ..) => {
                let folded = e.map_children(&mut |c| self.expr(c));
                let ExprKind::Prim(_, _, args) = &folded.kind else {
                    return folded;
                };
                if let [n, d] = args.as_slice() {
                    return match (op, &n.kind, &d.kind) {
                        (PrimOp::DoubleFromRational, ExprKind::Lit(n), ExprKind::Lit(d)) => {
                            ratio(n, d).map_or(folded, |x| Expr::new(ExprKind::Lit(x), e.span))
                        }
                        _ => folded,
                    };
                }
                let [arg] = args.as_slice() else {
                    return folded;
                };
                if let ExprKind::Lit(lit) = &arg.kind {
                    if let Some(lit) = convert(*op, lit) {
                        return Expr::new(ExprKind::Lit(lit), e.span);
                    }
                }
                let int = match &arg.kind {
                    ExprKind::Var(v) => self.widened.get(v),
                    _ => widened(arg),
                };
                match (op, int) {
                    (PrimOp::IntegerToInt, Some(int)) => Expr::new(int.kind.clone(), e.span),
                    (PrimOp::IntegerToDouble, Some(int)) => Expr::new(
                        ExprKind::Prim(PrimOp::IntToDouble, vec![], vec![int.clone()]),
                        e.span,
                    ),
                    _ => folded,
                }
            }
            ExprKind::Case(..) => {
                let e = known_case(merge_cases(e.map_children(&mut |c| self.expr(c))));
                self.known_fields(e)
            }
            _ => e.map_children(&mut |c| self.expr(c)),
        }
    }
}

impl Folder<'_> {
    /// `let x = rhs in body` (`rhs` folded) when `rhs` is a constructor with fields, or a
    /// variable bound to one: each field not an atom bound by a `let` of its own first, in
    /// order, `x` known to be the constructor of those atoms while `body` is folded, and the
    /// `let` of `x` left out when `body` no longer reads it. `Err(rhs)` for another `rhs`.
    fn known_let(&mut self, b: &Bind, rhs: Expr, body: &Expr, span: Span) -> Result<Expr, Expr> {
        let (rhs, fields) = match rhs.kind {
            ExprKind::Con(con, tys, args) if !args.is_empty() => {
                let Some(types) = field_types(self.constructors, &con, &tys) else {
                    return Err(Expr::new(ExprKind::Con(con, tys, args), rhs.span));
                };
                let mut fields = Vec::new();
                let mut atoms = Vec::new();
                for (i, (arg, ty)) in args.into_iter().zip(types).enumerate() {
                    if atomic(&arg) {
                        atoms.push(arg);
                        continue;
                    }
                    let name = Name::from(format!("{}#f{i}", b.name));
                    atoms.push(Expr::new(ExprKind::Var(name.clone()), arg.span));
                    let field_span = arg.span;
                    fields.push(Bind {
                        name,
                        ty,
                        rhs: arg,
                        span: field_span,
                    });
                }
                self.known
                    .insert(b.name.clone(), (con.clone(), atoms.clone()));
                (Expr::new(ExprKind::Con(con, tys, atoms), rhs.span), fields)
            }
            ExprKind::Var(ref x) if self.known.contains_key(x) => {
                let known = self.known[x].clone();
                self.known.insert(b.name.clone(), known);
                (rhs, Vec::new())
            }
            _ => return Err(rhs),
        };
        let body = self.expr(body);
        let mut out = match count(&body, &b.name) {
            0 => body,
            _ => Expr::new(
                ExprKind::Let(Box::new(b.with_rhs(rhs)), Box::new(body)),
                span,
            ),
        };
        for field in fields.into_iter().rev() {
            out = Expr::new(ExprKind::Let(Box::new(field), Box::new(out)), span);
        }
        Ok(out)
    }

    /// `case x of .. K b1 .. bn -> e ..` (folded) for an `x` known to be `K a1 .. an` as
    /// `let b1 = a1 in .. e` (the default if no alternative is `K`; unchanged if there is
    /// neither: the match fails at run time).
    fn known_fields(&self, e: Expr) -> Expr {
        let ExprKind::Case(scrut, alts, default) = e.kind else {
            return e;
        };
        let known = match &scrut.kind {
            ExprKind::Var(x) => self.known.get(x),
            _ => None,
        };
        let Some((con, atoms)) = known else {
            return Expr::new(ExprKind::Case(scrut, alts, default), e.span);
        };
        match alts.iter().position(|a| &a.con == con) {
            Some(i) => {
                let Alt { binders, rhs, .. } = alts.into_iter().nth(i).expect("the alternative");
                binders
                    .into_iter()
                    .zip(atoms)
                    .rev()
                    .fold(rhs, |body, ((name, ty), atom)| {
                        let span = atom.span;
                        let bind = Bind {
                            name,
                            ty,
                            rhs: atom.clone(),
                            span,
                        };
                        Expr::new(ExprKind::Let(Box::new(bind), Box::new(body)), e.span)
                    })
            }
            None => match default {
                Some(d) => *d,
                None => Expr::new(ExprKind::Case(scrut, alts, None), e.span),
            },
        }
    }
}

/// The variables of `e` a `case` matches on, with those they are `let`-bound to (`let s = p
/// in case s of ..`: a pattern match binds its scrutinee first).
fn scrutinised(e: &Expr) -> HashSet<Name> {
    fn walk(e: &Expr, matched: &mut HashSet<Name>, aliases: &mut HashMap<Name, Name>) {
        match &e.kind {
            ExprKind::Case(s, ..) => {
                if let ExprKind::Var(x) = &s.kind {
                    matched.insert(x.clone());
                }
            }
            ExprKind::Let(b, _) => {
                if let ExprKind::Var(x) = &b.rhs.kind {
                    aliases.insert(b.name.clone(), x.clone());
                }
            }
            _ => {}
        }
        e.for_each_child(|c| walk(c, matched, aliases));
    }
    let (mut matched, mut aliases) = (HashSet::new(), HashMap::new());
    walk(e, &mut matched, &mut aliases);
    let mut out = HashSet::new();
    for x in matched {
        let mut x = Some(x);
        while let Some(y) = x {
            x = aliases.get(&y).cloned();
            if !out.insert(y) {
                break;
            }
        }
    }
    out
}

/// `case K of .. K -> e ..` as `e`, for a constructor `K` without fields (the default if no
/// alternative is `K`; unchanged if there is neither: the match fails at run time).
fn known_case(e: Expr) -> Expr {
    let ExprKind::Case(scrut, alts, default) = e.kind else {
        return e;
    };
    if let ExprKind::Con(c, _, fields) = &scrut.kind {
        if fields.is_empty() {
            match alts.iter().position(|a| &a.con == c) {
                Some(i) if alts[i].binders.is_empty() => {
                    return alts.into_iter().nth(i).expect("the alternative").rhs
                }
                None if default.is_some() => return *default.expect("a default"),
                _ => {}
            }
        }
    }
    Expr::new(ExprKind::Case(scrut, alts, default), e.span)
}

/// `case x of alts; _ -> case x of more; _ -> d` as one `case x of alts, more; _ -> d` (a
/// pattern match tests the constructor once, then again in its fallthrough): the inner
/// alternatives for constructors the outer `case` already handles can never run.
fn merge_cases(e: Expr) -> Expr {
    let ExprKind::Case(scrut, mut alts, Some(default)) = e.kind else {
        return e;
    };
    match (&scrut.kind, default.kind) {
        (ExprKind::Var(x), ExprKind::Case(inner, more, inner_default)) if matches!(&inner.kind, ExprKind::Var(y) if y == x) =>
        {
            for alt in more {
                if !alts.iter().any(|a| a.con == alt.con) {
                    alts.push(alt);
                }
            }
            Expr::new(ExprKind::Case(scrut, alts, inner_default), e.span)
        }
        (_, kind) => Expr::new(
            ExprKind::Case(scrut, alts, Some(Box::new(Expr::new(kind, default.span)))),
            e.span,
        ),
    }
}

/// Whether `e` is a constant a `let` may substitute: a numeric or character literal (a string
/// builds a list) or a constructor without fields.
fn is_constant(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Lit(lit) => !matches!(lit, Lit::Str(_)),
        ExprKind::Con(_, _, fields) => fields.is_empty(),
        _ => false,
    }
}

/// `x` if `e` is `intToInteger x`.
fn widened(e: &Expr) -> Option<&Expr> {
    match &e.kind {
        ExprKind::Prim(PrimOp::IntToInteger, _, args) => match args.as_slice() {
            [x] => Some(x),
            _ => None,
        },
        _ => None,
    }
}

/// `x` if `e` is `intToInteger x` for a variable or literal `x` (so `x` may be read later
/// instead: it is already evaluated).
fn widened_atom(e: &Expr) -> Option<&Expr> {
    widened(e).filter(|x| matches!(x.kind, ExprKind::Var(_) | ExprKind::Lit(_)))
}

/// The literal `op` makes of `lit`, for a conversion that cannot fail.
fn convert(op: PrimOp, lit: &Lit) -> Option<Lit> {
    Some(match (op, lit) {
        (PrimOp::IntegerToInt, Lit::Integer(n)) => Lit::Int(i64::try_from(n).ok()?),
        (PrimOp::IntegerToDouble, Lit::Integer(n)) => Lit::Double(i64::try_from(n).ok()? as f64),
        (PrimOp::IntToInteger, Lit::Int(i)) => Lit::Integer(BigInt::from(*i)),
        (PrimOp::IntToDouble, Lit::Int(i)) => Lit::Double(*i as f64),
        (PrimOp::CharOrd, Lit::Char(c)) => Lit::Int(i64::from(u32::from(*c))),
        _ => return None,
    })
}

/// The Double of a ratio of two Integer literals that a Double holds exactly (so one IEEE
/// division rounds it as the runtime's `fromRational` does), with a denominator not 0.
fn ratio(n: &Lit, d: &Lit) -> Option<Lit> {
    const EXACT: i64 = 1 << 53;
    let (Lit::Integer(n), Lit::Integer(d)) = (n, d) else {
        return None;
    };
    let (n, d) = (i64::try_from(n).ok()?, i64::try_from(d).ok()?);
    let exact = |x: i64| (-EXACT..=EXACT).contains(&x);
    (exact(n) && exact(d) && d != 0).then(|| Lit::Double(n as f64 / d as f64))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::span::Span;

    /// Folding without constant globals.
    fn fold(e: &Expr) -> Expr {
        super::fold(e, &HashMap::new(), &HashMap::new())
    }

    fn lit(l: Lit) -> Expr {
        Expr::new(ExprKind::Lit(l), Span::dummy())
    }

    fn prim(op: PrimOp, args: Vec<Expr>) -> Expr {
        Expr::new(ExprKind::Prim(op, vec![], args), Span::dummy())
    }

    #[test]
    fn ratios_of_exact_literals_fold_to_the_correctly_rounded_double() {
        let ratio = |n: i64, d: i64| {
            let int = |x: i64| lit(Lit::Integer(BigInt::from(x)));
            fold(&prim(PrimOp::DoubleFromRational, vec![int(n), int(d)]))
        };
        assert_eq!(ratio(1, 2), lit(Lit::Double(0.5)));
        assert_eq!(ratio(-1, 10), lit(Lit::Double(-0.1)));
        assert_eq!(ratio(314159, 100000), lit(Lit::Double(3.14159)));
        // Not exact in a Double, or no quotient: left to the runtime.
        for (n, d) in [((1 << 53) + 1, 3), (1, 0)] {
            assert!(matches!(ratio(n, d).kind, ExprKind::Prim(..)), "{n} / {d}");
        }
    }

    #[test]
    fn conversions_of_literals_fold_and_literal_lets_substitute() {
        let x = Name::new("x#1");
        let var = Expr::new(ExprKind::Var(x.clone()), Span::dummy());
        let two = prim(
            PrimOp::IntegerToInt,
            vec![lit(Lit::Integer(BigInt::from(2)))],
        );
        let body = prim(PrimOp::IntRem, vec![lit(Lit::Int(7)), var]);
        let e = Expr::new(
            ExprKind::Let(
                Box::new(crate::expr::Bind {
                    name: x,
                    ty: crate::types::Type::int(),
                    rhs: two,
                    span: Span::dummy(),
                }),
                Box::new(body),
            ),
            Span::dummy(),
        );
        assert_eq!(
            fold(&e),
            prim(PrimOp::IntRem, vec![lit(Lit::Int(7)), lit(Lit::Int(2))])
        );
    }

    #[test]
    fn a_widening_converted_back_is_the_direct_conversion() {
        let x = Expr::new(ExprKind::Var(Name::new("x#1")), Span::dummy());
        let wide = prim(PrimOp::IntToInteger, vec![x.clone()]);
        let back = prim(PrimOp::IntegerToDouble, vec![wide.clone()]);
        assert_eq!(fold(&back), prim(PrimOp::IntToDouble, vec![x.clone()]));
        assert_eq!(fold(&prim(PrimOp::IntegerToInt, vec![wide.clone()])), x);
        // Other uses of the Integer keep it.
        let shown = prim(PrimOp::IntegerShow, vec![wide]);
        assert_eq!(fold(&shown), shown);
    }

    #[test]
    fn the_code_of_a_character_literal_folds() {
        let zero = prim(PrimOp::CharOrd, vec![lit(Lit::Char('0'))]);
        assert_eq!(fold(&zero), lit(Lit::Int(48)));
        let high = prim(PrimOp::CharOrd, vec![lit(Lit::Char('\u{1F600}'))]);
        assert_eq!(fold(&high), lit(Lit::Int(0x1F600)));
    }

    fn alt(con: &str, rhs: Expr) -> crate::expr::Alt {
        crate::expr::Alt {
            con: Name::new(con),
            binders: vec![],
            rhs,
        }
    }

    #[test]
    fn a_case_in_the_default_of_a_case_on_the_same_variable_joins_it() {
        let x = Expr::new(ExprKind::Var(Name::new("x#1")), Span::dummy());
        let case = |alts, d: Option<Expr>| {
            Expr::new(
                ExprKind::Case(Box::new(x.clone()), alts, d.map(Box::new)),
                Span::dummy(),
            )
        };
        let one = lit(Lit::Int(1));
        let inner = case(
            vec![alt("A", lit(Lit::Int(9))), alt("B", lit(Lit::Int(2)))],
            Some(lit(Lit::Int(3))),
        );
        let outer = case(vec![alt("A", one.clone())], Some(inner));
        let joined = case(
            vec![alt("A", one), alt("B", lit(Lit::Int(2)))],
            Some(lit(Lit::Int(3))),
        );
        assert_eq!(fold(&outer), joined);
    }

    #[test]
    fn out_of_range_and_arithmetic_stay() {
        let huge = prim(
            PrimOp::IntegerToInt,
            vec![lit(Lit::Integer(BigInt::from(u64::MAX)))],
        );
        assert_eq!(fold(&huge), huge);
        let sum = prim(PrimOp::IntAdd, vec![lit(Lit::Int(1)), lit(Lit::Int(2))]);
        assert_eq!(fold(&sum), sum);
    }
}
