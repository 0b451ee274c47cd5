//! Which VM functions are scalar, and the type of each of their registers before each
//! instruction. A direct entry's parameter and result types come from its binding's type in
//! core (the resolved code carries no types); inside a function, a forward dataflow over the
//! register code types each register from constants, primitives' signatures and callees'
//! signatures, and a register used with no single type (or an instruction the native tier
//! does not compile) leaves the function on the VM. Calls between scalar functions make this
//! a fixpoint: a function whose callee is not scalar is not scalar either. It must not change
//! the code or decide anything at run time.

use crate::value::Value;
use crate::vm::code::{index, Function, Op, Reg, NO_TARGET};
use dnrad_core::types::names;
use dnrad_core::{PrimOp, Type};
use std::collections::HashMap;

/// An unboxed value: `Value::Int`, `Value::Double` or a Bool (`Value::Tag(0 | 1)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Scalar {
    Int,
    Double,
    Bool,
}

/// What a register holds before an instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Slot {
    /// Nothing written on any path yet.
    Undef,
    Is(Scalar),
    /// Different types on different paths: it cannot be read.
    Mixed,
}

impl Slot {
    fn join(self, other: Slot) -> Slot {
        match (self, other) {
            (Slot::Undef, s) | (s, Slot::Undef) => s,
            (a, b) if a == b => a,
            _ => Slot::Mixed,
        }
    }
}

/// A scalar function's parameter and result types.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Signature {
    pub params: Vec<Scalar>,
    pub result: Scalar,
}

/// A scalar function: its signature and its registers' types before each instruction (`None`
/// for an instruction no path reaches).
pub(crate) struct Typed {
    pub sig: Signature,
    pub before: Vec<Option<Vec<Slot>>>,
}

/// The largest function (instructions × registers) typed: the analysis keeps a state per
/// instruction.
const MAX_CELLS: usize = 1 << 18;

/// The scalar type a core type names.
fn scalar(ty: &Type) -> Option<Scalar> {
    match ty {
        Type::Con(name, args) if args.is_empty() => match name.as_str() {
            names::INT => Some(Scalar::Int),
            names::DOUBLE => Some(Scalar::Double),
            names::BOOL => Some(Scalar::Bool),
            _ => None,
        },
        _ => None,
    }
}

/// The signature of a function of `arity` parameters of core type `ty`, if every parameter
/// and the result are scalars.
pub(crate) fn signature(ty: &Type, arity: usize) -> Option<Signature> {
    let mut params = Vec::with_capacity(arity);
    let mut rest = ty;
    for _ in 0..arity {
        let Type::Fun(param, result) = rest else {
            return None;
        };
        params.push(scalar(param)?);
        rest = result;
    }
    Some(Signature {
        params,
        result: scalar(rest)?,
    })
}

/// The operand and result types of a primitive of one argument the native tier compiles.
pub(crate) fn prim1(op: PrimOp) -> Option<(Scalar, Scalar)> {
    use PrimOp::*;
    use Scalar::*;
    Some(match op {
        IntNegate => (Int, Int),
        IntToDouble => (Int, Double),
        DoubleNegate | DoubleAbs | DoubleExp | DoubleLog | DoubleSqrt | DoubleSin | DoubleCos
        | DoubleTan | DoubleAsin | DoubleAcos | DoubleAtan | DoubleSinh | DoubleCosh
        | DoubleTanh | DoubleAsinh | DoubleAcosh | DoubleAtanh => (Double, Double),
        DoubleIsNaN | DoubleIsInfinite | DoubleIsNegativeZero => (Double, Bool),
        _ => return None,
    })
}

