//! The list fusion (`core/src/simplify/fusion`): fused programs print what the unfused ones
//! print (the interpreter without fusion is the reference) on both backends, runtime errors of
//! ranges stay the same, gradients through fused loops are the unfused ones, a fused fold
//! over a range far larger than the heap limit runs within it (and the same program without
//! fusion does not), and random ranges give the same results fused and unfused.

mod support;

use proptest::prelude::*;
use std::path::Path;
use support::{run_dnrad, temp_program, Outcome};

fn run(file: &Path, backend: &str, fusion: bool, extra: &[&str]) -> Outcome {
    let mut args = vec!["run", "--lint", "--backend", backend];
    if !fusion {
        args.push("--no-fusion");
    }
    args.extend(extra);
    run_dnrad(&args, file)
}

/// `file` fused on both backends prints, and ends, exactly as the interpreter without fusion.
fn assert_fusion_changes_nothing(file: &Path, extra: &[&str]) -> String {
    let reference = run(file, "interp", false, extra);
    for (backend, fusion) in [("vm", true), ("interp", true), ("vm", false)] {
        let out = run(file, backend, fusion, extra);
        assert_eq!(
            (&out.stdout, &out.stderr, out.code),
            (&reference.stdout, &reference.stderr, reference.code),
            "{} on {backend}, fusion {fusion}",
            file.display()
        );
    }
    reference.stdout
}

#[test]
fn fused_pipelines_print_what_the_lists_give() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fusion/pipelines.hs");
    let out = assert_fusion_changes_nothing(&file, &[]);
    let lines: Vec<&str> = out.lines().collect();
    // A few closed forms, independent of both runs.
    assert_eq!(lines[0], "500500");
    assert_eq!(lines[1], "(500500,2432902008176640000,5050)");
    assert_eq!(lines[2], "(499,9)");
    assert_eq!(lines[3], "166650");
    assert_eq!(lines[15], "(-5,3)"); // the sum wraps around
    assert_eq!(lines[16], "4");
    // Steps past Int's range (GHC's output).
    assert_eq!(
        lines[17],
        "([-9223372036854775808,0],[9223372036854775807,-2],[-9223372036854775808],\
         [-9223372036854775808,-1,9223372036854775806])"
    );
    // The zips (the last lines): sums of products and of 10 i^2 - i, zips stopping at the
    // shortest list, a lambda of three parameters, tuples taken apart by a comprehension.
    assert_eq!(
        lines[lines.len() - 5..],
        [
            "(3850,3,290)",
            "(\"h1e2y3\",True)",
            "(330,2)",
            "(0,True)",
            "6"
        ]
    );
}

#[test]
fn zips_consumed_by_folds_build_no_list() {
    let file = temp_program(
        "fusion",
        "zips.hs",
        "dot :: [Double] -> [Double] -> Double\ndot xs ys = sum (zipWith (*) xs ys)\n\n\
         pairs :: [Int] -> String -> Int\npairs ns cs = length [c | (n, c) <- zip ns cs, n > 2]\n\n\
         triple :: [Int] -> [Int] -> [Int] -> Int\n\
         triple us vs ws = foldr (\\(a, b, c) r -> a * b + c - r) 0 (zip3 us vs ws)\n\n\
         main :: IO ()\n\
         main = print (dot [1, 2, 3] [4, 5], pairs [1 .. 5] \"abcd\", triple [1, 2] [3, 4] [5, 6])\n",
    );
    // 1 * 4 + 2 * 5; n = 3, 4 of the first four; (1 * 3 + 5) - ((2 * 4 + 6) - 0).
    assert_eq!(assert_fusion_changes_nothing(&file, &[]), "(14.0,2,-6)\n");
    let core = run_dnrad(&["dump", "core", "--simplified"], &file);
    assert_eq!(core.code, Some(0), "{}", core.stderr);
    for f in ["dot", "pairs", "triple"] {
        let body: Vec<&str> = core
            .stdout
            .lines()
            .skip_while(|l| !l.starts_with(&format!("{f} =")))
            .take_while(|l| !l.is_empty())
            .collect();
        assert!(!body.is_empty(), "{f}: {}", core.stdout);
        assert!(!body.iter().any(|l| l.contains("zip")), "{f}: {body:#?}");
    }
}

