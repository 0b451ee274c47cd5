//! Haskell's `Integer` at run time. A value in the range of `i64` is unboxed
//! (`Value::SmallInteger`); only one outside it is a heap `BigInt` (`Value::BigInteger`), so the
//! representation of a number is unique and `fromIntegral`, literals defaulted to `Integer` and
//! counters cost no allocation. Arithmetic on small operands runs on `i64` and moves to `BigInt`
//! exactly when the result would overflow. This module must not know any other type's
//! primitives.

use crate::prims::DIV_ZERO;
use crate::value::{ConCell, Value};
use dnrad_core::PrimOp;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{ToPrimitive, Zero};
use std::borrow::Cow;
use std::cmp::Ordering;
use std::rc::Rc;

/// The value of the Integer `n`.
pub(crate) fn from_big(n: BigInt) -> Value {
    match n.to_i64() {
        Some(i) => Value::SmallInteger(i),
        None => Value::BigInteger(Rc::new(n)),
    }
}

/// The Integer (or Int) in `v` as a `BigInt`, borrowed when it is one: an operation on a big
/// number reads its digits in place instead of copying them first.
pub(crate) fn to_big(v: &Value) -> Cow<'_, BigInt> {
    match v {
        Value::SmallInteger(i) | Value::Int(i) => Cow::Owned(BigInt::from(*i)),
        Value::BigInteger(n) => Cow::Borrowed(n),
        _ => Cow::Owned(BigInt::zero()),
    }
}

fn small(v: &Value) -> Option<i64> {
    match v {
        Value::SmallInteger(i) => Some(*i),
        _ => None,
    }
}

/// The Integer primitive `op` on `args` (`crate::prims` sends only those here).
pub(crate) fn apply(op: PrimOp, args: &[Value]) -> Result<Value, String> {
    use PrimOp::*;
    let a = || &args[0];
    let b = || &args[1];
    Ok(match op {
        IntToInteger => Value::SmallInteger(crate::prims::int(a())),
        IntegerAdd => arith(a(), b(), i64::checked_add, |x, y| x + y),
        IntegerSub => arith(a(), b(), i64::checked_sub, |x, y| x - y),
        IntegerMul => arith(a(), b(), i64::checked_mul, |x, y| x * y),
        IntegerQuot | IntegerRem | IntegerDiv | IntegerMod => return divide(op, a(), b()),
        IntegerNegate => match small(a()).and_then(i64::checked_neg) {
            Some(n) => Value::SmallInteger(n),
            None => from_big(-to_big(a()).as_ref()),
        },
        IntegerEq => Value::bool(compare(a(), b()) == Ordering::Equal),
        IntegerNe => Value::bool(compare(a(), b()) != Ordering::Equal),
        IntegerLt => Value::bool(compare(a(), b()) == Ordering::Less),
        IntegerLe => Value::bool(compare(a(), b()) != Ordering::Greater),
        IntegerGt => Value::bool(compare(a(), b()) == Ordering::Greater),
        IntegerGe => Value::bool(compare(a(), b()) != Ordering::Less),
        IntegerToInt => Value::Int(match small(a()) {
            Some(i) => i,
            None => wrap(&to_big(a())),
        }),
        IntegerToDouble => Value::Double(match small(a()) {
            Some(i) => i as f64,
            None => to_big(a()).to_f64().unwrap_or(f64::NAN),
        }),
        IntegerShow => Value::string(&match small(a()) {
            Some(i) => i.to_string(),
            None => to_big(a()).to_string(),
        }),
        IntegerAnd => bits(a(), b(), |x, y| x & y, |x, y| x & y),
        IntegerOr => bits(a(), b(), |x, y| x | y, |x, y| x | y),
        IntegerXor => bits(a(), b(), |x, y| x ^ y, |x, y| x ^ y),
        IntegerShiftL => {
            let n = crate::prims::int(b());
            match small(a()) {
                Some(0) => Value::SmallInteger(0),
                Some(x) if n < 63 && (x << n) >> n == x => Value::SmallInteger(x << n),
                _ => from_big(to_big(a()).as_ref() << usize::try_from(n).unwrap_or(0)),
            }
        }
        IntegerShiftR => {
            let n = crate::prims::int(b());
            match small(a()) {
                Some(x) => Value::SmallInteger(x >> n.clamp(0, 63)),
                None => from_big(to_big(a()).as_ref() >> usize::try_from(n).unwrap_or(0)),
            }
        }
        IntegerPopCount => {
            let n = to_big(a());
            let ones = |m: &BigInt| m.magnitude().count_ones() as i64;
            Value::Int(if n.sign() == num_bigint::Sign::Minus {
                -ones(&n)
            } else {
                ones(&n)
            })
        }
        _ => {
            return Err(format!(
                "internal error: {op:?} is not an Integer primitive"
            ))
        }
    })
}

