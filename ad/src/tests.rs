//! The AD pass on small core programs, printed and compared: the twins of a lambda in both
//! worlds (one native primitive per smooth operation, the reverse world's fused helpers of `+`,
//! `-`, `*`), constants, operations on primal values, the differentiated versions of the
//! functions that differentiate, and calls of primal code from differentiated code.

use crate::build::B;
use crate::{differentiate, Mode};
use dnrad_core::expr::{Alt, Bind, Expr, ExprKind, Lit};
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

/// `(a, c)` of two Doubles.
fn pair(a: Expr, c: Expr) -> Expr {
    let d = Type::double();
    b().e(ExprKind::Con(
        Name::new("(,)"),
        vec![d.clone(), d],
        vec![a, c],
    ))
}

/// `case scrut of (a, c) -> body`, `a` and `c` Doubles.
fn unpair(scrut: Expr, a: &Name, c: &Name, body: Expr) -> Expr {
    let alt = Alt {
        con: Name::new("(,)"),
        binders: vec![(a.clone(), Type::double()), (c.clone(), Type::double())],
        rhs: body,
    };
    b().e(ExprKind::Case(Box::new(scrut), vec![alt], None))
}

/// The printed versions of `rhs`, bound as `f :: ty`, differentiated in `mode`: `f` (with its
/// twins), `f#R` and `f#F`.
fn versions_of(ty: Type, rhs: Expr, mode: Mode) -> [String; 3] {
    let program = program(vec![bind("f", ty, rhs)]);
    let out = differentiate(&program, mode).expect("differentiates");
    ["f", "f#R", "f#F"].map(|name| dnrad_core::pretty::expr(&bind_named(&out, name).rhs))
}

fn double_to_double() -> Type {
    Type::fun(Type::double(), Type::double())
}

#[test]
fn a_smooth_operation_is_one_native_primitive_in_each_world() {
    // f = \x -> sin x
    let rhs = lam_x(b().prim(PrimOp::DoubleSin, vec![], vec![x()]));
    let sin = PrimOp::DoubleSin as i64;
    let [f, reverse, forward] = versions_of(double_to_double(), rhs, Mode::Array);
    // The twins of a global's outermost lambda call its versions in the worlds.
    let twins = "twin (\\(x :: Double) ->\n   prim#doubleSin x)\n  \
                 | \\(x :: Dual ArrayBp) ->\n      f#R x\n  \
                 | \\(x :: Dual Double) ->\n      f#F x";
    assert_eq!(f, twins);
    let expected = |world: &str| format!("\\(x :: Dual {world}) ->\n  prim#numUn @{world} {sin} x");
    assert_eq!(reverse, expected("ArrayBp"));
    assert_eq!(forward, expected("Double"));
}

#[test]
fn products_call_the_fused_helper_and_literals_are_constants() {
    // f = \x -> x * 2.0
    let two = b().e(ExprKind::Lit(Lit::Double(2.0)));
    let rhs = lam_x(b().prim(PrimOp::DoubleMul, vec![], vec![x(), two]));
    let [_, reverse, forward] = versions_of(double_to_double(), rhs, Mode::Staged);
    assert!(reverse.contains("arrayMul x (arrayConst 2.0)"), "{reverse}");
    let mul = PrimOp::DoubleMul as i64;
    assert!(
        forward.contains(&format!("prim#numBin @Double {mul} x (fwdConst 2.0)")),
        "the forward world's product is the native operation:\n{forward}"
    );
}

#[test]
fn comparisons_use_primal_values() {
    // f = \x -> if x > 0.0 then x else 0.0 (as a case on the comparison)
    let zero = || b().e(ExprKind::Lit(Lit::Double(0.0)));
    let test = b().prim(PrimOp::DoubleGt, vec![], vec![x(), zero()]);
    let alt = |con: &str, rhs| Alt {
        con: Name::new(con),
        binders: Vec::new(),
        rhs,
    };
    let body = b().e(ExprKind::Case(
        Box::new(test),
        vec![alt("True", x()), alt("False", zero())],
        None,
    ));
    let [_, printed, _] = versions_of(double_to_double(), lam_x(body), Mode::Array);
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
/// second (x, x)`, differentiated in the array mode: the program, and `f#R` and `f#F` printed.
fn calls_of_second(second_body: impl Fn(Expr) -> Expr) -> (Program, [String; 2]) {
    let pair_ty = Type::tuple(vec![Type::double(), Type::double()]);
    let (p, a, c) = (Name::new("p"), Name::new("a"), Name::new("c"));
    let body = unpair(b().var(&p), &a, &c, second_body(b().var(&c)));
    let second = bind(
        "second",
        Type::fun(pair_ty.clone(), Type::double()),
        b().lam(&p, pair_ty, body),
    );
    let call = b().app(b().global("second"), pair(x(), x()));
    let f = bind("f", double_to_double(), lam_x(call));
    let program = program(vec![second, f]);
    let out = differentiate(&program, Mode::Array).expect("differentiates");
    // (The twins call the Prelude's helpers, which this program lacks.)
    let copies = |b: &Bind| b.name.as_str().ends_with("#gen");
    dnrad_core::lint::lint_bindings(&out, copies).expect("the copy lints");
    let printed = ["f#R", "f#F"].map(|name| dnrad_core::pretty::expr(&bind_named(&out, name).rhs));
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
    // Both worlds call the copy at their numbers, not `second#R` or `second#F`.
    for (world, printed) in ["R", "F"].iter().zip(printed) {
        assert!(printed.contains("second#gen @(Dual "), "{printed}");
        assert!(!printed.contains(&format!("second#{world}")), "{printed}");
    }
}

#[test]
fn a_function_that_computes_with_its_doubles_keeps_its_twin() {
    for body in [
        |c: Expr| b().prim(PrimOp::DoubleMul, vec![], vec![c.clone(), c]),
        |_: Expr| b().e(ExprKind::Lit(Lit::Double(1.0))),
    ] {
        let (out, [printed, _]) = calls_of_second(body);
        assert!(out.binds.iter().all(|b| b.name.as_str() != "second#gen"));
        assert!(printed.contains("second#R"), "{printed}");
    }
}
