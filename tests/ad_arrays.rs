//! Property tests of gradients through `Data.Array`: proptest draws random inputs for 20
//! functions of arrays (gathers with repeated indices, `accumArray`, `accum`, `//`, `ixmap`,
//! matrix-vector products, stencils, 2-D and 3-D arrays, `Char` indices, arrays of pairs, a pair
//! of arrays, `fmap`, `elems`/`listArray` round trips). One generated program prints, for every
//! input and direction, the gradient, a central finite-difference gradient, the forward-mode
//! directional derivative (`jvp`), whether the gradient has the input's bounds, and the
//! Hessian-vector product three ways: forward over reverse (`jvp` of `grad`), reverse over reverse
//! (`grad` of the gradient's dot product with the direction) and finite differences of the
//! gradient. The program runs in every reverse mode on both backends. Checks: gradient ≈ finite
//! differences, jvp ≈ gradient · direction, the bounds kept, the three Hessian-vector products
//! agree, and every mode and backend gives the same numbers.

mod support;

use support::{run_dnrad, PropertyFunction, Sample};

/// Samples drawn for each function (the program runs once per mode and backend).
const SAMPLES: usize = 12;

/// An input type `T`: how to make one of a flat list of numbers, how to flatten one again (in
/// the order it was made), and whether two have the same bounds (a gradient keeps its input's).
struct Shape {
    ty: &'static str,
    /// `[Double] -> T`.
    build: &'static str,
    /// `T -> [Double]`.
    flat: &'static str,
    /// `T -> T -> Bool`.
    same: &'static str,
}

/// `Array Int Double` indexed from 0.
const VECTOR: Shape = Shape {
    ty: "Array Int Double",
    build: "vec",
    flat: "elems",
    same: "sameBounds",
};

/// `NAME :: T -> Double` (its definition, with anything it needs, in `source`), differentiated
/// at inputs of `size` numbers drawn from the interval `domain`.
struct Function {
    source: &'static str,
    name: &'static str,
    shape: Shape,
    size: usize,
    domain: (f64, f64),
}

const fn shaped(
    name: &'static str,
    size: usize,
    domain: (f64, f64),
    shape: Shape,
    source: &'static str,
) -> Function {
    Function {
        source,
        name,
        shape,
        size,
        domain,
    }
}

const fn vector(
    name: &'static str,
    size: usize,
    domain: (f64, f64),
    source: &'static str,
) -> Function {
    shaped(name, size, domain, VECTOR, source)
}