/// The bytes Integer primitive `op` allocates for its result on `args` when that can be large
/// (a product, a left shift, the digits of `show`), else 0.
pub(crate) fn result_bytes(op: PrimOp, args: &[Value]) -> usize {
    let bytes = |v: &Value| match v {
        Value::BigInteger(n) => usize::try_from(n.bits() / 8).unwrap_or(usize::MAX),
        _ => 8,
    };
    match op {
        PrimOp::IntegerMul => bytes(&args[0]).saturating_add(bytes(&args[1])),
        PrimOp::IntegerShiftL => {
            let shift = usize::try_from(crate::prims::int(&args[1]) / 8).unwrap_or(0);
            bytes(&args[0]).saturating_add(shift)
        }
        // About 2.41 decimal digits a byte, each a list cell.
        PrimOp::IntegerShow => {
            let cell = std::mem::size_of::<ConCell>() + 2 * std::mem::size_of::<usize>();
            bytes(&args[0]).saturating_mul(5 * cell) / 2
        }
        _ => 0,
    }
}

/// `small` on two small operands unless it overflows, else `big` on `BigInt`s.
fn arith(
    a: &Value,
    b: &Value,
    small_op: fn(i64, i64) -> Option<i64>,
    big_op: fn(&BigInt, &BigInt) -> BigInt,
) -> Value {
    match (small(a), small(b)) {
        (Some(x), Some(y)) => match small_op(x, y) {
            Some(r) => Value::SmallInteger(r),
            None => from_big(big_op(&BigInt::from(x), &BigInt::from(y))),
        },
        _ => from_big(big_op(&to_big(a), &to_big(b))),
    }
}

/// A bitwise operation on two's complement: on `i64` when both are small (the result then is
/// too), else on `BigInt`, whose bit operations sign-extend negative numbers infinitely.
fn bits(
    a: &Value,
    b: &Value,
    small_op: fn(i64, i64) -> i64,
    big_op: fn(&BigInt, &BigInt) -> BigInt,
) -> Value {
    match (small(a), small(b)) {
        (Some(x), Some(y)) => Value::SmallInteger(small_op(x, y)),
        _ => from_big(big_op(&to_big(a), &to_big(b))),
    }
}

fn compare(a: &Value, b: &Value) -> Ordering {
    match (small(a), small(b)) {
        (Some(x), Some(y)) => x.cmp(&y),
        _ => to_big(a).cmp(&to_big(b)),
    }
}

/// `quot`, `rem`, `div` and `mod` with Haskell's rounding; division by zero is an error.
fn divide(op: PrimOp, a: &Value, b: &Value) -> Result<Value, String> {
    // i64::MIN / -1 is the one quotient of small operands that is not small.
    if let (Some(x), Some(y @ (..=-2 | 1..))) = (small(a), small(b)) {
        let int_op = match op {
            PrimOp::IntegerQuot => PrimOp::IntQuot,
            PrimOp::IntegerRem => PrimOp::IntRem,
            PrimOp::IntegerDiv => PrimOp::IntDiv,
            _ => PrimOp::IntMod,
        };
        let r = crate::prims::int_div(int_op, x, y)?;
        return Ok(Value::SmallInteger(crate::prims::int(&r)));
    }
    let (a, b) = (to_big(a), to_big(b));
    let (a, b) = (a.as_ref(), b.as_ref());
    if b.is_zero() {
        return Err(DIV_ZERO.into());
    }
    if let Some(r) = by_power_of_two(op, a, b) {
        return Ok(from_big(r));
    }
    Ok(from_big(match op {
        PrimOp::IntegerQuot => a / b,
        PrimOp::IntegerRem => a % b,
        PrimOp::IntegerDiv => a.div_floor(b),
        _ => a.mod_floor(b),
    }))
}

