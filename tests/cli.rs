//! Command-line behaviour of the `dnrad` binary: subcommands, exit codes and error paths.

mod support;

use std::path::{Path, PathBuf};
use support::{run_dnrad, run_dnrad_args, run_dnrad_with_input};

fn temp_program(name: &str, text: &str) -> PathBuf {
    support::temp_program("cli", name, text)
}

#[test]
fn run_prints_output_and_exits_zero() {
    let file = temp_program(
        "ok.hs",
        "main :: IO ()\nmain = print (sum [1 .. 10 :: Int])\n",
    );
    let out = run_dnrad(&["run"], &file);
    assert_eq!(out.stdout, "55\n");
    assert_eq!(out.code, Some(0), "{}", out.stderr);
}

#[test]
fn check_reports_type_errors_with_location_and_exit_one() {
    let file = temp_program(
        "bad.hs",
        "f :: Int -> Int\nf x = x + True\n\nmain = print (f 1)\n",
    );
    let out = run_dnrad(&["check"], &file);
    assert_eq!(out.code, Some(1));
    assert!(out.stderr.contains("bad.hs:2:"), "{}", out.stderr);
    assert!(out.stderr.contains("type error"), "{}", out.stderr);
    assert!(out.stdout.is_empty());
}

#[test]
fn check_accepts_a_good_program_silently() {
    let file = temp_program("good.hs", "main :: IO ()\nmain = putStrLn \"hi\"\n");
    let out = run_dnrad(&["check"], &file);
    assert_eq!(
        (out.code, out.stdout.as_str(), out.stderr.as_str()),
        (Some(0), "", "")
    );
}

#[test]
fn dump_core_prints_the_user_bindings() {
    let file = temp_program(
        "dump.hs",
        "double :: Int -> Int\ndouble n = n * 2\n\nmain = print (double 4)\n",
    );
    let out = run_dnrad(&["dump", "core"], &file);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert!(
        out.stdout.contains("double :: Int -> Int"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("Num#Int#inst"),
        "the multiplication uses the Num Int dictionary:\n{}",
        out.stdout
    );
    assert!(
        !out.stdout.contains("prim#intMul"),
        "the Prelude is not shown"
    );
    let simplified = run_dnrad(&["dump", "core", "--simplified"], &file);
    assert!(
        simplified.stdout.contains("prim#intMul a#"),
        "the VM's core multiplies with the primitive:\n{}",
        simplified.stdout
    );
    let all = run_dnrad(&["dump", "core", "--all"], &file);
    assert!(
        all.stdout.contains("prim#intMul"),
        "--all shows the Prelude, where Int multiplication is the primitive:\n{}",
        all.stdout
    );
}

#[test]
fn the_simplifier_specialises_known_functions_and_folds_conversions() {
    let file = temp_program(
        "specialise.hs",
        "dot :: [Double] -> [Double] -> Double\n\
         dot xs ys = let ps = zipWith (*) xs ys in sum ps + maximum ps\n\n\
         main = print (dot (map fromIntegral [1 .. 3 :: Int]) [4.0, 5.0, 6.0])\n",
    );
    let out = run_dnrad(&["dump", "core", "--simplified", "--all"], &file);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let text = &out.stdout;
    // Every specialisation of `name`, definition by definition.
    let specialises = |name: &str, prim: &str| {
        text.split("\n\n")
            .any(|def| def.trim_start().starts_with(&format!("{name}#spec")) && def.contains(prim))
    };
    assert!(
        specialises("foldl", "prim#doubleAdd"),
        "sum's foldl adds with the primitive:\n{text}"
    );
    assert!(
        specialises("zipWith", "prim#doubleMul"),
        "zipWith (*) multiplies with the primitive:\n{text}"
    );
    assert!(
        specialises("fromIntegral", "prim#intToDouble"),
        "fromIntegral :: Int -> Double converts directly:\n{text}"
    );
    assert!(
        specialises("map", "prim#intToDouble"),
        "map of a specialisation is specialised too, the small specialisation inlined:\n{text}"
    );
    let run = run_dnrad(&["run"], &file);
    // 4 + 10 + 18, and 18 (`ps` is used twice, so it is built: not fused).
    assert_eq!(run.stdout, "50.0\n");
}

/// The definition of a lifted local `go` in a `dump core --simplified` listing.
/// The definition of global `name` in a core dump (empty if there is none).
fn definition<'c>(core: &'c str, name: &str) -> &'c str {
    core.split("\n\n")
        .find(|d| d.trim_start().starts_with(&format!("{name} ::")))
        .unwrap_or_default()
}

fn lifted_go(core: &str) -> &str {
    core.split("\n\n")
        .find(|d| d.trim_start().starts_with("go#") && d.contains("#lift"))
        .unwrap_or_default()
}

#[test]
fn the_simplifier_monomorphises_local_overloaded_functions_used_at_one_instance() {
    // `go` has no signature, so it is generalised to `(Fractional t, Num t) => ..`; `sq` is
    // used at two instances and keeps its dictionary.
    let file = temp_program(
        "local.hs",
        "sumTo :: Int -> Double\nsumTo n = go 0 0\n  where go i acc = if i == n then acc \
         else go (i + 1) (acc + fromIntegral i * 0.5)\n\n\
         twice :: (Int, Double)\ntwice = (sq 3, sq 1.5)\n  where sq x = x * x + 1\n\n\
         main = print (sumTo 10) >> print twice\n",
    );
    let out = run_dnrad(&["dump", "core", "--simplified"], &file);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let def = |name: &str| definition(&out.stdout, name).to_string();
    // `go` is lifted to a global of its own (taking `n`), called from `sumTo`.
    let sum_to = def("sumTo");
    let go = lifted_go(&out.stdout);
    assert!(
        sum_to.contains("#lift") && !sum_to.contains("dict"),
        "sumTo calls the lifted go without dictionaries:\n{sum_to}"
    );
    assert!(
        go.contains("prim#doubleAdd") && !go.contains("dict"),
        "go adds Doubles with the primitive, without dictionaries:\n{go}"
    );
    assert!(def("twice").contains("dict"), "sq keeps its dictionary");
    for backend in ["vm", "interp"] {
        let run = run_dnrad(&["run", "--backend", backend], &file);
        assert_eq!(run.stdout, "22.5\n(10,3.25)\n", "{backend}: {}", run.stderr);
    }
}

