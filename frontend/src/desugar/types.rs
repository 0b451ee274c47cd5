//! Surface types to core types: resolves type constructors, expands synonyms (checking their
//! arity), and converts contexts. Type variables keep their source names.

use super::scope::{scope_error, suggest, Space, TypeInfo};
use super::{DResult, Ds};
use crate::ast::{self, TypeKind};
use crate::untyped::{UPred, USig};
use dnrad_core::types::names;
use dnrad_core::{Diagnostic, ErrorKind, Name, Type};

/// Built-in type constructors and their arities.
pub(crate) fn builtin_type(name: &str) -> Option<usize> {
    match name {
        names::INT | names::INTEGER | names::DOUBLE | names::CHAR | names::BOOL | names::UNIT => {
            Some(0)
        }
        names::LIST => Some(1),
        "->" => Some(2),
        _ if name.starts_with("(,") => Some(name.len() - 1),
        _ => None,
    }
}

/// The run-time types that only the Prelude and the library name: those of automatic
/// differentiation, the mutable cell under `IORef` and the array under `Array`.
fn runtime_type(name: &str) -> Option<usize> {
    if name == dnrad_core::prim::REF || name == dnrad_core::prim::PRIM_ARRAY {
        return Some(1);
    }
    dnrad_core::dual::RUNTIME_TYPES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, arity)| arity)
}

/// Why a type is not in scope, with what to use instead for the Haskell types dnrad leaves out.
fn unknown_type_message(name: &str) -> String {
    let why = match name {
        "Float" => Some("dnrad has one floating-point type, `Double`; use `Double`"),
        "Rational" | "Ratio" => None,
        "Word" | "Word8" | "Word16" | "Word32" | "Word64" | "Int8" | "Int16" | "Int32"
        | "Int64" => Some("dnrad's integer types are `Int` (64-bit) and `Integer`"),
        _ => None,
    };
    let module = match name {
        "Array" => Some("Data.Array"),
        "Map" => Some("Data.Map"),
        "Set" => Some("Data.Set"),
        "IORef" => Some("Data.IORef"),
        _ => None,
    };
    match (why, module) {
        (Some(why), _) => format!("`{name}` is not supported: {why}"),
        (None, Some(module)) => format!(
            "type constructor not in scope: `{name}` (it is in {module}: `import {module}`)"
        ),
        (None, None) => format!("type constructor not in scope: `{name}`"),
    }
}

impl Ds {
    pub fn convert_type(&self, t: &ast::Type) -> DResult<Type> {
        // Collect the application spine `head a1 .. an`.
        let mut args = Vec::new();
        let mut head = t;
        while let TypeKind::App(f, a) = &head.kind {
            args.push(a.as_ref());
            head = f;
        }
        args.reverse();
        let args: Vec<Type> = args
            .into_iter()
            .map(|a| self.convert_type(a))
            .collect::<DResult<_>>()?;
        match &head.kind {
            TypeKind::Var(v) => Ok(Type::Var(Name::new(&v.name)).apply(args)),
            TypeKind::Con(c) => self.type_con(c, args, t),
            TypeKind::Fun(a, b) => {
                Ok(Type::fun(self.convert_type(a)?, self.convert_type(b)?)
                    .apply_checked(args, t)?)
            }
            TypeKind::List(e) => Ok(Type::list(self.convert_type(e)?).apply_checked(args, t)?),
            TypeKind::Tuple(items) => {
                let items = items
                    .iter()
                    .map(|i| self.convert_type(i))
                    .collect::<DResult<Vec<_>>>()?;
                Type::tuple(items).apply_checked(args, t)
            }
            TypeKind::App(..) => Err(Diagnostic::new(
                ErrorKind::Type,
                t.span,
                "malformed type application",
            )),
        }
    }

