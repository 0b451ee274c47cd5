//! The coverage check on tiny matrices (which values are missed, which clauses are redundant,
//! how examples are written; the bounds), and on programs desugared against the real Prelude
//! (guards, records, strings, operator patterns). Expected answers are GHC 9.0's where it
//! gives them.

use super::example::{render_row, Example};
use super::matrix::{redundant, uncovered, Ctor, Family, GiveUp, Lit, Shape, DEPTH};
use crate::desugar::SourceModule;
use crate::desugar::{desugar_after_prelude, desugar_prelude, ModuleKind, PreludeScope};
use dnrad_core::{FileId, Name};
use std::rc::Rc;

fn family(cons: &[(&str, usize)]) -> Family {
    cons.iter().map(|(n, a)| (Name::new(n), *a)).collect()
}

thread_local! {
    static BOOL: Family = family(&[("False", 0), ("True", 0)]);
    static MAYBE: Family = family(&[("Nothing", 0), ("Just", 1)]);
    static LIST: Family = family(&[("[]", 0), (":", 2)]);
    static PAIR: Family = family(&[("(,)", 2)]);
    static COLOR: Family =
        family(&[("Red", 0), ("Orange", 0), ("Yellow", 0), ("Green", 0), ("Blue", 0), ("Violet", 0)]);
}

fn con(f: &'static std::thread::LocalKey<Family>, name: &str, args: Vec<Shape>) -> Shape {
    let family = f.with(Family::clone);
    let index = family.iter().position(|(n, _)| n.as_str() == name).unwrap();
    Shape::Con(Ctor::Data { index, family }, args.into())
}

fn any() -> Shape {
    Shape::Any
}
fn tt() -> Shape {
    con(&BOOL, "True", vec![])
}
fn ff() -> Shape {
    con(&BOOL, "False", vec![])
}
fn just(s: Shape) -> Shape {
    con(&MAYBE, "Just", vec![s])
}
fn nothing() -> Shape {
    con(&MAYBE, "Nothing", vec![])
}
fn nil() -> Shape {
    con(&LIST, "[]", vec![])
}
fn cons(h: Shape, t: Shape) -> Shape {
    con(&LIST, ":", vec![h, t])
}
fn pair(a: Shape, b: Shape) -> Shape {
    con(&PAIR, "(,)", vec![a, b])
}
fn int(n: i64) -> Shape {
    Shape::Con(Ctor::Lit(Lit::Int(n.into())), Rc::from([]))
}
fn n_plus(k: i64) -> Shape {
    Shape::Con(Ctor::Lit(Lit::NPlusK(k.into())), Rc::from([]))
}

/// The missing values of clauses that all cover, as a warning writes them.
fn missing(rows: Vec<Vec<Shape>>) -> Vec<String> {
    let covers = vec![true; rows.len()];
    missing_guarded(rows, &covers)
}

fn missing_guarded(rows: Vec<Vec<Shape>>, covers: &[bool]) -> Vec<String> {
    let width = rows[0].len();
    uncovered(&rows, covers, width, 5)
        .unwrap()
        .iter()
        .map(|r| render_row(r))
        .collect()
}

fn redundant_rows(rows: Vec<Vec<Shape>>) -> Vec<usize> {
    let covers = vec![true; rows.len()];
    redundant(&rows, &covers)
}

#[test]
fn constructors_of_a_type_cover_it() {
    assert_eq!(missing(vec![vec![tt()]]), ["False"]);
    assert!(missing(vec![vec![tt()], vec![ff()]]).is_empty());
    assert!(missing(vec![vec![any()]]).is_empty());
    assert_eq!(missing(vec![vec![just(any())]]), ["Nothing"]);
    assert!(missing(vec![vec![nothing()], vec![just(any())]]).is_empty());
    let red = con(&COLOR, "Red", vec![]);
    assert_eq!(
        missing(vec![vec![red]]),
        ["Orange", "Yellow", "Green", "Blue", "Violet"]
    );
}