#[test]
fn a_local_overloaded_function_at_the_enclosing_functions_own_type_is_monomorphised() {
    // `number`'s `go` is generalised over its counter (`Num t`) and its element type; the
    // call instantiates it at `Int` and at `pairUp`'s own `a`, in scope at `go`'s definition
    // too, so it becomes that instance: the counter adds with the primitive.
    let file = temp_program(
        "outer.hs",
        "number :: [a] -> [(Int, a)]\nnumber xs = go 0 xs\n  where\n    go _ [] = []\n    \
         go i (y : ys) = (i + 1, y) : go (i + 1) ys\n\n\
         main :: IO ()\nmain = print (number \"abc\", map fst (number [True, False]))\n",
    );
    let out = run_dnrad(&["dump", "core", "--simplified"], &file);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let go = lifted_go(&out.stdout);
    assert!(
        go.contains("prim#intAdd") && !go.contains("dict"),
        "go counts with the primitive, without dictionaries:\n{}",
        out.stdout
    );
    for backend in ["vm", "interp"] {
        let run = run_dnrad(&["run", "--backend", backend], &file);
        assert_eq!(
            run.stdout, "([(1,'a'),(2,'b'),(3,'c')],[1,2])\n",
            "{backend}: {}",
            run.stderr
        );
    }
}

#[test]
fn a_lambda_applied_where_it_is_written_is_a_let_and_keeps_the_order_of_evaluation() {
    // `(\(a, b) -> ..) e` builds no closure and makes no call: `let x = e in case x of ..`.
    // The argument is still evaluated before the body: the argument's error is the one shown.
    let file = temp_program(
        "applied.hs",
        "probe :: Int -> Double\nprobe k = (\\(a, b) -> a * b) (fromIntegral k, 2.5)\n\n\
         order :: Int -> Int\norder k = (\\x -> if k > 0 then error \"body\" else x) \
         (if k > 1 then error \"argument\" else k)\n\n\
         main :: IO ()\nmain = print (probe 3, order 0) >>= \\_ -> print (order 2)\n",
    );
    let out = run_dnrad(&["dump", "core", "--simplified"], &file);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let probe = definition(&out.stdout, "probe");
    assert!(
        probe.contains("let ") && !probe.contains(") ((,)"),
        "the lambda is a let:\n{probe}"
    );
    for backend in ["vm", "interp"] {
        let run = run_dnrad(&["run", "--backend", backend], &file);
        assert_eq!(run.stdout, "(7.5,0)\n", "{backend}: {}", run.stderr);
        assert!(run.stderr.contains("argument"), "{backend}: {}", run.stderr);
    }
}

#[test]
fn a_constructor_matched_where_it_is_built_is_never_built() {
    // `case (e1, e2) of (a, b) -> ..` (its scrutinee `let`-bound by the desugarer, directly or
    // through another variable) binds `a` and `b` to the fields, evaluated in order; a pair
    // also read elsewhere is still built, and a constructor no alternative matches takes the
    // default.
    let file = temp_program(
        "known.hs",
        "data T = A Int | B Int\n\n\
         f :: Int -> Double\nf k = case (fromIntegral k * 2.0, k + 1) of (x, n) -> x + fromIntegral n\n\n\
         g :: Int -> Double\ng k = let p = (fromIntegral k, k) in case p of (x, n) -> x * fromIntegral n\n\n\
         both :: Int -> (Int, (Int, Int))\nboth k = let p = (k, k + 1) in case p of (a, b) -> (a + b, p)\n\n\
         pick :: Int -> Int\npick k = case A k of\n  B x -> x\n  _ -> 7\n\n\
         order :: Int -> Int\norder k = case (if k > 1 then error \"first\" else k, \
         if k > 0 then error \"second\" else k) of (a, b) -> a + b\n\n\
         main :: IO ()\nmain = print (f 3, g 4, both 5, pick 6, order 0) >>= \\_ -> print (order 2)\n",
    );
    let out = run_dnrad(&["dump", "core", "--simplified"], &file);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let def = |name: &str| definition(&out.stdout, name).to_string();
    for name in ["f", "g"] {
        let body = def(name);
        assert!(
            !body.contains("(,)") && !body.contains("case"),
            "{name}:\n{body}"
        );
    }
    assert!(def("both").contains("(,)"), "{}", def("both"));
    assert!(!def("pick").contains("case"), "{}", def("pick"));
    for backend in ["vm", "interp"] {
        let run = run_dnrad(&["run", "--backend", backend], &file);
        assert_eq!(
            run.stdout, "(10.0,16.0,(11,(5,6)),7,0)\n",
            "{backend}: {}",
            run.stderr
        );
        assert!(run.stderr.contains("first"), "{backend}: {}", run.stderr);
    }
}

#[test]
fn a_call_of_grad_is_a_direct_call_of_its_functions_wrapper_and_vjp_of_the_modes_function() {
    // A saturated `grad f x` of a global `f` calls f's own wrapper, which calls f's reverse
    // twin directly and runs the selected mode's reverse pass; `vjp` forwards to the mode's
    // function with its parameters. Neither is a closure call of an alias and of its partial
    // application.
    let file = temp_program(
        "grad_call.hs",
        "f :: (Double, Double) -> Double\nf (x, y) = x * y\n\n\
         sumGrads :: Int -> Double -> Double\n\
         sumGrads i acc = if i == 0 then acc else case grad f (fromIntegral i, 2.5) of\n\
         \x20 (a, b) -> sumGrads (i - 1) (acc + a + b + fst (snd (vjp f (1.0, 2.0)) 1.0))\n\n\
         main = print (sumGrads 3 0)\n",
    );
    for (mode, code) in [("array", 3), ("staged", 1)] {
        let out = run_dnrad(&["dump", "bytecode", "--all", "--ad", mode], &file);
        assert_eq!(out.code, Some(0), "{}", out.stderr);
        let text = &out.stdout;
        let entry = |name: &str| {
            text.split("\n\n")
                .find(|d| d.trim_start().starts_with(&format!("{name}/")))
                .unwrap_or_default()
                .to_string()
        };
        let caller = entry("sumGrads");
        assert!(
            caller.contains("call f#grad/1 (") && caller.contains("call vjp/2 ("),
            "{mode}:\n{caller}"
        );
        assert!(!caller.contains("global grad"), "{mode}:\n{caller}");
        let wrapper = entry("f#grad");
        assert!(
            wrapper.contains("call f#R/1 (")
                && wrapper.contains(&format!("const Int({code})"))
                && wrapper.contains("prim backward (")
                && !wrapper.contains("liftRev"),
            "{mode}:\n{wrapper}"
        );
        let target = if mode == "array" {
            "vjpArray"
        } else {
            "vjpStaged"
        };
        assert!(
            entry("vjp").contains(&format!("tailcall {target}/2")),
            "{mode}:\n{}",
            entry("vjp")
        );
    }
    let out = run_dnrad(&["run"], &file);
    // Σ (2.5 + i) over i = 1 .. 3, and ∂(x y)/∂x = y = 2 three times.
    assert_eq!(out.stdout, "19.5\n");
}

