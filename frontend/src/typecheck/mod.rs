//! Type inference and elaboration: untyped core to typed, dictionary-passing core.
//! Hindley–Milner with let-polymorphism over binding groups (SCCs), signatures, Haskell 98 type
//! classes (superclasses, defaults, instance contexts, constructor classes), the monomorphism
//! restriction and defaulting. Classes become dictionary data types; nothing of them reaches core.
//!
//! Submodules: `ty` (inference types, unification), `texpr` (terms with placeholders), `infer`
//! (expressions), `check` (expressions against a known type, for precise mismatches), `binds` (groups, generalisation, signatures), `solve` (constraints),
//! `classes` (dictionary types, selectors, instances), `hierarchy` (the Functor and Applicative
//! instances of Haskell 98-style monads), `deps` (dependency analysis).

mod ad_check;
mod binds;
mod check;
mod classes;
pub(crate) mod deps;
mod hierarchy;
mod infer;
mod solve;
mod texpr;
mod ty;

use crate::untyped::UProgram;
use dnrad_core::program::builtin_datas;
use dnrad_core::scoped::ScopedMap;
use dnrad_core::{Diagnostic, ErrorKind, Name, Program, Span, Type};
use std::collections::HashMap;
use texpr::{DictExpr, Solved, TBind};
use ty::{Scheme, Subst, Ty};

/// What a variable in scope is.
#[derive(Clone, Debug)]
pub(crate) enum VarInfo {
    Poly(Scheme),
    /// Monomorphic: lambda-bound, restricted, or a member of the group being inferred (`rec`).
    Mono(Ty, Option<u32>),
}

/// A data constructor's signature: `forall params. fields -> T params`.
#[derive(Clone, Debug)]
pub(crate) struct ConSig {
    pub data: Name,
    pub nparams: usize,
    pub fields: Vec<Ty>,
}

#[derive(Clone, Debug)]
pub(crate) struct ClassInfo {
    pub supers: Vec<Name>,
    /// Superclass selector for each superclass (same order).
    pub super_selectors: Vec<Name>,
    /// Methods with their full schemes `forall a vs. (C a, ctx) => ty`.
    pub methods: Vec<(Name, Scheme)>,
    pub dict_con: Name,
}

#[derive(Clone, Debug)]
pub(crate) struct InstInfo {
    pub dict: Name,
    pub nvars: usize,
    /// Context predicates over `Gen` variables of the head.
    pub context: Vec<(Name, Ty)>,
}

/// A constraint waiting to be solved; its solution fills placeholder `id`.
#[derive(Clone, Debug)]
pub(crate) struct Wanted {
    pub id: u32,
    pub class: Name,
    pub ty: Ty,
    pub span: Span,
}

pub(crate) struct Tc {
    pub subst: Subst,
    pub globals: HashMap<Name, VarInfo>,
    pub locals: ScopedMap<Name, VarInfo>,
    pub cons: HashMap<Name, ConSig>,
    pub datas: HashMap<Name, Vec<Name>>,
    pub classes: HashMap<Name, ClassInfo>,
    pub instances: HashMap<(Name, Name), InstInfo>,
    pub wanted: Vec<Wanted>,
    pub givens: Vec<(Name, Ty, DictExpr)>,
    pub dicts: Vec<Option<DictExpr>>,
    pub rec_groups: Vec<(Vec<Ty>, Vec<Name>)>,
    pub out: Vec<TBind>,
    /// Bindings generated directly in core (class selectors).
    pub core_binds: Vec<dnrad_core::Bind>,
    pub core_datas: Vec<dnrad_core::DataDecl>,
    /// Uses of `grad`, `vjp` and `jvp` in the user's code with their instantiations, checked to
    /// be first-order once inference is done.
    pub ad_uses: Vec<(Span, Name, Vec<Ty>)>,
    /// Warnings found (methods an instance leaves undefined).
    pub warnings: Vec<Diagnostic>,
    counter: u32,
}

pub(crate) type TcResult<T> = Result<T, Diagnostic>;

pub(crate) fn type_error(span: Span, msg: impl Into<String>) -> Diagnostic {
    Diagnostic::new(ErrorKind::Type, span, msg)
}