#[test]
fn nested_constructors_are_split_where_they_occur() {
    // f (Just True) = ..; f Nothing = ..
    assert_eq!(
        missing(vec![vec![just(tt())], vec![nothing()]]),
        ["Just False"]
    );
    // GHC: `g (Just x) True; g Nothing False` misses `(Just _) False` and `Nothing True`.
    assert_eq!(
        missing(vec![vec![just(any()), tt()], vec![nothing(), ff()]]),
        ["Nothing True", "(Just _) False"]
    );
    assert!(missing(vec![
        vec![just(just(any()))],
        vec![just(nothing())],
        vec![nothing()]
    ])
    .is_empty());
}

#[test]
fn lists_and_tuples() {
    assert_eq!(missing(vec![vec![cons(any(), any())]]), ["[]"]);
    // GHC: `l [] ; l [_] ; l [_, _]` misses `(_:_:_:_)`.
    let one = cons(any(), nil());
    let two = cons(any(), cons(any(), nil()));
    assert_eq!(
        missing(vec![vec![nil()], vec![one], vec![two]]),
        ["(_:_:_:_)"]
    );
    assert_eq!(
        missing(vec![vec![nil()], vec![cons(tt(), nil())]]),
        ["(False:_)", "(True:_:_)"]
    );
    // GHC: `t (True, _); t (_, True)` misses `(False, False)`.
    assert_eq!(
        missing(vec![vec![pair(tt(), any())], vec![pair(any(), tt())]]),
        ["(False, False)"]
    );
}

#[test]
fn literals_never_cover_their_type() {
    assert_eq!(
        missing(vec![vec![int(0)], vec![int(1)]]),
        ["p where p is not one of {0, 1}"]
    );
    assert!(missing(vec![vec![int(0)], vec![any()]]).is_empty());
    assert_eq!(
        missing(vec![vec![int(-1)]]),
        ["p where p is not one of {-1}"]
    );
    // GHC: `choose _ 0; choose 0 _` misses `p q where p is not one of {0}, q ... {0}`.
    assert_eq!(
        missing(vec![vec![any(), int(0)], vec![int(0), any()]]),
        ["p q where p is not one of {0} and q is not one of {0}"]
    );
    // `n+k` patterns match some values only, and are not listed.
    assert_eq!(
        missing(vec![vec![int(0)], vec![n_plus(1)]]),
        ["p where p is not one of {0}"]
    );
    assert_eq!(missing(vec![vec![n_plus(1)]]), ["_"]);
    let many: Vec<Vec<Shape>> = (0..10).map(|i| vec![int(i)]).collect();
    assert_eq!(
        missing(many),
        ["p where p is not one of {0, 1, 2, 3, 4, 5, ...}"]
    );
}

#[test]
fn a_clause_whose_guards_may_fail_covers_nothing() {
    // f x | x > 0 = ..  misses everything; with `f _ = ..` after it, nothing.
    assert_eq!(missing_guarded(vec![vec![any()]], &[false]), ["_"]);
    assert!(missing_guarded(vec![vec![any()], vec![any()]], &[false, true]).is_empty());
    // Such a clause is still redundant when earlier ones cover it, and the one after it is not.
    assert_eq!(redundant(&[vec![any()], vec![tt()]], &[true, false]), [1]);
    assert!(redundant(&[vec![any()], vec![any()]], &[false, true]).is_empty());
}

#[test]
fn redundant_clauses() {
    assert_eq!(redundant_rows(vec![vec![any()], vec![int(0)]]), [1]);
    // GHC: `r2 (Just _); r2 Nothing; r2 (Just 3)`: the third is redundant.
    assert_eq!(
        redundant_rows(vec![vec![just(any())], vec![nothing()], vec![just(int(3))]]),
        [2]
    );
    assert_eq!(
        redundant_rows(vec![vec![tt()], vec![ff()], vec![any()]]),
        [2]
    );
    assert_eq!(
        redundant_rows(vec![vec![int(1)], vec![int(2)], vec![int(1)]]),
        [2]
    );
    assert!(redundant_rows(vec![vec![int(1)], vec![int(2)], vec![any()]]).is_empty());
    assert_eq!(
        redundant_rows(vec![
            vec![pair(tt(), any())],
            vec![pair(any(), tt())],
            vec![pair(ff(), ff())],
            vec![pair(tt(), tt())]
        ]),
        [3]
    );
    // Different literals of `n+k` are not judged against each other.
    assert!(redundant_rows(vec![vec![int(5)], vec![n_plus(1)]]).is_empty());
    assert_eq!(redundant_rows(vec![vec![n_plus(1)], vec![n_plus(1)]]), [1]);
}