const FUNCTIONS: &[Function] = &[
    vector(
        "gatherRepeated",
        4,
        (-1.5, 1.5),
        "gatherRepeated a = sum [a ! i * a ! j | (i, j) <- [(0, 1), (1, 1), (2, 0), (1, 2), (0, 0), (3, 3), (3, 1), (1, 1)]] + a ! 2 * a ! 2 * a ! 2",
    ),
    vector(
        "sumProducts",
        6,
        (-1.5, 1.5),
        "sumProducts a = sum [a ! i * a ! (5 - i) * fromIntegral i | i <- [0 .. 5]] + product (elems a)",
    ),
    vector(
        "scatterAdd",
        6,
        (-2.0, 2.0),
        "scatterAdd a = sum [fromIntegral (k + 1) * h * h | (k, h) <- assocs hist]\n  where hist = accumArray (+) 0 (0, 2) (zip [0, 2, 1, 2, 0, 2] (elems a))",
    ),
    vector(
        "scatterProduct",
        5,
        (0.5, 2.0),
        "scatterProduct a = sum [log h | h <- elems (accumArray (*) 1 (0, 2) (zip [1, 0, 1, 1, 2] (elems a)))] + sum (elems (accumArray (\\e x -> e + x * x) 0 (0, 1) (zip [1, 1, 0, 1, 0] (elems a))))",
    ),
    vector(
        "accumSelf",
        5,
        (-1.5, 1.5),
        "accumSelf a = sum (map (^ 2) (elems (accum (\\e x -> e * x + 1) a [(0, a ! 1), (2, a ! 0), (0, a ! 4), (3, 2.0)])))",
    ),
    vector(
        "updateOverwrite",
        5,
        (-1.5, 1.5),
        "updateOverwrite a = sum [x * x * fromIntegral (i + 1) | (i, x) <- assocs b]\n  where b = a // [(1, a ! 0 * a ! 2), (3, sin (a ! 4)), (1, a ! 3 + 1.0)]",
    ),
    vector(
        "updateChain",
        5,
        (-1.5, 1.5),
        "updateChain a = sum (map (^ 3) (elems (foldl (\\b i -> b // [(i, 0.5 * b ! (i - 1) + b ! i * b ! i)]) a [1 .. 4])))",
    ),
    vector(
        "ixmapped",
        6,
        (-1.0, 1.0),
        "ixmapped a = sum (zipWith (*) (elems r) (elems a)) + sum (map exp (elems s))\n  where r = ixmap (0, 5) (\\i -> 5 - i) a\n        s = ixmap (10, 12) (\\i -> 2 * (i - 10)) a",
    ),
    vector(
        "stencil1D",
        7,
        (-1.5, 1.5),
        "stencil1D a = sum [(a ! (i + 1) - 2 * a ! i + a ! (i - 1)) ^ 2 | i <- [1 .. 5]] + cos (a ! 0) * a ! 6",
    ),
    vector(
        "heatSteps",
        6,
        (-1.5, 1.5),
        "heatSteps a = sum [sin (fromIntegral i * x) | (i, x) <- assocs (step (step (step a)))]\n  where step u = listArray (0, 5) [u ! i + 0.25 * (u ! max 0 (i - 1) - 2 * u ! i + u ! min 5 (i + 1)) | i <- [0 .. 5]]",
    ),
    vector(
        "fmapped",
        5,
        (-1.5, 1.5),
        "fmapped a = sum (elems (fmap (\\x -> x * exp (0.5 * x)) a)) * a ! 2",
    ),
    vector(
        "roundTrip",
        5,
        (-1.5, 1.5),
        "roundTrip a = sum (elems c) + c ! 0 * b ! 5\n  where b = listArray (1, 5) (reverse (elems a))\n        c = listArray (0, 4) (zipWith (*) (elems a) (elems b))",
    ),
    vector(
        "logSumExp",
        5,
        (-2.0, 2.0),
        "logSumExp a = log (sum (map exp (elems a))) + a ! 1 * a ! 3",
    ),
    vector(
        "recurrence",
        6,
        (-1.5, 1.5),
        "recurrence a = foldl (\\h i -> tanh (0.8 * h + a ! i * h + a ! i)) 0.3 (indices a)",
    ),
    shaped(
        "matVec",
        9,
        (-1.5, 1.5),
        Shape {
            ty: "Array (Int, Int) Double",
            build: "listArray ((0, 0), (2, 2))",
            flat: "elems",
            same: "sameBounds",
        },
        "matVec m = sum [y * y | y <- ys]\n  where x = listArray (0, 2) [1.0, -2.0, 0.5] :: Array Int Double\n        ys = [sum [m ! (i, j) * x ! j | j <- [0 .. 2]] | i <- [0 .. 2]]",
    ),
    shaped(
        "matrixAndVector",
        9,
        (-1.5, 1.5),
        Shape {
            ty: "(Array (Int, Int) Double, Array Int Double)",
            build: "\\xs -> (listArray ((1, 1), (2, 3)) (take 6 xs), listArray (1, 3) (drop 6 xs))",
            flat: "\\(m, v) -> elems m ++ elems v",
            same: "\\(m, v) (m', v') -> sameBounds m m' && sameBounds v v'",
        },
        "matrixAndVector (m, v) = sum [tanh (sum [m ! (i, j) * v ! j | j <- [1 .. 3]]) | i <- [1 .. 2]]",
    ),
    shaped(
        "laplacian2D",
        16,
        (-1.5, 1.5),
        Shape {
            ty: "Array (Int, Int) Double",
            build: "listArray ((0, 0), (3, 3))",
            flat: "elems",
            same: "sameBounds",
        },
        "laplacian2D g = sum [(g ! (i - 1, j) + g ! (i + 1, j) + g ! (i, j - 1) + g ! (i, j + 1) - 4 * g ! (i, j)) ^ 2 | i <- [1, 2], j <- [1, 2]]\n  + sum [g ! (0, j) * g ! (3, j) | j <- [0 .. 3]]",
    ),
    shaped(
        "cube3D",
        8,
        (-1.5, 1.5),
        Shape {
            ty: "Array (Int, Int, Int) Double",
            build: "listArray ((0, 0, 0), (1, 1, 1))",
            flat: "elems",
            same: "sameBounds",
        },
        "cube3D a = sum [a ! (i, j, k) * a ! (k, j, i) | (i, j, k) <- range ((0, 0, 0), (1, 1, 1))] + a ! (1, 1, 1) ^ 3",
    ),
    shaped(
        "charIndexed",
        4,
        (-1.5, 1.5),
        Shape {
            ty: "Array Char Double",
            build: "listArray ('a', 'd')",
            flat: "elems",
            same: "sameBounds",
        },
        "charIndexed a = a ! 'a' * a ! 'c' + sum [v * v | v <- elems a] - a ! 'd' / (1 + a ! 'b' ^ 2)",
    ),
    shaped(
        "polygonPairs",
        8,
        (-2.0, 2.0),
        Shape {
            ty: "Array Int (Double, Double)",
            build: "\\xs -> listArray (0, 3) (pairUp xs)",
            flat: "concatMap (\\(x, y) -> [x, y]) . elems",
            same: "sameBounds",
        },
        "polygonPairs p = sum [fst (p ! i) * snd (p ! j) - fst (p ! j) * snd (p ! i) | i <- [0 .. 3], let j = (i + 1) `mod` 4] / 2\n  + sum [x * y * y | (x, y) <- elems p]",
    ),
];

