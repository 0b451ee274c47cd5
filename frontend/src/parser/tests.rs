//! Parser tests: structure of small inputs, and the acceptance corpus (every program parses except
//! the ones whose point is a parse error, which fail on their expected line).

use super::*;
use crate::ast::{DeclKind, ExprKind, OpItem, PatKind, RhsBody};
use crate::{layout::layout, lexer::lex};
use dnrad_core::FileId;
use std::path::PathBuf;

fn parse(src: &str) -> Result<ast::Module, Vec<Diagnostic>> {
    parse_module(&layout(lex(src, FileId::MAIN).unwrap()).unwrap())
}

fn body_of(src: &str) -> ExprKind {
    let m = parse(src).unwrap();
    match &m.decls[0].kind {
        DeclKind::FunClause { rhs, .. } => match &rhs.body {
            RhsBody::Plain(e) => e.kind.clone(),
            other => panic!("{other:?}"),
        },
        other => panic!("{other:?}"),
    }
}

fn error_line(src: &str) -> usize {
    let errs = parse(src).unwrap_err();
    src[..errs[0].span.lo as usize].matches('\n').count() + 1
}

#[test]
fn operator_chains_stay_flat() {
    let ExprKind::OpChain(items) = body_of("f = - a + b * c") else {
        panic!()
    };
    assert_eq!(items.len(), 6);
    assert!(matches!(items[0], OpItem::Neg(_)));
}

#[test]
fn sections_and_operators_in_parens() {
    assert!(matches!(body_of("f = (+ 1)"), ExprKind::RightSection(..)));
    assert!(matches!(body_of("f = (1 +)"), ExprKind::LeftSection(..)));
    assert!(matches!(
        body_of("f = (`div` 2)"),
        ExprKind::RightSection(..)
    ));
    assert!(matches!(body_of("f = (+)"), ExprKind::Var(_)));
    assert!(matches!(body_of("f = (- 1)"), ExprKind::Paren(_)));
    assert!(matches!(body_of("f = (,) 1"), ExprKind::App(..)));
}

#[test]
fn lists_sequences_and_comprehensions() {
    assert!(matches!(
        body_of("f = [1, 3 .. 9]"),
        ExprKind::ArithSeq {
            then: Some(_),
            to: Some(_),
            ..
        }
    ));
    assert!(
        matches!(body_of("f = [x | x <- xs, even x, let y = x]"), ExprKind::ListComp(_, q) if q.len() == 3)
    );
    assert!(matches!(body_of("f = [1, 2 :: Int]"), ExprKind::List(v) if v.len() == 2));
}

#[test]
fn infix_function_definitions() {
    let m = parse("V2 a b + V2 c d = V2 (a + c) (b + d)\nx `op` y = x\n(a, b) = p").unwrap();
    assert!(
        matches!(&m.decls[0].kind, DeclKind::FunClause { name, args, .. } if name.name == "+" && args.len() == 2)
    );
    assert!(matches!(&m.decls[1].kind, DeclKind::FunClause { name, .. } if name.name == "op"));
    assert!(
        matches!(&m.decls[2].kind, DeclKind::PatBind(p, _) if matches!(p.kind, PatKind::Tuple(_)))
    );
}

#[test]
fn n_plus_k_patterns() {
    let is_n_plus_k = |p: &crate::ast::Pat, k: u32| {
        let p = match &p.kind {
            PatKind::Paren(q) => q.as_ref(),
            _ => p,
        };
        matches!(&p.kind, PatKind::NPlusK(n, j) if n.name == "n" && *j == k.into())
    };
    let m = parse("f (n+1) = n\ng x = case x of n+2 -> n").unwrap();
    assert!(
        matches!(&m.decls[0].kind, DeclKind::FunClause { args, .. } if is_n_plus_k(&args[0], 1))
    );
    let ExprKind::Case(_, alts) = body_of("g x = case x of n+2 -> n") else {
        panic!()
    };
    assert!(is_n_plus_k(&alts[0].pat, 2));
    assert!(matches!(body_of("h = \\(n+3) -> n"), ExprKind::Lam(ps, _) if is_n_plus_k(&ps[0], 3)));
    // `x + y` with a variable is still an infix definition of `+`.
    let m = parse("x + y = x").unwrap();
    assert!(matches!(&m.decls[0].kind, DeclKind::FunClause { name, .. } if name.name == "+"));
}

