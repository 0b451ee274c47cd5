//! Long flat programs through the `dnrad` binary on both backends: a list literal of 400 000
//! numbers and a `+`/`-` chain of 400 000 terms (twice what aborted with a Rust stack overflow
//! before), generated here, must print GHC's answer (issue 22, item 1); constructs around the
//! chunk size keep their meaning and their evaluation order. It checks no timings.

mod support;

use support::{
    assert_prints_on_both_backends, assert_runtime_error_on_both_backends,
    operands_failing_first_and_second,
};

/// `main = print (sum xs, length xs)` over a literal of `n` numbers, and its output.
fn list_literal(n: usize) -> (String, String) {
    let items: Vec<String> = (0..n).map(|i| (i % 97).to_string()).collect();
    let sum: usize = (0..n).map(|i| i % 97).sum();
    let program = format!(
        "main = print (sum xs, length xs)\n  where xs = [{}] :: [Int]\n",
        items.join(",")
    );
    (program, format!("({sum},{n})\n"))
}

/// `main = print (0 + 1 - 2 + 3 ...)` with `n` terms (left-associative), and its output.
fn operator_chain(n: usize) -> (String, String) {
    let mut text = String::from("main = print (0");
    let mut value: i64 = 0;
    for i in 1..n as i64 {
        let d = i % 10;
        if i % 3 == 0 {
            text.push_str(&format!(" - {d}"));
            value -= d;
        } else {
            text.push_str(&format!(" + {d}"));
            value += d;
        }
    }
    text.push_str(")\n");
    (text, format!("{value}\n"))
}

fn assert_prints(name: &str, (program, expected): (String, String)) {
    assert_prints_on_both_backends("long", name, &program, &expected);
}

#[test]
fn a_list_literal_of_four_hundred_thousand_numbers() {
    assert_prints("list.hs", list_literal(400_000));
}

#[test]
fn an_operator_chain_of_four_hundred_thousand_terms() {
    assert_prints("chain.hs", operator_chain(400_000));
}

#[test]
fn short_constructs_keep_their_meaning_at_the_chunk_boundaries() {
    for n in [255, 256, 257, 1000, 4097] {
        assert_prints(&format!("list{n}.hs"), list_literal(n));
        assert_prints(&format!("chain{n}.hs"), operator_chain(n));
    }
}

#[test]
fn long_constructs_evaluate_left_to_right() {
    let elements = operands_failing_first_and_second();
    let list = format!("main = print (sum [{}] :: Int)\n", elements.join(","));
    let chain = format!("main = print ({} :: Int)\n", elements.join(" + "));
    for (name, program) in [("list_order.hs", list), ("chain_order.hs", chain)] {
        assert_runtime_error_on_both_backends("long", name, &program, "first");
    }
}