/// The harness around the functions: central differences by bumping one element of an array
/// of the inputs, and the lines `check` prints.
const PROGRAM_TAIL: &str = r#"
vec :: [Double] -> Array Int Double
vec xs = listArray (0, length xs - 1) xs

sameBounds :: Ix i => Array i e -> Array i e -> Bool
sameBounds a b = bounds a == bounds b

pairUp :: [Double] -> [(Double, Double)]
pairUp (x : y : rest) = (x, y) : pairUp rest
pairUp _ = []

centralDifferences :: ([Double] -> Double) -> [Double] -> [Double]
centralDifferences g xs = [(g (bump k h) - g (bump k (negate h))) / (2 * h) | k <- [0 .. n - 1], let h = 1.0e-6 * max 1 (abs (base ! k))]
  where
    n = length xs
    base = vec xs
    bump k d = elems (base // [(k, base ! k + d)])

nums :: [Double] -> [String]
nums = map show

-- Two lines per input x and direction v:
--   G name gradient | finite differences | jvp along v | the gradient keeps x's bounds
--   H name (jvp of grad) v | grad of (grad . v) | finite differences of the gradient along v
check :: String -> ([Double] -> t) -> (t -> [Double]) -> (t -> t -> Bool) -> (t -> Double) -> [([Double], [Double])] -> IO ()
check name build flat same f = mapM_ line
  where
    line (xs, dir) = do
      let x = build xs
          v = build dir
          g = grad f x
          dotV y = sum (zipWith (*) (flat (grad f y)) dir)
          h = 1.0e-5
          gradAt d = flat (grad f (build (zipWith (\a b -> a + d * b) xs dir)))
      putStrLn (unwords (["G", name] ++ nums (flat g) ++ "|" : nums (centralDifferences (f . build) xs)
                         ++ ["|", show (snd (jvp f x v)), "|", show (same g x)]))
      putStrLn (unwords (["H", name] ++ nums (flat (snd (jvp (grad f) x v))) ++ "|" : nums (flat (grad dotV x))
                         ++ "|" : nums (zipWith (\a b -> (a - b) / (2 * h)) (gradAt h) (gradAt (negate h)))))
"#;

/// The generated program and the samples of each function, in the order it prints them.
fn program() -> (String, Vec<(&'static str, Vec<Sample>)>) {
    let functions = FUNCTIONS.iter().map(|f| PropertyFunction {
        name: f.name,
        size: f.size,
        domain: f.domain,
        definition: format!("{} :: {} -> Double\n{}", f.name, f.shape.ty, f.source),
        check_args: format!(
            "\"{}\" ({}) ({}) ({}) {}",
            f.name, f.shape.build, f.shape.flat, f.shape.same, f.name
        ),
    });
    support::property_program("import Data.Array\n\n", PROGRAM_TAIL, functions, SAMPLES)
}

/// The numbers of one input's two lines.
struct Sampled {
    name: String,
    grad: Vec<f64>,
    finite_differences: Vec<f64>,
    jvp: f64,
    same_bounds: bool,
    /// Forward over reverse, reverse over reverse, finite differences of the gradient.
    hvp: [Vec<f64>; 3],
}

fn numbers(field: &str) -> Vec<f64> {
    field
        .split_whitespace()
        .map(|s| s.parse().unwrap_or_else(|_| panic!("a number: {s}")))
        .collect()
}

/// The `|`-separated fields of a line `TAG NAME ...`, after checking the tag and the name.
fn fields<'a>(line: &'a str, tag: &str, name: &str) -> Vec<&'a str> {
    let rest = line
        .strip_prefix(tag)
        .and_then(|r| r.strip_prefix(' '))
        .and_then(|r| r.strip_prefix(name))
        .unwrap_or_else(|| panic!("`{tag} {name} ...` expected: {line}"));
    rest.split('|').collect()
}