#[test]
fn data_class_and_instance_declarations() {
    let src = "data T a = L | N (T a) a (T a) | a :+: a deriving (Show, Eq)\n\
               data R = R { f, g :: Int, h :: Double }\n\
               newtype W = W Int\n\
               type S = [Int]\n\
               class Eq a => C a where\n  m :: a -> Int\n  m _ = 0\n\
               instance Show a => C (T a) where\n  m x = 1";
    let m = parse(src).unwrap();
    assert!(
        matches!(&m.decls[0].kind, DeclKind::Data { cons, deriving, .. } if cons.len() == 3 && deriving.len() == 2)
    );
    assert!(
        matches!(&m.decls[4].kind, DeclKind::Class { context, decls, .. } if context.len() == 1 && decls.len() == 2)
    );
    assert!(matches!(&m.decls[5].kind, DeclKind::Instance { context, .. } if context.len() == 1));
}

#[test]
fn records_bind_tighter_than_application() {
    let ExprKind::App(_, arg) = body_of("f = g P { x = 1 }") else {
        panic!()
    };
    assert!(matches!(arg.kind, ExprKind::RecordCon(..)));
    assert!(matches!(
        body_of("f = r { x = 2 }"),
        ExprKind::RecordUpdate(..)
    ));
}

#[test]
fn errors_point_at_the_offending_line() {
    assert_eq!(error_line("f :: Int\nf n if n then 1 else 2\n"), 2);
    assert_eq!(error_line("main = print (f (g x)))\n"), 1);
    assert_eq!(error_line("a = 1\nwhere b = 2\n"), 2);
    assert_eq!(error_line("a = 1\nimport Data.List\n"), 2);
}

#[test]
fn module_headers_and_imports() {
    use crate::ast::{Entity, Members};
    let m = parse(
        "module Geo.Shape (Shape(..), area, module Geo.Vec, Pt(X, y),) where\n\
         import qualified Data.Map as M\nimport Prelude hiding (lookup)\nimport Geo.Vec (Vec(..), (<+>))\n\
         area = M.size",
    )
    .unwrap();
    assert_eq!(m.name.as_ref().map(|n| n.name.as_str()), Some("Geo.Shape"));
    let exports = m.exports.unwrap();
    assert_eq!(exports.len(), 4);
    assert!(matches!(&exports[0], Entity::Type(t, Some(Members::All)) if t.name == "Shape"));
    assert!(matches!(&exports[2], Entity::Module(n) if n.name == "Geo.Vec"));
    assert!(matches!(&exports[3], Entity::Type(_, Some(Members::Listed(l))) if l.len() == 2));
    let [map, prelude, vec] = m.imports.as_slice() else {
        panic!("three imports")
    };
    assert!(map.qualified && map.alias.as_ref().is_some_and(|a| a.name == "M"));
    assert!(prelude.hiding && prelude.items.as_ref().is_some_and(|i| i.len() == 1));
    assert!(!vec.qualified && vec.items.as_ref().is_some_and(|i| i.len() == 2));
    assert_eq!(m.decls.len(), 1);
}

fn error_message(src: &str) -> String {
    parse(src).unwrap_err()[0].message.clone()
}

#[test]
fn errors_say_what_was_found_and_expected() {
    assert_eq!(
        error_message("f = [1, 2,, 3]"),
        "unexpected `,`; expected an expression"
    );
    assert_eq!(
        error_message("f x = x + 1\n= 3\n"),
        "unexpected `=`; expected a declaration"
    );
    assert_eq!(
        error_message("f x = case x of\n  1 -> 2\n  -> 3\n"),
        "unexpected `->`; expected a case alternative"
    );
    assert_eq!(
        error_message("f = (if c then 1)"),
        "unexpected `)`; expected an expression, an operator, `::` or `else`"
    );
    assert_eq!(
        error_message("a = 1\nimport Data.List\n"),
        "an `import` must come before the module's declarations"
    );
}