/// `a` divided by `b` when `b` is a power of two up to 2⁶³ (`even n`, `n \`div\` 2`): a shift
/// and the low bits of `a`'s magnitude, with the sign handled as each division rounds, instead
/// of a hardware division for every digit.
fn by_power_of_two(op: PrimOp, a: &BigInt, b: &BigInt) -> Option<BigInt> {
    use num_bigint::Sign::{Minus, Plus};
    let k = b.trailing_zeros()?;
    if b.sign() != Plus || k > 63 || b.magnitude().count_ones() != 1 {
        return None;
    }
    let m = a.magnitude();
    let low = m.iter_u64_digits().next().unwrap_or(0) & ((1u64 << k) - 1);
    let q = BigInt::from_biguint(Plus, m >> k);
    let negative = a.sign() == Minus;
    Some(match op {
        PrimOp::IntegerQuot if negative => -q,
        PrimOp::IntegerRem if negative => -BigInt::from(low),
        PrimOp::IntegerDiv if negative && low != 0 => -(q + 1u32),
        PrimOp::IntegerDiv if negative => -q,
        PrimOp::IntegerMod if negative && low != 0 => BigInt::from((1u64 << k) - low),
        PrimOp::IntegerQuot | PrimOp::IntegerDiv => q,
        _ => BigInt::from(low),
    })
}

