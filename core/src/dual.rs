//! The AD type map `D[-]` of a differentiation world (the paper's Fig. 6 on types): `D[Double]
//! = Dual X` for the world's derivative part `X`, `D[σ → τ] = D[σ] → D[τ]`, `D[T τ̄] = T#w D[τ̄]`
//! for data types that contain Double (directly or through another such type), `D[α] = α`.
//! §4's ID generation is not in the types: reverse operations take their IDs from the run
//! time's counter.
//! It only maps types and declares data types; the term transformation lives in the `ad` crate.

use crate::name::Name;
use crate::program::{DataCon, DataDecl};
use crate::types::{names, Type};
use std::collections::HashSet;

/// The built-in type of dual numbers: `Dual x` holds a Double and its derivative part `x`.
pub const DUAL: &str = "Dual";

/// The derivative part of the array mode's dual numbers: the number's ID and its backpropagator
/// as data (§8.2), stored in the dual number's own run-time cell.
pub const ARRAY_BP: &str = "ArrayBp";

/// A level of nested differentiation: its tag, its first ID and its number of inputs.
pub const TAPE: &str = "Tape";

/// The reverse-mode variants of the paper, each a step of its optimisation story.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Fig. 6 + Fig. 7: backpropagators return plain (sparse) cotangents; exponential under sharing.
    Naive,
    /// §4 / Fig. 8: IDs, `Staged` maps, `SCall` and `SResolve` from the highest ID down.
    Staged,
    /// §5–6 / Fig. 9: Cayley-transformed backpropagators `Staged -> Staged`.
    Cayley,
    /// §7 / App. A / §8.1 / §8.2: one mutable staging array, updated in place; backpropagators
    /// as data in the dual numbers' cells.
    Array,
}

impl Mode {
    pub const ALL: [Mode; 4] = [Mode::Naive, Mode::Staged, Mode::Cayley, Mode::Array];

    pub fn name(self) -> &'static str {
        match self {
            Mode::Naive => "naive",
            Mode::Staged => "staged",
            Mode::Cayley => "cayley",
            Mode::Array => "array",
        }
    }

    /// The mode's code, as the run time's reverse pass takes it (the Prelude's `adMode`).
    pub fn code(self) -> i64 {
        self as i64
    }

    /// The mode of a code.
    pub fn from_code(code: i64) -> Result<Mode, String> {
        usize::try_from(code)
            .ok()
            .and_then(|k| Mode::ALL.get(k).copied())
            .ok_or_else(|| format!("internal error: {code} is not an AD mode"))
    }
}

impl std::fmt::Display for Mode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Mode {
    type Err = String;
    fn from_str(s: &str) -> Result<Mode, String> {
        Mode::ALL
            .into_iter()
            .find(|m| m.name() == s)
            .ok_or_else(|| format!("unknown AD mode `{s}` (naive, staged, cayley, array)"))
    }
}

/// The Prelude functions that differentiate: a program that reaches none of them needs no AD
/// pass, and the simplifier never inlines them (the AD pass rewrites them).
pub const ENTRY_POINTS: [&str; 3] = ["grad", "vjp", "jvp"];

/// The Prelude functions that differentiate a function given to them, the entry points and the
/// API over them: their type arguments are the differentiated function's input and output
/// types, which must be first-order (checked at the call site).
pub const DIFFERENTIATING: [&str; 10] = [
    "grad",
    "vjp",
    "jvp",
    "grad'",
    "diff",
    "diff'",
    "jacobian",
    "jacobianFwd",
    "hessian",
    "hessianVectorProduct",
];

/// The run-time types of differentiation that only the Prelude names, with their arities.
pub const RUNTIME_TYPES: [(&str, usize); 3] = [(DUAL, 1), (ARRAY_BP, 0), (TAPE, 0)];

/// One differentiated view of a program: the reverse world of the selected AD mode, or the
/// forward world of `jvp`.
#[derive(Clone, Debug, PartialEq)]
pub struct World {
    /// Appended to the names of differentiated data types, constructors and globals (`#R`, `#F`).
    pub suffix: String,
    /// The derivative part `X` of `D[Double] = Dual X`.
    pub deriv: Type,
    /// The data types that have a differentiated version in this world.
    pub differentiated: HashSet<Name>,
}

impl World {
    /// A world whose differentiated data types are found among `datas` (see `differentiated_datas`).
    pub fn new(suffix: &str, deriv: Type, datas: &[DataDecl]) -> World {
        let mut w = World {
            suffix: suffix.to_string(),
            deriv,
            differentiated: HashSet::new(),
        };
        // Fixpoint: a type needs a D-version when D changes one of its fields.
        loop {
            let before = w.differentiated.len();
            for d in datas {
                if !w.differentiated.contains(&d.name)
                    && d.cons
                        .iter()
                        .any(|c| c.fields.iter().any(|f| w.ty(f) != *f))
                {
                    w.differentiated.insert(d.name.clone());
                }
            }
            if w.differentiated.len() == before {
                return w;
            }
        }
    }