#[test]
fn range_errors_are_the_same_fused() {
    for (name, text) in [
        ("zero_step.hs", "main = do\n  print 1\n  print (sum [1, 1 .. 5 :: Int])\n"),
        (
            "zero_step_integer.hs",
            "main = do\n  print 1\n  print (length [2, 2 .. 9 :: Integer])\n",
        ),
        (
            "infinite_double.hs",
            "main = print (sum [1, 1 .. 2 :: Double])\n",
        ),
        (
            "element_error.hs",
            "main = print (sum [if x == 3 then error \"three\" else x | x <- [1 .. 5 :: Int]])\n",
        ),
        (
            "early_exit.hs",
            "main = print (any (> 2) (map (\\x -> if x == 4 then error \"four\" else x) [1 .. 5 :: Int]))\n",
        ),
    ] {
        let file = temp_program("fusion", name, text);
        assert_fusion_changes_nothing(&file, &[]);
        let out = run(&file, "vm", true, &[]);
        assert_eq!(out.code, Some(1), "{name}: an error: {}", out.stderr);
    }
}

#[test]
fn gradients_through_fused_loops_are_the_unfused_ones() {
    // d/dx sum [x * i | i <- [1..10]] = 55; d/dx foldl (\a i -> a * x + i) 0 [1..4] at 2:
    // p = x^3 + 2x^2 + 3x + 4, p' = 3x^2 + 4x + 3 = 23; d/dx sum (map (x *) [0, 0.5 .. 2]) = 5;
    // x + 2x^2 + 3x has derivative 4 + 4x = 12 at 2.
    let file = temp_program(
        "fusion",
        "grad.hs",
        "f :: Double -> Double\nf x = sum [x * fromIntegral i | i <- [1 .. 10 :: Int]]\n\n\
         g :: Double -> Double\ng x = foldl (\\a i -> a * x + fromIntegral i) 0 [1 .. 4 :: Int]\n\n\
         h :: Double -> Double\nh x = sum (map (x *) [0, 0.5 .. 2])\n\n\
         k :: Double -> Double\nk x = sum (zipWith (*) [x, 2 * x, 3] [1, x, x])\n\n\
         main :: IO ()\nmain = do\n  print (grad f 3)\n  print (grad g 2)\n  print (grad h 1)\n  \
         print (grad k 2)\n",
    );
    for mode in support::AD_MODES {
        let out = assert_fusion_changes_nothing(&file, &["--ad", mode]);
        assert_eq!(out, "55.0\n23.0\n5.0\n12.0\n", "{mode}");
    }
}

#[test]
fn a_fused_fold_over_a_range_runs_within_a_heap_limit_the_list_would_exceed() {
    // 5 * 10^5 elements: such a list takes about 32 MB (65 bytes an element, measured), the
    // limit is 20 MB; an empty program stays under 10 MB.
    let file = temp_program(
        "fusion",
        "big.hs",
        "import Data.List (foldl')\nimport Data.IORef\nimport Control.Monad\n\n\
         main :: IO ()\nmain = do\n  let n = 5 * 10 ^ 5 :: Int\n  print (foldl' (+) 0 [1 .. n])\n  \
         print (length (filter even [1 .. n]))\n  print (sum [x * x | x <- [1 .. n], odd x])\n  \
         r <- newIORef 0\n  forM_ [1 .. n] $ \\i -> modifyIORef' r (+ i)\n  readIORef r >>= print\n  \
         print (sum [0, 0.5 .. fromIntegral n :: Double])\n",
    );
    let expected = "125000250000\n250000\n20833333333250000\n125000250000\n2.5000025e11\n";
    fits_only_fused(&file, expected);
}

