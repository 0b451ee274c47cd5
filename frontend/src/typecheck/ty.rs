//! Inference types: curried type applications (so higher-kinded variables unify like any other
//! type), meta variables solved by a substitution, rigid skolems from signatures, and quantified
//! variables of schemes. Also unification, zonking, conversion to core types and printing.
//! Types are shared: an application holds its parts by `Rc`, so cloning a type, binding a meta
//! variable to it or following a solved variable costs O(1), and zonking and instantiation
//! rebuild only the nodes under which something changed (a ground type is returned as it is).

use dnrad_core::types::names;
use dnrad_core::{show_type, Name, Type};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

#[derive(Clone, Debug, PartialEq)]
pub enum Ty {
    /// A unification variable.
    Meta(u32),
    /// A rigid type variable (from a signature being checked), with its source name.
    Skolem(u32, Name),
    /// The `i`-th quantified variable of a scheme.
    Gen(usize),
    Con(Name),
    App(Rc<Ty>, Rc<Ty>),
}

pub fn fun(a: Ty, b: Ty) -> Ty {
    app(app(Ty::Con(Name::new("->")), a), b)
}

/// The application `f a`.
pub fn app(f: Ty, a: Ty) -> Ty {
    Ty::App(Rc::new(f), Rc::new(a))
}

pub fn con(name: &str) -> Ty {
    Ty::Con(Name::new(name))
}

pub fn apply(head: Ty, args: impl IntoIterator<Item = Ty>) -> Ty {
    args.into_iter().fold(head, app)
}

pub fn list(t: Ty) -> Ty {
    apply(con(names::LIST), [t])
}

impl Ty {
    /// `a -> b` split into `(a, b)`.
    pub fn as_fun(&self) -> Option<(&Ty, &Ty)> {
        if let Ty::App(f, b) = self {
            if let Ty::App(arrow, a) = f.as_ref() {
                if matches!(arrow.as_ref(), Ty::Con(n) if n.as_str() == "->") {
                    return Some((a, b));
                }
            }
        }
        None
    }

    /// The head and arguments of an application spine.
    pub fn spine(&self) -> (&Ty, Vec<&Ty>) {
        let mut args = Vec::new();
        let mut t = self;
        while let Ty::App(f, a) = t {
            args.push(a.as_ref());
            t = f;
        }
        args.reverse();
        (t, args)
    }
}

/// A type scheme `forall g0 .. g(n-1). preds => ty` (quantified variables are `Ty::Gen`).
#[derive(Clone, Debug)]
pub struct Scheme {
    /// Names for the quantified variables (used for core type variables).
    pub vars: Vec<Name>,
    pub preds: Vec<(Name, Ty)>,
    pub ty: Ty,
}

/// `t` with each leaf for which `leaf` gives a replacement replaced, or `None` when nothing
/// changed; unchanged subtrees of the result are `t`'s own (shared, not copied).
pub fn rewrite(t: &Ty, leaf: &mut impl FnMut(&Ty) -> Option<Ty>) -> Option<Ty> {
    match t {
        Ty::App(f, a) => {
            let (nf, na) = (rewrite(f, leaf), rewrite(a, leaf));
            if nf.is_none() && na.is_none() {
                return None;
            }
            let keep = |new: Option<Ty>, old: &Rc<Ty>| new.map_or_else(|| old.clone(), Rc::new);
            Some(Ty::App(keep(nf, f), keep(na, a)))
        }
        _ => leaf(t),
    }
}

/// Replace `Gen(i)` by `args[i]`.
pub fn instantiate(t: &Ty, args: &[Ty]) -> Ty {
    let mut leaf = |t: &Ty| match t {
        Ty::Gen(i) => Some(args[*i].clone()),
        _ => None,
    };
    rewrite(t, &mut leaf).unwrap_or_else(|| t.clone())
}

/// Why two types do not unify.
#[derive(Debug)]
pub enum UnifyError {
    Mismatch,
    Occurs(u32, Ty),
}

/// The substitution of meta variables. Chains of variables solved by variables are compressed
/// as they are followed (`shallow`), so following one costs amortised near-constant time
/// however many unifications a long expression (`1 + 1 + … + 1`) chains together.
///
/// Each meta variable has a level: the number of binding groups being inferred around the
/// point where it was made. Solving a variable by a type lowers the levels of that type's
/// variables to its own, so a variable's level is always the outermost group whose environment
/// can mention it, and generalising a group quantifies exactly its type's variables above the
/// level outside the group — no scan of the environment.
#[derive(Clone, Default)]
pub struct Subst {
    metas: RefCell<Vec<Option<Ty>>>,
    levels: Vec<u32>,
    level: u32,
    skolems: u32,
}

impl Subst {
    pub fn fresh(&mut self) -> Ty {
        let metas = self.metas.get_mut();
        metas.push(None);
        self.levels.push(self.level);
        Ty::Meta(metas.len() as u32 - 1)
    }

    /// Start inferring a binding group (its new variables are one level deeper).
    pub fn enter_level(&mut self) {
        self.level += 1;
    }

