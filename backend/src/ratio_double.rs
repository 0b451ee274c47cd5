//! A ratio of Integers to the nearest Double (ties to even), subnormal results and overflow
//! to ±Infinity included: `fromRational`'s primitive. Only arithmetic on the two numbers; it
//! knows no runtime values.

use num_bigint::{BigInt, Sign};
use num_integer::Integer;
use num_traits::{ToPrimitive, Zero};

/// The Double nearest to `n / d` (±Infinity or NaN when `d` is 0).
pub(crate) fn ratio_to_double(n: &BigInt, d: &BigInt) -> f64 {
    let negative = (n.sign() == Sign::Minus) != (d.sign() == Sign::Minus);
    if d.is_zero() {
        return match n.sign() {
            Sign::NoSign => f64::NAN,
            Sign::Minus => f64::NEG_INFINITY,
            Sign::Plus => f64::INFINITY,
        };
    }
    if n.is_zero() {
        return if negative { -0.0 } else { 0.0 };
    }
    let magnitude = if let (Some(a), Some(b)) = (small(n), small(d)) {
        // Both exact in a Double: one IEEE division rounds correctly.
        a / b
    } else {
        round_quotient(&n.magnitude().clone().into(), &d.magnitude().clone().into())
    };
    if negative {
        -magnitude
    } else {
        magnitude
    }
}

/// |x| when it is below 2^53 (exact as a Double).
fn small(x: &BigInt) -> Option<f64> {
    let v = x.magnitude().to_u64()?;
    (v < 1 << 53).then_some(v as f64)
}

/// The Double nearest to n / d for positive n and d.
fn round_quotient(n: &BigInt, d: &BigInt) -> f64 {
    // q = floor(n · 2^shift / d) has 55 or 56 bits; the remainder says whether bits were lost.
    let shift = d.bits() as i64 - n.bits() as i64 + 55;
    let (q, r) = if shift >= 0 {
        (n << shift as usize).div_rem(d)
    } else {
        n.div_rem(&(d << (-shift) as usize))
    };
    let len = q.bits() as i64;
    // The value is q · 2^-shift; its lowest kept bit is 2^(len - 53 - shift), or 2^-1074 for a
    // subnormal result.
    let drop = (len - 53).max(shift - 1074);
    if drop > len {
        return 0.0;
    }
    let kept = &q >> drop as usize;
    let half = drop > 0 && q.bit(drop as u64 - 1);
    let below_half =
        drop > 1 && (&q & ((BigInt::from(1) << (drop as usize - 1)) - 1)) != BigInt::zero();
    let sticky = below_half || !r.is_zero();
    let odd = kept.bit(0);
    let m = kept.to_u64().unwrap_or(0) + u64::from(half && (sticky || odd));
    compose(m, drop - shift)
}

/// m · 2^e for m ≤ 2^53, as a Double (e is at least -1074).
fn compose(m: u64, e: i64) -> f64 {
    let (mut m, mut e) = (m, e);
    if m == 1 << 53 {
        m >>= 1;
        e += 1;
    }
    if m < 1 << 52 {
        // Subnormal (e is -1074 here) or zero.
        return f64::from_bits(m);
    }
    let biased = e + 52 + 1023;
    if biased >= 0x7ff {
        return f64::INFINITY;
    }
    f64::from_bits(((biased as u64) << 52) | (m - (1 << 52)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: &str, d: &str) -> f64 {
        ratio_to_double(&n.parse().unwrap(), &d.parse().unwrap())
    }

    #[test]
    fn rounds_to_nearest_even() {
        let ten = |k: usize| format!("1{}", "0".repeat(k));
        assert_eq!(q("1", &ten(320)), 1e-320);
        assert_eq!(q("123456789", &ten(330)), 1.23e-322);
        assert_eq!(q("1", &ten(400)), 0.0);
        assert_eq!(q("-1", "3"), -1.0 / 3.0);
        assert_eq!(q(&ten(400), "1"), f64::INFINITY);
        assert_eq!(q("9007199254740993", "1"), 9007199254740992.0);
        assert_eq!(q("9007199254740995", "1"), 9007199254740996.0);
        // Below halfway, and above it only by the remainder.
        assert_eq!(q("18014398509481985", "2"), 9007199254740992.0);
        assert_eq!(q("36028797018963973", "4"), 9007199254740994.0);
        // The largest finite Double and the smallest subnormal, and halfway below it.
        let max = "179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368";
        assert_eq!(q(max, "1"), f64::MAX);
        assert_eq!(q("1", &format!("{}", BigInt::from(1) << 1074u32)), 5e-324);
        assert_eq!(q("1", &format!("{}", BigInt::from(1) << 1075u32)), 0.0);
        assert_eq!(q("3", &format!("{}", BigInt::from(1) << 1076u32)), 5e-324);
        assert_eq!(q("0", "5"), 0.0);
        assert!(q("0", "0").is_nan());
        assert_eq!(q("-2", "0"), f64::NEG_INFINITY);
    }
}