#[test]
fn an_array_update_takes_its_array_at_its_last_use() {
    // (An update that holds the only reference writes in place: a loop of `//` is then linear.)
    let file = temp_program(
        "update.hs",
        "import Data.Array\n\nfill :: Int -> Array Int Double -> Array Int Double\n\
         fill k a = if k == 0 then a else fill (k - 1) (a // [(k - 1, 1.0)])\n\n\
         main = print (elems (fill 3 (listArray (0, 2) [0, 0, 0])))\n",
    );
    let out = run_dnrad(&["dump", "bytecode", "--all"], &file);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let updates: Vec<&str> = out
        .stdout
        .lines()
        .filter(|l| l.contains("prim arrUpdate ("))
        .collect();
    assert!(!updates.is_empty(), "{}", out.stdout);
    for line in updates {
        let array = line
            .split("prim arrUpdate (")
            .nth(1)
            .and_then(|r| r.split(' ').next());
        assert!(array.is_some_and(|a| a.ends_with('!')), "not moved: {line}");
    }
    assert_eq!(run_dnrad(&["run"], &file).stdout, "[1.0,1.0,1.0]\n");
}

#[test]
fn dump_bytecode_lists_the_user_functions() {
    let file = temp_program(
        "bytecode.hs",
        "poly :: Double -> Double\npoly x = x * x + 1.0\n\nmain = print (poly 3.0)\n",
    );
    let out = run_dnrad(&["dump", "bytecode"], &file);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let text = &out.stdout;
    assert!(
        text.contains("(in poly, "),
        "poly's lambda is listed:\n{text}"
    );
    assert!(
        text.contains("prim doubleMul") && text.contains("prim doubleAdd"),
        "the simplified arithmetic is primitive:\n{text}"
    );
    assert!(
        text.contains("bytecode.hs:2:"),
        "user locations are named:\n{text}"
    );
    assert!(text.contains("<entry> ("), "the entry is listed:\n{text}");
    assert!(
        !text.contains("in runMainIO, "),
        "the Prelude is not shown without --all"
    );
    let all = run_dnrad(&["dump", "bytecode", "--all"], &file);
    assert!(
        all.stdout.contains("in runMainIO, "),
        "--all shows the Prelude functions the program uses"
    );
    let bad = temp_program("bytecode_bad.hs", "main = print (1 + True)\n");
    let out = run_dnrad(&["dump", "bytecode"], &bad);
    assert_eq!(out.code, Some(1));
    assert!(out.stderr.contains("bytecode_bad.hs:1:"), "{}", out.stderr);
}

#[test]
fn runtime_errors_exit_one_after_earlier_output() {
    let file = temp_program(
        "boom.hs",
        "main :: IO ()\nmain = do\n  putStrLn \"before\"\n  print (1 `div` (0 :: Int))\n",
    );
    let out = run_dnrad(&["run"], &file);
    assert_eq!(out.stdout, "before\n");
    assert_eq!(out.code, Some(1));
    assert!(out.stderr.contains("boom.hs:4:"), "{}", out.stderr);
    assert!(out.stderr.contains("divide by zero"), "{}", out.stderr);
}

#[test]
fn read_of_malformed_text_is_a_located_error_on_both_backends() {
    // (program, line of the failing `read`, message)
    let cases = [
        (
            "main :: IO ()\nmain = do\n  print (read \"12\" :: Int)\n  print (read \"12x\" :: Int)\n",
            4,
            "Prelude.read: no parse",
        ),
        (
            // The call of `read`, inside `f`.
            "data T = Int :+ Int | Int :- Int deriving (Show, Read)\ninfix 5 :+\n\nf :: String -> T\nf s = read s\n\nmain :: IO ()\nmain = do\n  print (f \"1 :+ 2\")\n  print (f \"1 :+ 2 :+ 3\")\n",
            5,
            "Prelude.read: no parse",
        ),
        (
            // An instance that parses every string twice: ambiguous.
            "data A = A deriving Show\ninstance Read A where\n  readsPrec _ s = [(A, s), (A, s)]\n\nmain :: IO ()\nmain = print (read \"\" :: A)\n",
            6,
            "Prelude.read: ambiguous parse",
        ),
        (
            "main :: IO ()\nmain = do\n  n <- readIO \"12\" :: IO Int\n  m <- readIO \"1 2\" :: IO Int\n  print (n + m)\n",
            4,
            "user error (Prelude.readIO: no parse)",
        ),
    ];
    for (i, (text, line, message)) in cases.into_iter().enumerate() {
        let file = temp_program(&format!("noparse{i}.hs"), text);
        for backend in ["vm", "interp"] {
            let out = run_dnrad(&["run", "--backend", backend], &file);
            assert_eq!(out.code, Some(1), "{backend}: {}", out.stderr);
            let at = format!("noparse{i}.hs:{line}:");
            assert!(out.stderr.contains(&at), "{backend}: {}", out.stderr);
            assert!(out.stderr.contains(message), "{backend}: {}", out.stderr);
            assert!(!out.stderr.contains("panick"), "{backend}: {}", out.stderr);
        }
    }
}