#[test]
fn constructs_that_parse_but_are_not_allowed() {
    assert_eq!(
        error_message("newtype W = W Int Int"),
        "a newtype constructor must have exactly one field"
    );
    assert_eq!(error_message("infixl 12 +++"), "a precedence must be 0..9");
    assert_eq!(
        error_message("main = do\n  x <- getLine\n"),
        "the last statement of a `do` block must be an expression"
    );
    assert_eq!(
        error_message("class (C a b) => D a"),
        "malformed class constraint: expected `Class tyvar`"
    );
}

#[test]
fn a_lambda_let_or_if_body_takes_the_operators_after_it() {
    assert_eq!(error_line("f = 1\ng = (\\x -> x +)\n"), 2);
    assert_eq!(error_line("f = (let y = 1 in y *)"), 1);
    assert!(matches!(
        body_of("f = (case x of { _ -> 1 } +)"),
        ExprKind::LeftSection(..)
    ));
}

#[test]
fn explicit_semicolons_in_layout_blocks() {
    let ExprKind::Case(_, alts) = body_of("f = case x of 0 -> 1; _ -> 2") else {
        panic!()
    };
    assert_eq!(alts.len(), 2);
}

/// Deeply nested input with an error at the bottom: each level is parsed once (backtracking must
/// not retry nested declarations, lists or statements), and nothing overflows the stack.
#[test]
fn deep_nesting_with_an_error_inside() {
    let depth = 400;
    for (open, close) in [
        ("x = let y = ", ""),
        ("x = [0, ", "]"),
        ("x = do { let { y = ", " } ; y }"),
        ("x = (", ")"),
        ("x = \\y -> ", ""),
    ] {
        let src = format!("{}1 +{}\n", open.repeat(depth), close.repeat(depth));
        assert_eq!(error_line(&src), 1, "{open}");
    }
}

fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus")
}

#[test]
fn corpus_programs_parse() {
    for dir in ["run", "ad", "errors"] {
        for entry in std::fs::read_dir(corpus().join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "hs") {
                continue;
            }
            let src = std::fs::read_to_string(&path).unwrap();
            let expected = std::fs::read_to_string(path.with_extension("err")).unwrap_or_default();
            let Ok(tokens) = lex(&src, FileId::MAIN) else {
                assert!(expected.contains("lex"), "{}", path.display());
                continue;
            };
            let result = parse_module(&layout(tokens).unwrap());
            if expected.contains("parse") {
                let line: usize = expected.split_whitespace().next().unwrap().parse().unwrap();
                let errs = result.expect_err(&path.display().to_string());
                assert_eq!(
                    src[..errs[0].span.lo as usize].matches('\n').count() + 1,
                    line,
                    "{}",
                    path.display()
                );
            } else if let Err(e) = result {
                panic!("{}: {:?}", path.display(), e);
            }
        }
    }
}

/// The line and column (1-based, in characters) of each error of `src`.
fn error_positions(src: &str) -> Vec<(usize, usize)> {
    let errors = crate::source::parse_text(src, FileId::MAIN, false).unwrap_err();
    errors
        .iter()
        .map(|e| {
            let before = &src[..e.span.lo as usize];
            let line_start = before.rfind('\n').map_or(0, |n| n + 1);
            (
                before.matches('\n').count() + 1,
                before[line_start..].chars().count() + 1,
            )
        })
        .collect()
}

#[test]
fn each_declaration_reports_its_first_error() {
    let src = "f :: Int -> Int\n\
               f x = let y = x + 1 y * 2\n\
               \n\
               g x = = 3\n\
               data colour = Red\n\
               main = print (1 + )) 2\n";
    // The first is the whole module's error (at the next line, where the `let` ends).
    assert_eq!(error_positions(src), [(4, 1), (4, 7), (5, 6), (6, 20)]);
    let errors = parse(src).unwrap_err();
    assert_eq!(
        errors[0].message,
        "unexpected new line at the same indentation (check the indentation); expected `in`"
    );
    assert_eq!(errors[1].message, "unexpected `=`; expected an expression");
    assert_eq!(
        errors[2].message,
        "unexpected `colour`; expected a type name"
    );
}

