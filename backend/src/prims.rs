//! The primitive operations (semantics documented in `dnrad_core::prim`) that are pure functions
//! of values; those that act on the world are `io_prims`. Errors are messages; the machine
//! locates them.

use crate::chars;
use crate::float_encoding;
use crate::integer;
use crate::literal_lexeme;
use crate::number_lexeme;
use crate::ratio_double::ratio_to_double;
use crate::show::{show_char, show_double, show_string};
use crate::value::Value;
use dnrad_core::{derivative, PrimOp};
use num_bigint::BigInt;

pub type PrimResult = Result<Value, String>;

pub(crate) fn int(v: &Value) -> i64 {
    match v {
        Value::Int(i) => *i,
        _ => 0,
    }
}

pub(crate) fn dbl(v: &Value) -> f64 {
    match v {
        Value::Double(x) => *x,
        _ => f64::NAN,
    }
}

fn chr(v: &Value) -> char {
    match v {
        Value::Char(c) => *c,
        _ => '\0',
    }
}

/// The characters of a Haskell string value.
pub fn string_of(v: &Value) -> String {
    let mut out = String::new();
    let mut cur = v.clone();
    loop {
        match cur {
            Value::Con(cell) if cell.tag == 1 && cell.fields.len() == 2 => {
                out.push(chr(&cell.fields[0]));
                cur = cell.fields[1].clone();
            }
            _ => return out,
        }
    }
}

pub(crate) const DIV_ZERO: &str = "divide by zero";

/// Int `quot`, `rem`, `div` and `mod` (Haskell's rounding; division by zero is an error).
pub(crate) fn int_div(op: PrimOp, a: i64, b: i64) -> PrimResult {
    if b == 0 {
        return Err(DIV_ZERO.into());
    }
    Ok(Value::Int(match op {
        PrimOp::IntQuot => a.wrapping_div(b),
        PrimOp::IntRem => a.wrapping_rem(b),
        PrimOp::IntDiv => {
            let q = a.wrapping_div(b);
            if (a.wrapping_rem(b) != 0) && ((a < 0) != (b < 0)) {
                q - 1
            } else {
                q
            }
        }
        _ => {
            let r = a.wrapping_rem(b);
            if r != 0 && ((r < 0) != (b < 0)) {
                r + b
            } else {
                r
            }
        }
    }))
}

/// The Integer `x` truncates to. An infinity or NaN is `m * 2^e` of its `decodeFloat`, as in
/// GHC (`truncate (1/0)` is 2^1024).
fn double_to_integer(x: f64) -> Value {
    // Every double below 2⁶³ in magnitude truncates to an i64.
    if x.abs() < -(i64::MIN as f64) {
        return Value::SmallInteger(x.trunc() as i64);
    }
    if !x.is_finite() {
        let (m, e) = float_encoding::decode(x);
        return integer::from_big(BigInt::from(m) << e);
    }
    integer::from_big(BigInt::from_f64(x.trunc()).unwrap_or_default())
}

use num_traits::FromPrimitive;

fn round_half_even(x: f64) -> f64 {
    let r = x.round();
    if (x - x.trunc()).abs() == 0.5 && r % 2.0 != 0.0 {
        r - x.signum()
    } else {
        r
    }
}

/// The bytes primitive `op` allocates in one step for its result on `args` when that can be
/// large (0 when it is small): the machines check it against the heap limit first.
pub(crate) fn result_bytes(op: PrimOp, args: &[Value]) -> usize {
    if op.is_array() {
        crate::array_prims::result_bytes(op, args)
    } else {
        integer::result_bytes(op, args)
    }
}

