//! Property tests of the gradients: proptest draws random inputs for 40 functions of the
//! language (every differentiable primitive, higher-order code, recursion, data types, classes,
//! lists); one generated program prints, for every input, the gradient (`grad`), a central
//! finite-difference gradient and the forward-mode directional derivative (`jvp`). The program
//! runs once per reverse mode on the VM and once on the interpreter. Checks: gradient ≈ finite
//! differences, jvp ≈ gradient · direction, and all modes and both backends agree.

mod support;

use support::{run_dnrad, PropertyFunction, Sample};

/// Inputs per function.
const SAMPLES: usize = 60;

struct Function {
    name: &'static str,
    arity: usize,
    /// Inputs are drawn uniformly from this interval.
    domain: (f64, f64),
    /// A definition `NAME :: [Double] -> Double` (plus any declarations it needs).
    source: &'static str,
}

const fn f(name: &'static str, arity: usize, domain: (f64, f64), source: &'static str) -> Function {
    Function {
        name,
        arity,
        domain,
        source,
    }
}

const FUNCTIONS: &[Function] = &[
    f("pAdd", 2, (-2.0, 2.0), "pAdd [x, y] = x + y - 3.0 * y"),
    f("pMulDiv", 2, (0.5, 2.0), "pMulDiv [x, y] = x * y - x / y + negate (y * y)"),
    f("pRecip", 1, (0.5, 3.0), "pRecip [x] = recip x + 1.0 / (x * x)"),
    f("pAbs", 2, (-2.0, 2.0), "pAbs [x, y] = abs x * y + abs (x - y)"),
    f("pSignum", 2, (-2.0, 2.0), "pSignum [x, y] = signum x * x * y"),
    f("pExpLog", 2, (0.2, 2.0), "pExpLog [x, y] = exp x * log y + log (exp (x * y))"),
    f("pSqrt", 2, (0.3, 2.0), "pSqrt [x, y] = sqrt (x * x + y * y) + sqrt x"),
    f("pPow", 2, (0.3, 2.0), "pPow [x, y] = x ** y + y ** 2.5"),
    f("pLogBase", 2, (1.5, 3.0), "pLogBase [x, y] = logBase x y * x"),
    f("pTrig", 2, (-1.0, 1.0), "pTrig [x, y] = sin x * cos y + tan (x / 3.0)"),
    f("pInvTrig", 2, (-0.9, 0.9), "pInvTrig [x, y] = asin x + acos y + atan (x * y)"),
    f("pHyp", 2, (-1.5, 1.5), "pHyp [x, y] = sinh x * cosh y + tanh (x - y)"),
    f("pInvHyp", 2, (-0.9, 0.9), "pInvHyp [x, y] = asinh x + acosh (1.5 + y * y) + atanh (x / 2.0)"),
    f("pAtan2", 2, (0.2, 2.0), "pAtan2 [x, y] = atan2 y x + atan2 (negate x) y"),
    f("pMinMax", 2, (-2.0, 2.0), "pMinMax [x, y] = min x y * max x (2.0 * y)"),
    f(
        "pRounding",
        2,
        (-2.0, 2.0),
        "pRounding [x, y] = x * fromIntegral (floor (y * 3.0) :: Int) + fromIntegral (round x :: Integer) * y\n  + fromIntegral (truncate y + ceiling x :: Int)",
    ),
    f("pRealToFrac", 2, (-2.0, 2.0), "pRealToFrac [x, y] = realToFrac x * y + fromIntegral (3 :: Int) * x"),
    f("pIf", 2, (-2.0, 2.0), "pIf [x, y] = if x > y then x * x else if x == y then 0.0 else y * 3.0"),
    f("pIntPow", 2, (-2.0, 2.0), "pIntPow [x, y] = x ^ 3 + y ^ 2 * x"),
    f("pFracPow", 1, (0.5, 2.0), "pFracPow [x] = x ^^ (-2) + x ^^ 3"),
    f("pSumProduct", 5, (-1.5, 1.5), "pSumProduct xs = sum xs * product xs"),
    f("pFoldr", 5, (-1.5, 1.5), "pFoldr xs = foldr (\\a acc -> a * acc + 1.0) 0.0 xs"),
    f("pMapClosure", 4, (-1.5, 1.5), "pMapClosure xs = let c = head xs in sum (map (\\v -> c * v * v) xs)"),
    f("pZipWith", 6, (-1.5, 1.5), "pZipWith xs = sum (zipWith (*) xs (reverse xs))"),
    f(
        "pRecursion",
        2,
        (-1.5, 1.5),
        "pRecursion [x, y] = pw 5 x + pw 2 y\n  where pw :: Int -> Double -> Double\n        pw 0 _ = 1.0\n        pw k v = v * pw (k - 1) v",
    ),
    f(
        "pMutual",
        5,
        (-1.5, 1.5),
        "pMutual xs = evens xs\n  where evens (a:as) = a * 2.0 + odds as\n        evens [] = 0.0\n        odds (a:as) = a * a - evens as\n        odds [] = 1.0",
    ),
    f(
        "pData",
        2,
        (-1.5, 1.5),
        "data V2 = V2 Double Double deriving (Show)\nnorm2 :: V2 -> Double\nnorm2 (V2 a b) = a * a + b * b\npData [x, y] = norm2 (V2 (x * y) (x + y))",
    ),
    f(
        "pMaybe",
        2,
        (-1.5, 1.5),
        "pMaybe [x, y] = case (if x > 0.0 then Just x else Nothing) of\n  Just v -> v * y\n  Nothing -> either (\\e -> e * y) id (Left (x * x))",
    ),
    f(
        "pRecord",
        2,
        (-1.5, 1.5),
        "data P = P { px :: Double, py :: Double }\npRecord [x, y] = px q * py q + py p\n  where p = P { px = x, py = y }\n        q = p { py = px p * 2.0 }",
    ),
    f(
        "pClass",
        2,
        (-1.5, 1.5),
        "class Scale a where\n  scale :: Double -> a -> a\ninstance Scale V3 where\n  scale k (V3 a b c) = V3 (k * a) (k * b) (k * c)\ndata V3 = V3 Double Double Double\npClass [x, y] = case scale x (V3 y (y * y) 1.0) of V3 a b c -> a + b * c",
    ),
    f(
        "pHigherOrder",
        2,
        (-1.5, 1.5),
        "applyTwice :: (a -> a) -> a -> a\napplyTwice g v = g (g v)\npHigherOrder [x, y] = applyTwice (\\v -> v * y + x) x",
    ),
    f("pSharing", 2, (-1.5, 1.5), "pSharing [x, y] = w * w - z\n  where z = x * y\n        w = z * z + z"),
    f(
        "pNewtype",
        2,
        (-1.5, 1.5),
        "newtype W = W Double\nunW :: W -> Double\nunW (W v) = v\npNewtype [x, y] = unW (W (x * y)) * unW (W x)",
    ),
    f(
        "pLoop",
        1,
        (-2.0, 2.0),
        "pLoop [x] = go (10 :: Int) x\n  where go 0 v = v\n        go k v = go (k - 1) (v - 0.1 * sin v)",
    ),
    f("pLength", 4, (-1.5, 1.5), "pLength xs = fromIntegral (length xs) * sum xs + fromIntegral (length (filter (> 0.0) xs))"),
    f("pComprehension", 4, (-1.5, 1.5), "pComprehension xs = sum [a * b | a <- xs, b <- xs, a > b]"),
    f("pTuple", 2, (0.5, 2.0), "pTuple [x, y] = let (a, b) = (x * y, x + y) in a / b"),
    f("pMaximum", 5, (-1.5, 1.5), "pMaximum xs = maximum xs * minimum xs"),
    f("pNorm", 5, (-1.5, 1.5), "pNorm xs = sqrt (sum (map (^ 2) xs) + 1.0)"),
    f(
        "pNumInstance",
        2,
        (-1.5, 1.5),
        "data C = C Double Double\ninstance Eq C where\n  C a b == C c d = a == c && b == d\ninstance Show C where\n  show (C a b) = show a ++ \"+\" ++ show b ++ \"i\"\ninstance Num C where\n  C a b + C c d = C (a + c) (b + d)\n  C a b * C c d = C (a * c - b * d) (a * d + b * c)\n  negate (C a b) = C (negate a) (negate b)\n  abs z = z\n  signum z = z\n  fromInteger n = C (fromInteger n) 0.0\npNumInstance [x, y] = case C x y * C y x + 2 of C re im -> re + im",
    ),
];