impl Tc {
    pub fn fresh_name(&mut self, base: &str) -> Name {
        self.counter += 1;
        Name::from(format!("{base}#t{}", self.counter))
    }

    pub fn new_dict(&mut self) -> u32 {
        self.dicts.push(None);
        self.dicts.len() as u32 - 1
    }

    pub fn lookup(&self, name: &Name) -> Option<&VarInfo> {
        self.locals.get(name).or_else(|| self.globals.get(name))
    }

    /// The name of a Prelude definition the elaboration relies on.
    pub fn known(&self, name: &str) -> Name {
        Name::new(name)
    }
}

impl Tc {
    fn new() -> Tc {
        Tc {
            subst: Subst::default(),
            globals: HashMap::new(),
            locals: ScopedMap::default(),
            cons: HashMap::new(),
            datas: HashMap::new(),
            classes: HashMap::new(),
            instances: HashMap::new(),
            wanted: Vec::new(),
            givens: Vec::new(),
            dicts: Vec::new(),
            rec_groups: Vec::new(),
            out: Vec::new(),
            core_binds: Vec::new(),
            core_datas: Vec::new(),
            ad_uses: Vec::new(),
            warnings: Vec::new(),
            counter: 0,
        }
    }

    /// A checker that continues from this one's environment (globals, data types, classes,
    /// instances, solved variables) with no output of its own.
    fn fork(&self) -> Tc {
        Tc {
            subst: self.subst.clone(),
            globals: self.globals.clone(),
            locals: ScopedMap::default(),
            cons: self.cons.clone(),
            datas: self.datas.clone(),
            classes: self.classes.clone(),
            instances: self.instances.clone(),
            wanted: Vec::new(),
            givens: Vec::new(),
            dicts: self.dicts.clone(),
            rec_groups: self.rec_groups.clone(),
            out: Vec::new(),
            core_binds: Vec::new(),
            core_datas: Vec::new(),
            ad_uses: Vec::new(),
            warnings: Vec::new(),
            counter: self.counter,
        }
    }

    /// Check `program`'s declarations (its data types are `datas`) and bindings, and its
    /// entry when it has one, adding their elaboration to the output.
    fn check(
        &mut self,
        program: &UProgram,
        datas: Vec<dnrad_core::DataDecl>,
    ) -> Result<Option<texpr::TExpr>, Vec<Diagnostic>> {
        for d in &datas {
            self.register_data(d);
        }
        self.core_datas = datas;
        self.declare_classes(&program.classes)
            .map_err(|e| vec![e])?;
        let instances = self
            .complete_monad_hierarchy(&program.instances)
            .map_err(|e| vec![e])?;
        self.declare_instances(&instances).map_err(|e| vec![e])?;
        let mut errors = self.top_level(&program.binds);
        if errors.is_empty() {
            errors.extend(self.class_defaults(&program.classes));
        }
        if errors.is_empty() {
            errors.extend(self.instance_dictionaries(&instances));
        }
        let entry = match (&program.main, errors.is_empty()) {
            (Some(main), true) => match self.entry(main) {
                Ok(e) => Some(e),
                Err(e) => {
                    errors.push(e);
                    None
                }
            },
            _ => None,
        };
        if errors.is_empty() {
            if let Err(e) = self.default_remaining() {
                errors.push(e);
            }
        }
        if errors.is_empty() {
            errors.extend(self.check_ad_uses());
        }
        if errors.is_empty() {
            Ok(entry)
        } else {
            Err(errors)
        }
    }

    /// The core of what was checked, with `entry` as the program's entry.
    fn output(&self, entry: Option<texpr::TExpr>) -> Program {
        let solved = Solved {
            subst: &self.subst,
            dicts: &self.dicts,
            rec_groups: &self.rec_groups,
            from_integer: self.known("fromInteger"),
            from_rational: self.known("fromRational"),
            ratio_con: self.known(":%"),
        };
        let mut binds = self.core_binds.clone();
        binds.extend(self.out.iter().map(|b| solved.bind(b)));
        Program {
            datas: self.core_datas.clone(),
            binds,
            entry: entry.map(|e| solved.expr(&e)),
            worlds: Vec::new(),
        }
    }
}

