//! Desugaring tests on small programs with a tiny Prelude, and the scope errors of the corpus.

use super::*;
use crate::untyped::{UKind, UProgram};
use crate::{layout::layout, lexer::lex, parser::parse_module};
use dnrad_core::{ErrorKind, FileId};

const MINI_PRELUDE: &str = "infixl 6 +\ninfix 4 ==\ninfixr 3 &&\ninfixr 5 ++\n\
    data Ordering = LT | EQ | GT\n\
    class Eq a where\n  (==) :: a -> a -> Bool\n\
    class Num a where\n  (+) :: a -> a -> a\n  negate :: a -> a\n\
    (&&) :: Bool -> Bool -> Bool\nTrue && x = x\nFalse && _ = False\n\
    xs ++ ys = xs\nconcatMap f xs = xs\nenumFromTo a b = [a]\n";

fn parse(src: &str, file: FileId) -> ast::Module {
    parse_module(&layout(lex(src, file).unwrap()).unwrap()).unwrap()
}

fn run(src: &str) -> Result<UProgram, Vec<Diagnostic>> {
    let (prelude, main) = (
        parse(MINI_PRELUDE, FileId::PRELUDE),
        parse(src, FileId::MAIN),
    );
    desugar(&SourceModule::prelude_and_main(&prelude, &main), "main")
}

fn error_line(src: &str) -> (usize, dnrad_core::ErrorKind) {
    let errs = run(src).unwrap_err();
    (
        src[..errs[0].span.lo as usize].matches('\n').count() + 1,
        errs[0].kind,
    )
}

#[test]
fn functions_become_lambdas_over_cases() {
    let p = run("f [] = 0\nf (x:xs) = x + f xs\nmain = f [1]").unwrap();
    let f = p.binds.iter().find(|b| b.name.as_str() == "f").unwrap();
    assert_eq!(f.kind, crate::untyped::BindKind::Function);
    let UKind::Lam(_, body) = &f.rhs.kind else {
        panic!("{:?}", f.rhs)
    };
    assert!(format!("{body:?}").contains("Case"));
    assert_eq!(p.main.as_ref().map(|n| n.as_str()), Some("main"));
}

#[test]
fn short_circuit_and_fixity() {
    let p = run("g a b = a == b && b == a").unwrap();
    let g = &p.binds.iter().find(|b| b.name.as_str() == "g").unwrap().rhs;
    let text = format!("{g:?}");
    assert!(text.contains("Case"), "&& becomes a case: {text}");
    assert!(!text.contains("Var(\"&&\")"), "{text}");
}

#[test]
fn user_definitions_shadow_the_prelude() {
    let p = run("xs ++ ys = ys\nh = [1] ++ [2]").unwrap();
    let h = &p.binds.iter().find(|b| b.name.as_str() == "h").unwrap().rhs;
    assert!(format!("{h:?}").contains("Main.++"));
}

#[test]
fn scope_errors() {
    assert_eq!(error_line("f x = lenght x"), (1, ErrorKind::Scope));
    assert_eq!(error_line("f x = 1\ng = 2\nf y = 3"), (3, ErrorKind::Scope));
    assert_eq!(
        error_line("data P = P Int\nf (Q x) = x"),
        (2, ErrorKind::Scope)
    );
    assert_eq!(
        error_line("data P = P Int Int\nf (P x y z) = x"),
        (2, ErrorKind::Type)
    );
    assert_eq!(error_line("f x x = x"), (1, ErrorKind::Scope));
}

#[test]
fn deriving_generates_instances() {
    let p = run("data T = A | B Int deriving (Eq)").unwrap();
    assert_eq!(p.instances.len(), 1);
    assert_eq!(p.instances[0].methods[0].name.as_str(), "==");
}