#[test]
fn a_literal_among_constructors_is_not_judged() {
    // `f 0 = ..; f (S n) = ..` on a data type with a `Num` instance.
    let nat = family(&[("Z", 0), ("S", 1)]);
    let s = Shape::Con(
        Ctor::Data {
            index: 1,
            family: nat,
        },
        Rc::from([any()]),
    );
    let rows = [vec![int(0)], vec![s]];
    assert_eq!(uncovered(&rows, &[true, true], 1, 5), Err(GiveUp));
}

#[test]
fn searches_are_bounded() {
    // `Nothing`, `Just Nothing`, ... and `Just (Just .. _)` nested past the depth bound cover
    // everything, but seeing it takes a search as deep: nothing is known.
    let nested = |k: usize, inner: Shape| (0..k).fold(inner, |s, _| just(s));
    let k = DEPTH + 10;
    let mut rows: Vec<Vec<Shape>> = (0..k).map(|i| vec![nested(i, nothing())]).collect();
    rows.push(vec![nested(k, any())]);
    let covers = vec![true; rows.len()];
    assert_eq!(uncovered(&rows, &covers, 1, 5), Err(GiveUp));
    assert_eq!(
        uncovered(&rows[..2], &covers[..2], 1, 5).map(|m| m.len()),
        Ok(1)
    );
    let deep = nested(k, any());
    assert!(redundant(&[vec![deep.clone()], vec![deep]], &[true, true]).is_empty());
    // 40 Boolean columns, each `True` in one clause and `False` in another: the exact
    // answer needs exponentially many steps, so the search stops.
    let n = 40;
    let rows: Vec<Vec<Shape>> = (0..2 * n)
        .map(|i| {
            let mut r = vec![any(); n];
            r[i % n] = if i < n { tt() } else { ff() };
            r
        })
        .collect();
    let covers = vec![true; rows.len()];
    assert_eq!(uncovered(&rows, &covers, n, 5), Err(GiveUp));
    let found = redundant(&rows, &covers);
    assert!(found.iter().all(|i| *i > n), "{found:?}");
}

#[test]
fn examples_are_written_as_patterns() {
    let c = |name: &str, args: Vec<Example>| Example::Con(Name::new(name), args);
    let nil = || c("[]", vec![]);
    let list = c(
        ":",
        vec![Example::Any, c(":", vec![c("True", vec![]), nil()])],
    );
    assert_eq!(render_row(&[list]), "[_, True]");
    let open = c(":", vec![c("Just", vec![Example::Any]), Example::Any]);
    assert_eq!(render_row(&[open]), "((Just _):_)");
    let complex = c(":+", vec![Example::Any, Example::Any]);
    assert_eq!(render_row(&[complex.clone(), Example::Any]), "(_ :+ _) _");
    let node = c("Node", vec![c("Leaf", vec![]), Example::Any, complex]);
    assert_eq!(render_row(&[node.clone()]), "Node Leaf _ (_ :+ _)");
    assert_eq!(
        render_row(&[node, c("()", vec![])]),
        "(Node Leaf _ (_ :+ _)) ()"
    );
    let chars = Example::NotOneOf(vec![Lit::Char('a'), Lit::Char('\n'), Lit::Char('é')], false);
    assert_eq!(
        render_row(&[chars]),
        "p where p is not one of {'a', '\\n', '\\233'}"
    );
    let frac = Example::NotOneOf(vec![Lit::Frac(0.5)], false);
    assert_eq!(
        render_row(&[c("(,,)", vec![frac, Example::Any, nil()])]),
        "(p, _, []) where p is not one of {0.5}"
    );
}

thread_local! {
    static PRELUDE: PreludeScope = {
        let ast = crate::source::parse_text(crate::prelude::PRELUDE_SOURCE, FileId::PRELUDE, false)
            .unwrap();
        desugar_prelude(&ast).unwrap().0
    };
}

