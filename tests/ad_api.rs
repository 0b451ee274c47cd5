//! The Prelude's derivative API beyond grad / vjp / jvp, and the derivatives of Prelude
//! functions that are easy to lose (`scaleFloat`, `significand`), through the `dnrad` binary in
//! every reverse mode on both backends, against closed forms.

mod support;

use support::assert_output_in_every_mode_on_both_backends;

fn temp_program(name: &str, text: &str) -> std::path::PathBuf {
    support::temp_program("ad_api", name, text)
}

/// GHC's `exponent` of a finite, non-zero, normal Double: `x = s · 2^e` with `0.5 <= |s| < 1`.
fn exponent(x: f64) -> i32 {
    ((x.to_bits() >> 52) & 0x7ff) as i32 - 1022
}

/// A list of Doubles as `show` prints it (up to the digits, which the comparison tolerates).
fn shown(xs: &[f64]) -> String {
    let items: Vec<String> = xs.iter().map(|x| format!("{x:?}")).collect();
    format!("[{}]", items.join(",")).replace("inf", "Infinity")
}

/// `2^k` exactly (0 below the subnormals, infinity above the largest Double).
fn pow2(k: i32) -> f64 {
    if k < -1022 {
        2f64.powi(-1022) * 2f64.powi((k + 1022).max(-1100))
    } else {
        2f64.powi(k)
    }
}

/// `scaleFloat k x = x · 2^k` and `significand x = x · 2^-(exponent x)`, with `exponent`
/// piecewise constant: their derivatives are `2^k` and `2^-(exponent x)`, by reverse and by
/// forward mode, also where the result is subnormal; where it overflows, by reverse mode.
#[test]
fn scale_float_and_significand_differentiate_as_products_with_powers_of_two() {
    let scales = [3, 0, -1, 1023, -1030, -1074, -1080];
    let overflowing = [1024, 2000];
    let points = [12.0, -0.3, 1.25, 1.0e-300, 3.0e200];
    let file = temp_program(
        "scale.hs",
        &format!(
            "scales :: [Int]\nscales = {scales:?}\n\
             points :: [Double]\npoints = {points:?}\n\
             composite :: Double -> Double\n\
             composite x = scaleFloat 2 (x * x) + significand (3 * x)\n\
             main :: IO ()\n\
             main = do\n\
             \x20 print (grad (scaleFloat 3) 1.25, grad significand 12.0)\n\
             \x20 print [grad (scaleFloat k) 0.7 | k <- scales ++ {overflowing:?}]\n\
             \x20 print [snd (jvp (scaleFloat k) (-2.5) 1.0) | k <- scales]\n\
             \x20 print (map (grad significand) points)\n\
             \x20 print (map (\\x -> snd (jvp significand x 1.0)) points)\n\
             \x20 print (map (grad composite) points)\n"
        ),
    );
    let by_scale: Vec<f64> = scales.iter().map(|&k| pow2(k)).collect();
    let all_scales: Vec<f64> = scales
        .iter()
        .chain(&overflowing)
        .map(|&k| pow2(k))
        .collect();
    let by_point: Vec<f64> = points.iter().map(|&x| pow2(-exponent(x))).collect();
    let composite: Vec<f64> = points
        .iter()
        .map(|&x| 4.0 * 2.0 * x + 3.0 * pow2(-exponent(3.0 * x)))
        .collect();
    let expected = format!(
        "(8.0,6.25e-2)\n{}\n{}\n{}\n{}\n{}\n",
        shown(&all_scales),
        shown(&by_scale),
        shown(&by_point),
        shown(&by_point),
        shown(&composite)
    );
    assert_output_in_every_mode_on_both_backends(&file, &expected);
}

/// A pair as `show` prints it.
fn pair(a: f64, b: f64) -> String {
    format!("({a:?},{b:?})")
}

