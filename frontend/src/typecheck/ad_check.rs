//! `grad`, `vjp`, `jvp` and the API over them (`dnrad_core::dual::DIFFERENTIATING`) differentiate functions between
//! first-order types: using one at a type that contains a function is a type error at the call
//! site. Type variables are accepted (a helper such as `gd :: (p -> Double) -> p -> Int -> p` is
//! checked when it runs). This module only inspects the instantiations recorded during inference.

use super::ty::{Printer, Ty};
use super::Tc;
use dnrad_core::{Diagnostic, ErrorKind};

fn contains_function(t: &Ty) -> bool {
    t.as_fun().is_some()
        || match t {
            Ty::App(f, a) => contains_function(f) || contains_function(a),
            _ => false,
        }
}

impl Tc {
    pub fn check_ad_uses(&self) -> Vec<Diagnostic> {
        let mut errors = Vec::new();
        for (span, name, tys) in &self.ad_uses {
            for t in tys {
                let t = self.subst.zonk(t);
                if contains_function(&t) {
                    let shown = Printer::default().print(&t);
                    errors.push(Diagnostic::new(
                        ErrorKind::Type,
                        *span,
                        format!(
                            "`{name}` is used at type `{shown}`, which contains a function; \
                             {name} differentiates functions whose input and output are \
                             first-order data (Double, Int, tuples, lists, data types, ...)"
                        ),
                    ));
                }
            }
        }
        errors
    }
}
