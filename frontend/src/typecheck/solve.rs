//! Constraint solving: entailment of a class constraint by instances (creating constraints for
//! instance contexts), by the dictionaries in scope (including their superclasses), or deferral
//! while the type is still unknown; and Haskell 98 defaulting of what remains at the end.

use super::texpr::DictExpr;
use super::ty::{self, instantiate, Printer, Ty};
use super::{type_error, Tc, TcResult, Wanted};
use dnrad_core::{Diagnostic, ErrorKind, Name, Span};
use std::collections::HashMap;

/// The standard numeric classes (defaulting needs one of them).
const NUMERIC: &[&str] = &[
    "Num",
    "Real",
    "Integral",
    "Fractional",
    "Floating",
    "RealFrac",
    "RealFloat",
];
/// The other classes of the standard Prelude and libraries, by global name (defaulting applies
/// only when all constraints are standard classes): GHC's list less the classes of type
/// constructors.
const STANDARD_NON_NUMERIC: &[&str] =
    &["Eq", "Ord", "Show", "Read", "Enum", "Bounded", "Data.Ix.Ix"];

/// The deepest chain of instance contexts solved for one constraint (`Show [[[Int]]]` needs
/// three: the lists', then `Int`'s). Like GHC's reduction depth (200), it stops a resolution
/// that would build a dictionary per level of a type nested thousands deep; no type a program
/// writes by hand comes near it.
pub const MAX_INSTANCE_DEPTH: usize = 500;

/// `text` cut to about `max` characters, the middle elided.
fn abbreviate(text: &str, max: usize) -> String {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() <= max {
        return text.to_string();
    }
    let head: String = chars[..max * 2 / 3].iter().collect();
    let tail: String = chars[chars.len() - max / 3..].iter().collect();
    format!("{head} … {tail}")
}

impl Tc {
    fn describe(&self, class: &Name, t: &Ty) -> String {
        let mut p = Printer::default();
        format!("{class} {}", p.print_arg(&self.subst.zonk(t)))
    }

    /// Solve `class t`: `Some(dictionary)`, or `None` when `t` is not known enough yet.
    pub fn entail(&mut self, class: &Name, t: &Ty, span: Span) -> TcResult<Option<DictExpr>> {
        self.entail_at(class, t, span, (class, t, 0))
    }

    /// `entail` of a constraint `depth` instance contexts below `root`, the one asked for.
    fn entail_at(
        &mut self,
        class: &Name,
        t: &Ty,
        span: Span,
        (root_class, root_ty, depth): (&Name, &Ty, usize),
    ) -> TcResult<Option<DictExpr>> {
        if depth > MAX_INSTANCE_DEPTH {
            let shown = abbreviate(&self.describe(root_class, root_ty), 120);
            return Err(type_error(
                span,
                format!(
                    "solving ({shown}) needs instances nested more than {MAX_INSTANCE_DEPTH} \
                     deep: the type is nested too deeply"
                ),
            ));
        }
        let t = self.subst.zonk(t);
        let (head, args) = t.spine();
        match head {
            Ty::Con(tc) => {
                let Some(inst) = self.instances.get(&(class.clone(), tc.clone())).cloned() else {
                    let error = type_error(span, format!("no instance for ({}) arising from this expression", self.describe(class, &t)));
                    return Err(if t.as_fun().is_some() {
                        error.with_note("a function has no such instance: is a function applied to too few arguments, or is something that is not a function applied to some?")
                    } else {
                        error
                    });
                };
                if args.len() != inst.nvars {
                    return Err(type_error(span, format!("no instance for ({}) (kind mismatch)", self.describe(class, &t))));
                }
                let args: Vec<Ty> = args.into_iter().cloned().collect();
                let mut dicts = Vec::new();
                for (c, pt) in &inst.context {
                    let pt = instantiate(pt, &args);
                    match self.entail_at(c, &pt, span, (root_class, root_ty, depth + 1))? {
                        Some(d) => dicts.push(d),
                        None => {
                            let id = self.new_dict();
                            self.wanted.push(Wanted { id, class: c.clone(), ty: pt, span });
                            dicts.push(DictExpr::Hole(id));
                        }
                    }
                }
                Ok(Some(DictExpr::Inst { dict: inst.dict, tys: args, args: dicts }))
            }
            Ty::Skolem(..) => match self.solve_from_givens(class, &t) {
                Some(d) => Ok(Some(d)),
                None => Err(type_error(
                    span,
                    format!(
                        "no instance for ({}) arising from this expression; add it to the context of the type signature",
                        self.describe(class, &t)
                    ),
                )),
            },
            _ => Ok(None),
        }
    }

    /// A dictionary for `class t` from the givens, directly or through superclasses.
    fn solve_from_givens(&self, class: &Name, t: &Ty) -> Option<DictExpr> {
        let mut frontier: Vec<(Name, Ty, DictExpr)> = self.givens.clone();
        let mut steps = 0;
        while let Some((c, gt, d)) = frontier.pop() {
            steps += 1;
            if steps > 10_000 {
                return None;
            }
            if &c == class && self.subst.zonk(&gt) == *t {
                return Some(d);
            }
            if let Some(info) = self.classes.get(&c) {
                for (s, sel) in info.supers.iter().zip(&info.super_selectors) {
                    let sd = DictExpr::Super {
                        selector: sel.clone(),
                        ty: gt.clone(),
                        of: Box::new(d.clone()),
                    };
                    frontier.push((s.clone(), gt.clone(), sd));
                }
            }
        }
        None
    }