#[test]
fn read_never_panics_on_arbitrary_text() {
    // Truncated and malformed tokens of every kind, read at several types: each parses or not,
    // and the program runs to its end.
    let inputs = [
        "",
        " ",
        "(",
        ")",
        "((",
        "-",
        "--",
        "- -1",
        "1e",
        "1e-",
        "0x",
        "0o9",
        "'",
        "''",
        "'\\'",
        "\"",
        "\"\\",
        "\"\\q\"",
        "\"\\1114112\"",
        "\"\\x110000\"",
        "'\\^'",
        "[",
        "[1,",
        "[,]",
        "Just",
        "(1,",
        "3 %",
        "99999999999999999999999999e99999999999999999999",
    ];
    let types = [
        "Int",
        "Double",
        "Char",
        "String",
        "[Int]",
        "Rational",
        "Maybe Int",
        "(Int, Int)",
    ];
    let mut main = String::from("main :: IO ()\nmain = do\n");
    for s in inputs {
        let lit = s.replace('\\', "\\\\").replace('"', "\\\"");
        for ty in types {
            main += &format!("  print (reads \"{lit}\" :: [({ty}, String)])\n");
        }
    }
    main += "  putStrLn \"end\"\n";
    let file = temp_program("arbitrary.hs", &main);
    for backend in ["vm", "interp"] {
        let out = run_dnrad(&["run", "--backend", backend], &file);
        assert_eq!(out.code, Some(0), "{backend}: {}", out.stderr);
        assert!(out.stdout.ends_with("end\n"), "{backend}: {}", out.stdout);
    }
}

#[test]
fn missing_file_and_bad_usage_exit_two() {
    let out = run_dnrad(&["run"], std::path::Path::new("/no/such/file.hs"));
    assert_eq!(out.code, Some(2));
    assert!(out.stderr.contains("cannot read"), "{}", out.stderr);
    let out = run_dnrad(&["frobnicate"], std::path::Path::new("x.hs"));
    assert_eq!(out.code, Some(2));
    // A recursion limit of no frames at all is a usage error, not a runtime one.
    let out = run_dnrad(&["run", "--max-depth", "0"], std::path::Path::new("x.hs"));
    assert_eq!(out.code, Some(2));
    assert!(out.stderr.contains("--max-depth"), "{}", out.stderr);
}

/// Run `file` on `backend` with `input` on standard input: it must fail at run time (exit code
/// 1, no panic) with a diagnostic containing each of `needles`. Returns what it printed.
fn fails_with(backend: &str, file: &Path, input: Option<&str>, needles: &[&str]) -> String {
    let path = file.to_str().expect("a UTF-8 path");
    let out = run_dnrad_with_input(&["run", "--backend", backend, path], input);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
    for needle in needles {
        assert!(out.stderr.contains(needle), "{needle}:\n{}", out.stderr);
    }
    out.stdout
}

#[test]
fn runaway_recursion_is_a_clear_error() {
    let file = temp_program(
        "runaway.hs",
        "f :: Int -> Int\nf n = 1 + f (n + 1)\n\nmain = print (f 0)\n",
    );
    for backend in ["interp", "vm"] {
        // A recursion's frames are heap: it stops at the heap limit, saying how deep it got (the
        // VM notices its frames growing past the limit; the interpreter, whose frames come with
        // more allocations, mostly notices the heap first).
        let out = run_dnrad(&["run", "--backend", backend, "--max-heap", "200M"], &file);
        assert_eq!(out.code, Some(1), "{backend}: {}", out.stderr);
        for needle in ["frames deep", "(200 MB, --max-heap)", "runaway.hs:"] {
            assert!(out.stderr.contains(needle), "{needle}: {}", out.stderr);
        }
        if backend == "vm" {
            assert!(
                out.stderr.contains("stack overflow: recursion "),
                "{}",
                out.stderr
            );
        }
        // The limit is configurable: a million frames pass by default, not under a lower limit.
        let deep = temp_program(
            "deep.hs",
            "count :: Int -> Int
count 0 = 0
count n = 1 + count (n - 1)

main = print (count 1000000)
",
        );
        let ok = run_dnrad(&["run", "--backend", backend], &deep);
        assert_eq!(
            (ok.code, ok.stdout.as_str()),
            (
                Some(0),
                "1000000
"
            ),
            "{}",
            ok.stderr
        );
        let limited = run_dnrad(&["run", "--backend", backend, "--max-depth", "1000"], &deep);
        assert_eq!(limited.code, Some(1));
        assert!(
            limited.stderr.contains("deeper than 1000 frames"),
            "{}",
            limited.stderr
        );
    }
}

/// Run `text` (as `name`) on the VM with `args` and expect it to print `expected`.
fn prints_on_the_vm(name: &str, text: &str, args: &[&str], expected: &str) {
    let file = temp_program(name, text);
    let out = run_dnrad(&[&["run", "--backend", "vm"], args].concat(), &file);
    assert_eq!(out.stdout, expected, "{name}: {}", out.stderr);
}

/// A function that returns its recursive call's value as a constructor's field at once (`map`,
/// `filter`, `++`, a user's `n : down (n - 1)`) builds its list front to back in one VM frame
/// (tail calls modulo cons), so a list of 10⁶ takes no more frames than a loop.
#[test]
fn lists_consed_onto_a_recursive_call_take_one_frame() {
    prints_on_the_vm(
        "consed.hs",
        "down :: Int -> [Int]\n\
         down 0 = []\n\
         down n = n : down (n - 1)\n\
         main :: IO ()\n\
         main = do\n\
         \x20 let xs = map (* 2) (filter even (down 1000000 ++ [1, 2]))\n\
         \x20 print (length xs, sum xs, take 3 xs, last xs)\n",
        &["--max-depth", "100"],
        "(500001,500001000004,[2000000,1999996,1999992],4)\n",
    );
}