    pub fn leave_level(&mut self) {
        self.level -= 1;
    }

    /// The current level: variables above it were made inside a group not yet generalised.
    pub fn level(&self) -> u32 {
        self.level
    }

    pub fn meta_level(&self, m: u32) -> u32 {
        self.levels[m as usize]
    }

    /// Keep the unsolved variables of `t` at `level` or below (they stay in the environment).
    pub fn lower_levels(&mut self, t: &Ty, level: u32) {
        for m in self.free_metas([t]) {
            let l = &mut self.levels[m as usize];
            *l = (*l).min(level);
        }
    }

    pub fn fresh_skolem(&mut self, name: Name) -> Ty {
        self.skolems += 1;
        Ty::Skolem(self.skolems, name)
    }

    /// Follow solved meta variables at the head; every variable passed on the way is then
    /// solved by the last one (path compression, which changes no meaning).
    pub fn shallow(&self, t: &Ty) -> Ty {
        let Ty::Meta(start) = *t else {
            return t.clone();
        };
        let mut metas = self.metas.borrow_mut();
        let mut last = start;
        while let Some(Ty::Meta(next)) = metas[last as usize] {
            last = next;
        }
        let mut m = start;
        while m != last {
            let Some(Ty::Meta(next)) = metas[m as usize] else {
                break;
            };
            metas[m as usize] = Some(Ty::Meta(last));
            m = next;
        }
        match &metas[last as usize] {
            Some(solved) => solved.clone(),
            None => Ty::Meta(last),
        }
    }

    /// Apply the substitution everywhere.
    pub fn zonk(&self, t: &Ty) -> Ty {
        self.zonk_changed(t).unwrap_or_else(|| t.clone())
    }

    /// `t` zonked, or `None` when it has no solved meta variable. A solved variable's
    /// solution is stored zonked, so a type reached through many variables is zonked once.
    fn zonk_changed(&self, t: &Ty) -> Option<Ty> {
        let mut leaf = |t: &Ty| {
            let Ty::Meta(m) = *t else { return None };
            let solved = self.shallow(t);
            match &solved {
                Ty::Meta(last) if *last == m => None,
                _ => {
                    let zonked = self.zonk_changed(&solved);
                    let result = zonked.unwrap_or(solved);
                    if let Ty::Meta(last) = result {
                        return Some(Ty::Meta(last));
                    }
                    self.metas.borrow_mut()[m as usize] = Some(result.clone());
                    Some(result)
                }
            }
        };
        rewrite(t, &mut leaf)
    }

    /// Whether `m` occurs in `t`; lowers the levels of `t`'s variables to `level` on the way.
    fn occurs(&mut self, m: u32, t: &Ty, level: u32) -> bool {
        match self.shallow(t) {
            Ty::Meta(n) => {
                let l = &mut self.levels[n as usize];
                *l = (*l).min(level);
                n == m
            }
            Ty::App(f, a) => self.occurs(m, &f, level) || self.occurs(m, &a, level),
            _ => false,
        }
    }

    pub fn unify(&mut self, a: &Ty, b: &Ty) -> Result<(), UnifyError> {
        let (a, b) = (self.shallow(a), self.shallow(b));
        match (&a, &b) {
            (Ty::Meta(m), Ty::Meta(n)) if m == n => Ok(()),
            (Ty::Meta(m), other) | (other, Ty::Meta(m)) => {
                if self.occurs(*m, other, self.levels[*m as usize]) {
                    return Err(UnifyError::Occurs(*m, self.zonk(other)));
                }
                self.metas.get_mut()[*m as usize] = Some(other.clone());
                Ok(())
            }
            (Ty::Con(x), Ty::Con(y)) if x == y => Ok(()),
            (Ty::Skolem(x, _), Ty::Skolem(y, _)) if x == y => Ok(()),
            (Ty::App(f1, a1), Ty::App(f2, a2)) => {
                self.unify(f1, f2)?;
                self.unify(a1, a2)
            }
            _ => Err(UnifyError::Mismatch),
        }
    }

    /// The unsolved meta variables of some types, each once, in order of appearance.
    pub fn free_metas<'t>(&self, types: impl IntoIterator<Item = &'t Ty>) -> Vec<u32> {
        let mut out = Vec::new();
        let mut seen = HashSet::new();
        for t in types {
            self.collect_metas(t, &mut out, &mut seen);
        }
        out
    }

    fn collect_metas(&self, t: &Ty, out: &mut Vec<u32>, seen: &mut HashSet<u32>) {
        match self.shallow(t) {
            Ty::Meta(m) if seen.insert(m) => out.push(m),
            Ty::App(f, a) => {
                self.collect_metas(&f, out, seen);
                self.collect_metas(&a, out, seen);
            }
            _ => {}
        }
    }

    /// Bind a meta variable directly (used by generalisation and defaulting).
    pub fn set(&mut self, m: u32, t: Ty) {
        self.metas.get_mut()[m as usize] = Some(t);
    }
}

