//! The GradBench eval modules of `gradbench/` through `dnrad gradbench gradbench`: for each
//! module a session defines it and evaluates every case of `gradbench/tests/MODULE.json`
//! (`[{"function", "input", "output"}, ...]`, small inputs whose outputs were computed without
//! dnrad: GradBench's hand-written C++ derivatives, JAX, finite differences, closed forms, the
//! eval's own answers), and each output must match as GradBench validates it: the same JSON
//! shape, numbers within |a - b| / max(1, |a| + |b|) <= 1e-4. The modules run again in the
//! other staged reverse modes and, the cheap ones, on the interpreter.

mod support;

use serde_json::{json, Value as Json};
use std::path::Path;

const TOLERANCE: f64 = 1e-4;

/// Where `actual` differs from `expected`, as GradBench's comparison reports it.
fn mismatches(expected: &Json, actual: &Json, path: &str, out: &mut Vec<String>) {
    match (expected, actual) {
        (Json::Object(e), Json::Object(a)) => {
            for k in a.keys().filter(|k| !e.contains_key(*k)) {
                out.push(format!("{path}.{k}: unexpected key"));
            }
            for (k, v) in e {
                match a.get(k) {
                    Some(w) => mismatches(v, w, &format!("{path}.{k}"), out),
                    None => out.push(format!("{path}.{k}: missing")),
                }
            }
        }
        (Json::Array(e), Json::Array(a)) if e.len() != a.len() => out.push(format!(
            "{path}: {} elements where {} are expected",
            a.len(),
            e.len()
        )),
        (Json::Array(e), Json::Array(a)) => {
            for (i, (v, w)) in e.iter().zip(a).enumerate() {
                mismatches(v, w, &format!("{path}[{i}]"), out);
            }
        }
        (Json::Number(e), Json::Number(a)) if e.is_f64() || a.is_f64() => {
            let (x, y) = (
                e.as_f64().unwrap_or(f64::NAN),
                a.as_f64().unwrap_or(f64::NAN),
            );
            let difference = (x - y).abs() / (x.abs() + y.abs()).max(1.0);
            if difference.is_nan() || difference > TOLERANCE {
                out.push(format!("{path}: {y} where {x} is expected"));
            }
        }
        _ if expected == actual => {}
        _ => out.push(format!("{path}: {actual} where {expected} is expected")),
    }
}

/// Evaluate every case of `module` in one session of `dnrad gradbench` with `options`.
fn check(module: &str, options: &[&str]) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("gradbench");
    let text = std::fs::read_to_string(root.join("tests").join(format!("{module}.json")))
        .expect("the module's cases");
    let cases: Vec<Json> = serde_json::from_str(&text).expect("cases as JSON");
    let mut messages = vec![json!({"id": 0, "kind": "define", "module": module})];
    for (i, case) in cases.iter().enumerate() {
        messages.push(json!({"id": i + 1, "kind": "evaluate", "module": module,
                             "function": case["function"], "input": case["input"]}));
    }
    let input: String = messages.iter().map(|m| format!("{m}\n")).collect();
    let mut args = vec!["gradbench"];
    args.extend_from_slice(options);
    args.push(root.to_str().expect("a UTF-8 path"));
    let out = support::run_dnrad_with_input(&args, Some(&input));
    assert_eq!(out.code, Some(0), "{module} {options:?}: {}", out.stderr);
    let answers: Vec<Json> = out
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("every answer is JSON"))
        .collect();
    assert_eq!(answers.len(), messages.len(), "{module}: {}", out.stdout);
    assert_eq!(
        answers[0]["success"],
        json!(true),
        "{module}: {}",
        answers[0]
    );
    for (case, answer) in cases.iter().zip(&answers[1..]) {
        let function = &case["function"];
        assert_eq!(
            answer["success"],
            json!(true),
            "{module} {function} {options:?}: {answer}"
        );
        let mut found = Vec::new();
        mismatches(&case["output"], &answer["output"], "output", &mut found);
        assert!(
            found.is_empty(),
            "{module} {function} {options:?}: {} mismatches, the first {:?}",
            found.len(),
            &found[..found.len().min(5)]
        );
    }
}

/// A module on the VM in the default (array) mode and in the staged and Cayley modes.
fn check_in_every_staged_mode(module: &str) {
    for options in [&[][..], &["--ad", "staged"], &["--ad", "cayley"]] {
        check(module, options);
    }
}

/// A module in every staged mode and on the interpreter.
fn check_everywhere(module: &str) {
    check_in_every_staged_mode(module);
    check(module, &["--backend", "interp"]);
}

#[test]
fn hello() {
    check_everywhere("hello");
}

#[test]
fn llsq() {
    check_everywhere("llsq");
}

#[test]
fn lse() {
    check_everywhere("lse");
}

#[test]
fn det() {
    check_everywhere("det");
}

#[test]
fn ode() {
    check_everywhere("ode");
}

#[test]
fn kmeans() {
    check_everywhere("kmeans");
}

#[test]
fn gmm() {
    check_everywhere("gmm");
}

#[test]
fn lstm() {
    check_everywhere("lstm");
}

#[test]
fn ba() {
    check_everywhere("ba");
}

// 28 forward passes through 22 bones: the interpreter would take seconds.
#[test]
fn ht() {
    check_in_every_staged_mode("ht");
}

// The eval's own input and answer: hundreds of descent steps, each a nested derivative, so
// the VM only and two pairings each: rr and ff for particle, rf and fr for saddle
// (tests/ad_nested.rs runs the charged particle in all four, in every mode on both backends).
#[test]
fn particle() {
    check("particle", &[]);
}

#[test]
fn saddle() {
    check("saddle", &[]);
}

#[test]
fn a_wrong_output_is_a_mismatch() {
    let expected = json!({"a": [1.0, 2.0], "b": 3});
    let mut found = Vec::new();
    mismatches(
        &expected,
        &json!({"a": [1.00001, 2.0], "b": 3}),
        "",
        &mut found,
    );
    assert!(found.is_empty(), "{found:?}");
    for wrong in [
        json!({"a": [1.1, 2.0], "b": 3}),
        json!({"a": [1.0], "b": 3}),
        json!({"a": [1.0, 2.0], "b": 4}),
        json!({"a": [1.0, 2.0]}),
        json!({"a": [1.0, 2.0], "b": 3, "c": 0}),
        json!({"a": [1.0, null], "b": 3}),
    ] {
        found.clear();
        mismatches(&expected, &wrong, "", &mut found);
        assert_eq!(found.len(), 1, "{wrong}: {found:?}");
    }
}
