//! Deep programs and large types through the `dnrad` binary (issue 22, items 1 and 3), each
//! generated here: nesting within the bound compiles and prints GHC's answer on both backends;
//! nesting past it (`frontend/src/nesting.rs`) and instance resolution past its depth end with
//! a located diagnostic and exit code 1, never a crash, in `run` and in the REPL. Where the old
//! compiler was only slow (quadratic generalisation, type copying, defaulting), the sizes are
//! ones it needed minutes for; the tests check no timings.

mod support;

use support::{
    assert_prints_on_both_backends, assert_runtime_error_on_both_backends,
    operands_failing_first_and_second, parallel_map, run_dnrad, run_dnrad_with_input, temp_program,
};

fn assert_prints(name: &str, program: &str, expected: &str) {
    assert_prints_on_both_backends("deep", name, program, expected);
}

/// The program stops at compile time with `message` located in the file, exit code 1.
fn assert_rejected(name: &str, program: &str, message: &str) {
    let file = temp_program("deep", name, program);
    let out = run_dnrad(&["run"], &file);
    assert_eq!(out.code, Some(1), "{name}: {}", out.stderr);
    assert!(out.stderr.contains(message), "{name}: {}", out.stderr);
    assert!(
        out.stderr.contains(&format!("{name}:1:")),
        "{name}: {}",
        out.stderr
    );
}

fn repeat(text: &str, n: usize) -> String {
    text.repeat(n)
}

const TOO_DEEP: &str = "expression nested too deeply";

#[test]
fn lets_nested_twenty_thousand_deep() {
    // Generalisation scanned the whole environment at each `let`: 10⁴ took 20 s.
    let n = 20_000;
    let lets: String = (1..n)
        .map(|i| format!("let x{i} = x{} + 1 in ", i - 1))
        .collect();
    let program = format!("main = print (let x0 = 0 in {lets}x{})\n", n - 1);
    assert_prints("lets.hs", &program, &format!("{}\n", n - 1));
}

#[test]
fn right_associative_chains_of_a_hundred_thousand_terms() {
    let n = 100_000;
    let cons = format!("main = print (sum ({}[]))\n", repeat("1 : ", n));
    assert_prints("cons.hs", &cons, &format!("{n}\n"));
    let append = format!(
        "main = print (length ({}))\n",
        vec!["\"ab\""; n].join(" ++ ")
    );
    assert_prints("append.hs", &append, &format!("{}\n", 2 * n));
    let dollar = format!("main = print ({}0)\n", repeat("(+ 1) $ ", n));
    assert_prints("dollar.hs", &dollar, &format!("{n}\n"));
}

#[test]
fn long_right_chains_evaluate_left_to_right() {
    // The first failing operand is the leftmost, as in the nested form.
    let operands = operands_failing_first_and_second();
    let program = format!("main = print (sum ({} : []))\n", operands.join(" : "));
    assert_runtime_error_on_both_backends("deep", "cons_order.hs", &program, "first");
}

#[test]
fn nesting_past_the_bound_is_a_located_error() {
    let n = 100_000;
    let lets: String = (0..n).map(|i| format!("let x{i} = {i} in ")).collect();
    let cases = [
        ("deep_let.hs", format!("main = print ({lets}0)\n")),
        (
            "deep_parens.hs",
            format!("main = print {}1{}\n", repeat("(", n), repeat(")", n)),
        ),
        (
            "deep_lambda.hs",
            format!("main = print ((\\x -> {}x) 1)\n", repeat("\\y -> ", n)),
        ),
        (
            "deep_if.hs",
            format!(
                "main = print ({}1{})\n",
                repeat("if True then ", n),
                repeat(" else 0", n)
            ),
        ),
    ];
    parallel_map(&cases, |(name, program)| {
        assert_rejected(name, program, TOO_DEEP)
    });
}

#[test]
fn the_repl_survives_an_entry_nested_too_deeply() {
    let deep = format!("{}1{}", repeat("(", 100_000), repeat(")", 100_000));
    let input = format!("{deep}\n1 + 2\n");
    let out = run_dnrad_with_input(&["repl"], Some(&input));
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert!(out.stderr.contains(TOO_DEEP), "{}", out.stderr);
    assert!(out.stdout.contains('3'), "{}", out.stdout);
}

#[test]
fn deep_and_wide_types_check() {
    // A 30 000-deep list type aborted out of memory after 4 GB.
    let n = 30_000;
    let list = format!(
        "x :: {}Int{}\nx = []\nmain = print (length x)\n",
        repeat("[", n),
        repeat("]", n)
    );
    assert_prints("list_type.hs", &list, "0\n");
    let arrows = format!(
        "f :: {}Int\nf = {}1\nmain = print (f{})\n",
        repeat("Int -> ", 10_000),
        repeat("\\_ -> ", 10_000),
        repeat(" 0", 10_000)
    );
    assert_prints("arrows.hs", &arrows, "1\n");
}

#[test]
fn deep_constructor_applications_check() {
    // 3 000 nested `Just`s took 12 s (types copied at every unification).
    let n = 1500;
    let program = format!(
        "main = print (case {}0{} of Just (Just x) -> 1; _ -> 2)\n",
        repeat("Just (", n),
        repeat(")", n)
    );
    assert_prints("just.hs", &program, "1\n");
    let lambdas: String = (0..3000).map(|i| format!("\\x{i} -> ")).collect();
    let applied = format!("main = print (({lambdas}1){})\n", repeat(" 0", 3000));
    assert_prints("lambdas.hs", &applied, "1\n");
}

#[test]
fn instance_resolution_stops_at_its_depth() {
    let nested = |n: usize| format!("main = print {}(){}\n", repeat("[", n), repeat("]", n));
    assert_prints(
        "show_400.hs",
        &nested(400),
        &format!("{}(){}\n", repeat("[", 400), repeat("]", 400)),
    );
    // 800 deep took 25–34 s; GHC stops at 200.
    assert_rejected(
        "show_800.hs",
        &nested(800),
        "needs instances nested more than 500 deep",
    );
}

#[test]
fn many_unsigned_top_level_bindings_default() {
    // 10 000 restricted bindings took 15 s to default.
    let n = 20_000;
    let binds: String = (0..n).map(|i| format!("f{i} = {i}\n")).collect();
    let program = format!("{binds}main = print (f0 + f{})\n", n - 1);
    assert_prints("defaulting.hs", &program, &format!("{}\n", n - 1));
}