const PROGRAM_TAIL: &str = r#"
fdGrad :: ([Double] -> Double) -> [Double] -> [Double]
fdGrad g xs = [ central i | i <- [0 .. length xs - 1] ]
  where central i = let h = 1.0e-6 * max 1.0 (abs (xs !! i))
                    in (g (bump i h) - g (bump i (negate h))) / (2.0 * h)
        bump i d = zipWith (\j v -> if j == i then v + d else v) [0 .. length xs - 1] xs

check :: String -> ([Double] -> Double) -> [([Double], [Double])] -> IO ()
check name g cases = mapM_ (\(xs, dir) -> putStrLn (unwords (name : map show (grad g xs) ++ "|" : map show (fdGrad g xs) ++ ["|", show (snd (jvp g xs dir))]))) cases
"#;

fn program() -> (String, Vec<(&'static str, Vec<Sample>)>) {
    let functions = FUNCTIONS.iter().map(|f| PropertyFunction {
        name: f.name,
        size: f.arity,
        domain: f.domain,
        definition: format!("{} :: [Double] -> Double\n{}", f.name, f.source),
        check_args: format!("\"{}\" {}", f.name, f.name),
    });
    support::property_program("", PROGRAM_TAIL, functions, SAMPLES)
}

/// One output line: function name, gradient, finite differences, jvp.
struct Line {
    name: String,
    grad: Vec<f64>,
    fd: Vec<f64>,
    jvp: f64,
}

fn parse(stdout: &str) -> Vec<Line> {
    stdout
        .lines()
        .map(|l| {
            let mut parts = l.split(" | ");
            let mut head = parts.next().expect("gradient").split_whitespace();
            let name = head.next().expect("name").to_string();
            let num = |s: &str| s.parse::<f64>().unwrap_or_else(|_| panic!("number: {s}"));
            let grad = head.map(num).collect();
            let fd = parts
                .next()
                .expect("finite differences")
                .split_whitespace()
                .map(num)
                .collect();
            let jvp = num(parts.next().expect("jvp").trim());
            Line {
                name,
                grad,
                fd,
                jvp,
            }
        })
        .collect()
}

fn close(a: f64, b: f64, rel: f64, abs: f64) -> bool {
    (a - b).abs() <= abs + rel * a.abs().max(b.abs())
}

#[test]
fn gradients_match_finite_differences_forward_mode_and_each_other() {
    assert!(FUNCTIONS.len() >= 30);
    let (text, cases) = program();
    let path = support::temp_program("props", "properties.hs", &text);
    let expected_lines: usize = cases.iter().map(|(_, c)| c.len()).sum();
    let mut per_mode: Vec<(&str, Vec<Line>)> = Vec::new();
    // Every mode on the VM, and the default mode on the interpreter (the other backend).
    let runs: [(&str, &[&str]); 5] = [
        ("naive", &["--ad", "naive"]),
        ("staged", &["--ad", "staged"]),
        ("cayley", &["--ad", "cayley"]),
        ("interp", &["--backend", "interp", "--ad", "array"]),
        ("array", &["--ad", "array"]),
    ];
    for (mode, flags) in runs {
        let mut args = vec!["run"];
        args.extend_from_slice(flags);
        let out = run_dnrad(&args, &path);
        assert_eq!(out.code, Some(0), "{mode}: {}", out.stderr);
        let lines = parse(&out.stdout);
        assert_eq!(lines.len(), expected_lines, "{mode}");
        per_mode.push((mode, lines));
    }
    let mut failures = Vec::new();
    let flat: Vec<(&str, &Sample)> = cases
        .iter()
        .flat_map(|(name, cs)| cs.iter().map(move |c| (*name, c)))
        .collect();
    for (mode, lines) in &per_mode {
        for (line, (name, (x, dir))) in lines.iter().zip(&flat) {
            assert_eq!(&line.name, name);
            let grad_ok = line.grad.len() == x.len()
                && line
                    .grad
                    .iter()
                    .zip(&line.fd)
                    .all(|(g, fd)| close(*g, *fd, 1e-5, 1e-6));
            let dot: f64 = line.grad.iter().zip(dir).map(|(g, d)| g * d).sum();
            let jvp_ok = close(line.jvp, dot, 1e-9, 1e-12);
            if !grad_ok || !jvp_ok {
                failures.push(format!(
                    "{mode} {name} at {x:?}: grad {:?}, finite differences {:?}, jvp {} vs grad·dir {dot}",
                    line.grad, line.fd, line.jvp
                ));
            }
        }
    }
    let (_, reference) = &per_mode[4];
    for (mode, lines) in &per_mode[..4] {
        for (a, b) in lines.iter().zip(reference) {
            if !a
                .grad
                .iter()
                .zip(&b.grad)
                .all(|(x, y)| close(*x, *y, 1e-12, 1e-15))
            {
                failures.push(format!(
                    "{mode} and array disagree on {}: {:?} vs {:?}",
                    a.name, a.grad, b.grad
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
