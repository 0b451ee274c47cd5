//! Classes and instances, elaborated to dictionary passing: one data type per class (superclass
//! dictionaries, then methods; methods with their own quantifiers get `Forall` field types), a
//! selector per method and superclass, default methods as top-level functions, and one top-level
//! dictionary (a function of the context's dictionaries) per instance.

use super::binds::sig_scheme;
use super::texpr::{TBind, TExpr, TKind};
use super::ty::{self, instantiate, Scheme, Ty};
use super::{type_error, ClassInfo, InstInfo, Tc, TcResult, VarInfo};
use crate::untyped::{UClass, UExpr, UInstance, UKind, USig};
use dnrad_core::expr::{Alt, Bind, Expr, ExprKind};
use dnrad_core::program::DataCon;
use dnrad_core::{DataDecl, Diagnostic, ErrorKind, Name, PrimOp, Span, Type};
use std::collections::HashMap;

fn var(n: &Name, span: Span) -> Expr {
    Expr::new(ExprKind::Var(n.clone()), span)
}

/// The method's own type variables (those other than the class variable), in order.
fn own_vars(class_var: &Name, sig: &USig) -> Vec<Name> {
    let scheme = sig_scheme(sig);
    scheme.vars.into_iter().filter(|v| v != class_var).collect()
}

impl Tc {
    pub fn declare_classes(&mut self, classes: &[UClass]) -> TcResult<()> {
        for c in classes {
            let a = c.tyvar.clone();
            let dict_con = Name::from(format!("{}#D", c.name));
            let super_selectors: Vec<Name> = c
                .supers
                .iter()
                .map(|s| Name::from(format!("{}#super#{s}", c.name)))
                .collect();
            let mut fields = Vec::new();
            for s in &c.supers {
                fields.push(Self::dict_type(s, Type::Var(a.clone())));
            }
            let mut methods = Vec::new();
            for (m, sig) in &c.methods {
                let vs = own_vars(&a, sig);
                let ctx_types: Vec<Type> = sig
                    .context
                    .iter()
                    .map(|p| Self::dict_type(&p.class, p.ty.clone()))
                    .collect();
                fields.push(Type::forall(
                    vs.clone(),
                    Type::funs(ctx_types, sig.ty.clone()),
                ));
                // The method's scheme: forall a vs. (C a, ctx) => ty.
                let all_vars: Vec<Name> = std::iter::once(a.clone())
                    .chain(vs.iter().cloned())
                    .collect();
                let env: HashMap<Name, Ty> = all_vars
                    .iter()
                    .enumerate()
                    .map(|(i, v)| (v.clone(), Ty::Gen(i)))
                    .collect();
                let mut preds = vec![(c.name.clone(), Ty::Gen(0))];
                preds.extend(
                    sig.context
                        .iter()
                        .map(|p| (p.class.clone(), ty::from_core(&p.ty, &env))),
                );
                let scheme = Scheme {
                    vars: all_vars,
                    preds,
                    ty: ty::from_core(&sig.ty, &env),
                };
                self.globals
                    .insert(m.clone(), VarInfo::Poly(scheme.clone()));
                methods.push((m.clone(), scheme));
            }
            let decl = DataDecl {
                name: c.name.clone(),
                params: vec![a.clone()],
                cons: vec![DataCon {
                    name: dict_con.clone(),
                    fields: fields.clone(),
                    field_names: None,
                    infix: false,
                }],
                span: c.span,
            };
            self.register_data_decl(decl);
            // Selectors: `/\a vs. \(d : C a) -> case d of C#D .. f .. -> f @vs`.
            for (i, field_ty) in fields.iter().enumerate() {
                let name = if i < c.supers.len() {
                    super_selectors[i].clone()
                } else {
                    methods[i - c.supers.len()].0.clone()
                };
                let binders: Vec<(Name, Type)> = fields
                    .iter()
                    .enumerate()
                    .map(|(j, t)| (Name::from(format!("f{j}#sel")), t.clone()))
                    .collect();
                let (vs, body_ty) = match field_ty {
                    Type::Forall(vs, b) => (vs.clone(), b.as_ref().clone()),
                    t => (vec![], t.clone()),
                };
                let mut result = var(&binders[i].0, c.span);
                if !vs.is_empty() {
                    result = Expr::new(
                        ExprKind::TyApp(
                            Box::new(result),
                            vs.iter().cloned().map(Type::Var).collect(),
                        ),
                        c.span,
                    );
                }
                let d = Name::new("d#sel");
                let case = Expr::new(
                    ExprKind::Case(
                        Box::new(var(&d, c.span)),
                        vec![Alt {
                            con: dict_con.clone(),
                            binders,
                            rhs: result,
                        }],
                        None,
                    ),
                    c.span,
                );
                let dict_ty = Self::dict_type(&c.name, Type::Var(a.clone()));
                let lam = Expr::new(ExprKind::Lam(d, dict_ty.clone(), Box::new(case)), c.span);
                let tyvars: Vec<Name> = std::iter::once(a.clone()).chain(vs).collect();
                let rhs = Expr::new(ExprKind::TyLam(tyvars.clone(), Box::new(lam)), c.span);
                let ty = Type::Forall(tyvars, Box::new(Type::fun(dict_ty, body_ty)));
                self.core_binds.push(Bind {
                    name,
                    ty,
                    rhs,
                    span: c.span,
                });
            }
            let info = ClassInfo {
                supers: c.supers.clone(),
                super_selectors,
                methods,
                dict_con,
            };
            self.classes.insert(c.name.clone(), info);
        }
        Ok(())
    }

