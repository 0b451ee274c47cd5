//! `dnrad gradbench DIR`: a scripted GradBench protocol session over standard input and output,
//! as the eval and `gradbench run` drive it: every message is answered by its id, evaluations
//! are timed per run, and bad messages, modules that do not compile and runs that fail are
//! answered with errors while the server goes on.

mod support;

use serde_json::{json, Value as Json};

/// The answers of a session of `messages` with the modules `modules` (name, source).
fn session(modules: &[(&str, &str)], messages: &[String]) -> Vec<Json> {
    session_with(&[], modules, messages)
}

/// `session` with more arguments for `dnrad gradbench`.
fn session_with(args: &[&str], modules: &[(&str, &str)], messages: &[String]) -> Vec<Json> {
    // A folder of its own: tests run in parallel, and a server reading a module another test
    // is rewriting would see it empty.
    static SESSIONS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let session = SESSIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let group = format!("gradbench-{session}");
    let mut dir = None;
    for (name, text) in modules {
        let path = support::temp_program(&group, &format!("{name}.hs"), text);
        dir = path.parent().map(|p| p.to_path_buf());
    }
    let dir = dir.expect("a module");
    let input: String = messages.iter().map(|m| format!("{m}\n")).collect();
    let mut all = vec!["gradbench"];
    all.extend(args);
    all.push(dir.to_str().expect("a UTF-8 path"));
    let out = support::run_dnrad_with_input(&all, Some(&input));
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    out.stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("every answer is JSON"))
        .collect()
}

const HELLO: &str = "square :: Double -> Double\nsquare x = x * x\n\ndouble :: Double -> Double\ndouble = grad square\n\nfirst :: [Double] -> Double\nfirst xs = head xs\n";

#[test]
fn a_session_defines_evaluates_and_answers_every_message_by_its_id() {
    let messages = [
        json!({"id": 0, "kind": "start", "eval": "hello"}),
        json!({"id": 1, "kind": "define", "module": "hello"}),
        json!({"id": 2, "kind": "evaluate", "module": "hello", "function": "square", "input": 3.0}),
        json!({"id": 3, "kind": "analysis", "of": 2, "valid": true}),
        json!({"id": 4, "kind": "evaluate", "module": "hello", "function": "double",
               "input": 1.5, "description": "x=1.5"}),
        json!({"id": 5, "kind": "something else"}),
    ];
    let messages: Vec<String> = messages.iter().map(Json::to_string).collect();
    let answers = session(&[("hello", HELLO)], &messages);
    assert_eq!(answers.len(), 6);
    assert_eq!(answers[0], json!({"id": 0, "tool": "dnrad"}));
    assert_eq!(answers[1]["success"], json!(true));
    assert_eq!(answers[1]["timings"][0]["name"], json!("compile"));
    assert_eq!(answers[2]["output"], json!(9.0));
    assert_eq!(answers[3], json!({"id": 3}));
    assert_eq!(
        (&answers[4]["id"], &answers[4]["output"]),
        (&json!(4), &json!(3.0))
    );
    assert_eq!(answers[5], json!({"id": 5}));
    for a in [&answers[2], &answers[4]] {
        let timings = a["timings"].as_array().expect("timings");
        assert_eq!(timings.len(), 1, "one run without min_runs: {a}");
        assert_eq!(timings[0]["name"], json!("evaluate"));
        assert!(timings[0]["nanoseconds"].as_u64().is_some());
    }
}

#[test]
fn min_runs_and_min_seconds_repeat_the_evaluation() {
    let module = "total :: Inp -> Double\ntotal (Inp xs _ _) = sum xs\n\ndata Inp = Inp { xs :: [Double], min_runs :: Int, min_seconds :: Double }\n";
    let messages = [
        json!({"id": 0, "kind": "define", "module": "m"}),
        json!({"id": 1, "kind": "evaluate", "module": "m", "function": "total",
               "input": {"xs": [1, 2, 3.5], "min_runs": 5, "min_seconds": 0}}),
        json!({"id": 2, "kind": "evaluate", "module": "m", "function": "total",
               "input": {"xs": [1], "min_runs": 1, "min_seconds": 0.05}}),
    ];
    let messages: Vec<String> = messages.iter().map(Json::to_string).collect();
    let answers = session(&[("m", module)], &messages);
    assert_eq!(answers[1]["output"], json!(6.5));
    assert_eq!(answers[1]["timings"].as_array().map(Vec::len), Some(5));
    let runs = answers[2]["timings"].as_array().expect("timings");
    let total: u64 = runs.iter().filter_map(|t| t["nanoseconds"].as_u64()).sum();
    assert!(
        total >= 50_000_000,
        "runs until 0.05 s: {total} ns in {} runs",
        runs.len()
    );
}

