//! Values crossing by their types (docs/host.md), as property tests: random nested types over
//! every supported kind (numbers, Char, String, Bool, lists, tuples, Maybe, Either, Data.Array's
//! arrays, records with renamed keys, sums, enumerations, one-field types) and random JSON values
//! of them go through identity functions of a program served by `dnrad gradbench` (one process
//! per backend) and must come back unchanged. Then a fuzzed protocol session: 10 000 random
//! messages (random kinds, ids, modules, functions and inputs, and lines that are not JSON) are
//! each answered with one line of JSON, and the server never panics.

mod support;

use proptest::prelude::Rng;
use proptest::test_runner::{TestRng, TestRunner};
use serde_json::{json, Map, Value as Json};

/// Random types per run, and random values per type.
const TYPES: usize = 40;
const VALUES: usize = 4;

const DECLARATIONS: &str = "import Data.Array

data Rec a b = Rec { first :: a, _data :: b, _A :: Int }
data Shape a = Circle a | Rect a a | Empty
data Color = Red | Green | Blue
data Box a = Box a
";

fn below(rng: &mut TestRng, n: u64) -> u64 {
    rng.next_u64() % n
}

/// A random type (its Haskell text) of at most `depth` levels of constructors.
fn random_type(rng: &mut TestRng, depth: u32) -> Ty {
    let leaves = 6;
    let choice = if depth == 0 {
        below(rng, leaves)
    } else {
        below(rng, leaves + 10)
    };
    let sub = |rng: &mut TestRng| Box::new(random_type(rng, depth - 1));
    match choice {
        0 => Ty::Int,
        1 => Ty::Integer,
        2 => Ty::Double,
        3 => Ty::Bool,
        4 => Ty::Str,
        5 => Ty::Color,
        6 => Ty::List(sub(rng)),
        7 => Ty::Pair(sub(rng), sub(rng)),
        8 => Ty::Triple(sub(rng), sub(rng), sub(rng)),
        9 => Ty::Maybe(sub(rng)),
        10 => Ty::Either(sub(rng), sub(rng)),
        11 => Ty::Array(sub(rng)),
        12 => Ty::Matrix(sub(rng)),
        13 => Ty::Rec(sub(rng), sub(rng)),
        14 => Ty::Shape(sub(rng)),
        _ => Ty::Box(sub(rng)),
    }
}

enum Ty {
    Int,
    Integer,
    Double,
    Bool,
    Str,
    Color,
    List(Box<Ty>),
    Pair(Box<Ty>, Box<Ty>),
    Triple(Box<Ty>, Box<Ty>, Box<Ty>),
    Maybe(Box<Ty>),
    Either(Box<Ty>, Box<Ty>),
    Array(Box<Ty>),
    Matrix(Box<Ty>),
    Rec(Box<Ty>, Box<Ty>),
    Shape(Box<Ty>),
    Box(Box<Ty>),
}

impl Ty {
    fn haskell(&self) -> String {
        match self {
            Ty::Int => "Int".into(),
            Ty::Integer => "Integer".into(),
            Ty::Double => "Double".into(),
            Ty::Bool => "Bool".into(),
            Ty::Str => "String".into(),
            Ty::Color => "Color".into(),
            Ty::List(a) => format!("[{}]", a.haskell()),
            Ty::Pair(a, b) => format!("({}, {})", a.haskell(), b.haskell()),
            Ty::Triple(a, b, c) => format!("({}, {}, {})", a.haskell(), b.haskell(), c.haskell()),
            Ty::Maybe(a) => format!("(Maybe {})", a.haskell()),
            Ty::Either(a, b) => format!("(Either {} {})", a.haskell(), b.haskell()),
            Ty::Array(a) => format!("(Array Int {})", a.haskell()),
            Ty::Matrix(a) => format!("(Array (Int, Int) {})", a.haskell()),
            Ty::Rec(a, b) => format!("(Rec {} {})", a.haskell(), b.haskell()),
            Ty::Shape(a) => format!("(Shape {})", a.haskell()),
            Ty::Box(a) => format!("(Box {})", a.haskell()),
        }
    }

