//! Data.Array.Numeric through the `dnrad` binary: gradients (every reverse mode), tangents and a
//! Hessian-vector product of functions built from its operations — sums, products, maps, zips,
//! folds, extrema, dot products, matrix–vector and matrix–matrix products, a stencil iterated
//! over `generate` and `!`, rows, columns, slices and transposes — against closed forms
//! computed here, on both backends; and its runtime errors (bounds that differ, an empty
//! maximum, an index outside the bounds), located in the user's code. (Its results on ordinary
//! values are checked against GHC in `tests/library/array_numeric.hs`.)

mod support;

use std::cmp::Ordering;
use support::{assert_output_in_every_mode_on_both_backends, run_dnrad};

/// A dense matrix with its index bounds: rows `r0 ..`, columns `c0 ..`, row after row.
#[derive(Clone)]
struct Mat {
    r0: i64,
    c0: i64,
    rows: usize,
    cols: usize,
    at: Vec<f64>,
}

impl Mat {
    fn new(r0: i64, c0: i64, rows: usize, cols: usize, f: impl Fn(usize, usize) -> f64) -> Mat {
        let at = (0..rows * cols).map(|p| f(p / cols, p % cols)).collect();
        Mat {
            r0,
            c0,
            rows,
            cols,
            at,
        }
    }

    fn get(&self, i: usize, j: usize) -> f64 {
        self.at[i * self.cols + j]
    }

    fn bounds(&self) -> String {
        format!(
            "(({},{}),({},{}))",
            self.r0,
            self.c0,
            self.r0 + self.rows as i64 - 1,
            self.c0 + self.cols as i64 - 1
        )
    }

    /// The Haskell expression of this matrix.
    fn literal(&self) -> String {
        format!("listArray {} {}", self.bounds(), list(&self.at))
    }

    /// The matrix as `show` prints it.
    fn shown(&self) -> String {
        let items: Vec<String> = (0..self.rows * self.cols)
            .map(|p| {
                let (i, j) = (p / self.cols, p % self.cols);
                let (r, c) = (self.r0 + i as i64, self.c0 + j as i64);
                format!("(({r},{c}),{:?})", self.at[p])
            })
            .collect();
        format!("array {} [{}]", self.bounds(), items.join(","))
    }

    /// `self · v`.
    fn times(&self, v: &[f64]) -> Vec<f64> {
        (0..self.rows)
            .map(|i| (0..self.cols).map(|j| self.get(i, j) * v[j]).sum())
            .collect()
    }

    fn transposed(&self) -> Mat {
        Mat::new(self.c0, self.r0, self.cols, self.rows, |i, j| {
            self.get(j, i)
        })
    }
}

/// A vector indexed from `l`: its Haskell expression and how `show` prints it.
struct Vector {
    l: i64,
    at: Vec<f64>,
}

impl Vector {
    fn bounds(&self) -> String {
        format!("({},{})", self.l, self.l + self.at.len() as i64 - 1)
    }

    fn literal(&self) -> String {
        format!("listArray {} {}", self.bounds(), list(&self.at))
    }

    /// An array of this vector's bounds with elements `f(0)`, `f(1)`, ... as `show` prints it.
    fn shown_by(&self, f: impl Fn(usize) -> f64) -> String {
        let items: Vec<String> = (0..self.at.len())
            .map(|k| format!("({},{:?})", self.l + k as i64, f(k)))
            .collect();
        format!("array {} [{}]", self.bounds(), items.join(","))
    }
}