#[test]
fn good_declarations_between_bad_ones_are_not_reported() {
    let src = "a = = 1\n\
               b :: Int\n\
               b = case 1 of\n  1 -> 2\n  _ -> 3\n\
               xs = [1\n, 2]\n\
               c = (\n";
    assert_eq!(error_positions(src), [(1, 5), (9, 1)]);
}

#[test]
fn an_error_in_a_nested_block_ends_its_declaration() {
    let src = "f x = y\n  where\n    y = = 1\n    z = 2\ng = do\n  print 1\n  let q = \n  q\nh = 1\nk = = 2\n";
    assert_eq!(error_positions(src), [(3, 9), (8, 3), (10, 5)]);
}

#[test]
fn an_unclosed_bracket_ends_at_the_next_declaration() {
    let src = "k = (1 + 2\nmain = print 1\nz = = 2\nw = [3\nu = 4\nv = = 5\n";
    // The module's first error is where the bracket's contents stop making sense.
    assert_eq!(error_positions(src), [(2, 6), (3, 5), (5, 1), (6, 5)]);
}

#[test]
fn errors_after_a_header_and_after_a_layout_error() {
    assert_eq!(
        error_positions("module main where\nimport Data.List\nf = = 1\n"),
        [(1, 8), (3, 5)]
    );
    assert_eq!(
        error_positions("module Main where\nf = 1 }\ng = 2\nh = = 3\n"),
        [(2, 7), (4, 5)]
    );
}

#[test]
fn a_body_in_explicit_braces_reports_its_first_error() {
    assert_eq!(
        error_positions("module Main where {\nf = = 1;\ng = = 2 }\n"),
        [(2, 5)]
    );
}

#[test]
fn at_most_twenty_errors_are_reported() {
    let src: String = (1..=25).map(|i| format!("f{i} = = {i}\n")).collect();
    let errors = parse(&src).unwrap_err();
    assert_eq!(errors.len(), MAX_ERRORS);
    let lines: Vec<usize> = error_positions(&src).iter().map(|p| p.0).collect();
    assert_eq!(lines, (1..=20).collect::<Vec<_>>());
    assert_eq!(
        errors[19].notes,
        ["5 more syntax errors after this one are not shown (at most 20 are reported at once)"]
    );
    assert!(errors[..19].iter().all(|e| e.notes.is_empty()));
    // Exactly twenty: all shown, no note.
    let src: String = (1..=20).map(|i| format!("f{i} = = {i}\n")).collect();
    assert!(parse(&src).unwrap_err().iter().all(|e| e.notes.is_empty()));
}

/// A declaration parsed on its own reports what the whole module reports for it: with a broken
/// declaration put in front, each program with syntax errors (the diagnostics snapshots', the
/// corpus's) still gets all of its own errors, with the same messages at the same places.
#[test]
fn errors_after_the_first_read_as_in_the_whole_module() {
    let snapshots = corpus().join("../diagnostics");
    let mut programs = Vec::new();
    for (dir, prefix) in [
        (snapshots, "parse_"),
        (corpus().join("errors"), "err_parse_"),
    ] {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_str().unwrap();
            if name.starts_with(prefix) && name.ends_with(".hs") {
                programs.push(std::fs::read_to_string(&path).unwrap());
            }
        }
    }
    assert!(programs.len() >= 10, "{} programs", programs.len());
    let broken = "zz = = 0\n";
    let shift = broken.len() as u32;
    for src in programs {
        let alone = parse(&src).unwrap_err();
        if alone.len() >= MAX_ERRORS {
            continue;
        }
        let after = parse(&format!("{broken}{src}")).unwrap_err();
        let after: Vec<(String, u32, u32)> = after[1..]
            .iter()
            .map(|e| (e.message.clone(), e.span.lo - shift, e.span.hi - shift))
            .collect();
        let alone: Vec<(String, u32, u32)> = alone
            .iter()
            .map(|e| (e.message.clone(), e.span.lo, e.span.hi))
            .collect();
        assert_eq!(after, alone, "{src}");
    }
}