/// `grad'` gives the value and the gradient of one reverse pass; `diff` and `diff'` the
/// derivative (and value) of a scalar function by forward mode.
#[test]
fn grad_prime_and_diff_agree_with_closed_forms() {
    let points = [(1.5, 2.0), (-1.2, 1.0), (0.0, 0.0), (1.0, 1.0)];
    let xs = [0.0, 0.5, -1.25, 3.0, 10.0];
    let file = temp_program(
        "grad_diff.hs",
        &format!(
            "rosenbrock :: (Double, Double) -> Double\n\
             rosenbrock (x, y) = (1.0 - x) ^ 2 + 100.0 * (y - x * x) ^ 2\n\
             main :: IO ()\n\
             main = do\n\
             \x20 mapM_ (print . grad' rosenbrock) {}\n\
             \x20 print (map (diff sin) {xs:?})\n\
             \x20 print (map (diff' (\\x -> x * exp x)) {xs:?})\n\
             \x20 print (grad' (\\xs -> sum (zipWith (*) xs xs)) [1.0, -2.0, 3.0])\n",
            format!("{points:?}").replace(' ', "")
        ),
    );
    let mut expected = String::new();
    for (x, y) in points {
        let value: f64 = (1.0 - x) * (1.0 - x) + 100.0 * (y - x * x) * (y - x * x);
        let dx = -2.0 * (1.0 - x) - 400.0 * x * (y - x * x);
        let dy = 200.0 * (y - x * x);
        expected += &format!("({value:?},{})\n", pair(dx, dy));
    }
    let cosines: Vec<f64> = xs.iter().map(|x: &f64| x.cos()).collect();
    expected += &format!("{}\n", shown(&cosines));
    let values: Vec<String> = xs
        .iter()
        .map(|&x: &f64| pair(x * x.exp(), (1.0 + x) * x.exp()))
        .collect();
    expected += &format!("[{}]\n", values.join(","));
    expected += "(14.0,[2.0,-4.0,6.0])\n";
    assert_output_in_every_mode_on_both_backends(&file, &expected);
}

/// The Jacobian by reverse mode (`jacobian`) and by forward mode (`jacobianFwd`): the same rows,
/// one per output Double, each of the input's shape, for the polar-to-Cartesian map, a
/// polynomial map from three variables to two, and a data type holding an `Int` and a list.
#[test]
fn jacobians_by_both_modes_agree_with_closed_forms() {
    let (r, t) = (2.0f64, 0.5f64);
    let (x, y, z) = (1.0f64, 2.0f64, 3.0f64);
    let file = temp_program(
        "jacobian.hs",
        &format!(
            "polar :: (Double, Double) -> (Double, Double)\n\
             polar (r, t) = (r * cos t, r * sin t)\n\
             poly :: [Double] -> (Double, Double)\n\
             poly [x, y, z] = (x * x * y + z, y * z * z - x)\n\
             data P = P Int Double [Double] deriving Show\n\
             scaled :: P -> [Double]\n\
             scaled (P n a xs) = map (\\x -> fromIntegral n * a * x) xs ++ [a * a]\n\
             main :: IO ()\n\
             main = do\n\
             \x20 print (jacobian polar ({r:?}, {t:?}), jacobianFwd polar ({r:?}, {t:?}))\n\
             \x20 print (jacobian poly [{x:?}, {y:?}, {z:?}])\n\
             \x20 print (jacobianFwd poly [{x:?}, {y:?}, {z:?}])\n\
             \x20 print (jacobian scaled (P 3 2.0 [1.0, 5.0]))\n\
             \x20 print (jacobianFwd scaled (P 3 2.0 [1.0, 5.0]))\n"
        ),
    );
    let polar = format!(
        "[{},{}]",
        pair(t.cos(), -r * t.sin()),
        pair(t.sin(), r * t.cos())
    );
    let poly = format!(
        "[{},{}]\n",
        shown(&[2.0 * x * y, x * x, 1.0]),
        shown(&[-1.0, z * z, 2.0 * y * z])
    );
    // scaled (P n a [u, v]) = [n a u, n a v, a²] at n = 3, a = 2, u = 1, v = 5.
    let scaled = "[P 3 3.0 [6.0,0.0],P 3 15.0 [0.0,6.0],P 3 4.0 [0.0,0.0]]\n";
    let expected = format!("({polar},{polar})\n{poly}{poly}{scaled}{scaled}");
    assert_output_in_every_mode_on_both_backends(&file, &expected);
}

/// Without Doubles in the output there are no rows; without Doubles in the input each row is
/// the input itself, one per output Double.
#[test]
fn jacobians_without_doubles_on_one_side() {
    let file = temp_program(
        "jacobian_edges.hs",
        "twice :: Int -> [Double]\n\
         twice n = [fromIntegral n * 2.0, 1.0]\n\
         main :: IO ()\n\
         main = do\n\
         \x20 print (jacobian twice 3, jacobianFwd twice 3)\n\
         \x20 print (jacobian (\\x -> length [x, x]) 2.0, jacobianFwd (\\x -> length [x, x]) 2.0)\n",
    );
    assert_output_in_every_mode_on_both_backends(&file, "([3,3],[3,3])\n([],[])\n");
}

