//! Module-level declarations: collecting each module's global names (types, constructors, classes,
//! values, fixities), then translating data types, classes, instances, record selectors and
//! top-level bindings.

use super::binds::{group_decls, pattern_vars, Binding};
use super::build;
use super::fixity::Fixity;
use super::scope::{scope_error, ClassInfo, ConInfo, ModuleId, ModuleKind, Space, TypeInfo};
use super::{DResult, Ds};
use crate::ast::{ConDecl, ConFields, Decl, DeclKind, Ident};
use crate::untyped::{BindKind, UBind, UClass, UInstance};
use dnrad_core::program::{builtin_datas, DataCon};
use dnrad_core::{DataDecl, Diagnostic, ErrorKind, Name, Span};

fn is_value_decl(d: &Decl) -> bool {
    matches!(
        d.kind,
        DeclKind::FunClause { .. }
            | DeclKind::PatBind(..)
            | DeclKind::TypeSig(..)
            | DeclKind::Fixity(..)
    )
}

fn con_fields(c: &ConDecl) -> (Vec<&crate::ast::Type>, Option<Vec<String>>) {
    match &c.fields {
        ConFields::Positional(ts) => (ts.iter().collect(), None),
        ConFields::Record(fs) => {
            let mut types = Vec::new();
            let mut names = Vec::new();
            for (ns, t) in fs {
                for n in ns {
                    types.push(t);
                    names.push(n.name.clone());
                }
            }
            (types, Some(names))
        }
    }
}

impl Ds {
    /// The global name of a declaration of the current module: the Prelude's names are their
    /// source names, the main module's too unless the Prelude defines the same name (the
    /// program's definition shadows the Prelude's for the program), every other module's are qualified
    /// (`Data.Map.insert`), so globals of different modules never clash.
    fn global_name(&self, source: &str, clashes: impl Fn(&super::scope::Table) -> bool) -> Name {
        let m = self.module.get();
        let module_name = &self.globals.modules[m.0].name;
        let qualify = match self.globals.modules[m.0].kind {
            ModuleKind::Prelude => false,
            ModuleKind::Main => clashes(self.globals.prelude()),
            _ => true,
        };
        if qualify {
            Name::from(format!("{module_name}.{source}"))
        } else {
            Name::new(source)
        }
    }

    pub(super) fn define_value(&mut self, ident: &Ident) -> DResult<Name> {
        let name = self.global_name(&ident.name, |t| t.values.contains_key(&ident.name));
        let table = self.globals.table_mut(self.module.get());
        table
            .values
            .entry(ident.name.clone())
            .or_insert_with(|| name.clone());
        Ok(name)
    }

    fn register_builtins(&mut self) {
        for d in builtin_datas() {
            let siblings: Vec<Name> = d.cons.iter().map(|c| c.name.clone()).collect();
            let subordinates = siblings
                .iter()
                .map(|c| (Space::Con, c.to_string()))
                .collect();
            self.globals
                .table_mut(ModuleId::PRELUDE)
                .subordinates
                .insert(d.name.to_string(), subordinates);
            for c in &d.cons {
                let info = ConInfo {
                    name: c.name.clone(),
                    arity: c.fields.len(),
                    siblings: siblings.clone(),
                    field_names: None,
                };
                self.globals
                    .cons_by_name
                    .insert(c.name.clone(), info.clone());
                self.globals
                    .table_mut(ModuleId::PRELUDE)
                    .cons
                    .insert(c.name.to_string(), info);
            }
        }
    }