/// Convert a zonked inference type to a core type; `Gen(i)` becomes `vars[i]`, skolems their
/// names, and remaining meta variables (ambiguous but unconstrained) the unit type.
pub fn to_core(t: &Ty, vars: &[Name]) -> Type {
    let (head, args) = t.spine();
    let args: Vec<Type> = args.into_iter().map(|a| to_core(a, vars)).collect();
    match head {
        Ty::Con(n) if n.as_str() == "->" && args.len() == 2 => {
            let mut it = args.into_iter();
            Type::fun(it.next().unwrap(), it.next().unwrap())
        }
        Ty::Con(n) => Type::Con(n.clone(), args),
        Ty::Gen(i) => Type::Var(vars[*i].clone()).apply(args),
        Ty::Skolem(_, n) => Type::Var(n.clone()).apply(args),
        // An unconstrained, ambiguous variable: any type works at run time.
        Ty::Meta(_) | Ty::App(..) => Type::unit(),
    }
}

/// Convert a core type (with free variables named in `vars` as `Gen`) to an inference type.
pub fn from_core(t: &Type, vars: &HashMap<Name, Ty>) -> Ty {
    match t {
        Type::Var(v) => vars.get(v).cloned().unwrap_or_else(|| Ty::Con(v.clone())),
        Type::Con(c, args) => apply(Ty::Con(c.clone()), args.iter().map(|a| from_core(a, vars))),
        Type::Fun(a, b) => fun(from_core(a, vars), from_core(b, vars)),
        Type::App(v, args) => apply(
            from_core(&Type::Var(v.clone()), vars),
            args.iter().map(|a| from_core(a, vars)),
        ),
        Type::Forall(_, body) => from_core(body, vars),
    }
}

/// Print types in Haskell syntax, naming meta variables `a`, `b`, ... consistently.
#[derive(Default)]
pub struct Printer {
    names: HashMap<u32, String>,
}

impl Printer {
    fn meta_name(&mut self, m: u32) -> String {
        let n = self.names.len();
        self.names
            .entry(m)
            .or_insert_with(|| {
                let letter = (b'a' + (n % 26) as u8) as char;
                if n < 26 {
                    letter.to_string()
                } else {
                    format!("{letter}{}", n / 26)
                }
            })
            .clone()
    }

    pub fn print(&mut self, t: &Ty) -> String {
        show_type::source(&self.shown(t))
    }

    /// `t` as the argument of a type application (`Show ([a] -> [a])`, `Show [a]`,
    /// `Num (Maybe a)`): in parentheses unless it is atomic.
    pub fn print_arg(&mut self, t: &Ty) -> String {
        show_type::show_arg(&self.shown(t), show_type::Style::Source)
    }

    /// `t` as a core type to show: meta variables by their letters, skolems by the names the
    /// signature gave them, generalised variables as `t0`, `t1`, ...
    fn shown(&mut self, t: &Ty) -> Type {
        let (head, args) = t.spine();
        let args: Vec<Type> = args.into_iter().map(|a| self.shown(a)).collect();
        let var = |n: String| Type::Var(Name::from(n));
        match head {
            Ty::Con(n) if n.as_str() == "->" && args.len() == 2 => {
                let mut it = args.into_iter();
                match (it.next(), it.next()) {
                    (Some(a), Some(r)) => Type::fun(a, r),
                    _ => Type::unit(),
                }
            }
            Ty::Con(n) => Type::Con(n.clone(), args),
            Ty::Meta(m) => var(self.meta_name(*m)).apply(args),
            Ty::Skolem(_, n) => {
                var(n.as_str().split('#').next().unwrap_or("").to_string()).apply(args)
            }
            Ty::Gen(i) => var(format!("t{i}")).apply(args),
            Ty::App(..) => Type::unit(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unify_and_print() {
        let mut s = Subst::default();
        let a = s.fresh();
        let b = s.fresh();
        s.unify(
            &fun(a.clone(), list(con("Int"))),
            &fun(con("Bool"), b.clone()),
        )
        .unwrap();
        let mut p = Printer::default();
        assert_eq!(p.print(&s.zonk(&fun(a, b))), "Bool -> [Int]");
        let c = s.fresh();
        assert!(matches!(
            s.unify(&c, &fun(c.clone(), con("Int"))),
            Err(UnifyError::Occurs(..))
        ));
        assert!(matches!(
            s.unify(&con("Int"), &con("Bool")),
            Err(UnifyError::Mismatch)
        ));
    }

    #[test]
    fn higher_kinded_application_unifies_with_constructors() {
        let mut s = Subst::default();
        let f = s.fresh();
        let x = s.fresh();
        let either_int = apply(con("Either"), [con("Int")]);
        s.unify(
            &apply(f.clone(), [x.clone()]),
            &apply(con("Either"), [con("Int"), con("Bool")]),
        )
        .unwrap();
        assert_eq!(s.zonk(&f), either_int);
        assert_eq!(
            to_core(&s.zonk(&apply(f, [con("Char")])), &[]),
            Type::Con(Name::new("Either"), vec![Type::int(), Type::char()])
        );
    }
}