/// An error while a list is built in place (deep inside `build`'s one frame on the VM) is
/// reported as the interpreter reports it, at the same location.
#[test]
fn errors_in_lists_consed_in_place_are_located_as_on_the_interpreter() {
    let file = temp_program(
        "consed_error.hs",
        "pick :: Int -> Int\n\
         pick x = if x == 500 then error \"boom\" else x\n\
         build :: Int -> [Int]\n\
         build n = if n > 1000 then [] else pick n : build (n + 1)\n\
         main :: IO ()\n\
         main = print (sum (build 1))\n",
    );
    let vm = run_dnrad(&["run", "--backend", "vm"], &file);
    let interp = run_dnrad(&["run", "--backend", "interp"], &file);
    assert_eq!(vm.code, Some(1), "{}", vm.stderr);
    assert!(
        vm.stderr.contains("boom") && vm.stderr.contains("consed_error.hs:2:"),
        "{}",
        vm.stderr
    );
    assert_eq!((vm.code, &vm.stderr), (interp.code, &interp.stderr));
}

#[test]
fn a_frame_does_not_keep_what_it_passed_on_alive() {
    // Each level filters its list and recurses on the result: a frame that kept its argument
    // (and the list it filtered) through the call held ~n^2/2 cells, 4500^2/2 * 48 bytes ~ 486 MB;
    // the VM moves the last use of a register, so one level's list is alive at a time.
    prints_on_the_vm(
        "shrink.hs",
        "shrink :: [Int] -> [Int]\nshrink [] = []\nshrink (x:xs) = x : shrink [y | y <- xs, y /= x + 1]\n\nmain = print (sum (shrink [1 .. 4500]))\n",
        &["--max-heap", "100M"],
        "5062500\n",
    );
}

#[test]
fn a_recursion_deeper_than_ten_million_frames_runs_within_the_heap_limit() {
    // No fixed frame limit by default: 1.2 * 10^7 frames (the old limit was 10^7) fit in 4 GB.
    prints_on_the_vm(
        "deeper.hs",
        "count :: Int -> Int\ncount 0 = 0\ncount n = 1 + count (n - 1)\n\nmain = print (count 12000000)\n",
        &["--max-heap", "4G"],
        "12000000\n",
    );
}

#[test]
fn version_and_help_describe_every_subcommand() {
    let version = support::run_dnrad_args(&["--version"]);
    assert_eq!(version.code, Some(0));
    assert!(version.stdout.starts_with("dnrad "), "{}", version.stdout);
    let help = support::run_dnrad_args(&["--help"]);
    for needle in [
        "run",
        "check",
        "repl",
        "grad",
        "dump",
        "Exit codes",
        "NO_COLOR",
    ] {
        assert!(help.stdout.contains(needle), "{needle}:\n{}", help.stdout);
    }
    for sub in ["run", "check", "repl", "grad", "dump"] {
        let h = support::run_dnrad_args(&[sub, "--help"]);
        assert_eq!(h.code, Some(0), "{sub}");
        assert!(h.stdout.contains("Example: dnrad"), "{sub}:\n{}", h.stdout);
    }
}

#[test]
fn grad_takes_an_overloaded_function_at_double() {
    let file = temp_program(
        "overloaded.hs",
        "f :: Floating a => a -> a\nf x = x * exp x\n\n\
         g :: (Ord a, Num a) => (a, a) -> a\ng (x, y) = if x > y then x * y else x + y\n\n\
         main :: IO ()\nmain = return ()\n",
    );
    let path = file.to_str().expect("a UTF-8 path");
    let out = support::run_dnrad_args(&["grad", path, "f", "--at", "1.0"]);
    let d: f64 = out.stdout.trim().parse().expect("a number");
    // d/dx (x e^x) = (1 + x) e^x.
    assert!(
        (d - 2.0 * 1f64.exp()).abs() < 1e-12,
        "{}{}",
        out.stdout,
        out.stderr
    );
    let out = support::run_dnrad_args(&["grad", path, "g", "--at", "(2.0, 1.0)", "--json"]);
    assert_eq!(out.stdout.trim(), "[1.0,2.0]", "{}", out.stderr);
}

#[test]
fn grad_reports_errors_in_the_function_or_value_and_writes_json() {
    let file = temp_program(
        "g.hs",
        "data V = V Double Double deriving (Show)\nf :: V -> Double\nf (V a b) = a * b\n\nmain = print 0\n",
    );
    let path = file.to_str().unwrap();
    let ok = support::run_dnrad_args(&["grad", path, "f", "--at", "V 2.0 3.0", "--json"]);
    assert_eq!(
        (ok.code, ok.stdout.as_str()),
        (Some(0), "[3.0,2.0]\n"),
        "{}",
        ok.stderr
    );
    let arrays = temp_program(
        "a.hs",
        "import Data.Array\nf :: Array Int Double -> Double\nf a = sum [x * x | x <- elems a] * a ! 1\n",
    );
    let at = "listArray (0, 2) [1, 2, 3]";
    let grad = support::run_dnrad_args(&["grad", arrays.to_str().unwrap(), "f", "--at", at]);
    assert_eq!(
        (grad.code, grad.stdout.as_str()),
        (Some(0), "array (0,2) [(0,4.0),(1,22.0),(2,12.0)]\n"),
        "{}",
        grad.stderr
    );
    let json =
        support::run_dnrad_args(&["grad", arrays.to_str().unwrap(), "f", "--at", at, "--json"]);
    assert_eq!(json.stdout, "[4.0,22.0,12.0]\n", "{}", json.stderr);
    let missing = support::run_dnrad_args(&["grad", path, "nosuch", "--at", "1.0"]);
    assert_eq!(missing.code, Some(1));
    assert!(
        missing.stderr.contains("no top-level function `nosuch`"),
        "{}",
        missing.stderr
    );
    // The value is data, read by the input's type: never code.
    for (at, message) in [
        (
            "True",
            "--at at column 1: expected a constructor of `V`, found `True`",
        ),
        (
            "V 1.0 (error \"x\")",
            "--at at column 8: expected a number, found `error`",
        ),
        (
            "{\"x\": 1}",
            "--at: expected an array of 2 items, found an object",
        ),
    ] {
        let wrong = support::run_dnrad_args(&["grad", path, "f", "--at", at]);
        assert_eq!(wrong.code, Some(1), "{at}");
        assert!(wrong.stderr.contains(message), "{at}: {}", wrong.stderr);
    }
    let shown = support::run_dnrad_args(&["grad", path, "f", "--at", "V (-2) 3.5"]);
    assert_eq!(shown.stdout, "V 3.5 (-2.0)\n", "{}", shown.stderr);
    let no_value = support::run_dnrad_args(&["grad", path, "f"]);
    assert_eq!(no_value.code, Some(2), "a usage error");
    // `grad` takes the limits of a run.
    let spin = temp_program(
        "spin.hs",
        "spin :: Double -> Double\nspin x = spin (x + 1)\n",
    );
    let spin = spin.to_str().unwrap();
    let stopped =
        support::run_dnrad_args(&["grad", spin, "spin", "--at", "1.0", "--max-time", "1"]);
    assert_eq!(stopped.code, Some(1), "{}", stopped.stderr);
    assert!(
        stopped.stderr.contains("time limit exceeded"),
        "{}",
        stopped.stderr
    );
}

