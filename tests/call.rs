//! `dnrad call`: values cross into and out of a program by their types (docs/host.md), on both
//! backends; inputs that do not fit are errors naming the JSON path, never a panic.

mod support;

use std::sync::atomic::{AtomicUsize, Ordering};

const PROGRAM: &str = r#"
import Data.Array

data Gmm = Gmm { alpha :: [Double], mu :: [[Double]], _data :: Int, _A :: Integer }
data Shape = Circle Double | Rect Double Double | Empty
data Color = Red | Green
newtype Meters = Meters Double

identity :: (Gmm, [Shape], [Color], Meters, [Maybe (Maybe Int)], [Either Bool String], Char, ()) -> (Gmm, [Shape], [Color], Meters, [Maybe (Maybe Int)], [Either Bool String], Char, ())
identity x = x

arrays :: (Array Int Double, Array (Int, Int) Int, Array Char Bool) -> (Array Int Double, Array (Int, Int) Int, Array Char Bool)
arrays (a, m, c) = (fmap (* 2) a, fmap (+ 1) m, c)

shifted :: Array Int Double -> Array Int Double
shifted a = listArray (1, 3) (elems a)

gradient :: Array Int Double -> Array Int Double
gradient = grad (\a -> sum [x * x * x | x <- elems a])

firstOf :: [Double] -> Double
firstOf xs = head xs

poly :: Num a => a -> a
poly x = x * x

half :: Integral a => a -> a
half x = x `div` 2
"#;

/// `dnrad call` of `function` on `input` (standard input), with extra arguments first.
fn call(function: &str, input: &str, extra: &[&str]) -> (Option<i32>, String, String) {
    // A file per call: the tests run at the same time.
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let name = format!("call{}.hs", CALLS.fetch_add(1, Ordering::Relaxed));
    let file = support::temp_program("call", &name, PROGRAM);
    let mut args = vec!["call"];
    args.extend(extra);
    args.extend([file.to_str().expect("a UTF-8 path"), function]);
    let out = support::run_dnrad_with_input(&args, Some(input));
    (out.code, out.stdout, out.stderr)
}

#[test]
fn values_of_every_supported_kind_round_trip_on_both_backends() {
    let cases = [
        (
            "identity",
            r#"[{"alpha":[1.5,-2.0],"mu":[[1.0],[]],"data":3,"A":123456789012345678901234567890},[{"Circle":1.0},{"Rect":[2.0,3.0]},"Empty"],["Red","Green"],2.5,[null,{"Just":null},{"Just":4}],[{"Left":true},{"Right":"hi \"there\""}],"λ",null]"#,
        ),
        (
            "arrays",
            r#"[[1.0,2.5,-3.0],[[1,2,3],[4,5,6]],{"bounds":["a","c"],"elems":[true,false,true]}]"#,
        ),
    ];
    for backend in ["vm", "interp"] {
        for (function, input) in cases {
            let (code, out, err) = call(function, input, &["--backend", backend]);
            assert_eq!(code, Some(0), "{function} on {backend}: {err}");
            let got: serde_json::Value = serde_json::from_str(&out).unwrap();
            let mut want: serde_json::Value = serde_json::from_str(input).unwrap();
            if function == "arrays" {
                // `fmap (* 2)` and `fmap (+ 1)` of the first two.
                want[0] = serde_json::json!([2.0, 5.0, -6.0]);
                want[1] = serde_json::json!([[2, 3, 4], [5, 6, 7]]);
            }
            assert_eq!(got, want, "{function} on {backend}");
        }
    }
}

#[test]
fn results_follow_the_encoding_rules() {
    // A 1-based array is written with its bounds; a gradient of an array is an array.
    let (code, out, err) = call("shifted", "[1, 2, 3]", &[]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.trim(), r#"{"bounds":[1,3],"elems":[1.0,2.0,3.0]}"#);
    for mode in ["naive", "staged", "cayley", "array"] {
        let (code, out, err) = call("gradient", "[1, -2, 0.5]", &["--ad", mode]);
        assert_eq!(
            (code, out.trim()),
            (Some(0), "[3.0,12.0,0.75]"),
            "{mode}: {err}"
        );
    }
}

#[test]
fn inputs_that_do_not_fit_are_errors_naming_the_json_path() {
    let cases = [
        (
            "gradient",
            "[1, \"x\"]",
            "input[1]: expected a number, found a string",
        ),
        (
            "identity",
            "[]",
            "input: expected an array of 8 items, found an array",
        ),
        ("firstOf", "[1,", "the input is not JSON"),
        (
            "arrays",
            r#"[[1],[[1,2],[3]],{"bounds":["a","b"],"elems":[]}]"#,
            "input[1][1]: a row of 1 items where the first has 2",
        ),
        (
            "arrays",
            r#"[[1],[[1]],{"bounds":["a","b"],"elems":[true]}]"#,
            "input[2]: the bounds hold 2 elements but `elems` has 1",
        ),
        (
            "half",
            "1",
            "`half` has the polymorphic type `Integral a => a -> a`, which cannot be taken at Double",
        ),
        ("nosuch", "1", "no top-level function `nosuch`"),
    ];
    for (function, input, message) in cases {
        let (code, _, err) = call(function, input, &[]);
        assert_eq!(code, Some(1), "{function} {input}: {err}");
        assert!(err.contains(message), "{function} {input}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    // An overloaded function whose classes Double has instances of is called at Double.
    let (code, out, err) = call("poly", "3", &[]);
    assert_eq!((code, out.trim()), (Some(0), "9.0"), "{err}");
    let (code, _, err) = call("firstOf", "[]", &[]);
    assert_eq!(code, Some(1));
    assert!(
        err.contains("Prelude.head: empty list") && err.contains(":22:14"),
        "a located runtime error: {err}"
    );
}