    /// The `type-defaults` warning for a type variable of the user's code defaulted to
    /// `Integer` whose choice shows (it is also shown, compared, enumerated, ...: `print (2^64)`
    /// prints another number at `Int`), located at its numeric constraint (the literal). A
    /// variable only numeric classes constrain (the exponent of `x ^ 2`) and one defaulted to
    /// `Double` (what `1.5 * x` means) are not worth a warning.
    fn warn_integer_default(&mut self, constraints: &[&Wanted]) {
        let observed = constraints
            .iter()
            .any(|w| !NUMERIC.contains(&w.class.as_str()));
        let Some(numeric) = constraints
            .iter()
            .filter(|w| NUMERIC.contains(&w.class.as_str()))
            .min_by_key(|w| (w.span.file, w.span.lo))
        else {
            return;
        };
        if !observed || !numeric.span.is_user() {
            return;
        }
        let mut classes: Vec<&str> = constraints.iter().map(|w| w.class.unqualified()).collect();
        classes.sort_unstable();
        classes.dedup();
        self.warnings.push(
            Diagnostic::warning(
                ErrorKind::Type,
                "type-defaults",
                numeric.span,
                format!(
                    "this expression's type defaults to `Integer` (for {})",
                    classes.join(", ")
                ),
            )
            .with_note(
                "`Integer` is arbitrary-precision and slower than `Int`: annotate it \
             (`:: Int`) or give its function a signature if `Int` was meant",
            ),
        );
    }

    /// Why a number constrained by `classes` was not defaulted: defaulting (to `Integer`, then
    /// `Double`) needs every class to be a standard one; and which types would do.
    fn why_not_defaulted(&self, classes: &[&Name]) -> String {
        let mut others: Vec<&str> = classes
            .iter()
            .map(|c| c.as_str())
            .filter(|c| !NUMERIC.contains(c) && !STANDARD_NON_NUMERIC.contains(c))
            .collect();
        others.sort_unstable();
        others.dedup();
        let mut fitting: Vec<&str> = self
            .instances
            .keys()
            .filter(|(class, _)| others.first() == Some(&class.as_str()))
            .map(|(_, ty)| ty.as_str())
            .filter(|ty| {
                classes
                    .iter()
                    .all(|c| self.instances.contains_key(&((*c).clone(), Name::new(ty))))
            })
            .collect();
        fitting.sort_unstable();
        let names: Vec<String> = others
            .iter()
            .map(|c| format!("`{}`", dnrad_core::name::unqualified(c)))
            .collect();
        let mut why = format!(
            "a number's type defaults to `Integer` or `Double` only when the standard classes \
             alone constrain it; {} {} not one of them",
            names.join(", "),
            if names.len() == 1 { "is" } else { "are" }
        );
        if !fitting.is_empty() {
            let types: Vec<String> = fitting
                .iter()
                .map(|t| format!("`{}`", dnrad_core::name::unqualified(t)))
                .collect();
            why.push_str(&format!(
                ": write its type; {} {} the instances it needs",
                types.join(", "),
                if types.len() == 1 { "has" } else { "have" }
            ));
        }
        why
    }

    /// Default the type variables of the constraints left at the end (Haskell 98 §4.3.4), then
    /// solve them.
    pub fn default_remaining(&mut self) -> TcResult<()> {
        for _ in 0..8 {
            let wanted = std::mem::take(&mut self.wanted);
            if wanted.is_empty() {
                return Ok(());
            }
            // The classes constraining each variable, gathered in one pass (linear in the
            // number of constraints however many bindings left them).
            let mut by_meta: HashMap<u32, Vec<&Wanted>> = HashMap::new();
            let mut order = Vec::new();
            for w in &wanted {
                if let Ty::Meta(m) = self.subst.shallow(&w.ty) {
                    let constraints = by_meta.entry(m).or_default();
                    if constraints.is_empty() {
                        order.push(m);
                    }
                    constraints.push(w);
                }
            }
            let mut progress = false;
            // Why a number's type was not defaulted, by variable (for the ambiguity error).
            let mut not_defaulted: HashMap<u32, String> = HashMap::new();
            for m in order {
                let constraints = &by_meta[&m];
                let classes: Vec<&Name> = constraints.iter().map(|w| &w.class).collect();
                let numeric = classes.iter().any(|c| NUMERIC.contains(&c.as_str()));
                let standard = classes.iter().all(|c| {
                    NUMERIC.contains(&c.as_str()) || STANDARD_NON_NUMERIC.contains(&c.as_str())
                });
                if numeric && !standard {
                    not_defaulted.insert(m, self.why_not_defaulted(&classes));
                }
                if !(numeric && standard) {
                    continue;
                }
                let candidate = ["Integer", "Double"].into_iter().find(|candidate| {
                    classes.iter().all(|c| {
                        self.instances
                            .contains_key(&((*c).clone(), Name::new(candidate)))
                    })
                });
                if let Some(candidate) = candidate {
                    if candidate == "Integer" {
                        self.warn_integer_default(constraints);
                    }
                    self.subst.set(m, ty::con(candidate));
                    progress = true;
                }
            }
            for w in wanted {
                match self.entail(&w.class, &w.ty, w.span)? {
                    Some(d) => self.dicts[w.id as usize] = Some(d),
                    None if progress => self.wanted.push(w),
                    None => {
                        let error = type_error(
                            w.span,
                            format!(
                            "ambiguous type variable in the constraint ({}): add a type annotation",
                            self.describe(&w.class, &w.ty)
                        ),
                        );
                        let why = match self.subst.shallow(&w.ty) {
                            Ty::Meta(m) => not_defaulted.remove(&m),
                            _ => None,
                        };
                        return Err(match why {
                            Some(why) => error.with_note(why),
                            None => error,
                        });
                    }
                }
            }
        }
        Ok(())
    }
}