#[test]
fn constructs_outside_the_language_say_what_is_not_supported_and_why() {
    let cases = [
        (
            "x :: Float\nx = 1.0\nmain = print x\n",
            "1:6",
            "use `Double`",
        ),
        (
            "{-# LANGUAGE GADTs #-}\nmain = print 1\n",
            "1:1",
            "extensions are not supported (GADTs)",
        ),
        (
            "main = print (length (repeat 1))\n",
            "1:23",
            "infinite list",
        ),
        (
            "import Data.Lisst\nmain = print 1\n",
            "1:8",
            "module `Data.Lisst` not found",
        ),
        (
            "main = print (length [1 ..])\n",
            "1:22",
            "infinite lists are not supported",
        ),
    ];
    for (i, (text, at, why)) in cases.iter().enumerate() {
        let file = temp_program(&format!("unsupported{i}.hs"), text);
        let out = run_dnrad(&["run"], &file);
        assert_eq!(out.code, Some(1), "{text}");
        let name = file.file_name().unwrap().to_string_lossy();
        assert!(
            out.stderr.contains(&format!("{name}:{at}")),
            "{text}:\n{}",
            out.stderr
        );
        assert!(out.stderr.contains(why), "{text}:\n{}", out.stderr);
    }
}

/// Run `dnrad run` on each `(file name, text)` and check that it fails with a diagnostic at
/// `line:col` of that file whose message contains `why`.
fn assert_located_errors(cases: &[(&str, &str, &str, &str)]) {
    for (name, text, at, why) in cases {
        let file = temp_program(name, text);
        let out = run_dnrad(&["run"], &file);
        assert_eq!(out.code, Some(1), "{text}\n{}", out.stderr);
        assert!(
            out.stderr.contains(&format!("{name}:{at}")),
            "{text}:\n{}",
            out.stderr
        );
        assert!(out.stderr.contains(why), "{text}:\n{}", out.stderr);
        assert!(!out.stderr.contains("internal error"), "{}", out.stderr);
    }
}

#[test]
fn literate_files_run_and_their_diagnostics_point_into_the_lhs_file() {
    let bird = "A literate program.\n\n> main :: IO ()\n> main = do\n>   print (f 3)\n\n> f :: Int -> Int\n> f x = x + 1\n";
    let latex = "Text\n\\begin{code}\nmain :: IO ()\nmain = print 2\n\\end{code}\n";
    for (name, text, expected) in [("ok.lhs", bird, "4\n"), ("latex.lhs", latex, "2\n")] {
        let out = run_dnrad(&["run"], &temp_program(name, text));
        assert_eq!(
            (out.code, out.stdout.as_str()),
            (Some(0), expected),
            "{}",
            out.stderr
        );
    }
    assert_located_errors(&[
        (
            "type.lhs",
            "Intro\n\n> main :: IO ()\n> main = do\n>   print 1\n>   print (not 'x')\n",
            "6:16",
            "couldn't match",
        ),
        (
            "adjacent.lhs",
            "A comment\n> main = print 1\n",
            "2:1",
            "program line next to a comment line",
        ),
        (
            "open.lhs",
            "Intro\n\\begin{code}\nmain = print 1\n",
            "2:1",
            "no `\\end{code}`",
        ),
        (
            "empty.lhs",
            "Only prose, no code.\n",
            "1:1",
            "no program lines",
        ),
        // Only a file named `.lhs` is literate.
        ("plain.hs", "> main = print 1\n", "1:1", "parse error"),
    ]);
}

#[test]
fn local_values_that_need_themselves_and_monads_without_return_are_located_errors() {
    assert_located_errors(&[
        (
            "knot.hs",
            "main :: IO ()\nmain = print (take 3 xs)\n  where xs = 1 : map (* 2) xs\n",
            "3:9",
            "<<loop>>: `xs` depends on its own value",
        ),
        (
            "mutual.hs",
            "main :: IO ()\nmain = print a\n  where a = b + 1\n        b = if a > 0 then 1 else 2\n",
            "3:9",
            "<<loop>>: `a` depends on its own value",
        ),
        (
            "noreturn.hs",
            "newtype Id a = Id a\n\ninstance Monad Id where\n  Id x >>= k = k x\n\nmain :: IO ()\nmain = print 1\n",
            "3:1",
            "defines no `return`",
        ),
    ]);
}