    fn register_data_decl(&mut self, d: DataDecl) {
        self.register_data(&d);
        self.core_datas.push(d);
    }

    pub fn declare_instances(&mut self, instances: &[UInstance]) -> TcResult<()> {
        for inst in instances {
            let (head, params) = instance_head(inst)?;
            if !self.classes.contains_key(&inst.class) {
                return Err(type_error(
                    inst.span,
                    format!("`{}` is not a class", inst.class),
                ));
            }
            let env: HashMap<Name, Ty> = params
                .iter()
                .enumerate()
                .map(|(i, p)| (p.clone(), Ty::Gen(i)))
                .collect();
            let context = inst
                .context
                .iter()
                .map(|p| (p.class.clone(), ty::from_core(&p.ty, &env)))
                .collect();
            let dict = Name::from(format!("{}#{}#inst", inst.class, head));
            let info = InstInfo {
                dict,
                nvars: params.len(),
                context,
            };
            if self
                .instances
                .insert((inst.class.clone(), head.clone()), info)
                .is_some()
            {
                return Err(type_error(
                    inst.span,
                    format!(
                        "duplicate instance declarations for `{} {}`",
                        inst.class, head
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Default methods become top-level functions `C#dm#m` with the method's full scheme.
    pub fn class_defaults(&mut self, classes: &[UClass]) -> Vec<Diagnostic> {
        let mut errors = Vec::new();
        for c in classes {
            let methods = self.classes[&c.name].methods.clone();
            for d in &c.defaults {
                if let Some((_, scheme)) = methods.iter().find(|(m, _)| *m == d.name) {
                    self.globals.insert(
                        default_name(&c.name, &d.name),
                        VarInfo::Poly(scheme.clone()),
                    );
                }
            }
        }
        for c in classes {
            let methods = self.classes[&c.name].methods.clone();
            for d in &c.defaults {
                let Some((_, scheme)) = methods.iter().find(|(m, _)| *m == d.name) else {
                    continue;
                };
                match self.check_against(&d.rhs, scheme, d.span) {
                    Ok((rhs, ty)) => self.out.push(TBind {
                        name: default_name(&c.name, &d.name),
                        ty,
                        rhs,
                        span: d.span,
                    }),
                    Err(e) => errors.push(e),
                }
            }
        }
        errors
    }

    pub fn instance_dictionaries(&mut self, instances: &[UInstance]) -> Vec<Diagnostic> {
        let mut defaults: HashMap<(Name, Name), Name> = HashMap::new();
        for (cname, info) in &self.classes {
            for (m, _) in &info.methods {
                defaults.insert((cname.clone(), m.clone()), default_name(cname, m));
            }
        }
        // The default methods of this program's classes and of the classes checked before it
        // (the Prelude's, when checking against it) are globals by now.
        defaults.retain(|_, n| self.globals.contains_key(n));
        instances
            .iter()
            .filter_map(|inst| self.instance_dictionary(inst, &defaults).err())
            .collect()
    }

    fn instance_dictionary(
        &mut self,
        inst: &UInstance,
        defaults: &HashMap<(Name, Name), Name>,
    ) -> TcResult<()> {
        let span = inst.span;
        let (head, params) = instance_head(inst)?;
        let class = self.classes[&inst.class].clone();
        let names: Vec<Name> = params.iter().map(|p| self.fresh_name(p.as_str())).collect();
        let skolems: Vec<Ty> = names
            .iter()
            .map(|n| self.subst.fresh_skolem(n.clone()))
            .collect();
        let head_ty = ty::apply(Ty::Con(head.clone()), skolems.clone());
        let givens_len = self.givens.len();
        let mut ctx_params = Vec::new();
        let env: HashMap<Name, Ty> = params
            .iter()
            .cloned()
            .zip(skolems.iter().cloned())
            .collect();
        for p in &inst.context {
            let d = self.fresh_name("dict");
            let pt = ty::from_core(&p.ty, &env);
            self.givens.push((
                p.class.clone(),
                pt.clone(),
                super::texpr::DictExpr::Var(d.clone()),
            ));
            ctx_params.push((d, p.class.clone(), pt));
        }
        let result = (|| {
            let mut fields = Vec::new();
            for s in &class.supers {
                match self.entail(s, &head_ty, span)? {
                    Some(d) => fields.push(TExpr {
                        kind: TKind::Dict(d),
                        span,
                    }),
                    None => {
                        return Err(type_error(
                            span,
                            format!("no instance for the superclass {s} of this instance"),
                        ))
                    }
                }
            }
            for (m, scheme) in &class.methods {
                // The method's scheme at this instance: forall vs. ctx => ty[a := head].
                let mut args = vec![head_ty.clone()];
                args.extend((0..scheme.vars.len() - 1).map(Ty::Gen));
                let at = Scheme {
                    vars: scheme.vars[1..].to_vec(),
                    preds: scheme.preds[1..]
                        .iter()
                        .map(|(c, t)| (c.clone(), instantiate(t, &args)))
                        .collect(),
                    ty: instantiate(&scheme.ty, &args),
                };
                let body = match inst.methods.iter().find(|b| b.name == *m) {
                    Some(b) => b.rhs.clone(),
                    None => {
                        if span.is_user()
                            && !defaults.contains_key(&(inst.class.clone(), m.clone()))
                        {
                            self.warnings.push(Diagnostic::warning(
                                ErrorKind::Type,
                                "missing-methods",
                                span,
                                format!(
                                    "this instance of `{}` does not define `{}`, which has no \
                                     default: a call of it fails at run time",
                                    inst.class.unqualified(),
                                    m.unqualified()
                                ),
                            ));
                        }
                        missing_method(&inst.class, m, defaults, span)
                    }
                };
                // A method of function type is a lambda, so building the dictionary runs no
                // method: one defined as `undefined` (or `error …`) fails only when called.
                let (mut e, t) = self.check_against(&body, &at, span)?;
                self.eta_expand(&mut e, &t.ty);
                fields.push(e);
            }
            Ok(fields)
        })();
        self.givens.truncate(givens_len);
        let fields = result?;
        let dict_ty = ty::apply(Ty::Con(inst.class.clone()), [head_ty.clone()]);
        let con = TExpr {
            kind: TKind::Con(class.dict_con.clone(), vec![head_ty], fields),
            span,
        };
        let (rhs, ty) = self.wrap_generalised(&names, &ctx_params, con, &dict_ty, span);
        let dict = self.instances[&(inst.class.clone(), head)].dict.clone();
        self.out.push(TBind {
            name: dict,
            ty,
            rhs,
            span,
        });
        Ok(())
    }
}

/// The body of a method an instance does not define: the class default, or a runtime error.
fn missing_method(
    class: &Name,
    m: &Name,
    defaults: &HashMap<(Name, Name), Name>,
    span: Span,
) -> UExpr {
    match defaults.get(&(class.clone(), m.clone())) {
        Some(dm) => UExpr {
            kind: UKind::Var(dm.clone()),
            span,
        },
        None => {
            let msg = format!("No instance nor default method for class operation {m}");
            let fail = UExpr {
                kind: UKind::Prim(PrimOp::Error),
                span,
            };
            let lit = UExpr {
                kind: UKind::Lit(crate::untyped::ULit::Str(msg)),
                span,
            };
            UExpr {
                kind: UKind::App(Box::new(fail), Box::new(lit)),
                span,
            }
        }
    }
}

fn default_name(class: &Name, method: &Name) -> Name {
    Name::from(format!("{class}#dm#{method}"))
}

/// The head type constructor and parameter names of an instance (`T a b`).
fn instance_head(inst: &UInstance) -> TcResult<(Name, Vec<Name>)> {
    let bad = || {
        type_error(
            inst.span,
            "an instance head must be a type constructor applied to distinct type variables",
        )
    };
    match &inst.ty {
        Type::Con(c, args) => {
            let mut params = Vec::new();
            for a in args {
                match a {
                    Type::Var(v) if !params.contains(v) => params.push(v.clone()),
                    _ => return Err(bad()),
                }
            }
            Ok((c.clone(), params))
        }
        Type::Fun(a, b) => match (a.as_ref(), b.as_ref()) {
            (Type::Var(x), Type::Var(y)) if x != y => {
                Ok((Name::new("->"), vec![x.clone(), y.clone()]))
            }
            _ => Err(bad()),
        },
        _ => Err(bad()),
    }
}
