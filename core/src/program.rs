//! A whole core program: data declarations, mutually recursive top-level bindings and the entry
//! expression that runs `main`.

use crate::dual::World;
use crate::expr::{Bind, Expr};
use crate::name::Name;
use crate::span::Span;
use crate::types::{names, Type};

#[derive(Clone, Debug, PartialEq)]
pub struct DataCon {
    pub name: Name,
    /// Field types over the data type's parameters; may contain `Forall` (dictionary fields).
    pub fields: Vec<Type>,
    /// Record field names, when the constructor was declared with record syntax.
    pub field_names: Option<Vec<Name>>,
    /// Declared between its two fields (`a :+ b`, ``a `Pair` b``): derived `Show` and `Read`
    /// write it so.
    pub infix: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct DataDecl {
    pub name: Name,
    pub params: Vec<Name>,
    /// Constructors in declaration order; a constructor's tag is its index here.
    pub cons: Vec<DataCon>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct Program {
    /// Every data type of the program, the built-ins of `builtin_datas` included.
    pub datas: Vec<DataDecl>,
    /// Top-level bindings; all of them are in scope in all of them. A backend evaluates a
    /// non-function top-level binding at most once, on first use.
    pub binds: Vec<Bind>,
    /// An expression of type `()` whose evaluation runs `main`, if the program has one.
    pub entry: Option<Expr>,
    /// The differentiation worlds of the `Twin`s in the program (empty before the AD pass).
    pub worlds: Vec<World>,
}

/// The largest tuple arity with a built-in data declaration.
pub const MAX_TUPLE: usize = 15;

/// The data types the runtime knows without a declaration: `Bool` (False = tag 0, True = tag 1),
/// lists (`[]` = tag 0, `:` = tag 1), unit `()` and tuples `(,)` .. of arity 2..=MAX_TUPLE.
pub fn builtin_datas() -> Vec<DataDecl> {
    let con = |name: &str, fields: Vec<Type>| DataCon {
        name: Name::new(name),
        fields,
        field_names: None,
        infix: false,
    };
    let decl = |name: &str, params: Vec<Name>, cons: Vec<DataCon>| DataDecl {
        name: Name::new(name),
        params,
        cons,
        span: Span::dummy(),
    };
    let a = Name::new("a");
    let mut out = vec![
        decl(
            names::BOOL,
            vec![],
            vec![con("False", vec![]), con("True", vec![])],
        ),
        decl(
            names::LIST,
            vec![a.clone()],
            vec![
                con("[]", vec![]),
                con(
                    ":",
                    vec![Type::Var(a.clone()), Type::list(Type::Var(a.clone()))],
                ),
            ],
        ),
        decl(names::UNIT, vec![], vec![con("()", vec![])]),
    ];
    for arity in 2..=MAX_TUPLE {
        let params: Vec<Name> = (0..arity).map(|i| Name::from(format!("t{i}"))).collect();
        let fields = params.iter().cloned().map(Type::Var).collect();
        let tname = names::tuple_name(arity);
        out.push(decl(&tname, params, vec![con(&tname, fields)]));
    }
    out
}