/// The API functions reject a function type at the call site, as grad does.
#[test]
fn jacobian_at_a_function_type_is_a_type_error_at_the_call_site() {
    let file = temp_program(
        "jacobian_higher.hs",
        "main :: IO ()\nmain = print (length (jacobian (\\f -> [f 1.0]) (\\x -> x + 1.0)))\n",
    );
    let out = support::run_dnrad(&["check"], &file);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert!(
        out.stderr.contains("jacobian_higher.hs:2:23"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("contains a function"), "{}", out.stderr);
}

/// The helpers of the API are the Prelude's own: a program cannot name them.
#[test]
fn the_helpers_of_the_api_are_not_in_scope() {
    for helper in ["apiOneHots", "apiRows"] {
        let file = temp_program(
            &format!("{helper}.hs"),
            &format!("main :: IO ()\nmain = print (length ({helper} [1.0]))\n"),
        );
        let out = support::run_dnrad(&["check"], &file);
        assert_eq!(out.code, Some(1), "{helper}: {}", out.stderr);
        assert!(out.stderr.contains("not in scope"), "{}", out.stderr);
    }
}

/// Hessians by forward over reverse: `hessian` (rows, one per input Double, of the input's
/// shape) and `hessianVectorProduct`, for Rosenbrock at several points, a function of a list
/// and one of a data type holding an `Int`.
#[test]
fn hessians_agree_with_closed_forms() {
    let points = [(1.0, 1.0), (-1.2, 1.0), (0.5, 2.0)];
    let v = (0.3, -0.7);
    let (a, b, c) = (0.5f64, -1.5f64, 2.0f64);
    let file = temp_program(
        "hessian.hs",
        &format!(
            "rosenbrock :: (Double, Double) -> Double\n\
             rosenbrock (x, y) = (1.0 - x) ^ 2 + 100.0 * (y - x * x) ^ 2\n\
             cubic :: [Double] -> Double\n\
             cubic [x, y, z] = x * x * x + x * y * z + sin y\n\
             data W = W Int Double Double deriving Show\n\
             weighted :: W -> Double\n\
             weighted (W n x y) = fromIntegral n * x * x * y\n\
             main :: IO ()\n\
             main = do\n\
             \x20 mapM_ (\\p -> print (hessian rosenbrock p, hessianVectorProduct rosenbrock p {v:?})) {}\n\
             \x20 print (hessian cubic [{a:?}, {b:?}, {c:?}])\n\
             \x20 print (hessianVectorProduct cubic [{a:?}, {b:?}, {c:?}] [1.0, 2.0, 3.0])\n\
             \x20 print (hessian weighted (W 3 2.0 5.0))\n",
            format!("{points:?}").replace(' ', ""),
        ),
    );
    let mut expected = String::new();
    for (x, y) in points {
        let (hxx, hxy, hyy) = (2.0 - 400.0 * (y - x * x) + 800.0 * x * x, -400.0 * x, 200.0);
        expected += &format!(
            "([{},{}],{})\n",
            pair(hxx, hxy),
            pair(hxy, hyy),
            pair(hxx * v.0 + hxy * v.1, hxy * v.0 + hyy * v.1)
        );
    }
    // cubic: ∂²/∂x² = 6x, ∂²/∂x∂y = z, ∂²/∂x∂z = y, ∂²/∂y² = -sin y, ∂²/∂y∂z = x, ∂²/∂z² = 0.
    let h = [[6.0 * a, c, b], [c, -b.sin(), a], [b, a, 0.0]];
    let rows: Vec<String> = h.iter().map(|r| shown(r)).collect();
    expected += &format!("[{}]\n", rows.join(","));
    let hv: Vec<f64> = h.iter().map(|r| r[0] + 2.0 * r[1] + 3.0 * r[2]).collect();
    expected += &format!("{}\n", shown(&hv));
    // weighted (W n x y) = n x² y at n = 3, x = 2, y = 5: ∂²/∂x² = 2ny, ∂²/∂x∂y = 2nx, ∂²/∂y² = 0.
    expected += "[W 3 30.0 12.0,W 3 12.0 0.0]\n";
    assert_output_in_every_mode_on_both_backends(&file, &expected);
}