/// The coverage warnings of a main module desugared against the real Prelude: each as
/// `line: message`.
fn warnings(src: &str) -> Vec<String> {
    let ast = crate::source::parse_text(src, FileId::MAIN, false).unwrap();
    let main = SourceModule {
        name: "Main".into(),
        kind: ModuleKind::Main,
        ast: &ast,
    };
    let program = PRELUDE
        .with(|p| desugar_after_prelude(p, &[main], "main", &[]))
        .unwrap();
    program
        .warnings
        .iter()
        .filter(|w| {
            matches!(
                w.warning,
                Some("incomplete-patterns" | "overlapping-patterns")
            )
        })
        .map(|w| {
            let line = src[..w.span.lo as usize].matches('\n').count() + 1;
            format!("{line}: {}", w.message)
        })
        .collect()
}

#[test]
fn guards_otherwise_and_true_are_total() {
    assert!(warnings("f x | x > 0 = 1\n    | otherwise = 2\nmain = print (f 1)\n").is_empty());
    assert!(warnings("f x | x > 0 = 1\n    | True = 2\nmain = print (f 1)\n").is_empty());
    assert_eq!(
        warnings("f x | x > 0 = 1\n    | x < 0 = 2\nmain = print (f 1)\n"),
        ["1: Pattern match(es) are non-exhaustive in an equation for `f`: patterns not matched: `_`"]
    );
    // A local `otherwise` is not the Prelude's.
    assert_eq!(
        warnings("f x | otherwise = 1 where otherwise = x > 0\nmain = print (f 1)\n").len(),
        1
    );
    // A guarded equation falls through to the next one.
    assert!(warnings("f (Just x) | x > 0 = x\nf _ = 0\nmain = print (f Nothing)\n").is_empty());
    assert_eq!(
        warnings("x | False = 1\nmain = print x\n"),
        ["1: Pattern match(es) are non-exhaustive in an equation for `x`: guards do not cover every case"]
    );
}

#[test]
fn patterns_of_every_form() {
    let records = "data P = P { px :: Int, py :: Maybe Int }\n\
        f P { py = Just y } = y\nf (P _ Nothing) = 0\nmain = print (f (P 1 Nothing))\n";
    assert!(warnings(records).is_empty());
    let strings = "f \"\" = 0\nf (c:cs) = 1\nmain = print (f \"a\")\n";
    assert!(warnings(strings).is_empty());
    let ops = "f (x:y:_) = x + y\nf all@[_] = 0\nmain = print (f [1])\n";
    assert_eq!(
        warnings(ops),
        ["1: Pattern match(es) are non-exhaustive in an equation for `f`: patterns not matched: `[]`"]
    );
    let lazy = "f ~(Just x) = x\nmain = print (f (Just 1))\n";
    assert_eq!(warnings(lazy).len(), 1);
    let unit = "f () = 1\ng (a, (b, c)) = a\nmain = print (f () + g (1, (2, 3)))\n";
    assert!(warnings(unit).is_empty());
    let nested_case =
        "f m = case m of\n  Just (x:_) -> x\n  Nothing -> 0\nmain = print (f Nothing)\n";
    assert_eq!(
        warnings(nested_case),
        ["1: Pattern match(es) are non-exhaustive in a case alternative: patterns not matched: `Just []`"]
    );
    let local = "f n = go n where\n  go 0 = 1\n  go 1 = 2\n  go 0 = 3\nmain = print (f 1)\n";
    assert_eq!(
        warnings(local),
        [
            "2: Pattern match(es) are non-exhaustive in an equation for `go`: patterns not matched: `p where p is not one of {0, 1}`",
            "4: Pattern match is redundant in an equation for `go`"
        ]
    );
}

#[test]
fn the_prelude_is_not_warned_about() {
    // The Prelude is desugared as a privileged module; its partial functions (`head`) and
    // literal matches would warn otherwise.
    let ast =
        crate::source::parse_text(crate::prelude::PRELUDE_SOURCE, FileId::PRELUDE, false).unwrap();
    let (_, program) = desugar_prelude(&ast).unwrap();
    assert!(program.warnings.is_empty(), "{:?}", program.warnings);
}
