//! `decodeFloat` and `encodeFloat` at `Double`, with GHC's results at the edges. Decoding reads
//! the bits: a zero is `(0, 0)`, a subnormal has its mantissa normalised to 53 bits, and an
//! infinity or NaN decodes as its bit pattern does (exponent 972, the sign bit and payload in
//! the mantissa: `decodeFloat (1/0)` is `(2^52, 972)`). Encoding converts the mantissa as GHC
//! does (to the nearest Double when it fits in an Int, else its 53 leading bits, truncated) and
//! scales that by `2^e` with one rounding, as C's `ldexp`. It computes on numbers only: it
//! builds no values and knows no other primitive.

use num_bigint::{BigInt, Sign};
use num_traits::ToPrimitive;

/// `(m, e)` with `x = m * 2^e`, `|m|` of exactly 53 bits; `(0, 0)` for a zero.
pub(crate) fn decode(x: f64) -> (i64, i64) {
    if x == 0.0 {
        return (0, 0);
    }
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i64;
    let frac = (bits & ((1 << 52) - 1)) as i64;
    let (m, e) = if exp == 0 {
        // Subnormal: the leading one moved to bit 52.
        let shift = i64::from(frac.leading_zeros()) - 11;
        (frac << shift, -1074 - shift)
    } else {
        (frac | 1 << 52, exp - 1075)
    };
    (if x.is_sign_negative() { -m } else { m }, e)
}

/// `encodeFloat m e`: `m` as GHC converts it (nearest when it fits in an Int, truncated to 53
/// bits when not), times `2^e` rounded once. An `e` too large for any Double gives an infinity
/// or a zero (never wraps around).
pub(crate) fn encode(m: &BigInt, e: i64) -> f64 {
    let (magnitude, shift) = match m.to_i64() {
        Some(i) => (i.unsigned_abs() as f64, 0),
        None => {
            // Beyond the range of i64 `m` has more than 53 bits.
            let shift = m.bits() - 53;
            let leading = (m.magnitude() >> shift).to_u64().unwrap_or(0);
            (leading as f64, i64::try_from(shift).unwrap_or(i64::MAX))
        }
    };
    let r = ldexp(magnitude, e.saturating_add(shift));
    if m.sign() == Sign::Minus {
        -r
    } else {
        r
    }
}

/// `2^k` for `k` in -1074..=1023, exactly.
fn power_of_two(k: i64) -> f64 {
    if k >= -1022 {
        f64::from_bits(((k + 1023) as u64) << 52)
    } else {
        f64::from_bits(1 << (k + 1074))
    }
}

/// `x * 2^e` rounded once (to nearest, ties to even): products with powers of two, exact while
/// they stay normal, and at most one last product that rounds into the subnormal range.
pub(crate) fn ldexp(mut x: f64, e: i64) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    // A finite x is below 2^1024 and at least 2^-1074: beyond ±2200, 0 or infinity alike.
    let mut e = e.clamp(-2200, 2200);
    while e > 1023 {
        x *= power_of_two(1023);
        e -= 1023;
    }
    if e >= 0 {
        return x * power_of_two(e);
    }
    // Exactly down to the result's exponent or, if that is subnormal, the smallest normal one.
    let exponent = decode(x).1 + 52;
    let mut exact = e.max((-1022 - exponent).min(0));
    e -= exact;
    while exact < -1022 {
        x *= power_of_two(-1022);
        exact += 1022;
    }
    x *= power_of_two(exact);
    // Below 2^-1074 the product is 0 either way.
    x * power_of_two(e.max(-1074))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encode_f(m: i128, e: i64) -> f64 {
        encode(&BigInt::from(m), e)
    }

    #[test]
    fn infinities_and_nans_decode_as_their_bits_do() {
        assert_eq!(decode(f64::INFINITY), (1 << 52, 972));
        assert_eq!(decode(f64::NEG_INFINITY), (-(1 << 52), 972));
        // The NaN of 0/0 on x86 has the sign bit set; GHC's decodeFloat (0/0).
        let nan = f64::from_bits(0xfff8_0000_0000_0000);
        assert_eq!(decode(nan), (-6755399441055744, 972));
        assert_eq!(decode(-nan), (6755399441055744, 972));
        assert_eq!(
            decode(f64::from_bits(0x7ff0_0000_0000_0001)),
            ((1 << 52) + 1, 972)
        );
        assert_eq!(decode(0.0), (0, 0));
        assert_eq!(decode(-0.0), (0, 0));
        assert_eq!(decode(5e-324), (1 << 52, -1126));
        assert_eq!(decode(-1.5), (-(3 << 51), -52));
    }

    #[test]
    fn encoding_inverts_decoding() {
        for x in [
            1.0,
            -0.1,
            5e-324,
            2.2250738585072014e-308,
            f64::MAX,
            -f64::MIN_POSITIVE,
        ] {
            let (m, e) = decode(x);
            assert_eq!(encode_f(m.into(), e).to_bits(), x.to_bits(), "{x}");
        }
    }

    #[test]
    fn encoding_at_the_edges_is_ghcs() {
        // 0 * 2^2000 is 0, not 0 * infinity.
        assert_eq!(encode_f(0, 2000).to_bits(), 0.0f64.to_bits());
        assert_eq!(encode_f(-1, -2000).to_bits(), (-0.0f64).to_bits());
        assert_eq!(encode_f(1, 1024), f64::INFINITY);
        assert_eq!(encode_f(-1, i64::MAX), f64::NEG_INFINITY);
        assert_eq!(encode_f(1, i64::MIN), 0.0);
        // Into the subnormal range, rounded once, ties to even.
        assert_eq!(encode_f(1, -1074), 5e-324);
        assert_eq!(encode_f(1, -1075), 0.0);
        assert_eq!(encode_f(3, -1075), 1e-323);
        assert_eq!(encode_f(5, -1075), 1e-323);
        // A mantissa beyond f64's range scaled back into it.
        let big = |k: u32| BigInt::from(1) << k;
        assert_eq!(encode(&big(2000), -2000), 1.0);
        assert_eq!(encode(&(big(2000) + 1), -2050), 2f64.powi(-50));
        assert_eq!(encode(&-big(1100), -1100), -1.0);
        // A mantissa that fits in an Int converts to the nearest Double first, one that does not
        // is truncated to 53 bits (GHC's two conversions).
        assert_eq!(encode_f((1 << 54) + 11, -1077), 1.1125369292536017e-308);
        assert_eq!(encode(&(big(64) + (1 << 11) + 1), 0), 2f64.powi(64));
        assert_eq!(encode(&(big(1024) - 1), 0), f64::MAX);
        // GHC 9.0 negates `minBound` in C and returns +2^62 here; the sign is kept.
        assert_eq!(encode_f(i64::MIN.into(), -1), -(2f64.powi(62)));
    }

    #[test]
    fn ldexp_rounds_once() {
        assert_eq!(ldexp(1.5, -1074), 5e-324 * 2.0);
        assert_eq!(ldexp(f64::MAX, -2098), 5e-324);
        assert_eq!(ldexp(5e-324, 2097), 2f64.powi(1023));
        assert_eq!(ldexp(5e-324, 2098), f64::INFINITY);
        assert_eq!(ldexp(-3.0, 1), -6.0);
        assert!(ldexp(f64::NAN, 3).is_nan());
    }
}