/// The operands' and result types of a primitive of two arguments the native tier compiles.
pub(crate) fn prim2(op: PrimOp) -> Option<(Scalar, Scalar)> {
    use PrimOp::*;
    use Scalar::*;
    Some(match op {
        IntAdd | IntSub | IntMul | IntQuot | IntRem | IntDiv | IntMod | IntAnd | IntOr | IntXor => {
            (Int, Int)
        }
        IntEq | IntNe | IntLt | IntLe | IntGt | IntGe => (Int, Bool),
        DoubleAdd | DoubleSub | DoubleMul | DoubleDiv | DoublePow | DoubleAtan2 => (Double, Double),
        DoubleEq | DoubleNe | DoubleLt | DoubleLe | DoubleGt | DoubleGe => (Double, Bool),
        _ => return None,
    })
}

/// The scalar a constant is.
pub(crate) fn constant(v: &Value) -> Option<Scalar> {
    match v {
        Value::Int(_) => Some(Scalar::Int),
        Value::Double(_) => Some(Scalar::Double),
        Value::Tag(0 | 1) => Some(Scalar::Bool),
        _ => None,
    }
}

/// Where a `Switch` on a Bool goes for tag `tag` (`None`: no arm, the VM's error).
pub(crate) fn switch_target(
    f: &Function,
    table: u32,
    ntags: u32,
    default: u32,
    tag: u32,
) -> Option<u32> {
    let target = if tag < ntags {
        f.operands[(table + tag) as usize]
    } else {
        NO_TARGET
    };
    let target = if target == NO_TARGET { default } else { target };
    (target != NO_TARGET).then_some(target)
}

/// Where a `Switch` on a Bool (its arms, without the missing ones) or a `Jump` goes; nothing
/// for other instructions.
pub(crate) fn branch_targets(f: &Function, op: &Op) -> Vec<u32> {
    match op {
        Op::Switch {
            table,
            ntags,
            default,
            ..
        } => (0..2)
            .filter_map(|tag| switch_target(f, *table, *ntags, *default, tag))
            .collect(),
        Op::Jump { target } => vec![*target],
        _ => Vec::new(),
    }
}

/// The scalar functions among `candidates` (function index and signature, from core types),
/// typed.
pub(crate) fn scalar_functions(
    funcs: &[Function],
    candidates: HashMap<u32, Signature>,
) -> HashMap<u32, Typed> {
    let mut sigs = candidates;
    loop {
        let mut typed = HashMap::new();
        let mut dropped = Vec::new();
        for (&i, sig) in &sigs {
            match analyze(&funcs[i as usize], sig, &sigs) {
                Some(before) => {
                    typed.insert(
                        i,
                        Typed {
                            sig: sig.clone(),
                            before,
                        },
                    );
                }
                None => dropped.push(i),
            }
        }
        if dropped.is_empty() {
            return typed;
        }
        for i in dropped {
            sigs.remove(&i);
        }
    }
}

/// The registers' types before each instruction of `f`, of signature `sig`, when it is scalar
/// (its callees' signatures in `sigs`).
pub(crate) fn analyze(
    f: &Function,
    sig: &Signature,
    sigs: &HashMap<u32, Signature>,
) -> Option<Vec<Option<Vec<Slot>>>> {
    let nregs = f.nregs as usize;
    if f.ops.len().saturating_mul(nregs) > MAX_CELLS || sig.params.len() > nregs {
        return None;
    }
    let mut before: Vec<Option<Vec<Slot>>> = vec![None; f.ops.len()];
    let mut start = vec![Slot::Undef; nregs];
    for (j, &t) in sig.params.iter().enumerate() {
        start[j] = Slot::Is(t);
    }
    before[0] = Some(start);
    let mut work = vec![0usize];
    while let Some(pc) = work.pop() {
        let mut state = before[pc].clone().expect("a visited instruction");
        for next in step(f, pc, &mut state, sig, sigs)? {
            let next = next as usize;
            let merged = match &before[next] {
                None => state.clone(),
                Some(old) => old.iter().zip(&state).map(|(a, b)| a.join(*b)).collect(),
            };
            if before[next].as_ref() != Some(&merged) {
                before[next] = Some(merged);
                work.push(next);
            }
        }
    }
    Some(before)
}

