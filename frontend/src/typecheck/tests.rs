//! Type inference tests: inferred schemes, classes, defaulting and the monomorphism restriction,
//! and type errors located at the offending expression.

use super::*;
use crate::desugar::{desugar, SourceModule};
use crate::{layout::layout, lexer::lex, parser::parse_module};
use dnrad_core::FileId;

const MINI_PRELUDE: &str = "infixl 6 +\ninfix 4 ==\n\
    class Eq a where\n  (==) :: a -> a -> Bool\n\
    class Eq a => Num a where\n  (+) :: a -> a -> a\n  fromInteger :: Integer -> a\n  negate :: a -> a\n\
    instance Eq Int where\n  (==) = primIntEq\n\
    instance Num Int where\n  (+) = primIntAdd\n  fromInteger = primIntegerToInt\n  negate = primIntNegate\n\
    instance Eq Integer where\n  (==) = primIntegerEq\n\
    instance Num Integer where\n  (+) = primIntegerAdd\n  fromInteger x = x\n  negate = primIntegerNegate\n\
    data Ratio a = a :% a\n\
    newtype IO a = IO (() -> a)\n\
    runMainIO :: IO a -> ()\nrunMainIO (IO f) = case f () of _ -> ()\n";

fn check(src: &str) -> Result<Program, Vec<Diagnostic>> {
    let parse = |s: &str, f| parse_module(&layout(lex(s, f).unwrap()).unwrap()).unwrap();
    let (prelude, main) = (
        parse(MINI_PRELUDE, FileId::PRELUDE),
        parse(src, FileId::MAIN),
    );
    let u = desugar(&SourceModule::prelude_and_main(&prelude, &main), "main")?;
    typecheck(&u)
}

fn type_of(src: &str, name: &str) -> String {
    let p = check(src).unwrap_or_else(|e| panic!("{e:?}"));
    let b = p.binds.iter().find(|b| b.name.as_str() == name).unwrap();
    format!("{:?}", b.ty)
}

fn error(src: &str) -> (usize, String) {
    let errs = check(src).unwrap_err();
    (
        src[..errs[0].span.lo as usize].matches('\n').count() + 1,
        errs[0].message.clone(),
    )
}

#[test]
fn let_polymorphism_and_classes() {
    let t = type_of(
        "twice f x = f (f x)\nsame x y = x == y\nn = twice (+ 1) (3 :: Int)",
        "twice",
    );
    assert!(t.starts_with("Forall"), "{t}");
    let t = type_of("same x y = x == y", "same");
    assert!(
        t.contains("\"Eq\""),
        "the Eq dictionary is a parameter: {t}"
    );
}

#[test]
fn defaulting_and_monomorphism_restriction() {
    // `k` is restricted: its type is defaulted to Integer rather than generalised.
    let t = type_of("k = 1 + 2", "k");
    assert!(t.contains("Integer") && !t.contains("Forall"), "{t}");
}

#[test]
fn pattern_match_fallthroughs_are_never_generalised() {
    // The fallthrough after the literal `1` returns `0`, a literal: generalised, it would be
    // `forall t u. Num u => t -> u`, a function of a dictionary. As a join point it has the
    // match's type.
    let p = check("f :: Int -> Int\nf n = case n of\n  1 -> 10\n  _ -> 0").unwrap();
    let f = p.binds.iter().find(|b| b.name.as_str() == "f").unwrap();
    let core = dnrad_core::pretty::expr(&f.rhs);
    let fail = core
        .lines()
        .find(|l| l.contains("let fail#"))
        .unwrap_or_else(|| panic!("no fallthrough in\n{core}"));
    assert!(fail.contains(":: () -> Int ="), "{fail}");
    dnrad_core::lint::lint_program(&p).unwrap_or_else(|e| panic!("{e:?}"));
}

#[test]
fn local_recursive_bindings_are_functions_or_errors() {
    // A point-free local function that calls itself is eta-expanded into a lambda (core's
    // `letrec` binds lambdas only, which the lint checks).
    let p = check(
        "twice k x = k (k x)\n\
         f :: Int -> Int\n\
         f = let g = twice h\n\
         \x20       h = \\n -> if n == 0 then 0 else g (n + negate 1)\n\
         \x20   in g",
    )
    .unwrap_or_else(|e| panic!("{e:?}"));
    dnrad_core::lint::lint_program(&p).unwrap_or_else(|e| panic!("{e:?}"));
    // A local value that needs its own value is an error at its binding.
    let (line, msg) = error("v :: Int\nv = let x = 1\n        xs = x + xs\n    in xs");
    assert_eq!(line, 3);
    assert!(
        msg.contains("<<loop>>: `xs` depends on its own value"),
        "{msg}"
    );
}

#[test]
fn instance_methods_of_function_type_are_lambdas() {
    // `m = k` would run `k` when the dictionary is built; the field is `\x -> k x`.
    let p = check(
        "class C a where\n  m :: a -> Int\n  c :: a\n\
         k :: Int -> Int\nk = k\n\
         instance C Int where\n  m = k\n  c = 0",
    )
    .unwrap_or_else(|e| panic!("{e:?}"));
    let dict = p
        .binds
        .iter()
        .find(|b| b.name.as_str() == "C#Int#inst")
        .unwrap();
    let dnrad_core::expr::ExprKind::Con(_, _, fields) = &dict.rhs.kind else {
        panic!("{:?}", dict.rhs)
    };
    assert!(
        matches!(fields[0].kind, dnrad_core::expr::ExprKind::Lam(..)),
        "{:?}",
        fields[0]
    );
    assert!(
        matches!(fields[1].kind, dnrad_core::expr::ExprKind::Lit(..)),
        "{:?}",
        fields[1]
    );
}

#[test]
fn type_errors_point_at_expressions() {
    let (line, msg) = error("f :: Int -> Int\nf x = x + True");
    assert_eq!(line, 2);
    assert!(msg.contains("Int") && msg.contains("Bool"), "{msg}");
    let (line, msg) = error("g f x = f f x");
    assert_eq!(line, 1);
    assert!(msg.contains("infinite type"), "{msg}");
    let (line, msg) = error("h :: Int\nh = 1\nbad = (h == h) == (\\x -> x)");
    assert_eq!(line, 3);
    assert!(
        msg.contains("no instance") || msg.contains("match"),
        "{msg}"
    );
}