/// Type-check and elaborate a whole program to core.
pub fn typecheck(program: &UProgram) -> Result<Program, Vec<Diagnostic>> {
    let mut tc = Tc::new();
    let mut datas = builtin_datas();
    datas.extend(program.datas.iter().cloned());
    let entry = tc.check(program, datas)?;
    Ok(tc.output(entry))
}

/// The type checker's environment once the Prelude is checked: `typecheck_after_prelude`
/// checks a program's modules against a copy of it without checking the Prelude again.
pub struct PreludeTypes {
    tc: Tc,
}

/// Type-check the Prelude's untyped program (with the built-in data types): its environment,
/// and its core.
pub fn typecheck_prelude(prelude: &UProgram) -> Result<(PreludeTypes, Program), Vec<Diagnostic>> {
    let mut tc = Tc::new();
    let mut datas = builtin_datas();
    datas.extend(prelude.datas.iter().cloned());
    let entry = tc.check(prelude, datas)?;
    let core = tc.output(entry);
    Ok((PreludeTypes { tc: tc.fork() }, core))
}

/// Type-check and elaborate the untyped program of a program's modules but the Prelude
/// (`desugar::desugar_after_prelude`) against the Prelude's environment: the core of these
/// modules alone (their data types, the bindings of their classes, instances and values, and the
/// entry), and the warnings desugaring and checking found.
pub fn typecheck_after_prelude(
    prelude: &PreludeTypes,
    program: &UProgram,
) -> Result<(Program, Vec<Diagnostic>), Vec<Diagnostic>> {
    let mut tc = prelude.tc.fork();
    let entry = tc.check(program, program.datas.clone())?;
    let mut warnings = program.warnings.clone();
    warnings.append(&mut tc.warnings);
    Ok((tc.output(entry), warnings))
}

impl Tc {
    fn register_data(&mut self, d: &dnrad_core::DataDecl) {
        let vars: HashMap<Name, Ty> = d
            .params
            .iter()
            .enumerate()
            .map(|(i, p)| (p.clone(), Ty::Gen(i)))
            .collect();
        self.datas.insert(
            d.name.clone(),
            d.cons.iter().map(|c| c.name.clone()).collect(),
        );
        for c in &d.cons {
            let fields = c.fields.iter().map(|f| ty::from_core(f, &vars)).collect();
            self.cons.insert(
                c.name.clone(),
                ConSig {
                    data: d.name.clone(),
                    nparams: d.params.len(),
                    fields,
                },
            );
        }
    }

    /// The type of a constructor as a scheme.
    pub fn con_scheme(&self, sig: &ConSig) -> Scheme {
        let result = ty::apply(Ty::Con(sig.data.clone()), (0..sig.nparams).map(Ty::Gen));
        let t = sig
            .fields
            .iter()
            .rev()
            .fold(result, |acc, f| ty::fun(f.clone(), acc));
        Scheme {
            vars: (0..sig.nparams)
                .map(|i| Name::from(format!("c{i}")))
                .collect(),
            preds: vec![],
            ty: t,
        }
    }

    /// `runMainIO @t main`, checking `main :: IO t`.
    fn entry(&mut self, main: &Name) -> TcResult<texpr::TExpr> {
        let span = Span::new(dnrad_core::FileId::MAIN, 0, 0);
        let (e, t) = self.infer_var(main, span)?;
        let result = self.subst.fresh();
        let io = ty::apply(ty::con("IO"), [result.clone()]);
        if self.subst.unify(&t, &io).is_err() {
            let mut p = ty::Printer::default();
            return Err(type_error(
                span,
                format!(
                    "`main` must have type `IO t`, but it has type `{}`",
                    p.print(&self.subst.zonk(&t))
                ),
            ));
        }
        let (run, run_ty) = self.infer_var(&self.known("runMainIO"), span)?;
        let out = self.subst.fresh();
        self.subst
            .unify(&run_ty, &ty::fun(io, out))
            .map_err(|_| type_error(span, "internal error: runMainIO has an unexpected type"))?;
        Ok(texpr::TExpr {
            kind: texpr::TKind::App(Box::new(run), Box::new(e)),
            span,
        })
    }

    /// A core type of a dictionary for class `c` at type `t`.
    pub fn dict_type(c: &Name, t: Type) -> Type {
        Type::Con(c.clone(), vec![t])
    }
}

#[cfg(test)]
mod tests;