/// The type register operand `r` holds in `state`, if it holds one.
fn read(state: &[Slot], r: Reg) -> Option<Scalar> {
    match state.get(index(r))? {
        Slot::Is(t) => Some(*t),
        _ => None,
    }
}

/// Check that the registers `regs` hold `types`.
fn args_are(state: &[Slot], regs: &[u32], types: &[Scalar]) -> Option<()> {
    if regs.len() != types.len() {
        return None;
    }
    for (&r, &t) in regs.iter().zip(types) {
        (read(state, r)? == t).then_some(())?;
    }
    Some(())
}

/// Register operand `dst` holds a `t` from now on.
fn set(state: &mut [Slot], dst: Reg, t: Scalar) -> Option<()> {
    *state.get_mut(index(dst))? = Slot::Is(t);
    Some(())
}

/// Run instruction `pc` on `state`: where control goes next, or `None` when the instruction
/// leaves the function on the VM.
fn step(
    f: &Function,
    pc: usize,
    state: &mut [Slot],
    sig: &Signature,
    sigs: &HashMap<u32, Signature>,
) -> Option<Vec<u32>> {
    let next = vec![pc as u32 + 1];
    match &f.ops[pc] {
        Op::Loc(_) => Some(next),
        Op::Move { dst, src } => {
            let t = read(state, *src)?;
            set(state, *dst, t)?;
            Some(next)
        }
        Op::Const { dst, index } => {
            set(state, *dst, constant(f.consts.get(*index as usize)?)?)?;
            Some(next)
        }
        Op::Prim1 { dst, op, a, .. } => {
            let (arg, result) = prim1(*op)?;
            (read(state, *a)? == arg).then_some(())?;
            set(state, *dst, result)?;
            Some(next)
        }
        Op::Prim2 { dst, op, a, b, .. } => {
            let (arg, result) = prim2(*op)?;
            (read(state, *a)? == arg && read(state, *b)? == arg).then_some(())?;
            set(state, *dst, result)?;
            Some(next)
        }
        op @ Op::Switch { scrut, .. } => {
            (read(state, *scrut)? == Scalar::Bool).then_some(())?;
            // An arm missing is the VM's error: native code bails there.
            Some(branch_targets(f, op))
        }
        op @ Op::Jump { .. } => Some(branch_targets(f, op)),
        Op::Ret { src } => {
            (read(state, *src)? == sig.result).then_some(())?;
            Some(Vec::new())
        }
        Op::CallDirect {
            dst, func, args, n, ..
        } => {
            let callee = sigs.get(func)?;
            args_are(state, f.list(*args, *n as usize), &callee.params)?;
            set(state, *dst, callee.result)?;
            Some(next)
        }
        Op::TailCallDirect { func, args, n } => {
            let callee = sigs.get(func)?;
            args_are(state, f.list(*args, *n as usize), &callee.params)?;
            (callee.result == sig.result).then_some(())?;
            Some(Vec::new())
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dnrad_core::Span;

    fn int() -> Type {
        Type::Con(names::INT.into(), vec![])
    }

    fn function(nregs: u32, nparams: u32, ops: Vec<Op>, consts: Vec<Value>) -> Function {
        Function {
            nregs,
            nparams,
            ops,
            consts,
            ..Function::default()
        }
    }

    #[test]
    fn signatures_come_from_scalar_core_types() {
        let t = Type::fun(
            int(),
            Type::fun(int(), Type::Con(names::BOOL.into(), vec![])),
        );
        assert_eq!(
            signature(&t, 2),
            Some(Signature {
                params: vec![Scalar::Int, Scalar::Int],
                result: Scalar::Bool
            })
        );
        assert_eq!(signature(&t, 1), None, "the result is a function");
        let list = Type::Con(names::LIST.into(), vec![int()]);
        assert_eq!(signature(&Type::fun(list, int()), 1), None);
    }

    #[test]
    fn a_bool_switch_over_int_arithmetic_is_scalar() {
        // f x = if x < 1 then x else f (x - 1), with r1 reused as a Bool and an Int.
        let span = Span::dummy();
        let mut f = function(
            2,
            1,
            vec![
                Op::Const { dst: 1, index: 0 },
                Op::Prim2 {
                    dst: 1,
                    op: PrimOp::IntLt,
                    a: 0,
                    b: 1,
                    span,
                },
                Op::Switch {
                    scrut: 1,
                    table: 0,
                    ntags: 2,
                    default: NO_TARGET,
                    span,
                },
                Op::Ret { src: 0 },
                Op::Const { dst: 1, index: 0 },
                Op::Prim2 {
                    dst: 0,
                    op: PrimOp::IntSub,
                    a: 0,
                    b: 1,
                    span,
                },
                Op::TailCallDirect {
                    func: 7,
                    args: 2,
                    n: 1,
                },
            ],
            vec![Value::Int(1)],
        );
        f.operands = vec![4, 3, 0];
        let sig = Signature {
            params: vec![Scalar::Int],
            result: Scalar::Int,
        };
        let sigs = HashMap::from([(7, sig.clone())]);
        let before = analyze(&f, &sig, &sigs).expect("scalar");
        assert_eq!(before[2].as_ref().unwrap()[1], Slot::Is(Scalar::Bool));
        assert_eq!(before[5].as_ref().unwrap()[1], Slot::Is(Scalar::Int));
        let mut funcs: Vec<Function> = (0..7).map(|_| Function::default()).collect();
        funcs.push(f);
        assert!(scalar_functions(&funcs, sigs).contains_key(&7));
    }

    #[test]
    fn a_register_holding_a_list_is_not_scalar() {
        let f = function(
            2,
            1,
            vec![Op::Const { dst: 1, index: 0 }, Op::Ret { src: 0 }],
            vec![Value::string("ab")],
        );
        let sig = Signature {
            params: vec![Scalar::Int],
            result: Scalar::Int,
        };
        assert!(analyze(&f, &sig, &HashMap::new()).is_none());
    }

    #[test]
    fn a_register_with_two_types_on_two_paths_cannot_be_read() {
        // r1 is a Bool on one path and an Int on the other when they meet at 4.
        let span = Span::dummy();
        let mut f = function(
            2,
            1,
            vec![
                Op::Switch {
                    scrut: 0,
                    table: 0,
                    ntags: 2,
                    default: NO_TARGET,
                    span,
                },
                Op::Const { dst: 1, index: 0 },
                Op::Jump { target: 4 },
                Op::Const { dst: 1, index: 1 },
                Op::Ret { src: 1 },
            ],
            vec![Value::Int(1), Value::Tag(1)],
        );
        f.operands = vec![1, 3];
        let sig = Signature {
            params: vec![Scalar::Bool],
            result: Scalar::Int,
        };
        assert!(analyze(&f, &sig, &HashMap::new()).is_none());
    }

    #[test]
    fn a_function_calling_a_function_that_is_not_scalar_is_not_scalar() {
        let callee = function(
            1,
            1,
            vec![Op::Capture { dst: 0, index: 0 }, Op::Ret { src: 0 }],
            vec![],
        );
        let mut caller = function(
            1,
            1,
            vec![Op::TailCallDirect {
                func: 0,
                args: 0,
                n: 1,
            }],
            vec![],
        );
        caller.operands = vec![0];
        let sig = Signature {
            params: vec![Scalar::Int],
            result: Scalar::Int,
        };
        let typed = scalar_functions(
            &[callee, caller],
            HashMap::from([(0, sig.clone()), (1, sig)]),
        );
        assert!(typed.is_empty());
    }
}