    /// A random value of the type, in its JSON encoding.
    fn value(&self, rng: &mut TestRng) -> Json {
        let n = |rng: &mut TestRng, max: u64| below(rng, max + 1) as usize;
        match self {
            Ty::Int => json!(rng.next_u64() as i64 >> below(rng, 64)),
            Ty::Integer => {
                let digits: String = (0..1 + n(rng, 30))
                    .map(|i| char::from(b'0' + below(rng, 10) as u8 + u8::from(i == 0)).min('9'))
                    .collect();
                serde_json::from_str(&digits).expect("an integer")
            }
            Ty::Double => {
                let x = f64::from_bits(rng.next_u64());
                let x = if x.is_finite() { x } else { 0.5 };
                json!(x)
            }
            Ty::Bool => json!(below(rng, 2) == 1),
            Ty::Str => {
                let chars = ['a', 'Z', ' ', '"', '\\', 'λ', '\n', '€', '0'];
                let s: String = (0..n(rng, 6))
                    .map(|_| chars[n(rng, chars.len() as u64 - 1)])
                    .collect();
                json!(s)
            }
            Ty::Color => json!(["Red", "Green", "Blue"][n(rng, 2)]),
            Ty::List(a) => Json::Array((0..n(rng, 3)).map(|_| a.value(rng)).collect()),
            Ty::Pair(a, b) => json!([a.value(rng), b.value(rng)]),
            Ty::Triple(a, b, c) => json!([a.value(rng), b.value(rng), c.value(rng)]),
            Ty::Maybe(a) => {
                if below(rng, 3) == 0 {
                    Json::Null
                } else if matches!(**a, Ty::Maybe(_)) {
                    json!({"Just": a.value(rng)})
                } else {
                    a.value(rng)
                }
            }
            Ty::Either(a, b) => {
                if below(rng, 2) == 0 {
                    json!({"Left": a.value(rng)})
                } else {
                    json!({"Right": b.value(rng)})
                }
            }
            Ty::Array(a) => Json::Array((0..n(rng, 3)).map(|_| a.value(rng)).collect()),
            Ty::Matrix(a) => {
                let (rows, cols) = (1 + n(rng, 2), 1 + n(rng, 2));
                Json::Array(
                    (0..rows)
                        .map(|_| Json::Array((0..cols).map(|_| a.value(rng)).collect()))
                        .collect(),
                )
            }
            Ty::Rec(a, b) => json!({"first": a.value(rng), "data": b.value(rng), "A": n(rng, 9)}),
            Ty::Shape(a) => match below(rng, 3) {
                0 => json!({"Circle": a.value(rng)}),
                1 => json!({"Rect": [a.value(rng), a.value(rng)]}),
                _ => json!("Empty"),
            },
            Ty::Box(a) => a.value(rng),
        }
    }
}

/// Whether two JSON values are the same value: numbers compare by value (`3` is `3.0`).
fn same(a: &Json, b: &Json) -> bool {
    match (a, b) {
        (Json::Number(x), Json::Number(y)) => {
            x.to_string() == y.to_string() || x.as_f64().is_some() && x.as_f64() == y.as_f64()
        }
        (Json::Array(xs), Json::Array(ys)) => {
            xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| same(x, y))
        }
        (Json::Object(xs), Json::Object(ys)) => {
            xs.len() == ys.len()
                && xs
                    .iter()
                    .all(|(k, x)| ys.get(k).is_some_and(|y| same(x, y)))
        }
        _ => a == b,
    }
}

/// The answers of a `dnrad gradbench` session on `module` (the module `m`, written in
/// the temporary folder `folder`, one per test: tests run at once) and `messages`.
fn serve(folder: &str, module: &str, messages: &[String], backend: &str) -> support::Outcome {
    let path = support::temp_program(folder, &format!("m{backend}.hs"), module);
    let dir = path.parent().expect("a folder").to_str().expect("UTF-8");
    let mut input: String = messages.iter().map(|m| format!("{m}\n")).collect();
    input.insert_str(
        0,
        &format!(
            "{}\n",
            json!({"id": "d", "kind": "define", "module": format!("m{backend}")})
        ),
    );
    support::run_dnrad_with_input(&["gradbench", "--backend", backend, dir], Some(&input))
}