pub fn apply(op: PrimOp, args: &[Value]) -> PrimResult {
    use PrimOp::*;
    let a = || &args[0];
    let b = || &args[1];
    Ok(match op {
        IntAdd => Value::Int(int(a()).wrapping_add(int(b()))),
        IntSub => Value::Int(int(a()).wrapping_sub(int(b()))),
        IntMul => Value::Int(int(a()).wrapping_mul(int(b()))),
        IntQuot | IntRem | IntDiv | IntMod => return int_div(op, int(a()), int(b())),
        IntNegate => Value::Int(int(a()).wrapping_neg()),
        IntEq => Value::bool(int(a()) == int(b())),
        IntNe => Value::bool(int(a()) != int(b())),
        IntLt => Value::bool(int(a()) < int(b())),
        IntLe => Value::bool(int(a()) <= int(b())),
        IntGt => Value::bool(int(a()) > int(b())),
        IntGe => Value::bool(int(a()) >= int(b())),
        IntToDouble => Value::Double(int(a()) as f64),
        IntAnd => Value::Int(int(a()) & int(b())),
        IntOr => Value::Int(int(a()) | int(b())),
        IntXor => Value::Int(int(a()) ^ int(b())),
        IntShiftL => {
            Value::Int(u32::try_from(int(b())).map_or(0, |n| int(a()).checked_shl(n).unwrap_or(0)))
        }
        IntShiftR => {
            let n = u32::try_from(int(b())).unwrap_or(u32::MAX).min(63);
            Value::Int(int(a()) >> n)
        }
        IntPopCount => Value::Int(i64::from(int(a()).count_ones())),
        IntToInteger | IntegerAdd | IntegerSub | IntegerMul | IntegerQuot | IntegerRem
        | IntegerDiv | IntegerMod | IntegerNegate | IntegerEq | IntegerNe | IntegerLt
        | IntegerLe | IntegerGt | IntegerGe | IntegerToInt | IntegerToDouble | IntegerShow
        | IntegerAnd | IntegerOr | IntegerXor | IntegerShiftL | IntegerShiftR | IntegerPopCount => {
            return integer::apply(op, args)
        }
        IntShow => Value::string(&int(a()).to_string()),
        DoubleAdd | DoubleSub | DoubleMul | DoubleDiv | DoublePow | DoubleAtan2 => {
            Value::Double(derivative::eval(op, &[dbl(a()), dbl(b())]))
        }
        DoubleNegate | DoubleAbs | DoubleExp | DoubleLog | DoubleSqrt | DoubleSin | DoubleCos
        | DoubleTan | DoubleAsin | DoubleAcos | DoubleAtan | DoubleSinh | DoubleCosh
        | DoubleTanh | DoubleAsinh | DoubleAcosh | DoubleAtanh => {
            Value::Double(derivative::eval(op, &[dbl(a())]))
        }
        DoubleEq => Value::bool(dbl(a()) == dbl(b())),
        DoubleNe => Value::bool(dbl(a()) != dbl(b())),
        DoubleLt => Value::bool(dbl(a()) < dbl(b())),
        DoubleLe => Value::bool(dbl(a()) <= dbl(b())),
        DoubleGt => Value::bool(dbl(a()) > dbl(b())),
        DoubleGe => Value::bool(dbl(a()) >= dbl(b())),
        DoubleTruncate => double_to_integer(dbl(a())),
        DoubleRound => double_to_integer(round_half_even(dbl(a()))),
        DoubleFloor => double_to_integer(dbl(a()).floor()),
        DoubleCeiling => double_to_integer(dbl(a()).ceil()),
        DoubleShow => Value::string(&show_double(dbl(a()))),
        DoubleIsNaN => Value::bool(dbl(a()).is_nan()),
        DoubleIsInfinite => Value::bool(dbl(a()).is_infinite()),
        DoubleIsNegativeZero => Value::bool(dbl(a()) == 0.0 && dbl(a()).is_sign_negative()),
        DoubleFromRational => Value::Double(ratio_to_double(
            &integer::to_big(a()),
            &integer::to_big(b()),
        )),
        DoubleDecode => {
            let (m, e) = float_encoding::decode(dbl(a()));
            Value::con(0, [Value::SmallInteger(m), Value::Int(e)])
        }
        DoubleEncode => Value::Double(float_encoding::encode(&integer::to_big(a()), int(b()))),
        CharOrd => Value::Int(chr(a()) as i64),
        CharChr => {
            let n = int(a());
            match u32::try_from(n).ok().and_then(char::from_u32) {
                Some(c) => Value::Char(c),
                None => return Err(format!("Prelude.chr: bad argument: {n}")),
            }
        }
        CharEq => Value::bool(chr(a()) == chr(b())),
        CharNe => Value::bool(chr(a()) != chr(b())),
        CharLt => Value::bool(chr(a()) < chr(b())),
        CharLe => Value::bool(chr(a()) <= chr(b())),
        CharGt => Value::bool(chr(a()) > chr(b())),
        CharGe => Value::bool(chr(a()) >= chr(b())),
        CharCategory => Value::Int(chars::category(chr(a()))),
        CharToUpper => Value::Char(chars::to_upper(chr(a()))),
        CharToLower => Value::Char(chars::to_lower(chr(a()))),
        ShowCharLit => Value::string(&show_char(chr(a()))),
        ShowStringLit => Value::string(&show_string(&string_of(a()))),
        LexNumber => number_lexeme::lex(a()),
        LexLiteral => literal_lexeme::lex(a()),
        NumberInteger => number_lexeme::integer(a()),
        NumberDouble => Value::Double(number_lexeme::double(a())),
        Error => return Err(string_of(a())),
        CoerceUnit => Value::unit(),
        DoubleDot => return crate::bulk::dot(|k| &args[k]),
        _ => return crate::ad_prims::apply(op, args),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::ToPrimitive;

    fn run(op: PrimOp, args: &[Value]) -> PrimResult {
        apply(op, args)
    }

    fn as_int(v: PrimResult) -> i64 {
        match v {
            Ok(Value::Int(i)) => i,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn int_division_floors_and_truncates() {
        let cases = [
            (7, 2, 3, 1, 3, 1),
            (-7, 2, -4, 1, -3, -1),
            (7, -2, -4, -1, -3, 1),
            (-7, -2, 3, -1, 3, -1),
        ];
        for (a, b, d, m, q, r) in cases {
            let args = [Value::Int(a), Value::Int(b)];
            assert_eq!(as_int(run(PrimOp::IntDiv, &args)), d);
            assert_eq!(as_int(run(PrimOp::IntMod, &args)), m);
            assert_eq!(as_int(run(PrimOp::IntQuot, &args)), q);
            assert_eq!(as_int(run(PrimOp::IntRem, &args)), r);
        }
        assert_eq!(
            run(PrimOp::IntDiv, &[Value::Int(1), Value::Int(0)]).unwrap_err(),
            "divide by zero"
        );
        assert_eq!(
            as_int(run(PrimOp::IntDiv, &[Value::Int(i64::MIN), Value::Int(-1)])),
            i64::MIN
        );
        assert_eq!(
            as_int(run(PrimOp::IntAdd, &[Value::Int(i64::MAX), Value::Int(1)])),
            i64::MIN
        );
    }

    #[test]
    fn atan2_is_haskells() {
        let at = |y: f64, x: f64| {
            dbl(&run(PrimOp::DoubleAtan2, &[Value::Double(y), Value::Double(x)]).unwrap())
        };
        // GHC's value; the C library's atan2 gives 1.1437177404024206.
        assert_eq!(at(4.19736822693562, 1.9101797211244547), 1.1437177404024204);
        assert_eq!(at(1.0, -1.0), 3.0 * std::f64::consts::PI / 4.0);
        assert_eq!(at(-0.0, -1.0), -std::f64::consts::PI);
        assert_eq!(at(0.0, -0.0), std::f64::consts::PI);
        assert!(at(-0.0, 0.0).is_sign_negative());
        assert!(at(f64::NAN, 1.0).is_nan());
    }

    #[test]
    fn int_bits_follow_two_complement() {
        let r = |op, a, b| as_int(run(op, &[Value::Int(a), Value::Int(b)]));
        assert_eq!(r(PrimOp::IntAnd, 12, 10), 8);
        assert_eq!(r(PrimOp::IntOr, 12, 10), 14);
        assert_eq!(r(PrimOp::IntXor, -5, 3), -8);
        assert_eq!(r(PrimOp::IntShiftL, 1, 63), i64::MIN);
        assert_eq!(r(PrimOp::IntShiftL, 1, 64), 0);
        assert_eq!(r(PrimOp::IntShiftR, -8, 70), -1);
        assert_eq!(r(PrimOp::IntShiftR, 8, 64), 0);
        assert_eq!(r(PrimOp::IntShiftR, -5, 1), -3);
        assert_eq!(as_int(run(PrimOp::IntPopCount, &[Value::Int(-1)])), 64);
    }

    #[test]
    fn infinities_and_nans_decode_and_truncate_as_in_ghc() {
        let decoded = |x: f64| match run(PrimOp::DoubleDecode, &[Value::Double(x)]) {
            Ok(Value::Con(c)) => (
                integer::to_big(&c.fields[0]).into_owned(),
                as_int(Ok(c.fields[1].clone())),
            ),
            other => panic!("not a pair: {other:?}"),
        };
        let nan = f64::from_bits(0xfff8_0000_0000_0000);
        assert_eq!(decoded(f64::INFINITY), (BigInt::from(1i64 << 52), 972));
        assert_eq!(decoded(nan), (BigInt::from(-6755399441055744i64), 972));
        for op in [
            PrimOp::DoubleTruncate,
            PrimOp::DoubleRound,
            PrimOp::DoubleFloor,
            PrimOp::DoubleCeiling,
        ] {
            let integer = |x| integer::to_big(&run(op, &[Value::Double(x)]).unwrap()).into_owned();
            assert_eq!(integer(f64::NEG_INFINITY), -(BigInt::from(1) << 1024u32));
            assert_eq!(integer(nan), -(BigInt::from(3) << 1023u32));
        }
        let encoded = |m: Value, e| dbl(&run(PrimOp::DoubleEncode, &[m, Value::Int(e)]).unwrap());
        assert_eq!(encoded(Value::SmallInteger(0), 2000), 0.0);
        let big = integer::from_big(BigInt::from(1) << 2000u32);
        assert_eq!(encoded(big, -2001), 0.5);
    }

    #[test]
    fn conversions() {
        let big = integer::from_big((BigInt::from(1) << 64u32) + 5);
        assert_eq!(as_int(run(PrimOp::IntegerToInt, &[big])), 5);
        for (x, n) in [(2.5, 2), (3.5, 4), (-2.5, -2)] {
            let rounded = run(PrimOp::DoubleRound, &[Value::Double(x)]).unwrap();
            assert_eq!(*integer::to_big(&rounded), BigInt::from(n), "round {x}");
        }
        // Truncation is exact on both sides of the i64 range, and small exactly inside it.
        for x in [1e300, 9.3e18, -9.3e18, -9.2e18, -(2f64.powi(63)), 4.7] {
            let t = run(PrimOp::DoubleTruncate, &[Value::Double(x)]).unwrap();
            let exact = BigInt::from_f64(x.trunc()).unwrap();
            assert_eq!(
                matches!(t, Value::SmallInteger(_)),
                exact.to_i64().is_some(),
                "{x}"
            );
            assert_eq!(*integer::to_big(&t), exact, "{x}");
        }
        let tenth = run(
            PrimOp::DoubleFromRational,
            &[Value::SmallInteger(1), Value::SmallInteger(10)],
        );
        assert!(matches!(tenth, Ok(Value::Double(x)) if x == 0.1));
    }
}