/// `seq`, `$!` and a type annotation around a call in tail position keep it a tail call: a
/// loop runs in constant stack on both backends (under a depth limit of 1000 frames), and a
/// `seq` accumulator loop of 10^7 steps runs under the default limit.
#[test]
fn strict_evaluation_helpers_keep_tail_calls() {
    let loops = temp_program(
        "loops.hs",
        "sumSeq :: Int -> Int -> Int\n\
         sumSeq acc n = if n == 0 then acc else acc `seq` sumSeq (acc + n) (n - 1)\n\
         sumStrict :: Int -> Int -> Int\n\
         sumStrict n acc = if n == 0 then acc else sumStrict (n - 1) $! acc + n\n\
         sumAnnot :: Int -> Int -> Int\n\
         sumAnnot acc n = if n == 0 then acc else (sumAnnot (acc + n) (n - 1) :: Int)\n\
         foldlStrict :: (b -> a -> b) -> b -> [a] -> b\n\
         foldlStrict _ z [] = z\n\
         foldlStrict f z (x:xs) = let z' = f z x in z' `seq` foldlStrict f z' xs\n\
         count :: Int -> Double\n\
         count n = go 0 n\n\
         \x20 where go acc 0 = acc\n\
         \x20       go acc k = let acc' = acc + 0.5 in acc' `seq` (go acc' (k - 1) :: Double)\n\
         main :: IO ()\n\
         main = do\n\
         \x20 print (sumSeq 0 100000)\n\
         \x20 print (sumStrict 100000 0)\n\
         \x20 print (sumAnnot 0 100000)\n\
         \x20 print (foldlStrict (+) 0 [1 .. 100000 :: Integer])\n\
         \x20 print (count 100000)\n\
         \x20 print (seq (1 :: Int) 'x', map (seq ()) [True], (succ $! 41) :: Int)\n",
    );
    let big = temp_program(
        "bigloop.hs",
        "loop :: Int -> Int -> Int\n\
         loop acc n = if n == 0 then acc else acc `seq` loop (acc + n) (n - 1)\n\
         main :: IO ()\n\
         main = print (loop 0 10000000)\n",
    );
    for backend in ["interp", "vm"] {
        let out = run_dnrad(
            &["run", "--lint", "--backend", backend, "--max-depth", "1000"],
            &loops,
        );
        assert_eq!(
            (out.code, out.stdout.as_str()),
            (
                Some(0),
                "5000050000\n5000050000\n5000050000\n5000050000\n50000.0\n('x',[True],42)\n"
            ),
            "{backend}: {}",
            out.stderr
        );
        let out = run_dnrad(&["run", "--backend", backend], &big);
        assert_eq!(
            (out.code, out.stdout.as_str()),
            (Some(0), "50000005000000\n"),
            "{backend}: {}",
            out.stderr
        );
    }
}

