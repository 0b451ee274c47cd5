//! The AD pass on small core programs, printed and compared: the twins of a lambda in both
//! worlds (threading IDs in the reverse world, one native primitive per smooth operation, the
//! fused helpers of `+`, `-`, `*`), constants, operations on primal values, and the differentiated
//! versions of the functions that differentiate.

use crate::build::B;
use crate::{differentiate, Mode};
use dnrad_core::expr::{Bind, Expr, ExprKind, Lit};
use dnrad_core::program::builtin_datas;
use dnrad_core::{FileId, Name, PrimOp, Program, Span, Type};

fn b() -> B {
    B {
        span: Span::new(FileId(1), 0, 1),
    }
}

fn bind(name: &str, ty: Type, rhs: Expr) -> Bind {
    Bind {
        name: Name::new(name),
        ty,
        rhs,
        span: b().span,
    }
}

/// A program of `binds` over the built-in data types, with no entry.
fn program(binds: Vec<Bind>) -> Program {
    Program {
        datas: builtin_datas(),
        binds,
        entry: None,
        worlds: Vec::new(),
    }
}

/// The binding of `program` named `name`.
fn bind_named<'a>(program: &'a Program, name: &str) -> &'a Bind {
    let found = program.binds.iter().find(|b| b.name.as_str() == name);
    found.unwrap_or_else(|| panic!("`{name}` is kept"))
}

/// `\(x :: Double) -> body`
fn lam_x(body: Expr) -> Expr {
    b().lam(&Name::new("x"), Type::double(), body)
}

fn x() -> Expr {
    b().var(&Name::new("x"))
}

/// The printed twins of `rhs`, bound as `f :: ty`, differentiated in `mode`.
fn twins_of(ty: Type, rhs: Expr, mode: Mode) -> String {
    let program = program(vec![bind("f", ty, rhs)]);
    let out = differentiate(&program, mode).expect("differentiates");
    let f = bind_named(&out, "f");
    dnrad_core::pretty::expr(&f.rhs)
}

fn double_to_double() -> Type {
    Type::fun(Type::double(), Type::double())
}

#[test]
fn a_smooth_operation_is_one_native_primitive_in_each_world() {
    // f = \x -> sin x
    let rhs = lam_x(b().prim(PrimOp::DoubleSin, vec![], vec![x()]));
    let sin = PrimOp::DoubleSin as i64;
    let expected = format!(
        "twin (\\(x :: Double) ->\n   prim#doubleSin x)\n  \
         | \\(x :: Dual ArrayBp) ->\n      \\(i#ad1 :: Int) ->\n        \
         prim#numUnId @ArrayBp {sin} x i#ad1\n  \
         | \\(x :: Dual Double) ->\n      prim#numUn @Double {sin} x"
    );
    assert_eq!(twins_of(double_to_double(), rhs, Mode::Array), expected);
}

#[test]
fn products_call_the_fused_helper_and_literals_are_constants() {
    // f = \x -> x * 2.0
    let two = b().e(ExprKind::Lit(Lit::Double(2.0)));
    let rhs = lam_x(b().prim(PrimOp::DoubleMul, vec![], vec![x(), two]));
    let printed = twins_of(double_to_double(), rhs, Mode::Staged);
    assert!(
        printed.contains("arrayMul x (arrayConst 2.0) i#ad"),
        "{printed}"
    );
    let mul = PrimOp::DoubleMul as i64;
    assert!(
        printed.contains(&format!("prim#numBin @Double {mul} x (fwdConst 2.0)")),
        "the forward world's product is the native operation:\n{printed}"
    );
}

#[test]
fn comparisons_use_primal_values() {
    // f = \x -> if x > 0.0 then x else 0.0 (as a case on the comparison)
    let zero = || b().e(ExprKind::Lit(Lit::Double(0.0)));
    let test = b().prim(PrimOp::DoubleGt, vec![], vec![x(), zero()]);
    let alt = |con: &str, rhs| dnrad_core::Alt {
        con: Name::new(con),
        binders: Vec::new(),
        rhs,
    };
    let body = b().e(ExprKind::Case(
        Box::new(test),
        vec![alt("True", x()), alt("False", zero())],
        None,
    ));
    let printed = twins_of(double_to_double(), lam_x(body), Mode::Array);
    assert!(
        printed.contains(
            "prim#doubleGt (prim#dualPrimal @ArrayBp x) (prim#dualPrimal @ArrayBp (arrayConst 0.0))"
        ),
        "{printed}"
    );
}