fn parse(stdout: &str, names: &[&str]) -> Vec<Sampled> {
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2 * names.len(), "two lines per input");
    lines
        .chunks(2)
        .zip(names)
        .map(|(pair, name)| {
            let g = fields(pair[0], "G", name);
            let h = fields(pair[1], "H", name);
            assert!(g.len() == 4 && h.len() == 3, "{pair:?}");
            Sampled {
                name: name.to_string(),
                grad: numbers(g[0]),
                finite_differences: numbers(g[1]),
                jvp: numbers(g[2])[0],
                same_bounds: g[3].trim() == "True",
                hvp: [numbers(h[0]), numbers(h[1]), numbers(h[2])],
            }
        })
        .collect()
}

/// `a` and `b` agree to `rel` of the larger (or of 1 when both are small).
fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * a.abs().max(b.abs()).max(1.0)
}

fn all_close(a: &[f64], b: &[f64], rel: f64) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| close(*x, *y, rel))
}

/// What is wrong with one sample's numbers (against truth independent of the mode).
fn problems(s: &Sampled, (x, dir): &Sample) -> Vec<String> {
    let mut out = Vec::new();
    if s.grad.len() != x.len() || !all_close(&s.grad, &s.finite_differences, 1e-5) {
        out.push(format!(
            "gradient {:?} vs finite differences {:?}",
            s.grad, s.finite_differences
        ));
    }
    let along: f64 = s.grad.iter().zip(dir).map(|(g, d)| g * d).sum();
    if !close(s.jvp, along, 1e-9) {
        out.push(format!("jvp {} vs gradient · direction {along}", s.jvp));
    }
    if !s.same_bounds {
        out.push("the gradient's bounds differ from the input's".into());
    }
    let [fr, rr, fd] = &s.hvp;
    if fr.len() != x.len() || !all_close(fr, rr, 1e-9) {
        out.push(format!("Hv: jvp of grad {fr:?} vs grad of grad {rr:?}"));
    }
    if !all_close(fr, fd, 1e-5) {
        out.push(format!(
            "Hv: jvp of grad {fr:?} vs finite differences {fd:?}"
        ));
    }
    out
}

#[test]
fn array_gradients_match_finite_differences_forward_mode_and_each_other() {
    assert!(FUNCTIONS.len() >= 15);
    let (text, cases) = program();
    let path = support::temp_program("ad_arrays", "arrays.hs", &text);
    let names: Vec<&str> = cases
        .iter()
        .flat_map(|(name, cs)| cs.iter().map(move |_| *name))
        .collect();
    let flat: Vec<&Sample> = cases.iter().flat_map(|(_, cs)| cs).collect();
    let mut failures = Vec::new();
    let mut runs: Vec<(String, Vec<Sampled>)> = Vec::new();
    for backend in ["vm", "interp"] {
        for mode in support::AD_MODES {
            let run = format!("{backend} {mode}");
            let args = ["run", "--lint", "--backend", backend, "--ad", mode];
            let out = run_dnrad(&args, &path);
            assert_eq!(out.code, Some(0), "{run}: {}", out.stderr);
            let sampled = parse(&out.stdout, &names);
            for (s, sample) in sampled.iter().zip(&flat) {
                for p in problems(s, sample) {
                    failures.push(format!("{run} {} at {:?}: {p}", s.name, sample.0));
                }
            }
            runs.push((run, sampled));
        }
    }
    // Every mode and backend gives the numbers of the array mode on the VM, to rounding.
    let (reference_run, reference) = &runs[3];
    for (run, sampled) in &runs {
        for (a, b) in sampled.iter().zip(reference) {
            let same = all_close(&a.grad, &b.grad, 1e-12)
                && close(a.jvp, b.jvp, 1e-12)
                && a.hvp
                    .iter()
                    .zip(&b.hvp)
                    .take(2)
                    .all(|(x, y)| all_close(x, y, 1e-12));
            if !same {
                failures.push(format!(
                    "{run} and {reference_run} disagree on {}: {:?} {:?} vs {:?} {:?}",
                    a.name, a.grad, a.hvp, b.grad, b.hvp
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