#[test]
fn run_passes_arguments_after_a_double_dash_and_names_the_program_by_its_stem() {
    let file = temp_program(
        "args_echo.hs",
        "import System.Environment\nmain :: IO ()\nmain = do\n  getProgName >>= putStrLn\n  getArgs >>= print\n",
    );
    let path = file.to_str().unwrap();
    let out = run_dnrad_args(&["run", path, "--", "one", "two words", "--lint", "-x"]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(
        out.stdout,
        "args_echo\n[\"one\",\"two words\",\"--lint\",\"-x\"]\n"
    );
    let none = run_dnrad(&["run"], &file);
    assert_eq!(none.stdout, "args_echo\n[]\n");
}

#[test]
fn exit_with_sets_the_exit_code_after_the_output_so_far() {
    let program = |code: &str| {
        format!("import System.Exit\nmain :: IO ()\nmain = do\n  putStr \"partial\"\n  exitWith ({code})\n  putStrLn \"never\"\n")
    };
    for (i, (code, status)) in [
        ("ExitFailure 3", 3),
        ("ExitSuccess", 0),
        // A code no status holds is 255, as GHC's programs exit (kept to its low 8 bits, 256
        // would read as success).
        ("ExitFailure 263", 255),
        ("ExitFailure 256", 255),
        ("ExitFailure (-1)", 255),
    ]
    .into_iter()
    .enumerate()
    {
        let file = temp_program(&format!("exit{i}.hs"), &program(code));
        for backend in ["vm", "interp"] {
            let out = run_dnrad(&["run", "--backend", backend], &file);
            assert_eq!(out.code, Some(status), "{code}: {}", out.stderr);
            assert_eq!(out.stdout, "partial", "{code}");
            assert_eq!(out.stderr, "", "{code}");
        }
    }
    let file = temp_program("exit_zero.hs", &program("ExitFailure 0"));
    let out = run_dnrad(&["run"], &file);
    assert_eq!(out.code, Some(1));
    assert!(out
        .stderr
        .contains("exitWith: invalid argument (ExitFailure 0)"));
    assert!(out.stderr.contains("exit_zero.hs:5:"), "{}", out.stderr);
}

#[test]
fn a_missing_file_is_a_runtime_error_at_the_statement_naming_the_file() {
    let file = temp_program(
        "missing_file.hs",
        "main :: IO ()\nmain = do\n  putStrLn \"reading\"\n  text <- readFile \"no/such/file.txt\"\n  putStr text\n",
    );
    let why = "no/such/file.txt: openFile: does not exist (No such file or directory)";
    for backend in ["vm", "interp"] {
        let printed = fails_with(backend, &file, None, &[why, "missing_file.hs:4:"]);
        assert_eq!(printed, "reading\n");
    }
}

#[test]
fn reading_past_the_end_of_standard_input_is_located_and_prompts_are_shown() {
    let file = temp_program(
        "ask_twice.hs",
        "main :: IO ()\nmain = do\n  putStr \"name? \"\n  name <- getLine\n  putStr (\"hi \" ++ name ++ \"; age? \")\n  age <- getLine\n  putStrLn age\n",
    );
    let path = file.to_str().unwrap();
    for backend in ["vm", "interp"] {
        let needles = ["<stdin>: hGetLine: end of file", "ask_twice.hs:6:"];
        let printed = fails_with(backend, &file, Some("ada\n"), &needles);
        assert_eq!(printed, "name? hi ada; age? ");
        let both = run_dnrad_with_input(&["run", "--backend", backend, path], Some("ada\n36"));
        assert_eq!(both.code, Some(0), "{}", both.stderr);
        assert_eq!(both.stdout, "name? hi ada; age? 36\n");
    }
}

#[test]
fn locations_count_characters_after_non_ascii_text_and_a_byte_order_mark_is_skipped() {
    let comment = format!("-- {}\n", "é".repeat(40));
    let cases = [
        (
            format!("{comment}main = print (1 + True)\n"),
            ":2:15",
            "main = print (1 + True)",
        ),
        (
            "main = error \"λ→ boom\"\n".to_string(),
            ":1:8",
            "main = error",
        ),
        (
            format!("\u{feff}{comment}x = 'λ'\nmain = print (x + 1)\n"),
            ":3:19",
            "x + 1",
        ),
    ];
    for (i, (text, location, excerpt)) in cases.iter().enumerate() {
        let file = temp_program(&format!("unicode{i}.hs"), text);
        let out = run_dnrad(&["run"], &file);
        assert_eq!(out.code, Some(1), "{text}");
        assert!(out.stderr.contains(location), "{location}: {}", out.stderr);
        assert!(out.stderr.contains(excerpt), "{excerpt}: {}", out.stderr);
    }
    let bom = temp_program("bom.hs", "\u{feff}main = print 1\n");
    assert_eq!(run_dnrad(&["run"], &bom).stdout, "1\n");
}

#[test]
fn did_you_mean_suggests_close_names_of_the_same_kind() {
    let cases = [
        (
            "f :: Intt -> Int\nf x = x\nmain = print (f 1)\n",
            Some("`Int`"),
        ),
        ("main = print (lenght [1])\n", Some("`length`")),
        ("main = print (Jst 1)\n", Some("`Just`")),
        // A one-letter name is a single edit from every other: no guess, and never an operator.
        ("main = print (x + 1)\n", None),
    ];
    for (i, (text, suggestion)) in cases.iter().enumerate() {
        let file = temp_program(&format!("suggest{i}.hs"), text);
        let out = run_dnrad(&["run"], &file);
        assert_eq!(out.code, Some(1), "{text}");
        match suggestion {
            Some(s) => assert!(
                out.stderr.contains(&format!("did you mean {s}?")),
                "{text}: {}",
                out.stderr
            ),
            None => assert!(!out.stderr.contains("did you mean"), "{}", out.stderr),
        }
    }
}

#[test]
fn max_time_stops_a_runaway_loop_with_a_located_error_on_both_backends() {
    let tail = temp_program(
        "loop.hs",
        "loop :: Int -> Int\nloop n = loop (n + 1)\nmain = print (loop 0)\n",
    );
    let nested = temp_program(
        "nested.hs",
        "f :: Int -> Int\nf n = if n < 0 then 0 else 1 + f (n - 1)\ng :: Int -> Int\ng k = if k == 0 then 0 else f 1000 + g (k - 1)\nmain = print (g 100000000)\n",
    );
    for backend in ["vm", "interp"] {
        for (file, line) in [(&tail, "loop.hs:2:"), (&nested, "nested.hs:")] {
            let out = run_dnrad(&["run", "--backend", backend, "--max-time", "0.5"], file);
            assert_eq!(out.code, Some(1), "{backend}: {}", out.stderr);
            assert!(out.stderr.contains("time limit exceeded"), "{}", out.stderr);
            assert!(out.stderr.contains(line), "located: {}", out.stderr);
        }
    }
    let bad = run_dnrad(&["run", "--max-time", "0"], &tail);
    assert_eq!(bad.code, Some(2), "a usage error");
}

#[test]
fn max_heap_stops_a_growing_program_with_a_located_error_on_both_backends() {
    let grow = temp_program(
        "grow.hs",
        "grow :: Int -> [Int] -> [Int]\ngrow n acc = grow (n + 1) (n : acc)\nmain = print (length (grow 0 []))\n",
    );
    // One allocation of 1.6 TB: refused before it is made, also under the default limit.
    let huge = temp_program(
        "huge.hs",
        "import Data.Array\n\nmain = print (bounds (listArray (0, 100000000000) [1.0 :: Double]))\n",
    );
    let small = temp_program("small.hs", "main = print (length [1 .. 200000 :: Int])\n");
    for backend in ["vm", "interp"] {
        for (file, line) in [(&grow, "grow.hs:2:"), (&huge, "huge.hs:3:")] {
            let started = std::time::Instant::now();
            let out = run_dnrad(&["run", "--backend", backend, "--max-heap", "100M"], file);
            assert_eq!(out.code, Some(1), "{backend}: {}", out.stderr);
            let message = "heap limit exceeded (100 MB, --max-heap)";
            assert!(out.stderr.contains(message), "{}", out.stderr);
            assert!(out.stderr.contains(line), "located: {}", out.stderr);
            assert!(started.elapsed().as_secs() < 20, "{backend}: slow");
        }
        let out = run_dnrad(&["run", "--backend", backend, "--max-heap", "100M"], &small);
        assert_eq!(out.stdout, "200000\n", "{backend}: {}", out.stderr);
        let out = run_dnrad(&["run", "--backend", backend], &huge);
        assert_eq!(out.code, Some(1), "the default limit: {}", out.stderr);
        assert!(out.stderr.contains("heap limit exceeded"), "{}", out.stderr);
    }
    for bad in ["0", "0M", "10X", "G", "1.5G", "1M1"] {
        let out = run_dnrad(&["run", "--max-heap", bad], &small);
        assert_eq!(out.code, Some(2), "{bad}: a usage error");
        assert!(out.stderr.contains("is not a size"), "{}", out.stderr);
    }
}

#[test]
fn warnings_show_by_default_hide_with_w_and_stop_with_werror() {
    let file = temp_program(
        "warned.hs",
        "helper :: Int -> Int\nhelper x = x + 1\n\nmain :: IO ()\nmain = print (2 :: Int)\n",
    );
    for command in ["check", "run"] {
        let shown = run_dnrad(&[command], &file);
        assert_eq!(shown.code, Some(0), "{command}: {}", shown.stderr);
        assert!(
            shown.stderr.contains("[-Wunused-top-binds]"),
            "{}",
            shown.stderr
        );
        let all = run_dnrad(&[command, "-Wall"], &file);
        assert_eq!((all.code, &all.stderr), (Some(0), &shown.stderr));
        let quiet = run_dnrad(&[command, "-w"], &file);
        assert_eq!((quiet.code, quiet.stderr.as_str()), (Some(0), ""));
        let fatal = run_dnrad(&[command, "-Werror"], &file);
        assert_eq!(fatal.code, Some(1), "{command}: {}", fatal.stderr);
        assert!(
            fatal.stderr.contains("[-Wunused-top-binds]"),
            "{}",
            fatal.stderr
        );
        assert_eq!(fatal.stdout, "", "-Werror runs nothing");
    }
    let run = run_dnrad(&["run", "-w"], &file);
    assert_eq!(run.stdout, "2\n");
}