    fn type_con(&self, c: &ast::Ident, args: Vec<Type>, whole: &ast::Type) -> DResult<Type> {
        if c.name == "->" {
            if args.len() != 2 {
                return Err(Diagnostic::new(
                    ErrorKind::Type,
                    whole.span,
                    "`(->)` must be applied to two types here",
                ));
            }
            let mut it = args.into_iter();
            return Ok(Type::fun(it.next().unwrap(), it.next().unwrap()));
        }
        if let Some(arity) = builtin_type(&c.name) {
            return check_arity(&c.name, arity, Type::Con(Name::new(&c.name), args), whole);
        }
        // (A library module's own type of a run-time type's name is its own: Data.Monoid's
        // `Dual`.)
        let runtime = runtime_type(&c.name).filter(|_| self.privileged());
        match self.resolve_type(c)? {
            Some(TypeInfo::Data { name, arity }) => {
                check_arity(&c.name, arity, Type::Con(name, args), whole)
            }
            Some(TypeInfo::Synonym {
                params,
                rhs,
                module,
            }) => {
                if args.len() < params.len() {
                    return Err(Diagnostic::new(
                        ErrorKind::Type,
                        whole.span,
                        format!(
                            "the type synonym `{}` needs {} arguments, but has {}",
                            c.name,
                            params.len(),
                            args.len()
                        ),
                    ));
                }
                // A synonym's right-hand side means what it meant where it was declared.
                let using = self.module.replace(module);
                let expanded = self.convert_type(&rhs);
                self.module.set(using);
                let expanded = expanded?;
                let mut args = args;
                let rest = args.split_off(params.len());
                let subst: Vec<(Name, Type)> =
                    params.iter().map(|p| Name::new(p)).zip(args).collect();
                let expanded = substitute(&expanded, &subst);
                match expanded {
                    Type::Con(..) | Type::Var(_) | Type::App(..) => Ok(expanded.apply(rest)),
                    other => other.apply_checked(rest, whole),
                }
            }
            None => match runtime {
                Some(arity) => {
                    check_arity(&c.name, arity, Type::Con(Name::new(&c.name), args), whole)
                }
                None => {
                    let mut msg = unknown_type_message(&c.name);
                    let types = self.globals.visible(self.module.get(), Space::Type);
                    if let Some(s) = suggest(&c.name, types.into_iter()) {
                        msg.push_str(&format!(" (did you mean `{s}`?)"));
                    }
                    Err(scope_error(c.span, msg))
                }
            },
        }
    }

    pub fn convert_pred(&self, p: &ast::Pred) -> DResult<UPred> {
        let class = self.resolve_class(&p.class)?;
        Ok(UPred {
            class: class.name,
            ty: self.convert_type(&p.ty)?,
            span: p.span,
        })
    }

    pub fn convert_sig(&self, s: &ast::SigType) -> DResult<USig> {
        let context = s
            .context
            .iter()
            .map(|p| self.convert_pred(p))
            .collect::<DResult<_>>()?;
        Ok(USig {
            context,
            ty: self.convert_type(&s.ty)?,
            span: s.span,
        })
    }
}

trait ApplyChecked {
    fn apply_checked(self, args: Vec<Type>, whole: &ast::Type) -> DResult<Type>;
}

impl ApplyChecked for Type {
    fn apply_checked(self, args: Vec<Type>, whole: &ast::Type) -> DResult<Type> {
        if args.is_empty() {
            Ok(self)
        } else {
            Err(Diagnostic::new(
                ErrorKind::Type,
                whole.span,
                "this type is applied to too many arguments",
            ))
        }
    }
}

fn check_arity(name: &str, arity: usize, t: Type, whole: &ast::Type) -> DResult<Type> {
    if let Type::Con(_, args) = &t {
        if args.len() > arity {
            return Err(Diagnostic::new(
                ErrorKind::Type,
                whole.span,
                format!(
                    "the type `{name}` takes {arity} arguments, but is given {}",
                    args.len()
                ),
            ));
        }
    }
    Ok(t)
}

/// Substitute types for type variables (synonym expansion; no binders inside).
pub(crate) fn substitute(t: &Type, s: &[(Name, Type)]) -> Type {
    match t {
        Type::Var(v) => s
            .iter()
            .find(|(n, _)| n == v)
            .map_or_else(|| t.clone(), |(_, r)| r.clone()),
        Type::Con(c, args) => Type::Con(c.clone(), args.iter().map(|a| substitute(a, s)).collect()),
        Type::Fun(a, b) => Type::fun(substitute(a, s), substitute(b, s)),
        Type::App(v, args) => {
            let head = substitute(&Type::Var(v.clone()), s);
            head.apply(args.iter().map(|a| substitute(a, s)).collect())
        }
        Type::Forall(vs, body) => Type::Forall(vs.clone(), Box::new(substitute(body, s))),
    }
}