    /// Phase 1: record the module's global names.
    pub fn collect_declarations(&mut self, decls: &[Decl]) -> Result<(), Vec<Diagnostic>> {
        if self.module.get() == ModuleId::PRELUDE {
            self.register_builtins();
        }
        let mut errors = Vec::new();
        for d in decls {
            if let Err(e) = self.collect_one(d) {
                errors.push(e);
            }
        }
        for d in decls {
            let fixities: Vec<&Decl> = match &d.kind {
                DeclKind::Fixity(..) => vec![d],
                DeclKind::Class { decls, .. } => decls
                    .iter()
                    .filter(|d| matches!(d.kind, DeclKind::Fixity(..)))
                    .collect(),
                _ => vec![],
            };
            for f in fixities {
                let DeclKind::Fixity(assoc, prec, ops) = &f.kind else {
                    continue;
                };
                for op in ops {
                    let fix = Fixity {
                        assoc: assoc.into(),
                        prec: *prec,
                    };
                    let table = self.globals.table(self.module.get());
                    let target = table
                        .values
                        .get(&op.name)
                        .or_else(|| table.cons.get(&op.name).map(|c| &c.name))
                        .cloned();
                    match target {
                        Some(name) => {
                            self.globals.fixities.insert(name, fix);
                        }
                        None => errors.push(scope_error(
                            op.span,
                            format!(
                                "fixity declaration for `{}`, which is not defined here",
                                op.name
                            ),
                        )),
                    }
                }
            }
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors)
        }
    }

    fn collect_one(&mut self, d: &Decl) -> DResult<()> {
        match &d.kind {
            DeclKind::Data {
                name, params, cons, ..
            } => self.collect_data(name, params.len(), cons.iter().collect()),
            DeclKind::Newtype {
                name, params, con, ..
            } => self.collect_data(name, params.len(), vec![con]),
            DeclKind::TypeSyn { name, params, ty } => {
                let info = TypeInfo::Synonym {
                    params: params.iter().map(|p| p.name.clone()).collect(),
                    rhs: ty.clone(),
                    module: self.module.get(),
                };
                self.insert_type(name, info)
            }
            DeclKind::Class { name, decls, .. } => {
                let class_name =
                    self.global_name(&name.name, |t| t.classes.contains_key(&name.name));
                let mut methods = Vec::new();
                for m in decls {
                    if let DeclKind::TypeSig(names, _) = &m.kind {
                        for n in names {
                            methods.push((n.name.clone(), self.define_value(n)?));
                        }
                    }
                }
                let subordinates = methods
                    .iter()
                    .map(|(m, _)| (Space::Value, m.clone()))
                    .collect();
                let table = self.globals.table_mut(self.module.get());
                table.subordinates.insert(name.name.clone(), subordinates);
                if table.classes.contains_key(&name.name) {
                    return Err(scope_error(
                        name.span,
                        format!("class `{}` is declared more than once", name.name),
                    ));
                }
                table.classes.insert(
                    name.name.clone(),
                    ClassInfo {
                        name: class_name,
                        methods,
                    },
                );
                Ok(())
            }
            DeclKind::FunClause { name, .. } => self.define_value(name).map(drop),
            DeclKind::PatBind(p, _) => {
                for v in pattern_vars(p) {
                    self.define_value(v)?;
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    fn insert_type(&mut self, name: &Ident, info: TypeInfo) -> DResult<()> {
        let table = self.globals.table_mut(self.module.get());
        if table.types.insert(name.name.clone(), info).is_some() {
            return Err(scope_error(
                name.span,
                format!("type `{}` is declared more than once", name.name),
            ));
        }
        Ok(())
    }

    fn collect_data(&mut self, name: &Ident, arity: usize, cons: Vec<&ConDecl>) -> DResult<()> {
        let type_name = self.global_name(&name.name, |t| t.types.contains_key(&name.name));
        self.insert_type(
            name,
            TypeInfo::Data {
                name: type_name,
                arity,
            },
        )?;
        let siblings: Vec<Name> = cons
            .iter()
            .map(|c| self.global_name(&c.name.name, |t| t.cons.contains_key(&c.name.name)))
            .collect();
        let mut subordinates = Vec::new();
        for (c, cname) in cons.iter().zip(&siblings) {
            let (types, field_names) = con_fields(c);
            for f in field_names.iter().flatten() {
                self.define_value(&Ident {
                    name: f.clone(),
                    span: c.span,
                })?;
            }
            subordinates.push((Space::Con, c.name.name.clone()));
            for f in field_names.iter().flatten() {
                if !subordinates.contains(&(Space::Value, f.clone())) {
                    subordinates.push((Space::Value, f.clone()));
                }
            }
            let info = ConInfo {
                name: cname.clone(),
                arity: types.len(),
                siblings: siblings.clone(),
                field_names,
            };
            self.globals
                .cons_by_name
                .insert(cname.clone(), info.clone());
            let table = self.globals.table_mut(self.module.get());
            table
                .subordinates
                .insert(name.name.clone(), subordinates.clone());
            if table.cons.insert(c.name.name.clone(), info).is_some() {
                return Err(scope_error(
                    c.name.span,
                    format!("constructor `{}` is declared more than once", c.name.name),
                ));
            }
        }
        Ok(())
    }

    /// Phase 2: translate the module's declarations into the program.
    pub fn module_declarations(&mut self, decls: &[Decl]) -> Vec<Diagnostic> {
        let mut errors = Vec::new();
        for d in decls {
            let result = match &d.kind {
                DeclKind::Data {
                    name,
                    params,
                    cons,
                    deriving,
                } => self.data_decl(name, params, cons.iter().collect(), deriving, d.span),
                DeclKind::Newtype {
                    name,
                    params,
                    con,
                    deriving,
                } => self.data_decl(name, params, vec![con], deriving, d.span),
                DeclKind::Class {
                    context,
                    name,
                    tyvar,
                    decls,
                } => self.class_decl(context, name, tyvar, decls, d.span),
                DeclKind::Instance {
                    context,
                    class,
                    ty,
                    decls,
                } => self.instance_decl(context, class, ty, decls, d.span),
                _ => Ok(()),
            };
            if let Err(e) = result {
                errors.push(e);
            }
        }
        let values: Vec<Decl> = decls.iter().filter(|d| is_value_decl(d)).cloned().collect();
        if let Err(e) = self.top_level_binds(&values) {
            errors.push(e);
        }
        errors
    }

    fn top_level_binds(&mut self, decls: &[Decl]) -> DResult<()> {
        let (bindings, sigs, _) = group_decls(decls)?;
        for b in &bindings {
            let names: Vec<Name> = match b {
                Binding::Fun { name, .. } => vec![self.global_value(name)],
                Binding::Pat { pat, .. } => pattern_vars(pat)
                    .into_iter()
                    .map(|v| self.global_value(v))
                    .collect(),
            };
            self.clear_scopes();
            let binds = self.binding(b, &names, &sigs)?;
            self.program.binds.extend(binds);
        }
        Ok(())
    }

    fn global_value(&self, ident: &Ident) -> Name {
        self.globals
            .table(self.module.get())
            .values
            .get(&ident.name)
            .cloned()
            .unwrap_or_else(|| Name::new(&ident.name))
    }

    fn data_decl(
        &mut self,
        name: &Ident,
        params: &[Ident],
        cons: Vec<&ConDecl>,
        deriving: &[Ident],
        span: Span,
    ) -> DResult<()> {
        let Some(TypeInfo::Data {
            name: type_name, ..
        }) = self
            .globals
            .table(self.module.get())
            .types
            .get(&name.name)
            .cloned()
        else {
            return Err(scope_error(
                name.span,
                "internal error: data type not collected",
            ));
        };
        let mut dcons = Vec::new();
        for c in &cons {
            let info = self.resolve_con(&c.name)?;
            let (types, field_names) = con_fields(c);
            let fields = types
                .into_iter()
                .map(|t| self.convert_type(t))
                .collect::<DResult<Vec<_>>>()?;
            for t in &fields {
                check_params(t, params, c.span)?;
            }
            dcons.push(DataCon {
                name: info.name.clone(),
                fields,
                field_names: field_names
                    .clone()
                    .map(|f| f.into_iter().map(Name::from).collect()),
                infix: c.infix,
            });
        }
        let decl = DataDecl {
            name: type_name,
            params: params.iter().map(|p| Name::new(&p.name)).collect(),
            cons: dcons,
            span,
        };
        self.record_selectors(&decl, span);
        for class in deriving {
            let inst = self.derive(class, &decl, span)?;
            self.program.instances.push(inst);
        }
        self.program.datas.push(decl);
        Ok(())
    }

    /// `f r = case r of C .. x .. -> x; _ -> error` for every record field.
    fn record_selectors(&mut self, decl: &DataDecl, span: Span) {
        let mut fields: Vec<&Name> = Vec::new();
        for c in &decl.cons {
            for f in c.field_names.iter().flatten() {
                if !fields.contains(&f) {
                    fields.push(f);
                }
            }
        }
        for field in fields {
            let r = self.fresh("r");
            let mut alts = Vec::new();
            for c in &decl.cons {
                let Some(pos) = c
                    .field_names
                    .as_ref()
                    .and_then(|fs| fs.iter().position(|f| f == field))
                else {
                    continue;
                };
                let binders: Vec<Name> = (0..c.fields.len()).map(|_| self.fresh("x")).collect();
                let rhs = build::var(&binders[pos], span);
                alts.push(build::alt(c.name.as_str(), binders, rhs));
            }
            let default = (alts.len() < decl.cons.len())
                .then(|| build::fail(format!("No match in record selector {field}"), span));
            let body = build::case(build::var(&r, span), alts, default, span);
            let name = self.global_value(&Ident {
                name: field.to_string(),
                span,
            });
            self.program.binds.push(UBind {
                name,
                source_name: field.to_string(),
                sig: None,
                rhs: build::lam(r, body, span),
                kind: BindKind::Function,
                span,
            });
        }
    }

    fn class_decl(
        &mut self,
        context: &[crate::ast::Pred],
        name: &Ident,
        tyvar: &Ident,
        decls: &[Decl],
        span: Span,
    ) -> DResult<()> {
        let info = self.resolve_class(name)?;
        let mut supers = Vec::new();
        for p in context {
            supers.push(self.resolve_class(&p.class)?.name);
        }
        let mut methods = Vec::new();
        for d in decls {
            if let DeclKind::TypeSig(names, sig) = &d.kind {
                let sig = self.convert_sig(sig)?;
                for n in names {
                    let global = info
                        .methods
                        .iter()
                        .find(|(s, _)| *s == n.name)
                        .map(|(_, g)| g.clone());
                    methods.push((global.unwrap_or_else(|| Name::new(&n.name)), sig.clone()));
                }
            }
        }
        let defaults = self.method_binds(&info, decls)?;
        self.program.classes.push(UClass {
            name: info.name,
            tyvar: Name::new(&tyvar.name),
            supers,
            methods,
            defaults,
            span,
        });
        Ok(())
    }

    /// Method equations of a class (defaults) or instance body, named by the class's methods.
    fn method_binds(&mut self, class: &ClassInfo, decls: &[Decl]) -> DResult<Vec<UBind>> {
        let value_decls: Vec<Decl> = decls
            .iter()
            .filter(|d| !matches!(d.kind, DeclKind::TypeSig(..) | DeclKind::Fixity(..)))
            .cloned()
            .collect();
        let (bindings, _, _) = group_decls(&value_decls)?;
        let mut out = Vec::new();
        let no_sigs = Default::default();
        for b in &bindings {
            let Binding::Fun { name, .. } = b else {
                let span = match b {
                    Binding::Pat { span, .. } | Binding::Fun { span, .. } => *span,
                };
                return Err(Diagnostic::new(
                    ErrorKind::Parse,
                    span,
                    "pattern bindings are not allowed in class or instance bodies",
                ));
            };
            let Some((_, method)) = class.methods.iter().find(|(s, _)| *s == name.name) else {
                return Err(scope_error(
                    name.span,
                    format!("`{}` is not a method of class `{}`", name.name, class.name),
                ));
            };
            self.clear_scopes();
            out.extend(self.binding(b, std::slice::from_ref(method), &no_sigs)?);
        }
        Ok(out)
    }

    fn instance_decl(
        &mut self,
        context: &[crate::ast::Pred],
        class: &Ident,
        ty: &crate::ast::Type,
        decls: &[Decl],
        span: Span,
    ) -> DResult<()> {
        let info = self.resolve_class(class)?;
        let context = context
            .iter()
            .map(|p| self.convert_pred(p))
            .collect::<DResult<Vec<_>>>()?;
        let ty = self.convert_type(ty)?;
        let methods = self.method_binds(&info, decls)?;
        self.program.instances.push(UInstance {
            class: info.name,
            ty,
            context,
            methods,
            span,
        });
        Ok(())
    }
}

/// Field types may mention only the data type's parameters.
fn check_params(t: &dnrad_core::Type, params: &[Ident], span: Span) -> DResult<()> {
    use dnrad_core::Type;
    match t {
        Type::Var(v) | Type::App(v, _) if !params.iter().any(|p| p.name == v.as_str()) => {
            Err(Diagnostic::new(
                ErrorKind::Scope,
                span,
                format!("type variable `{v}` is not a parameter of the data type"),
            ))
        }
        Type::Con(_, args) | Type::App(_, args) => {
            args.iter().try_for_each(|a| check_params(a, params, span))
        }
        Type::Fun(a, b) => {
            check_params(a, params, span).and_then(|_| check_params(b, params, span))
        }
        _ => Ok(()),
    }
}