#[test]
fn random_values_of_random_types_round_trip_on_both_backends() {
    let mut runner = TestRunner::deterministic();
    let rng = runner.rng();
    let types: Vec<Ty> = (0..TYPES).map(|_| random_type(rng, 3)).collect();
    let mut module = DECLARATIONS.to_string();
    for (i, t) in types.iter().enumerate() {
        module.push_str(&format!(
            "\nid{i} :: {0} -> {0}\nid{i} x = x\n",
            t.haskell()
        ));
    }
    let mut messages = Vec::new();
    let mut inputs = Vec::new();
    for (i, t) in types.iter().enumerate() {
        for _ in 0..VALUES {
            let v = t.value(rng);
            messages.push(
                json!({"id": messages.len(), "kind": "evaluate", "module": "M",
                       "function": format!("id{i}"), "input": v})
                .to_string(),
            );
            inputs.push((i, v));
        }
    }
    for backend in ["vm", "interp"] {
        let messages: Vec<String> = messages
            .iter()
            .map(|m| m.replace("\"module\":\"M\"", &format!("\"module\":\"m{backend}\"")))
            .collect();
        let out = serve("host-round-trip", &module, &messages, backend);
        assert_eq!(out.code, Some(0), "{}", out.stderr);
        let answers: Vec<Json> = out
            .stdout
            .lines()
            .map(|l| serde_json::from_str(l).expect("JSON"))
            .collect();
        assert_eq!(answers[0]["success"], json!(true), "{}", answers[0]);
        for ((i, input), answer) in inputs.iter().zip(&answers[1..]) {
            assert!(
                same(&answer["output"], input),
                "{backend}: id{i} :: {}\n in:  {input}\n out: {answer}",
                types[*i].haskell()
            );
        }
    }
}

/// A random JSON value of at most `depth` levels.
fn random_json(rng: &mut TestRng, depth: u32) -> Json {
    match below(rng, if depth == 0 { 5 } else { 7 }) {
        0 => Json::Null,
        1 => json!(below(rng, 2) == 0),
        2 => json!(f64::from_bits(rng.next_u64()).clamp(-1e300, 1e300)),
        3 => json!(rng.next_u64() as i64),
        4 => json!(["x", "", "hello", "\u{0}", "λ"][below(rng, 5) as usize]),
        5 => Json::Array(
            (0..below(rng, 4))
                .map(|_| random_json(rng, depth - 1))
                .collect(),
        ),
        _ => {
            let keys = [
                "id",
                "kind",
                "input",
                "module",
                "x",
                "min_runs",
                "min_seconds",
            ];
            let mut o = Map::new();
            for _ in 0..below(rng, 4) {
                o.insert(
                    keys[below(rng, keys.len() as u64) as usize].into(),
                    random_json(rng, depth - 1),
                );
            }
            Json::Object(o)
        }
    }
}

#[test]
fn ten_thousand_random_messages_are_each_answered_without_a_panic() {
    let module = "square :: Double -> Double\nsquare x = x * x\n\ntotal :: [Int] -> Int\ntotal = sum\n\nfirst :: [Double] -> Double\nfirst = head\n";
    let mut runner = TestRunner::deterministic();
    let rng = runner.rng();
    // `define` compiles the module, so it is rare.
    let kinds = [
        "start", "evaluate", "analysis", "evaluate", "nonsense", "evaluate",
    ];
    let modules = ["mvm", "missing", "../mvm", "", "mvm"];
    let functions = ["square", "total", "first", "nosuch", ""];
    let mut messages = Vec::new();
    for i in 0..10_000u64 {
        let line = match below(rng, 10) {
            0 => {
                // A line that is not JSON (never a newline inside).
                let bytes: Vec<u8> = (0..below(rng, 20))
                    .map(|_| 32 + below(rng, 90) as u8)
                    .collect();
                format!("x{}", String::from_utf8_lossy(&bytes))
            }
            1 => random_json(rng, 3).to_string(),
            _ => {
                let mut m = Map::new();
                if below(rng, 8) != 0 {
                    m.insert("id".into(), json!(i));
                }
                let pick = |rng: &mut TestRng, xs: &[&str]| {
                    xs[below(rng, xs.len() as u64) as usize].to_string()
                };
                let kind = if below(rng, 200) == 0 {
                    "define".into()
                } else {
                    pick(rng, &kinds)
                };
                m.insert("kind".into(), json!(kind));
                m.insert("module".into(), json!(pick(rng, &modules)));
                m.insert("function".into(), json!(pick(rng, &functions)));
                if below(rng, 5) != 0 {
                    m.insert("input".into(), random_json(rng, 3));
                }
                Json::Object(m).to_string()
            }
        };
        messages.push(line);
    }
    let out = serve("host-fuzz", module, &messages, "vm");
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
    let answers: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(answers.len(), messages.len() + 1, "one answer a message");
    let mut evaluated = 0;
    for (m, a) in messages.iter().zip(&answers[1..]) {
        let answer: Json = serde_json::from_str(a).expect("every answer is JSON");
        evaluated += usize::from(answer.get("output").is_some());
        if let Ok(message) = serde_json::from_str::<Json>(m) {
            let id = message.get("id").cloned().unwrap_or(Json::Null);
            assert_eq!(answer["id"], id, "{m} -> {a}");
        }
    }
    // Some random inputs fit a function (a number for `square`, a list of Ints for `total`).
    assert!(evaluated > 50, "{evaluated} evaluations succeeded");
}