    /// The name of a global, constructor or data type in this world.
    pub fn name(&self, n: &Name) -> Name {
        Name::from(format!("{n}#{}", self.suffix))
    }

    /// `D[τ]`.
    pub fn ty(&self, t: &Type) -> Type {
        match t {
            Type::Var(_) => t.clone(),
            Type::Con(c, args) if c.as_str() == names::DOUBLE && args.is_empty() => {
                Type::Con(Name::new(DUAL), vec![self.deriv.clone()])
            }
            Type::Con(c, args) => {
                let c = if self.differentiated.contains(c) {
                    self.name(c)
                } else {
                    c.clone()
                };
                Type::Con(c, args.iter().map(|a| self.ty(a)).collect())
            }
            Type::Fun(a, b) => Type::fun(self.ty(a), self.ty(b)),
            Type::App(v, args) => Type::App(v.clone(), args.iter().map(|a| self.ty(a)).collect()),
            Type::Forall(vs, b) => Type::Forall(vs.clone(), Box::new(self.ty(b))),
        }
    }

    /// The differentiated versions of the data types that need one.
    pub fn datas(&self, datas: &[DataDecl]) -> Vec<DataDecl> {
        datas
            .iter()
            .filter(|d| self.differentiated.contains(&d.name))
            .map(|d| DataDecl {
                name: self.name(&d.name),
                params: d.params.clone(),
                cons: d
                    .cons
                    .iter()
                    .map(|c| DataCon {
                        name: self.name(&c.name),
                        fields: c.fields.iter().map(|f| self.ty(f)).collect(),
                        field_names: c.field_names.clone(),
                        infix: c.infix,
                    })
                    .collect(),
                span: d.span,
            })
            .collect()
    }

    /// The constructor `c` of a value of type `data` in this world.
    pub fn con(&self, data: &Name, c: &Name) -> Name {
        if self.differentiated.contains(data) {
            self.name(c)
        } else {
            c.clone()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::builtin_datas;
    use crate::span::Span;

    fn data(name: &str, params: &[&str], cons: Vec<(&str, Vec<Type>)>) -> DataDecl {
        DataDecl {
            name: Name::new(name),
            params: params.iter().map(|&p| Name::new(p)).collect(),
            cons: cons
                .into_iter()
                .map(|(c, fields)| DataCon {
                    name: Name::new(c),
                    fields,
                    field_names: None,
                    infix: false,
                })
                .collect(),
            span: Span::dummy(),
        }
    }

    fn reverse_world(datas: &[DataDecl]) -> World {
        let deriv = Type::tuple(vec![
            Type::int(),
            Type::fun(Type::double(), Type::con0("Staged")),
        ]);
        World::new("R", deriv, datas)
    }

    #[test]
    fn doubles_become_duals_and_functions_map_their_parts() {
        let w = reverse_world(&builtin_datas());
        let dual = Type::Con(Name::new(DUAL), vec![w.deriv.clone()]);
        assert_eq!(w.ty(&Type::double()), dual);
        assert_eq!(w.ty(&Type::int()), Type::int());
        assert_eq!(w.ty(&Type::var("a")), Type::var("a"));
        assert_eq!(
            w.ty(&Type::fun(Type::double(), Type::int())),
            Type::fun(dual.clone(), Type::int())
        );
        let ints = Type::fun(Type::int(), Type::int());
        assert_eq!(w.ty(&ints), ints);
        assert_eq!(w.ty(&Type::list(Type::double())), Type::list(dual));
    }

    #[test]
    fn data_types_with_doubles_get_versions_through_mutual_recursion() {
        let mut datas = builtin_datas();
        let a = Type::var("a");
        datas.push(data("Poly", &["a"], vec![("Poly", vec![a.clone(), a])]));
        datas.push(data(
            "A",
            &[],
            vec![("A", vec![Type::con0("B")]), ("NilA", vec![])],
        ));
        datas.push(data(
            "B",
            &[],
            vec![("B", vec![Type::double(), Type::con0("A")])],
        ));
        datas.push(data(
            "Ints",
            &[],
            vec![("Ints", vec![Type::list(Type::int())])],
        ));
        let w = reverse_world(&datas);
        for (name, differentiated) in [("Poly", false), ("A", true), ("B", true), ("Ints", false)] {
            assert_eq!(
                w.differentiated.contains(&Name::new(name)),
                differentiated,
                "{name}"
            );
        }
        assert_eq!(w.ty(&Type::con0("A")), Type::con0("A#R"));
        let dts = w.datas(&datas);
        let b = dts.iter().find(|d| d.name.as_str() == "B#R").expect("B#R");
        assert_eq!(b.cons[0].name.as_str(), "B#R");
        assert_eq!(b.cons[0].fields[1], Type::con0("A#R"));
    }
}
