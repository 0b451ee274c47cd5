//! Backend tests on hand-built core, run on the interpreter and the VM (which must agree): deep
//! non-tail recursion, constant-space tail calls, the recursion limit, and runtime errors located
//! at user code.

use super::*;
use dnrad_core::expr::{Alt, Bind, Expr, ExprKind, Lit};
use dnrad_core::program::builtin_datas;
use dnrad_core::{FileId, Name, PrimOp, Span, Type};

fn user(lo: u32) -> Span {
    Span::new(FileId::MAIN, lo, lo + 1)
}

fn e(kind: ExprKind) -> Expr {
    Expr::new(kind, Span::new(FileId::PRELUDE, 0, 0))
}

fn var(n: &str) -> Expr {
    e(ExprKind::Var(Name::new(n)))
}

fn int(i: i64) -> Expr {
    e(ExprKind::Lit(Lit::Int(i)))
}

fn prim(op: PrimOp, args: Vec<Expr>) -> Expr {
    e(ExprKind::Prim(op, vec![], args))
}

fn app(f: Expr, a: Expr) -> Expr {
    e(ExprKind::App(Box::new(f), Box::new(a)))
}

fn lam(x: &str, body: Expr) -> Expr {
    e(ExprKind::Lam(Name::new(x), Type::int(), Box::new(body)))
}

fn if_zero(n: Expr, then: Expr, els: Expr) -> Expr {
    let test = prim(PrimOp::IntEq, vec![n, int(0)]);
    e(ExprKind::Case(
        Box::new(test),
        vec![
            Alt {
                con: Name::new("True"),
                binders: vec![],
                rhs: then,
            },
            Alt {
                con: Name::new("False"),
                binders: vec![],
                rhs: els,
            },
        ],
        None,
    ))
}

/// `putStr s` run at once: `primHPutStr 1 s ()`.
fn put_str(s: Expr) -> Expr {
    let unit = e(ExprKind::Con(Name::new("()"), vec![], vec![]));
    prim(PrimOp::HPutStr, vec![int(1), s, unit])
}

/// A program with one top-level function `f` and entry `putStr (show (f arg))`.
fn program(f: Expr, arg: i64) -> Program {
    let show = prim(PrimOp::IntShow, vec![app(var("f"), int(arg))]);
    let entry = put_str(show);
    let bind = Bind {
        name: Name::new("f"),
        ty: Type::fun(Type::int(), Type::int()),
        rhs: f,
        span: Span::dummy(),
    };
    Program {
        datas: builtin_datas(),
        binds: vec![bind],
        entry: Some(entry),
        worlds: Vec::new(),
    }
}

/// Run on both backends, which must agree on the output and on any error's message and span;
/// returns what they printed and how the run ended.
fn run(p: &Program, limits: Limits) -> (String, Result<(), Diagnostic>) {
    let on = |backend| {
        let (mut stdin, mut out, mut err) = (std::io::empty(), Vec::new(), std::io::sink());
        let mut world = crate::World::new(&mut stdin, &mut out, &mut err);
        let r = crate::run_on(backend, p, &mut world, &limits).map(drop);
        drop(world);
        (String::from_utf8(out).unwrap(), r)
    };
    let (out, r) = on(crate::Backend::Interp);
    let (vm_out, vm_r) = on(crate::Backend::Vm);
    assert_eq!(out, vm_out, "the backends print different output");
    match (&r, &vm_r) {
        (Ok(()), Ok(())) => {}
        (Err(a), Err(b)) => assert_eq!((&a.message, a.span), (&b.message, b.span)),
        _ => panic!("one backend failed and the other did not: {r:?} / {vm_r:?}"),
    }
    (out, r)
}

/// `f n = if n == 0 then 0 else 1 + f (n - 1)`
fn non_tail() -> Expr {
    let rec = app(var("f"), prim(PrimOp::IntSub, vec![var("n"), int(1)]));
    lam(
        "n",
        if_zero(var("n"), int(0), prim(PrimOp::IntAdd, vec![int(1), rec])),
    )
}

#[test]
fn deep_non_tail_recursion_runs() {
    let (out, r) = run(&program(non_tail(), 1_000_000), Limits::default());
    r.unwrap();
    assert_eq!(out, "1000000");
}

#[test]
fn tail_calls_run_in_constant_space() {
    // f n = if n == 0 then 7 else f (n - 1), with a frame limit far below the iteration count.
    let f = lam(
        "n",
        if_zero(
            var("n"),
            int(7),
            app(var("f"), prim(PrimOp::IntSub, vec![var("n"), int(1)])),
        ),
    );
    let (out, r) = run(&program(f, 3_000_000), Limits::new(100, None));
    r.unwrap();
    assert_eq!(out, "7");
}

#[test]
fn runaway_recursion_is_an_error() {
    let (_, r) = run(&program(non_tail(), 1_000), Limits::new(500, None));
    let err = r.unwrap_err();
    assert!(err.message.contains("stack overflow"), "{}", err.message);
}

#[test]
fn errors_in_prelude_code_point_at_the_user_call() {
    // f n = n `div` 0, where the division node is Prelude code and the call site is user code.
    let f = lam("n", prim(PrimOp::IntDiv, vec![var("n"), int(0)]));
    let mut p = program(f, 3);
    let call = Expr::new(
        ExprKind::App(Box::new(var("f")), Box::new(int(3))),
        user(42),
    );
    p.entry = Some(put_str(prim(PrimOp::IntShow, vec![call])));
    let (_, r) = run(&p, Limits::default());
    let err = r.unwrap_err();
    assert_eq!(err.message, "divide by zero");
    assert_eq!(err.span, user(42));
}