/// The low 64 bits of an Integer as a wrapped Int.
fn wrap(n: &BigInt) -> i64 {
    let (sign, digits) = n.to_u64_digits();
    let low = digits.first().copied().unwrap_or(0) as i64;
    if sign == num_bigint::Sign::Minus {
        low.wrapping_neg()
    } else {
        low
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(op: PrimOp, args: &[Value]) -> Result<Value, String> {
        apply(op, args)
    }

    fn show(v: Result<Value, String>) -> String {
        match v {
            Ok(Value::SmallInteger(i)) => format!("small {i}"),
            Ok(Value::BigInteger(n)) => format!("big {n}"),
            other => format!("{other:?}"),
        }
    }

    fn int(i: i64) -> Value {
        Value::SmallInteger(i)
    }

    #[test]
    fn overflow_moves_to_big_and_back() {
        let max = int(i64::MAX);
        let over = run(PrimOp::IntegerAdd, &[max.clone(), int(1)]);
        assert_eq!(
            show(over.clone()),
            format!("big {}", i128::from(i64::MAX) + 1)
        );
        let back = run(PrimOp::IntegerSub, &[over.unwrap(), int(1)]);
        assert_eq!(show(back), format!("small {}", i64::MAX));
        let square = run(PrimOp::IntegerMul, &[max.clone(), max]);
        assert_eq!(
            show(square),
            format!("big {}", i128::from(i64::MAX) * i128::from(i64::MAX))
        );
        let neg = run(PrimOp::IntegerNegate, &[int(i64::MIN)]);
        assert_eq!(show(neg), format!("big {}", -i128::from(i64::MIN)));
    }

    #[test]
    fn division_matches_bigint() {
        let cases = [
            (7, 2),
            (-7, 2),
            (7, -2),
            (-7, -2),
            (i64::MIN, -1),
            (i64::MIN, 1),
            (i64::MIN, 3),
        ];
        for (x, y) in cases {
            for op in [
                PrimOp::IntegerQuot,
                PrimOp::IntegerRem,
                PrimOp::IntegerDiv,
                PrimOp::IntegerMod,
            ] {
                let fast = run(op, &[int(x), int(y)]);
                let (bx, by) = (BigInt::from(x), BigInt::from(y));
                let slow = match op {
                    PrimOp::IntegerQuot => &bx / &by,
                    PrimOp::IntegerRem => &bx % &by,
                    PrimOp::IntegerDiv => bx.div_floor(&by),
                    _ => bx.mod_floor(&by),
                };
                assert_eq!(to_big(&fast.unwrap()).into_owned(), slow, "{op:?} {x} {y}");
            }
        }
        assert_eq!(
            run(PrimOp::IntegerMod, &[int(1), int(0)]).unwrap_err(),
            DIV_ZERO
        );
    }

    #[test]
    fn big_numbers_divided_by_powers_of_two_match_bigint() {
        let big: BigInt = (BigInt::from(3) << 200u32) + 12345;
        let dividends = [
            big.clone(),
            -big.clone(),
            big.clone() << 7u32,
            -(big << 7u32),
        ];
        let divisors = [1i64, 2, 8, 1 << 40, 1 << 62, 3, -2, -(1 << 62)];
        let ops = [
            PrimOp::IntegerQuot,
            PrimOp::IntegerRem,
            PrimOp::IntegerDiv,
            PrimOp::IntegerMod,
        ];
        for a in &dividends {
            for &d in &divisors {
                let (b, bd) = (from_big(a.clone()), BigInt::from(d));
                for op in ops {
                    let expected = match op {
                        PrimOp::IntegerQuot => a / &bd,
                        PrimOp::IntegerRem => a % &bd,
                        PrimOp::IntegerDiv => a.div_floor(&bd),
                        _ => a.mod_floor(&bd),
                    };
                    let got = run(op, &[b.clone(), int(d)]).unwrap();
                    assert_eq!(to_big(&got).into_owned(), expected, "{op:?} {a} {d}");
                }
            }
        }
    }

    #[test]
    fn bits_match_bigint() {
        let values = [0, 1, -1, 5, -7, i64::MAX, i64::MIN, 1 << 40];
        let big = |v: &Value| to_big(v).into_owned();
        for x in values {
            for y in values {
                let (bx, by) = (BigInt::from(x), BigInt::from(y));
                let and = run(PrimOp::IntegerAnd, &[int(x), int(y)]).unwrap();
                assert_eq!(big(&and), &bx & &by, "{x} .&. {y}");
                let xor = run(PrimOp::IntegerXor, &[int(x), int(y)]).unwrap();
                assert_eq!(big(&xor), &bx ^ &by, "{x} xor {y}");
            }
            for n in [0, 1, 3, 62, 63, 64, 100] {
                let l = run(PrimOp::IntegerShiftL, &[int(x), Value::Int(n)]).unwrap();
                assert_eq!(big(&l), BigInt::from(x) << n as usize, "{x} shiftL {n}");
                let r = run(PrimOp::IntegerShiftR, &[l, Value::Int(n)]).unwrap();
                assert_eq!(big(&r), BigInt::from(x), "{x} back");
            }
        }
        let huge = from_big(BigInt::from(-1) << 100usize);
        let r = run(PrimOp::IntegerShiftR, &[huge.clone(), Value::Int(99)]).unwrap();
        assert_eq!(show(Ok(r)), "small -2");
        let or = run(PrimOp::IntegerOr, &[huge, int(7)]).unwrap();
        assert_eq!(big(&or), (BigInt::from(-1) << 100usize) + 7);
        let count = |n: i64| match run(PrimOp::IntegerPopCount, &[int(n)]) {
            Ok(Value::Int(c)) => c,
            other => panic!("{other:?}"),
        };
        assert_eq!((count(7), count(-7), count(-1), count(0)), (3, -3, -1, 0));
    }

    #[test]
    fn comparisons_mix_small_and_big() {
        let big = from_big(BigInt::from(i64::MAX) * 4);
        let lt = run(PrimOp::IntegerLt, &[int(-5), big.clone()]);
        assert!(matches!(lt, Ok(Value::Tag(1))), "{lt:?}");
        let ge = run(PrimOp::IntegerGe, &[int(3), int(3)]);
        assert!(matches!(ge, Ok(Value::Tag(1))), "{ge:?}");
        let gt = run(PrimOp::IntegerGt, &[int(-5), big]);
        assert!(matches!(gt, Ok(Value::Tag(0))), "{gt:?}");
    }
}