fn list(xs: &[f64]) -> String {
    let items: Vec<String> = xs.iter().map(|x| format!("{x:?}")).collect();
    format!("[{}]", items.join(","))
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Numbers in [-1.875, 1.875] in steps of 0.25 (never 0), varied by `seed`.
fn values(seed: usize, n: usize) -> Vec<f64> {
    (0..n)
        .map(|k| ((k * seed + 3) % 16) as f64 * 0.25 - 1.875)
        .collect()
}

/// The smoothing step of `smooth` below as a matrix on `n` points (the ends held).
fn smoothing(n: usize) -> Mat {
    Mat::new(1, 1, n, n, |i, j| {
        if i == 0 || i == n - 1 {
            f64::from(i == j)
        } else if i == j {
            0.5
        } else if i.abs_diff(j) == 1 {
            0.25
        } else {
            0.0
        }
    })
}

fn power(m: &Mat, v: &[f64], k: usize) -> Vec<f64> {
    (0..k).fold(v.to_vec(), |v, _| m.times(&v))
}

const DEFINITIONS: &str = "import Data.Array\nimport Data.Array.Numeric\n\n\
    smooth :: Array Int Double -> Array Int Double\n\
    smooth a = generate (l, h) cell\n\
    \x20 where (l, h) = bounds a\n\
    \x20       cell i = if i == l || i == h then a ! i\n\
    \x20                else 0.25 * a ! (i - 1) + 0.5 * a ! i + 0.25 * a ! (i + 1)\n\n\
    heat :: Int -> Array Int Double -> Array Int Double\n\
    heat k u = foldl (\\c _ -> smooth c) u [1 .. k]\n";

#[test]
fn gradients_of_bulk_operations_agree_with_closed_forms() {
    // Nine elements from index 1 (a step of four and one left over), products with inner
    // dimensions 4 and 10 (a step of eight and two left over), lower bounds other than 0.
    let vector = |l, seed, n| Vector {
        l,
        at: values(seed, n),
    };
    let matrix = |r0, c0, rows, cols, seed| {
        let at = values(seed, rows * cols);
        Mat::new(r0, c0, rows, cols, |i, j| at[i * cols + j])
    };
    let (x, y, v) = (vector(1, 5, 9), vector(1, 7, 9), vector(1, 9, 4));
    let (u4, v4) = (vector(0, 7, 4), vector(0, 5, 4));
    let w = Vector {
        l: 0,
        at: vec![1.5, -0.5, 2.0],
    };
    let m = matrix(0, 1, 3, 4, 3);
    let a = matrix(1, 0, 2, 10, 11);
    let b = matrix(0, 1, 10, 3, 13);
    let wc = matrix(1, 1, 2, 3, 5);
    let sq = matrix(0, 0, 4, 4, 3);
    let text = format!(
        "{DEFINITIONS}\nmain :: IO ()\nmain = do\n\
         \x20 let x = {x}\n      y = {y}\n      m = {m}\n      v = {v}\n      w = {w}\n\
         \x20     a = {a}\n      b = {b}\n      wc = {wc}\n      sq = {sq}\n      u4 = {u4}\n      v4 = {v4}\n\
         \x20 print (grad sumA x)\n\
         \x20 print (grad (\\z -> dotA z z) x)\n\
         \x20 print (grad (\\(p, q) -> dotA p q) (x, y))\n\
         \x20 print (grad (\\(mm, vv) -> dotA w (matVec mm vv)) (m, v))\n\
         \x20 print (grad (\\(p, q) -> dotA wc (matMul p q)) (a, b))\n\
         \x20 print (grad (\\s -> dotA y (heat 3 s)) x)\n\
         \x20 print (grad (\\s -> let t = heat 2 s in dotA t t) x)\n\
         \x20 print (grad productA x)\n\
         \x20 print (grad maximumA x)\n\
         \x20 print (grad (\\s -> dotA (row 1 s) (column 2 s)) sq)\n\
         \x20 print (grad (\\(s, t) -> dotA u4 (vecMat t (transposeA s))) (sq, v4))\n\
         \x20 print (grad (\\s -> sumA (outer (diagonal s) (sliceA (2, 4) x))) sq)\n\
         \x20 print (grad (\\z -> sumA (addA (scaleA 2 z) (subA (mapA sin z) (imap (\\i e -> fromIntegral i * e) z)))) x)\n\
         \x20 print (grad (\\z -> foldrA (*) 1 z + minimumA z + sumA (zipWithA (\\p q -> p * q * q) z z)) x)\n\
         \x20 print (grad (\\z -> let l = fromListA (elems z) in dotA l (matVec (identity 9) l)) x)\n\
         \x20 print (snd (jvp (\\z -> dotA z z) x y))\n\
         \x20 print (snd (jvp (\\(mm, vv) -> dotA w (matVec mm vv)) (m, v) (fmap negate m, fmap (* 3) v)))\n\
         \x20 print (hessianVectorProduct (\\z -> dotA z (matVec sm z)) x y)\n\
         \x20 where sm = {smat}\n",
        x = x.literal(),
        y = y.literal(),
        m = m.literal(),
        v = v.literal(),
        w = w.literal(),
        a = a.literal(),
        b = b.literal(),
        wc = wc.literal(),
        sq = sq.literal(),
        u4 = u4.literal(),
        v4 = v4.literal(),
        smat = smoothing(9).literal(),
    );
    let file = support::temp_program("arrays_numeric", "gradients.hs", &text);

    let mut expected = String::new();
    let mut line = |s: String| {
        expected.push_str(&s);
        expected.push('\n');
    };
    let twice_x = x.shown_by(|k| 2.0 * x.at[k]);
    line(x.shown_by(|_| 1.0));
    line(twice_x.clone());
    line(format!(
        "({},{})",
        x.shown_by(|k| y.at[k]),
        y.shown_by(|k| x.at[k])
    ));
    // d/dm (w · m v) = w vᵀ, d/dv = mᵀ w.
    let dm = Mat::new(m.r0, m.c0, 3, 4, |i, j| w.at[i] * v.at[j]);
    line(format!(
        "({},{})",
        dm.shown(),
        v.shown_by(|k| m.transposed().times(&w.at)[k])
    ));
    // d/da (wc : a b) = wc bᵀ, d/db = aᵀ wc.
    let da = Mat::new(a.r0, a.c0, 2, 10, |i, j| {
        (0..3).map(|k| wc.get(i, k) * b.get(j, k)).sum()
    });
    let db = Mat::new(b.r0, b.c0, 10, 3, |j, k| {
        (0..2).map(|i| a.get(i, j) * wc.get(i, k)).sum()
    });
    line(format!("({},{})", da.shown(), db.shown()));
    // y · S³s is linear: its gradient is (Sᵀ)³ y; |S²s|² has gradient 2 (S²)ᵀ S² s.
    let s = smoothing(9);
    let cubed = power(&s.transposed(), &y.at, 3);
    line(x.shown_by(|k| cubed[k]));
    let back = power(&s.transposed(), &power(&s, &x.at, 2), 2);
    line(x.shown_by(|k| 2.0 * back[k]));
    let product = |i: usize| -> f64 { (0..9).filter(|&j| j != i).map(|j| x.at[j]).product() };
    line(x.shown_by(product));
    let extreme = |order: Ordering| {
        (0..9)
            .find(|&i| (0..9).all(|j| j == i || x.at[i].total_cmp(&x.at[j]) == order))
            .expect("distinct elements")
    };
    let (largest, smallest) = (extreme(Ordering::Greater), extreme(Ordering::Less));
    line(x.shown_by(|k| f64::from(k == largest)));
    // Σₖ sq[1][k] · sq[k][2].
    let mut drc = [0.0; 16];
    for k in 0..4 {
        drc[4 + k] += sq.get(k, 2);
        drc[k * 4 + 2] += sq.get(1, k);
    }
    line(Mat::new(0, 0, 4, 4, |i, j| drc[i * 4 + j]).shown());
    // u4 · ((sqᵀ)ᵀ v4) = u4 · sq v4.
    let douter = Mat::new(0, 0, 4, 4, |i, j| u4.at[i] * v4.at[j]);
    line(format!(
        "({},{})",
        douter.shown(),
        v4.shown_by(|k| sq.transposed().times(&u4.at)[k])
    ));
    // Σᵢ Σₗ sq[i][i] · x[l], l = 2 .. 4.
    let slice_sum: f64 = x.at[1..4].iter().sum();
    line(Mat::new(0, 0, 4, 4, |i, j| if i == j { slice_sum } else { 0.0 }).shown());
    // Σ 2zᵢ + sin zᵢ − i·zᵢ; Π z + min z + Σ zᵢ³; l · I l.
    line(x.shown_by(|k| 2.0 + x.at[k].cos() - (k + 1) as f64));
    line(x.shown_by(|k| product(k) + f64::from(k == smallest) + 3.0 * x.at[k] * x.at[k]));
    line(twice_x);
    line(format!("{:?}", 2.0 * dot(&x.at, &y.at)));
    let dm_v: Vec<f64> = m.times(&v.at).iter().map(|e| -e).collect();
    let m_dv: Vec<f64> = m.times(&v.at.iter().map(|e| 3.0 * e).collect::<Vec<_>>());
    line(format!("{:?}", dot(&w.at, &dm_v) + dot(&w.at, &m_dv)));
    // The Hessian of z · S z is S + Sᵀ.
    let (sy, sty) = (s.times(&y.at), s.transposed().times(&y.at));
    line(x.shown_by(|k| sy[k] + sty[k]));
    assert_output_in_every_mode_on_both_backends(&file, &expected);
}

/// `dnrad run` of `expr` (printed, after `DEFINITIONS`) must fail on both backends with a
/// runtime error naming `message` at the program's last line, where `main` prints.
fn fails_with(name: &str, expr: &str, message: &str) {
    let text = format!("{DEFINITIONS}\nmain :: IO ()\nmain = print ({expr})\n");
    let last = text.lines().count();
    let file = support::temp_program("arrays_numeric", name, &text);
    for backend in ["vm", "interp"] {
        let out = run_dnrad(&["run", "--backend", backend], &file);
        assert_eq!(out.code, Some(1), "{backend}: {}", out.stderr);
        assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
        assert!(
            out.stderr.contains(&format!("{name}:{last}:")),
            "{backend}: expected line {last}:\n{}",
            out.stderr
        );
        assert!(
            out.stderr.contains(message),
            "{backend}: expected `{message}`:\n{}",
            out.stderr
        );
    }
}

#[test]
fn operations_on_arrays_of_different_bounds_fail_naming_both() {
    fails_with(
        "zip.hs",
        "zipWithA (+) (fromListA [1, 2, 3 :: Int]) (listArray (1, 3) [1, 2, 3])",
        "Data.Array.Numeric.zipWithA: bounds (0,2) and (1,3) differ",
    );
    fails_with(
        "dot.hs",
        "dotA (fromListA [1, 2 :: Double]) (fromListA [1, 2, 3])",
        "Data.Array.Numeric.dotA: bounds (0,1) and (0,2) differ",
    );
    fails_with(
        "matvec.hs",
        "matVec (identity 3 :: Array (Int, Int) Double) (listArray (1, 3) [1, 2, 3])",
        "Data.Array.Numeric.matVec: bounds (0,2) and (1,3) differ",
    );
    fails_with(
        "matmul.hs",
        "matMul (identity 2 :: Array (Int, Int) Int) (identity 3)",
        "Data.Array.Numeric.matMul: bounds (0,1) and (0,2) differ",
    );
    fails_with(
        "addsub.hs",
        "subA (generate ('a', 'c') fromEnum) (generate ('a', 'd') fromEnum)",
        "Data.Array.Numeric.subA: bounds ('a','c') and ('a','d') differ",
    );
}

#[test]
fn an_empty_maximum_and_an_index_outside_the_bounds_fail() {
    fails_with(
        "maximum.hs",
        "maximumA (fromListA [] :: Array Int Int)",
        "Data.Array.Numeric.maximumA: empty array",
    );
    fails_with(
        "row.hs",
        "row 5 (identity 3 :: Array (Int, Int) Int)",
        "Ix{Int}.index: Index (5) out of range ((0,2))",
    );
    fails_with(
        "slice.hs",
        "sliceA (1, 4) (fromListA \"abc\")",
        "Ix{Int}.index: Index (4) out of range ((0,2))",
    );
}

/// A program over two arrays `x` and `y` of `n` elements whose magnitudes differ (so that the
/// order of additions shows), with `elementwise`, the dot product by its definition.
fn dot_program(n: usize, body: &str) -> String {
    format!(
        "import Data.Array\nimport Data.Array.Numeric\n\n\
         elementwise :: (Array Int Double, Array Int Double) -> Double\n\
         elementwise (x, y) = sum (zipWith (*) (elems x) (elems y))\n\n\
         -- The same dual number at every odd position, next to numbers operations made.\n\
         shared :: (Array Int Double, Array Int Double) -> Array Int Double\n\
         shared (a, b) = let s = a ! 0 * b ! 1 in fmap (\\e -> e * e) b // [(k, s) | k <- [1, 3 .. {last}]]\n\n\
         main :: IO ()\nmain = do\n\
         \x20 let x = listArray (0, {last}) [sin (fromIntegral k) * 1.0e3 ^ (k `mod` 3) | k <- [1 .. {n} :: Int]] :: Array Int Double\n\
         \x20     y = listArray (0, {last}) [cos (fromIntegral k) / 7 | k <- [1 .. {n} :: Int]]\n\
         {body}",
        last = n - 1
    )
}

/// The backpropagator calls of `grad f (x, y)` over arrays of `n` (array mode, VM).
fn bp_calls_of(f: &str, n: usize) -> u64 {
    let text = dot_program(n, &format!("  print (grad ({f}) (x, y))\n"));
    let file = support::temp_program("arrays_numeric", &format!("count_{n}.hs"), &text);
    let out = run_dnrad(&["run", "--stats"], &file);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    support::reported_bp_calls(&out.stderr)
}

#[test]
fn a_dot_product_or_sum_is_one_operation_with_the_elementwise_derivatives_to_the_last_bit() {
    let body = "  print (grad (\\(a, b) -> dotA a b) (x, y) == grad elementwise (x, y))\n\
                \x20 print (grad (\\a -> dotA a a) x == grad (\\a -> elementwise (a, a)) x)\n\
                \x20 print (jvp (\\(a, b) -> dotA a b) (x, y) (y, x) == jvp elementwise (x, y) (y, x))\n\
                \x20 print (dotA x y == elementwise (x, y))\n\
                \x20 print (grad (\\a -> sumA a * dotA a y) x == grad (\\a -> sum (elems a) * elementwise (a, y)) x)\n\
                \x20 print (jvp sumA x y == jvp (\\a -> sum (elems a)) x y, sumA y == sum (elems y))\n\
                \x20 print (grad (\\(a, b) -> dotA (shared (a, b)) a) (x, y) == grad (\\(a, b) -> elementwise (shared (a, b), a)) (x, y))\n";
    let file = support::temp_program("arrays_numeric", "dot_bits.hs", &dot_program(40, body));
    for backend in ["vm", "interp"] {
        for mode in support::AD_MODES {
            let out = run_dnrad(&["run", "--backend", backend, "--ad", mode], &file);
            assert_eq!(out.code, Some(0), "{mode} {backend}: {}", out.stderr);
            // The naive mode visits the elementwise products from the first, so a number used
            // at several positions gets its contributions in another order (the last line).
            let exact = if mode == "naive" { 6 } else { 7 };
            let lines: Vec<&str> = out.stdout.lines().take(exact).collect();
            let expected = (0..exact).map(|k| if k == 5 { "(True,True)" } else { "True" });
            assert_eq!(lines, expected.collect::<Vec<_>>(), "{mode} {backend}");
        }
    }
    // One operation whatever the length; the definition's two an element (a sum's one), but
    // for the first sum, `0 + p`, which has one argument and is recorded through: 2n - 1 and
    // n - 1.
    let dot = "\\(a, b) -> dotA a b";
    assert_eq!(bp_calls_of(dot, 10), bp_calls_of(dot, 1000));
    assert!(bp_calls_of("elementwise", 1000) >= 1999);
    let sum = "\\(a, _) -> sumA a";
    assert_eq!(bp_calls_of(sum, 10), bp_calls_of(sum, 1000));
    assert!(bp_calls_of("\\(a, _) -> sum (elems a)", 1000) >= 999);
}

/// An array of Doubles is interleaved by reference (its elements are made as they are read,
/// `InputArray`); one with positions once undefined is interleaved an element at a time. Every
/// array primitive, the dot product rule, a vjp whose output holds the input and a nested level
/// that takes the outer input: the two give the same derivatives to the last bit.
#[test]
fn an_input_array_read_in_place_differentiates_as_its_elements_to_the_last_bit() {
    let text = "import Data.Array\nimport Data.Array.Numeric\n\n\
        -- The same array, known only elementwise to hold Doubles (`//` over holes).\n\
        elementwise :: Array Int Double -> Array Int Double\n\
        elementwise a = listArray (bounds a) [] // assocs a\n\n\
        fs :: [Array Int Double -> Double]\n\
        fs = [ \\a -> sum (elems a) * a ! 3\n\
        \x20    , \\a -> sumA (fmap sin a // [(1, a ! 4 * a ! 4), (2, 1)])\n\
        \x20    , \\a -> sumA (accumArray (+) 0 (0, 3) [(i `mod` 4, x * x) | (i, x) <- assocs a])\n\
        \x20    , \\a -> dotA a a + dotA a (fmap cos a) + sumA a\n\
        \x20    , \\a -> let (l, h) = bounds a in fromIntegral (h - l) * a ! l + sumA (ixmap (0, 2) (\\i -> h - i) a)\n\
        \x20    , \\a -> sumA (grad (\\b -> dotA a b * dotA b b) a)\n\
        \x20    , \\a -> let (y, bp) = vjp (\\b -> b) a in dotA y (bp a)\n\
        \x20    ]\n\n\
        main :: IO ()\nmain = do\n\
        \x20 let x = listArray (0, 7) [sin (fromIntegral k) * 10 ^ (k `mod` 3) | k <- [1 .. 8 :: Int]] :: Array Int Double\n\
        \x20 let bits g = [(c, isNegativeZero c) | c <- elems g]\n\
        \x20 print [bits (grad f x) == bits (grad (f . elementwise) x) | f <- fs]\n\
        \x20 print [bounds (grad f x) == bounds x | f <- fs]\n";
    let file = support::temp_program("arrays_numeric", "input_arrays.hs", text);
    for backend in ["vm", "interp"] {
        for mode in support::AD_MODES {
            let out = run_dnrad(&["run", "--backend", backend, "--ad", mode], &file);
            assert_eq!(out.code, Some(0), "{mode} {backend}: {}", out.stderr);
            let all = format!("[{}]", ["True"; 7].join(","));
            assert_eq!(out.stdout, format!("{all}\n{all}\n"), "{mode} {backend}");
        }
    }
}