#[test]
fn the_functions_that_differentiate_are_seen_as_their_nested_versions() {
    // gradStaged = /\a. \f -> \x -> <anything>: its twins call gradNestR / gradNestF.
    let a = Type::var("a");
    let fty = Type::fun(a.clone(), Type::double());
    let ty = Type::forall(
        vec![Name::new("a")],
        Type::funs(vec![fty.clone(), a.clone()], a.clone()),
    );
    let body = b().e(ExprKind::Var(Name::new("x")));
    let lam = b().lam(&Name::new("f"), fty, b().lam(&Name::new("x"), a, body));
    let rhs = b().e(ExprKind::TyLam(vec![Name::new("a")], Box::new(lam)));
    let program = program(vec![bind("gradStaged", ty, rhs)]);
    let out = differentiate(&program, Mode::Staged).expect("differentiates");
    let g = bind_named(&out, "gradStaged");
    let printed = dnrad_core::pretty::expr(&g.rhs);
    assert!(printed.contains("gradNestR @a"), "{printed}");
    assert!(printed.contains("gradNestF @a"), "{printed}");
}

/// `second = \p -> case p of (a, c) -> c` at `(Double, Double) -> Double`, and `f = \x ->
/// second (x, x)`, differentiated in the array mode: the printed program.
fn calls_of_second(second_body: impl Fn(Expr) -> Expr) -> (Program, String) {
    let pair_ty = Type::tuple(vec![Type::double(), Type::double()]);
    let (p, a, c) = (Name::new("p"), Name::new("a"), Name::new("c"));
    let body = b().unpair(
        b().var(&p),
        (&a, Type::double()),
        (&c, Type::double()),
        second_body(b().var(&c)),
    );
    let second = bind(
        "second",
        Type::fun(pair_ty.clone(), Type::double()),
        b().lam(&p, pair_ty, body),
    );
    let call = b().app(
        b().global("second"),
        b().pair(x(), Type::double(), x(), Type::double()),
    );
    let f = bind("f", double_to_double(), lam_x(call));
    let program = program(vec![second, f]);
    let out = differentiate(&program, Mode::Array).expect("differentiates");
    // (The twins call the Prelude's helpers, which this program lacks.)
    let copies = |b: &Bind| b.name.as_str().ends_with("#gen");
    dnrad_core::lint::lint_bindings(&out, copies).expect("the copy lints");
    let f = bind_named(&out, "f");
    let printed = dnrad_core::pretty::expr(&f.rhs);
    (out, printed)
}

#[test]
fn a_function_that_only_moves_its_doubles_is_called_as_primal_code_generalised_over_them() {
    let (out, printed) = calls_of_second(|c| c);
    let copy = bind_named(&out, "second#gen");
    let d = Type::var("double#gen");
    let expected = Type::forall(
        vec![Name::new("double#gen")],
        Type::fun(Type::tuple(vec![d.clone(), d.clone()]), d),
    );
    assert!(
        dnrad_core::lint::same_type(&copy.ty, &expected),
        "{:?}",
        copy.ty
    );
    // The reverse twin calls the copy at the world's numbers, not `second#R`.
    assert!(printed.contains("second#gen @"), "{printed}");
    assert!(!printed.contains("second#R"), "{printed}");
}

#[test]
fn a_function_that_computes_with_its_doubles_keeps_its_twin() {
    for body in [
        |c: Expr| b().prim(PrimOp::DoubleMul, vec![], vec![c.clone(), c]),
        |_: Expr| b().e(ExprKind::Lit(Lit::Double(1.0))),
    ] {
        let (out, printed) = calls_of_second(body);
        assert!(out.binds.iter().all(|b| b.name.as_str() != "second#gen"));
        assert!(printed.contains("second#R"), "{printed}");
    }
}
