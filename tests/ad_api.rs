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