#[test]
fn errors_are_answers_and_the_server_goes_on() {
    let broken = "f :: Double -> Double\nf x = x + True\n";
    let messages = vec![
        "not json".to_string(),
        json!({"id": 1, "kind": "define", "module": "broken"}).to_string(),
        json!({"id": 2, "kind": "define", "module": "missing"}).to_string(),
        json!({"id": 3, "kind": "define", "module": "../hello"}).to_string(),
        json!({"id": 4, "kind": "evaluate", "module": "broken", "function": "f", "input": 1})
            .to_string(),
        json!({"id": 5, "kind": "define", "module": "hello"}).to_string(),
        json!({"id": 6, "kind": "evaluate", "module": "hello", "function": "first", "input": []})
            .to_string(),
        json!({"id": 7, "kind": "evaluate", "module": "hello", "function": "square", "input": "x"})
            .to_string(),
        json!({"id": 8, "kind": "evaluate", "module": "hello", "function": "nosuch", "input": 1})
            .to_string(),
        json!({"id": 9, "kind": "evaluate", "module": "hello"}).to_string(),
        json!({"id": 10, "kind": "evaluate", "module": "hello", "function": "square", "input": 2})
            .to_string(),
    ];
    let answers = session(&[("hello", HELLO), ("broken", broken)], &messages);
    assert_eq!(answers.len(), messages.len());
    assert_eq!(answers[5]["success"], json!(true));
    for (i, a) in answers
        .iter()
        .enumerate()
        .filter(|(i, _)| ![5, 10].contains(i))
    {
        assert_eq!(a["success"], json!(false), "answer {i}: {a}");
        assert!(a["error"].as_str().is_some_and(|e| !e.is_empty()), "{a}");
    }
    assert_eq!(answers[0]["id"], Json::Null);
    let compile_error = answers[1]["error"].as_str().unwrap();
    assert!(compile_error.contains("broken.hs:2:"), "{compile_error}");
    let runtime_error = answers[6]["error"].as_str().unwrap();
    assert!(
        runtime_error.contains("Prelude.head: empty list") && runtime_error.contains("hello.hs:8:"),
        "{runtime_error}"
    );
    assert!(answers[7]["error"]
        .as_str()
        .unwrap()
        .contains("input: expected a number"));
    assert_eq!(answers[10]["output"], json!(4.0));
}

/// Under the options `args`, evaluating `spin` of module `spin` (`spin_source` defines it, a
/// function of an Int) must fail with an error containing `message` located at `at`, after
/// which the server must still answer: `square 3` evaluated next.
fn assert_past_a_limit(args: &[&str], spin_source: &str, message: &str, at: &str) {
    let module = format!("{spin_source}\nsquare :: Double -> Double\nsquare x = x * x\n");
    let messages = [
        json!({"id": 0, "kind": "define", "module": "spin"}),
        json!({"id": 1, "kind": "evaluate", "module": "spin", "function": "spin", "input": 0}),
        json!({"id": 2, "kind": "evaluate", "module": "spin", "function": "square", "input": 3}),
    ];
    let messages: Vec<String> = messages.iter().map(Json::to_string).collect();
    let answers = session_with(args, &[("spin", &module)], &messages);
    assert_eq!(answers[1]["success"], json!(false), "{args:?}");
    let error = answers[1]["error"].as_str().unwrap_or_default();
    assert!(
        error.contains(message) && error.contains(at),
        "{args:?}: {error}"
    );
    assert_eq!(answers[2]["output"], json!(9.0), "{args:?}");
}

#[test]
fn an_evaluation_past_max_time_fails_and_the_server_goes_on() {
    let spin = "spin :: Int -> Int\nspin n = spin (n + 1)\n";
    assert_past_a_limit(
        &["--max-time", "0.3"],
        spin,
        "time limit exceeded",
        "spin.hs:2:",
    );
}

#[test]
fn an_evaluation_past_max_heap_fails_and_the_server_goes_on() {
    let spin = "spin :: Int -> Int\nspin n = length (grow n [])\n\ngrow :: Int -> [Int] -> [Int]\ngrow n acc = grow (n + 1) (n : acc)\n";
    for backend in ["vm", "interp"] {
        assert_past_a_limit(
            &["--backend", backend, "--max-heap", "100M"],
            spin,
            "heap limit exceeded (100 MB, --max-heap)",
            "spin.hs:5:",
        );
    }
}

#[test]
fn an_evaluation_past_max_depth_fails_and_the_server_goes_on() {
    // A recursion that is not a tail call, 5 000 deep.
    let spin = "spin :: Int -> Int\nspin n = if n > 5000 then 0 else 1 + spin (n + 1)\n";
    assert_past_a_limit(
        &["--max-depth", "1000"],
        spin,
        "recursion deeper than 1000 frames",
        "spin.hs:2:",
    );
}
