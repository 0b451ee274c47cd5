//! The Functor ⊂ Applicative ⊂ Monad hierarchy for monads written in Haskell 98 style: a type
//! with a `Monad` instance but no `Applicative` (or no `Functor`) instance gets one made from its
//! Monad methods — `pure = return`, `(<*>) = apFromMonad`, `fmap = fmapFromMonad` (Prelude
//! functions over `>>=` and `return`) — with the Monad instance's context. It only adds missing
//! instances; it must not change an instance the program wrote.

use super::{type_error, Tc, TcResult};
use crate::untyped::{UBind, UExpr, UInstance, UKind};
use dnrad_core::{Name, Span, Type};
use std::collections::HashSet;

/// The head type constructor of an instance type, as instances are keyed.
fn head(t: &Type) -> Option<&str> {
    match t {
        Type::Con(c, _) => Some(c.as_str()),
        Type::Fun(..) => Some("->"),
        _ => None,
    }
}

impl Tc {
    /// `instances` with the Functor and Applicative instances that Monad instances lack.
    pub fn complete_monad_hierarchy(&self, instances: &[UInstance]) -> TcResult<Vec<UInstance>> {
        let [functor, applicative, monad] =
            ["Functor", "Applicative", "Monad"].map(|c| self.known(c));
        // Instances declared before (the Prelude's, when a program is checked against it) count.
        let has = |class: &Name| -> HashSet<&str> {
            let declared = self.instances.keys().filter(|(c, _)| c == class);
            instances
                .iter()
                .filter(|i| i.class == *class)
                .filter_map(|i| head(&i.ty))
                .chain(declared.map(|(_, h)| h.as_str()))
                .collect()
        };
        let (functors, applicatives) = (has(&functor), has(&applicative));
        let mut out = instances.to_vec();
        for m in instances.iter().filter(|i| i.class == monad) {
            let Some(h) = head(&m.ty) else { continue };
            if !applicatives.contains(h) {
                let ret = self.known("return");
                if !m.methods.iter().any(|b| b.name == ret) {
                    return Err(type_error(
                        m.span,
                        format!(
                            "this Monad instance defines no `return` and there is no \
                             Applicative instance for `{h}`: define `return`, or an Applicative \
                             instance with `pure`"
                        ),
                    ));
                }
                out.push(self.derived(
                    m,
                    &applicative,
                    &[("pure", "return"), ("<*>", "apFromMonad")],
                ));
            }
            if !functors.contains(h) {
                out.push(self.derived(m, &functor, &[("fmap", "fmapFromMonad")]));
            }
        }
        Ok(out)
    }

    /// An instance of `class` for the type of the Monad instance `m`, with its context, whose
    /// methods are the given Prelude definitions.
    fn derived(&self, m: &UInstance, class: &Name, methods: &[(&str, &str)]) -> UInstance {
        let var = |name: &str, span: Span| UExpr {
            kind: UKind::Var(self.known(name)),
            span,
        };
        UInstance {
            class: class.clone(),
            ty: m.ty.clone(),
            context: m.context.clone(),
            methods: methods
                .iter()
                .map(|&(method, body)| UBind {
                    name: self.known(method),
                    source_name: method.to_string(),
                    sig: None,
                    rhs: var(body, m.span),
                    kind: crate::untyped::BindKind::Value,
                    span: m.span,
                })
                .collect(),
            span: m.span,
        }
    }
}