#[test]
fn a_let_bound_list_consumed_inside_an_argument_fuses() {
    // `let xs = ... in print (sum xs)` in a `do` block: the consumer call sits inside the
    // action's `let` and arguments whose earlier parts are pure values (`print`'s
    // dictionary, also one an instance function builds, a string before it; what follows it
    // is evaluated after it, as before), so
    // the list is never built: the run fits in a heap limit it would exceed (5 * 10^5
    // elements, about 32 MB; the limit 20 MB).
    let file = temp_program(
        "fusion",
        "nested.hs",
        "main :: IO ()\nmain = do\n  let n = 5 * 10 ^ 5 :: Int\n  let xs = [1 .. n]\n  \
         print (sum xs)\n  let ys = [x * 2 | x <- [1 .. n], even x]\n  \
         putStrLn (show (length ys) ++ \" of \" ++ show n)\n  \
         let zs = [p * p | p <- [1, 3 .. n]]\n  putStrLn (\"sum \" ++ show (sum zs))\n  \
         let ws = [x | x <- [1 .. n], x `mod` 3 == 0]\n  print (length ws, n)\n",
    );
    // GHC's output.
    let expected = "125000250000\n250000 of 500000\nsum 20833333333250000\n(166666,500000)\n";
    fits_only_fused(&file, expected);
}

/// A program printing consumers of the ranges `[a, b .. c]` and `[a .. c]` at Int, at Double
/// (scaled by 4, so steps are halves and quarters) and at Char (shifted to letters).
fn range_program(ranges: &[(i64, i64, i64)]) -> String {
    let mut text = String::from("main :: IO ()\nmain = do\n");
    for &(a, b, c) in ranges {
        let (a, b, c) = (format!("({a})"), format!("({b})"), format!("({c})"));
        let int = format!("[{a}, {b} .. {c} :: Int]");
        let up = format!("[{a} .. {c} :: Int]");
        let dbl = format!("[{a} / 4, {b} / 4 .. {c} / 4 :: Double]");
        let chr = format!("[toEnum ({a} + 100), toEnum ({b} + 100) .. toEnum ({c} + 100) :: Char]");
        for line in [
            format!("print (sum {int}, length {int}, foldr (\\x r -> x - 2 * r) 0 {int})"),
            format!("print (sum {up}, product (map (\\x -> x `mod` 5 + 1) {up}))"),
            format!("print (length (filter even {int}), sum [x * y | x <- {int}, y <- {up}, odd (x + y)])"),
            format!("print (any (> {c}) {int}, all (/= {b}) {up}, elem {b} {int})"),
            format!("print (sum {dbl}, length {dbl}, foldr max (-100) {dbl})"),
            format!("print (length {chr}, elem 'd' {chr}, sum (map fromEnum {chr}))"),
            format!("print (sum (replicate ({c} - {a}) {b}))"),
        ] {
            text.push_str("  ");
            text.push_str(&line);
            text.push('\n');
        }
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// Random ranges, empty, up, down and of one element, with steps of either sign.
    #[test]
    fn fused_and_unfused_ranges_agree(
        ranges in prop::collection::vec(
            (-20i64..20, -20i64..20, -20i64..20).prop_filter("a zero step is an error", |(a, b, _)| a != b),
            4,
        )
    ) {
        let file = temp_program("fusion", "ranges.hs", &range_program(&ranges));
        let reference = run(&file, "interp", false, &[]);
        prop_assert_eq!(reference.code, Some(0), "{}", reference.stderr);
        for (backend, fusion) in [("vm", true), ("interp", true)] {
            let out = run(&file, backend, fusion, &[]);
            prop_assert_eq!(&out.stdout, &reference.stdout, "{} {:?}", backend, ranges);
        }
    }
}

/// Run `file` on both backends in a 20 MB heap: fused it prints `expected`, unfused it
/// exceeds the limit.
fn fits_only_fused(file: &Path, expected: &str) {
    for backend in ["vm", "interp"] {
        let out = run(file, backend, true, &["--max-heap", "20M"]);
        assert_eq!(out.stdout, expected, "{backend}: {}", out.stderr);
        let out = run(file, backend, false, &["--max-heap", "20M"]);
        assert_eq!(
            out.code,
            Some(1),
            "{backend} without fusion: {}",
            out.stderr
        );
        assert!(out.stderr.contains("heap limit exceeded"), "{}", out.stderr);
    }
}
