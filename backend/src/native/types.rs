//! Which VM functions are scalar, and the shape of each of their registers before each
//! instruction. A shape is a scalar (`Int`, `Double`, `Char`, `Bool`), a constructor of
//! known tag whose fields are shapes (a tuple or record of Doubles: native code holds its leaves
//! unboxed), or a value held by address (a list, an array, a data type's cell, a type
//! variable's value, an `Integer`, a dual number): read in place, and built as a cell only
//! where the function returns one (`RetCon`, `TailCallCon`). A direct entry's parameter and result shapes come from its binding's type in core
//! (the resolved code carries no types; a data type of one constructor is a product); inside
//! a function, a forward dataflow over the register code gives each register its shape from
//! constants, primitives' signatures, constructors built and taken apart and callees'
//! signatures, and a register used with no single shape (or an instruction the native tier
//! does not compile) leaves the function on the VM. Calls between scalar functions make this
//! a fixpoint: a function whose callee is not scalar is not scalar either. It must not change
//! the code or decide anything at run time.

use crate::value::Value;
use crate::vm::code::{index, Function, Op, Reg, NO_TARGET};
use dnrad_core::types::names;
use dnrad_core::{Name, PrimOp, Type};
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

/// An unboxed value: `Value::Int`, `Value::Double`, `Value::Char` (its code point) or a Bool
/// (`Value::Tag(0 | 1)`); or the address of a `Value` native code only reads (a list cell or
/// an array reachable from an argument).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Scalar {
    Int,
    Double,
    Char,
    Bool,
    Ref,
}

/// What native code holds unboxed: a scalar, or constructor `tag` with fields of these shapes
/// (its leaves, the scalars left to right, are native values; the cell is built only when the
/// value goes back to the VM), or a list of elements of a shape, read in place (a `Ref`: its
/// cells are taken apart by runtime calls, never built or freed).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Shape {
    Scalar(Scalar),
    Con(u32, Rc<[Shape]>),
    List(Rc<Shape>),
    /// An array (`PrimArray`) of elements of a shape, read in place like a list (a `Ref`: its
    /// elements are read by a runtime call, never written).
    Array(Rc<Shape>),
    /// Nullary constructors known here (constants such as `False`, `True`, `[]`, `Nothing`,
    /// `LT`), as a set of tags (bit `t` for tag `t`, below 32): read as a Bool, an empty list
    /// or a data type's nullary constructor, wherever one is expected (see `fits`); it has no
    /// scalars (native code keeps its tag as a Bool's number and its address as a `Ref`).
    Tag(u32),
    /// A value of a data type of several constructors (a tree, `Maybe`, `Data.Map`'s maps), read
    /// in place like a list (a `Ref`: its cells are taken apart by runtime calls, never built
    /// or freed).
    Data(Rc<DataShape>),
    /// A value of a type variable (a polymorphic function's `a`), or a dual number of
    /// differentiated code: native code holds its address (a `Ref`) and passes it on; only
    /// the runtime's calls look into it (`read_any`, the dual numbers' operations in `dual`).
    Any,
}

/// A data type of several constructors at its arguments: each constructor's fields' shapes
/// by tag, `None` where a field is the type itself at the same arguments (a subtree). An
/// `Unpack` names the constructor it takes apart (the `Switch` arm it begins).
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct DataShape {
    name: Name,
    args: Vec<Shape>,
    cons: Vec<Vec<Option<Shape>>>,
}

impl Shape {
    /// Whether a value of the shape is held as one address of its cell (a list, a data value,
    /// an array, a type variable's value), which a value held by address is as it is; a
    /// product (`Con`) is read out of the cell, even one whose only scalar is an address
    /// (`newtype W = W [Int]`: that address is the field's).
    pub(crate) fn by_address(&self) -> bool {
        self.leaves() == [Scalar::Ref] && !matches!(self, Shape::Con(..))
    }

    /// The scalars of the shape, left to right.
    pub(crate) fn leaves(&self) -> Vec<Scalar> {
        let mut out = Vec::new();
        self.push_leaves(&mut out);
        out
    }

    fn push_leaves(&self, out: &mut Vec<Scalar>) {
        match self {
            Shape::Scalar(s) => out.push(*s),
            Shape::Con(_, fields) => fields.iter().for_each(|f| f.push_leaves(out)),
            Shape::List(_) | Shape::Array(_) | Shape::Data(_) | Shape::Any => out.push(Scalar::Ref),
            Shape::Tag(_) => {}
        }
    }

    /// How many scalars the shape has.
    pub(crate) fn width(&self) -> usize {
        match self {
            Shape::Scalar(_) | Shape::List(_) | Shape::Array(_) | Shape::Data(_) | Shape::Any => 1,
            Shape::Con(_, fields) => fields.iter().map(Shape::width).sum(),
            Shape::Tag(_) => 0,
        }
    }

    /// The fields of a constructor of this shape: a product's, or a list cell's (head, tail).
    pub(crate) fn fields(&self) -> Option<Vec<Shape>> {
        match self {
            Shape::Con(_, fields) => Some(fields.to_vec()),
            Shape::List(elem) => Some(vec![elem.as_ref().clone(), self.clone()]),
            Shape::Scalar(_) | Shape::Array(_) | Shape::Tag(_) | Shape::Data(_) | Shape::Any => {
                None
            }
        }
    }

    /// The fields' shapes of constructor `tag` of this shape, which has `n` of them (an
    /// `Unpack` taking it apart, a cell of it built).
    pub(crate) fn unpacked(&self, tag: u32, n: usize) -> Option<Vec<Shape>> {
        let fields = match self {
            Shape::Data(data) => data
                .cons
                .get(tag as usize)?
                .iter()
                .map(|f| f.clone().unwrap_or_else(|| self.clone()))
                .collect(),
            Shape::Con(t, _) if *t != tag => return None,
            Shape::Con(..) => self.fields()?,
            _ if tag != 1 => return None,
            _ => self.fields()?,
        };
        (n > 0 && fields.len() == n).then_some(fields)
    }

    /// Whether a value of this shape can be read as one of shape `expected`: the same shape,
    /// a constant tag as a Bool, an empty list or a nullary constructor, or anything held by
    /// address as a type variable's value.
    pub(crate) fn fits(&self, expected: &Shape) -> bool {
        match (self, expected) {
            (Shape::Tag(tags), Shape::Scalar(Scalar::Bool)) => tags & !0b11 == 0,
            (Shape::Tag(tags), Shape::List(_)) => *tags == 1,
            (Shape::Tag(tags), Shape::Data(data)) => tag_list(*tags)
                .iter()
                .all(|&t| data.cons.get(t as usize).is_some_and(Vec::is_empty)),
            (
                Shape::List(_) | Shape::Array(_) | Shape::Data(_) | Shape::Tag(_) | Shape::Any,
                Shape::Any,
            ) => true,
            // A scalar or a product held unboxed is no address, and an address no scalar or
            // product (`readable` unboxes it).
            (_, Shape::Any) | (Shape::Any, _) => false,
            (Shape::Con(t, fields), Shape::Con(u, expected)) => {
                t == u
                    && fields.len() == expected.len()
                    && fields.iter().zip(expected.iter()).all(|(f, e)| f.fits(e))
            }
            (a, b) => a.within(b),
        }
    }

    /// Whether a register of this shape can be read as one of shape `expected`: when it
    /// fits, or when it holds a type variable's value by address, which is read as the
    /// expected shape (a scalar or product unboxed by a runtime call that bails on another
    /// value, such as a dual number under `grad`).
    pub(crate) fn readable(&self, expected: &Shape) -> bool {
        self.fits(expected) || (*self == Shape::Any && !matches!(expected, Shape::Tag(_)))
    }

    /// Whether a register of this shape can be a field of shape `expected` of a cell built
    /// for the caller: when it is readable so, or when it is a product of that field's type
    /// (a list's or data type's constructor, a tuple), built into a cell of its own inside
    /// from its own leaves (a type variable's value among them cloned as it is).
    pub(crate) fn fits_cell_field(&self, expected: &Shape) -> bool {
        if self.readable(expected) {
            return true;
        }
        let Shape::Con(tag, fields) = self else {
            return false;
        };
        match expected.unpacked(*tag, fields.len()) {
            Some(wanted) => fields
                .iter()
                .zip(&wanted)
                .all(|(f, w)| f.fits_cell_field(w)),
            _ => false,
        }
    }

    /// Whether a register of this shape passed (or returned) where `expected` is wanted is
    /// built into a value of its own first: a product for a list or data type (`x : acc` for
    /// an accumulator), a scalar or product for a type variable's value (boxed, passed by
    /// address: `insert k 1 m` at a polymorphic `balance`).
    pub(crate) fn builds_cell(&self, expected: &Shape) -> bool {
        match (self, expected) {
            (Shape::Scalar(s), Shape::Any) => *s != Scalar::Ref,
            (Shape::Con(..), Shape::Any) => true,
            (Shape::Con(..), Shape::Con(..)) => false,
            (Shape::Con(..), _) => self.fits_cell_field(expected),
            _ => false,
        }
    }

    /// Whether a register of this shape can be passed (or returned) where `expected` is
    /// wanted: read as it, or built into a value of its own.
    pub(crate) fn passable(&self, expected: &Shape) -> bool {
        self.readable(expected) || self.builds_cell(expected)
    }

    /// Whether a value of this shape inside a cell (a list's element, a data type's argument)
    /// can be read in place as one of shape `expected`: the same shape, anything as a type
    /// variable's value (its address), or a type variable's value as anything (the readers
    /// of cells unbox by the shape they expect and bail on another), at any depth.
    fn within(&self, expected: &Shape) -> bool {
        let all = |a: &[Shape], b: &[Shape]| {
            a.len() == b.len() && a.iter().zip(b).all(|(a, b)| a.within(b))
        };
        match (self, expected) {
            (_, Shape::Any) | (Shape::Any, _) => true,
            (Shape::List(a), Shape::List(b)) | (Shape::Array(a), Shape::Array(b)) => a.within(b),
            (Shape::Con(t, a), Shape::Con(u, b)) => t == u && all(a, b),
            (Shape::Data(a), Shape::Data(b)) => a.name == b.name && all(&a.args, &b.args),
            (a, b) => a == b,
        }
    }
}

/// The most scalars a product's shape may have (a parameter, a result or a register).
pub(crate) const MAX_WIDTH: usize = 16;

/// What a register holds before an instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Slot {
    /// Nothing written on any path yet.
    Undef,
    Is(Shape),
    /// Different shapes on different paths: it cannot be read.
    Mixed,
}

impl Slot {
    fn join(&self, other: &Slot) -> Slot {
        match (self, other) {
            (Slot::Undef, s) | (s, Slot::Undef) => s.clone(),
            (a, b) if a == b => a.clone(),
            (Slot::Is(a), Slot::Is(b)) if a.fits(b) => Slot::Is(b.clone()),
            (Slot::Is(a), Slot::Is(b)) if b.fits(a) => Slot::Is(a.clone()),
            (Slot::Is(Shape::Tag(a)), Slot::Is(Shape::Tag(b))) => Slot::Is(Shape::Tag(a | b)),
            _ => Slot::Mixed,
        }
    }
}

/// A scalar function's parameter and result shapes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Signature {
    pub params: Vec<Shape>,
    pub result: Shape,
}

/// The data types by name: the type's parameters and each constructor's fields' types, by tag.
/// A type of one constructor with fields is a product; one of several, `Shape::Data`.
pub(crate) type Datas = HashMap<Name, (Vec<Name>, Vec<Vec<Type>>)>;

/// A scalar function: its signature and its registers' types before each instruction (`None`
/// for an instruction no path reaches).
#[derive(Clone)]
pub(crate) struct Typed {
    pub sig: Signature,
    pub before: Vec<Option<Vec<Slot>>>,
}

/// The largest function (instructions × registers) typed: the analysis keeps a state per
/// instruction.
const MAX_CELLS: usize = 1 << 18;

/// How deep products may nest in a shape (a recursive type of one constructor has none).
const MAX_DEPTH: usize = 4;

/// The shape of the values of core type `ty`, if it has one of at most `MAX_WIDTH` scalars.
fn shape(ty: &Type, datas: &Datas) -> Option<Shape> {
    let shape = shape_at(ty, datas, 0)?;
    (shape.width() <= MAX_WIDTH).then_some(shape)
}

fn shape_at(ty: &Type, datas: &Datas, depth: usize) -> Option<Shape> {
    let (name, args) = match ty {
        Type::Con(name, args) => (name, args),
        Type::Var(_) => return Some(Shape::Any),
        _ => return None,
    };
    let scalar = match name.as_str() {
        names::INT if args.is_empty() => Some(Scalar::Int),
        names::DOUBLE if args.is_empty() => Some(Scalar::Double),
        names::CHAR if args.is_empty() => Some(Scalar::Char),
        names::BOOL if args.is_empty() => Some(Scalar::Bool),
        _ => None,
    };
    if let Some(s) = scalar {
        return Some(Shape::Scalar(s));
    }
    if name.as_str() == dnrad_core::dual::DUAL && args.len() == 1 {
        // A dual number of differentiated code, held by address (see `dual`).
        return Some(Shape::Any);
    }
    if name.as_str() == names::INTEGER && args.is_empty() {
        // Held by address; its primitives are runtime calls (see `integer`).
        return Some(Shape::Any);
    }
    if depth >= MAX_DEPTH {
        return None;
    }
    // A list cell's head or an array's element is read into a buffer of `MAX_WIDTH` scalars.
    let read_in_place: Option<fn(Rc<Shape>) -> Shape> = match (name.as_str(), args.len()) {
        (names::LIST, 1) => Some(Shape::List),
        (dnrad_core::prim::PRIM_ARRAY, 1) => Some(Shape::Array),
        _ => None,
    };
    if let Some(container) = read_in_place {
        let elem = shape_at(&args[0], datas, depth + 1)?;
        return (elem.width() <= MAX_WIDTH).then(|| container(elem.into()));
    }
    let (params, cons) = datas.get(name)?;
    if params.len() != args.len() {
        return None;
    }
    let sub: Vec<(Name, Type)> = params.iter().cloned().zip(args.iter().cloned()).collect();
    let mut fresh = 0;
    let mut field = |f: &Type| {
        shape_at(
            &dnrad_core::lint::subst(f, &sub, &mut fresh),
            datas,
            depth + 1,
        )
    };
    if let [fields] = cons.as_slice() {
        if !fields.is_empty() {
            let fields = fields.iter().map(field).collect::<Option<Vec<Shape>>>()?;
            return Some(Shape::Con(0, fields.into()));
        }
    }
    // The type itself at its own parameters, in its constructors' fields.
    let itself = Type::Con(
        name.clone(),
        params.iter().map(|p| Type::Var(p.clone())).collect(),
    );
    let cons = cons
        .iter()
        .map(|fields| {
            fields
                .iter()
                .map(|f| match *f == itself {
                    true => Some(None),
                    false => field(f).map(Some),
                })
                .collect::<Option<Vec<Option<Shape>>>>()
        })
        .collect::<Option<Vec<_>>>()?;
    let data = DataShape {
        name: name.clone(),
        args: args
            .iter()
            .map(|a| shape_at(a, datas, depth + 1))
            .collect::<Option<_>>()?,
        cons,
    };
    // A cell's fields fit the reader's buffer.
    let width = |c: &Vec<Option<Shape>>| {
        c.iter()
            .map(|f| f.as_ref().map_or(1, Shape::width))
            .sum::<usize>()
    };
    data.cons
        .iter()
        .all(|c| width(c) <= MAX_WIDTH)
        .then(|| Shape::Data(data.into()))
}

/// The signature of a function of `arity` parameters of core type `ty`, if every parameter
/// and the result has a shape.
pub(crate) fn signature(ty: &Type, arity: usize, datas: &Datas) -> Option<Signature> {
    let mut params = Vec::with_capacity(arity);
    let mut rest = match ty {
        Type::Forall(_, body) => body,
        ty => ty,
    };
    for _ in 0..arity {
        let Type::Fun(param, result) = rest else {
            return None;
        };
        params.push(shape(param, datas)?);
        rest = result;
    }
    Some(Signature {
        params,
        result: shape(rest, datas)?,
    })
}

/// The operand and result types of a primitive of one argument the native tier compiles.
pub(crate) fn prim1(op: PrimOp) -> Option<(Scalar, Scalar)> {
    use PrimOp::*;
    use Scalar::*;
    Some(match op {
        IntNegate => (Int, Int),
        IntToDouble => (Int, Double),
        CharOrd | CharCategory => (Char, Int),
        CharChr => (Int, Char),
        CharToUpper | CharToLower => (Char, Char),
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
        CharEq | CharNe | CharLt | CharLe | CharGt | CharGe => (Char, Bool),
        _ => return None,
    })
}

/// The shape of a constant.
pub(crate) fn constant(v: &Value) -> Option<Shape> {
    match v {
        Value::Int(_) => Some(Shape::Scalar(Scalar::Int)),
        Value::Double(_) => Some(Shape::Scalar(Scalar::Double)),
        Value::Char(_) => Some(Shape::Scalar(Scalar::Char)),
        Value::Tag(t) if *t < 32 => Some(Shape::Tag(1 << t)),
        // A constant of the array mode (`arrayConst 0.25` folded) or an Integer, held by
        // address.
        Value::ArrayLeaf { id: 0, .. } | Value::SmallInteger(_) | Value::BigInteger(_) => {
            Some(Shape::Any)
        }
        // A list literal of scalars (the VM's `constant_list`), read in place by address.
        Value::Con(_) => {
            let items = v.list_items()?;
            let elem = constant(items.first()?).filter(|t| matches!(t, Shape::Scalar(_)))?;
            let uniform = items.iter().all(|x| constant(x).as_ref() == Some(&elem));
            uniform.then_some(Shape::List(Rc::new(elem)))
        }
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

/// The tags a `Switch` on a register of shape `scrut` may see: a Bool's two, a constructor's
/// own.
pub(crate) fn switch_tags(scrut: &Shape) -> Vec<u32> {
    match scrut {
        Shape::Scalar(Scalar::Bool) | Shape::List(_) => vec![0, 1],
        Shape::Con(tag, _) => vec![*tag],
        Shape::Tag(tags) => tag_list(*tags),
        Shape::Data(data) => (0..data.cons.len() as u32).collect(),
        Shape::Scalar(_) | Shape::Array(_) | Shape::Any => Vec::new(),
    }
}

/// Where a `Switch` on a register of shape `scrut` (its arms for the tags it may see, without
/// the missing ones) or a `Jump` goes; nothing for other instructions.
pub(crate) fn branch_targets(f: &Function, op: &Op, scrut: Option<&Shape>) -> Vec<u32> {
    match (op, scrut) {
        (
            Op::Switch {
                table,
                ntags,
                default,
                ..
            },
            Some(scrut),
        ) => switch_tags(scrut)
            .into_iter()
            .filter_map(|tag| switch_target(f, *table, *ntags, *default, tag))
            .collect(),
        (Op::Jump { target }, _) => vec![*target],
        _ => Vec::new(),
    }
}

/// The functions of `funcs` that never return: every path ends in `error` or a call of such
/// a function (`Data.Ix.indexError`, a program's own `failWith`). A call of one is a bail in
/// native code, whatever its arguments (the VM runs it and reports the error).
pub(crate) fn diverging(funcs: &[Function]) -> HashSet<u32> {
    let mut set = HashSet::new();
    loop {
        let before = set.len();
        for (i, f) in funcs.iter().enumerate() {
            if !set.contains(&(i as u32)) && !returns(f, &set) {
                set.insert(i as u32);
            }
        }
        if set.len() == before {
            return set;
        }
    }
}

/// Whether some path of `f` returns (`diverging` never do).
fn returns(f: &Function, diverging: &HashSet<u32>) -> bool {
    let mut seen = vec![false; f.ops.len()];
    let mut work = vec![0usize];
    while let Some(pc) = work.pop() {
        if pc >= f.ops.len() || std::mem::replace(&mut seen[pc], true) {
            continue;
        }
        match &f.ops[pc] {
            Op::Prim1 {
                op: PrimOp::Error, ..
            } => {}
            Op::CallDirect { func, .. }
            | Op::TailCallDirect { func, .. }
            | Op::TailCallCon { func, .. }
                if diverging.contains(func) => {}
            _ => {
                let next = crate::vm::liveness::successors(f, pc);
                if next.is_empty() {
                    return true;
                }
                work.extend(next);
            }
        }
    }
    false
}

/// The scalar functions among `candidates` (function index and signature, from core types),
/// typed.
pub(crate) fn scalar_functions(
    funcs: &[Function],
    candidates: HashMap<u32, Signature>,
) -> HashMap<u32, Typed> {
    // (A function that never returns is never worth compiling: it always bails.)
    let diverging = diverging(funcs);
    let mut sigs = candidates;
    sigs.retain(|f, _| !diverging.contains(f));
    loop {
        let mut typed = HashMap::new();
        let mut dropped = Vec::new();
        for (&i, sig) in &sigs {
            match analyze(&funcs[i as usize], sig, &sigs, &diverging) {
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

/// The registers' types before each instruction of `f`, of signature `sig`,
/// when it is scalar (its callees' signatures in `sigs`; `diverging` never return).
pub(crate) fn analyze(
    f: &Function,
    sig: &Signature,
    sigs: &HashMap<u32, Signature>,
    diverging: &HashSet<u32>,
) -> Option<Vec<Option<Vec<Slot>>>> {
    let nregs = f.nregs as usize;
    if f.ops.len().saturating_mul(nregs) > MAX_CELLS || sig.params.len() > nregs {
        return None;
    }
    let mut before: Vec<Option<Vec<Slot>>> = vec![None; f.ops.len()];
    let mut start = vec![Slot::Undef; nregs];
    for (j, t) in sig.params.iter().enumerate() {
        start[j] = Slot::Is(t.clone());
    }
    before[0] = Some(start);
    let mut work = vec![0usize];
    while let Some(pc) = work.pop() {
        let mut state = before[pc].clone().expect("a visited instruction");
        for next in step(f, pc, &mut state, sig, sigs, diverging)? {
            let next = next as usize;
            let merged = match &before[next] {
                None => state.clone(),
                Some(old) => old.iter().zip(&state).map(|(a, b)| a.join(b)).collect(),
            };
            if before[next].as_ref() != Some(&merged) {
                before[next] = Some(merged);
                work.push(next);
            }
        }
    }
    Some(before)
}

/// The shape register operand `r` holds in `state`, if it holds one.
pub(crate) fn read(state: &[Slot], r: Reg) -> Option<&Shape> {
    match state.get(index(r))? {
        Slot::Is(t) => Some(t),
        _ => None,
    }
}

/// Whether register operand `r` holds what can be read as scalar `t`.
fn holds(state: &[Slot], r: Reg, t: Scalar) -> Option<()> {
    read(state, r)?.readable(&Shape::Scalar(t)).then_some(())
}

/// Whether register operand `r` holds a value held by address of no known shape (a type
/// variable's value, a dual number).
fn holds_any(state: &[Slot], r: Reg) -> Option<()> {
    (read(state, r)? == &Shape::Any).then_some(())
}

/// Check that the registers `regs` hold what can be read as `shapes`.
fn args_are(state: &[Slot], regs: &[u32], shapes: &[Shape]) -> Option<()> {
    args_with(state, regs, shapes, Shape::readable)
}

/// Check that the registers `regs` hold what can be passed as `shapes` (`Shape::passable`).
fn args_passed(state: &[Slot], regs: &[u32], shapes: &[Shape]) -> Option<()> {
    args_with(state, regs, shapes, Shape::passable)
}

fn args_with(
    state: &[Slot],
    regs: &[u32],
    shapes: &[Shape],
    ok: fn(&Shape, &Shape) -> bool,
) -> Option<()> {
    if regs.len() != shapes.len() {
        return None;
    }
    for (&r, t) in regs.iter().zip(shapes) {
        ok(read(state, r)?, t).then_some(())?;
    }
    Some(())
}

/// The shape a register of shape `t` gives a constructor's field: a constant tag is a Bool
/// (another nullary constructor has none).
pub(crate) fn field_shape(t: &Shape) -> Option<Shape> {
    match t {
        Shape::Tag(tags) if tags & !0b11 == 0 => Some(Shape::Scalar(Scalar::Bool)),
        Shape::Tag(_) => None,
        t => Some(t.clone()),
    }
}

/// The tags of a set of them (bit `t` for tag `t`), in order.
fn tag_list(tags: u32) -> Vec<u32> {
    (0..32).filter(|t| tags & (1 << t) != 0).collect()
}

/// The shape of constructor `tag` with fields in registers `regs`.
fn constructed(state: &[Slot], tag: u32, regs: &[u32]) -> Option<Shape> {
    let fields = regs
        .iter()
        .map(|&r| read(state, r).and_then(field_shape))
        .collect::<Option<Vec<Shape>>>()?;
    let shape = Shape::Con(tag, fields.into());
    (!regs.is_empty() && shape.width() <= MAX_WIDTH).then_some(shape)
}

/// What `primInterleave` makes of a product of scalars and arrays of Doubles of shape `x`
/// (whose gradient native code can make from the inputs' cotangents alone): the pair of `x`
/// with each Double a dual number (held by address) and each array an array of them, and the
/// number of inputs; `None` for other shapes.
pub(crate) fn interleaved(x: &Shape) -> Option<Shape> {
    fn dual(t: &Shape) -> Option<Shape> {
        Some(match t {
            Shape::Scalar(Scalar::Double) => Shape::Any,
            Shape::Array(e) if **e == Shape::Scalar(Scalar::Double) => {
                Shape::Array(Rc::new(Shape::Any))
            }
            Shape::Scalar(Scalar::Ref) => return None,
            Shape::Scalar(_) | Shape::Tag(_) => t.clone(),
            Shape::Con(tag, fields) => Shape::Con(
                *tag,
                fields.iter().map(dual).collect::<Option<Vec<_>>>()?.into(),
            ),
            Shape::List(_) | Shape::Array(_) | Shape::Data(_) | Shape::Any => return None,
        })
    }
    Some(Shape::Con(0, [dual(x)?, Shape::Scalar(Scalar::Int)].into()))
}

/// Register operand `dst` holds a `t` from now on.
fn set(state: &mut [Slot], dst: Reg, t: Shape) -> Option<()> {
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
    diverging: &HashSet<u32>,
) -> Option<Vec<u32>> {
    let next = vec![pc as u32 + 1];
    match &f.ops[pc] {
        // A call that never returns: native code bails there, the VM reports the error.
        Op::CallDirect { func, .. }
        | Op::TailCallDirect { func, .. }
        | Op::TailCallCon { func, .. }
            if diverging.contains(func) =>
        {
            Some(Vec::new())
        }
        Op::Loc(_) => Some(next),
        Op::Move { dst, src } => {
            let t = read(state, *src)?.clone();
            set(state, *dst, t)?;
            Some(next)
        }
        Op::Const { dst, index } => {
            set(state, *dst, constant(f.consts.get(*index as usize)?)?)?;
            Some(next)
        }
        // A call of `error` (after its message): native code bails there, and the VM, running
        // the call again, reports it. The message's register cannot be read.
        Op::Str { dst, .. } => {
            *state.get_mut(index(*dst))? = Slot::Mixed;
            Some(next)
        }
        Op::Prim1 {
            op: PrimOp::Error, ..
        } => Some(Vec::new()),
        // A gradient's wrapper (the AD pass's `g#grad`) on a product of scalars and arrays of
        // Doubles: the interleaved value's dual numbers held by address, the gradient's
        // scalars unboxed and its arrays made.
        Op::Prim1 {
            dst,
            op: PrimOp::Interleave,
            a,
            ..
        } => {
            let made = interleaved(read(state, *a)?)?;
            (made.width() <= MAX_WIDTH).then_some(())?;
            set(state, *dst, made)?;
            Some(next)
        }
        Op::Prim1 {
            dst,
            op: PrimOp::IdsEnd,
            a,
            ..
        } => {
            holds_any(state, *a)?;
            set(state, *dst, Shape::Scalar(Scalar::Int))?;
            Some(next)
        }
        Op::Prim {
            dst,
            op: PrimOp::Backward,
            args,
            ..
        } => {
            let regs = f.list(*args, 6);
            for &r in &regs[..3] {
                holds(state, r, Scalar::Int)?;
            }
            let x = read(state, regs[3])?.clone();
            interleaved(&x)?;
            holds_any(state, regs[4])?;
            holds(state, regs[5], Scalar::Double)?;
            set(state, *dst, x)?;
            Some(next)
        }
        Op::Prim1 {
            dst,
            op: op @ (PrimOp::ArrayConst | PrimOp::DualPrimal),
            a,
            ..
        } => {
            let (arg, result) = match op {
                PrimOp::ArrayConst => (Shape::Scalar(Scalar::Double), Shape::Any),
                _ => (Shape::Any, Shape::Scalar(Scalar::Double)),
            };
            (read(state, *a)? == &arg).then_some(())?;
            set(state, *dst, result)?;
            Some(next)
        }
        Op::Prim2 {
            dst,
            op: PrimOp::ArrayAdd | PrimOp::ArraySub | PrimOp::ArrayMul,
            a,
            b,
            ..
        } => {
            for r in [a, b] {
                holds_any(state, *r)?;
            }
            set(state, *dst, Shape::Any)?;
            Some(next)
        }
        // A differentiable function of the Prelude on dual numbers (`sin`, `/`, ...): the
        // function's code, then its arguments.
        Op::Prim2 {
            dst,
            op: PrimOp::NumUn,
            a,
            b,
            ..
        } => {
            holds(state, *a, Scalar::Int)?;
            holds_any(state, *b)?;
            set(state, *dst, Shape::Any)?;
            Some(next)
        }
        Op::Prim {
            dst,
            op: PrimOp::NumBin,
            args,
            ..
        } => {
            let regs = f.list(*args, 3);
            holds(state, regs[0], Scalar::Int)?;
            for &r in &regs[1..] {
                holds_any(state, r)?;
            }
            set(state, *dst, Shape::Any)?;
            Some(next)
        }
        Op::Prim {
            dst,
            op: PrimOp::ArrayLin,
            args,
            ..
        } => {
            let (factor, number) = (Shape::Scalar(Scalar::Double), Shape::Any);
            let shapes = [&factor, &number, &factor, &number];
            for (&r, t) in f.list(*args, 4).iter().zip(shapes) {
                (read(state, r)? == t).then_some(())?;
            }
            set(state, *dst, Shape::Any)?;
            Some(next)
        }
        // A dot product of arrays of Doubles, or of dual numbers (a number held by address).
        Op::Prim {
            dst,
            op: op @ (PrimOp::DoubleDot | PrimOp::NumDot),
            args,
            ..
        } => {
            let double = Shape::Scalar(Scalar::Double);
            for (k, &r) in f.list(*args, 7).iter().enumerate() {
                match (k, read(state, r)?) {
                    (0 | 3, Shape::Array(e)) if **e == double || *op == PrimOp::NumDot => {}
                    (0 | 3, _) => return None,
                    _ => holds(state, r, Scalar::Int)?,
                }
            }
            let result = match op {
                PrimOp::DoubleDot => double,
                _ => Shape::Any,
            };
            set(state, *dst, result)?;
            Some(next)
        }
        Op::Prim1 { dst, op, a, .. } | Op::Prim2 { dst, op, a, .. }
            if super::integer::signature(*op).is_some() =>
        {
            let (args, result) = super::integer::signature(*op)?;
            let regs = match &f.ops[pc] {
                Op::Prim2 { b, .. } => vec![*a, *b],
                _ => vec![*a],
            };
            (regs.len() == args.len()).then_some(())?;
            for (&r, t) in regs.iter().zip(args) {
                (read(state, r)? == t).then_some(())?;
            }
            set(state, *dst, result)?;
            Some(next)
        }
        Op::Prim1 { dst, op, a, .. } => {
            let (arg, result) = prim1(*op)?;
            holds(state, *a, arg)?;
            set(state, *dst, Shape::Scalar(result))?;
            Some(next)
        }
        Op::Prim2 {
            dst,
            op: PrimOp::ArrIndex,
            a,
            b,
            ..
        } => {
            let Shape::Array(elem) = read(state, *a)? else {
                return None;
            };
            let elem = elem.as_ref().clone();
            holds(state, *b, Scalar::Int)?;
            set(state, *dst, elem)?;
            Some(next)
        }
        Op::Prim2 { dst, op, a, b, .. } => {
            let (arg, result) = prim2(*op)?;
            holds(state, *a, arg)?;
            holds(state, *b, arg)?;
            set(state, *dst, Shape::Scalar(result))?;
            Some(next)
        }
        Op::Con { dst, tag, args, n } => {
            let t = constructed(state, *tag, f.list(*args, *n as usize))?;
            set(state, *dst, t)?;
            Some(next)
        }
        Op::Unpack { src, slots, n, tag } => {
            // A list or data type is unpacked only in its `Switch`'s arm of the constructor
            // (native code checks again).
            let fields = read(state, *src)?.unpacked(*tag, *n as usize)?;
            let slots = f.list(*slots, *n as usize);
            for (&r, t) in slots.iter().zip(fields.iter()) {
                set(state, r, t.clone())?;
            }
            Some(next)
        }
        op @ Op::Switch { scrut, .. } => {
            let scrut = read(state, *scrut)?;
            (!switch_tags(scrut).is_empty()).then_some(())?;
            // An arm missing is the VM's error: native code bails there.
            Some(branch_targets(f, op, Some(scrut)))
        }
        op @ Op::Jump { .. } => Some(branch_targets(f, op, None)),
        Op::Ret { src } => {
            read(state, *src)?.passable(&sig.result).then_some(())?;
            Some(Vec::new())
        }
        Op::RetCon { tag, args, n } => {
            // A product's leaves, or a cell (a list's, a data type's) built for the caller.
            let fields = match &sig.result {
                Shape::Con(result_tag, fields) => {
                    (tag == result_tag).then_some(())?;
                    fields.to_vec()
                }
                result => {
                    let fields = result.unpacked(*tag, *n as usize)?;
                    for (&r, t) in f.list(*args, *n as usize).iter().zip(&fields) {
                        read(state, r)?.fits_cell_field(t).then_some(())?;
                    }
                    return Some(Vec::new());
                }
            };
            args_are(state, f.list(*args, *n as usize), &fields)?;
            Some(Vec::new())
        }
        Op::CallDirect {
            dst, func, args, n, ..
        } => {
            let callee = sigs.get(func)?;
            args_passed(state, f.list(*args, *n as usize), &callee.params)?;
            set(state, *dst, callee.result.clone())?;
            Some(next)
        }
        Op::TailCallCon {
            func,
            args,
            n,
            into,
        } => {
            // A call, then its value in field `hole` of a cell built for the caller.
            let callee = sigs.get(func)?;
            args_passed(state, f.list(*args, *n as usize), &callee.params)?;
            let shapes = sig.result.unpacked(into.tag, into.nfields as usize)?;
            let fields = f.list(into.fields, into.nfields as usize);
            for (j, (&r, t)) in fields.iter().zip(&shapes).enumerate() {
                match j == into.hole as usize {
                    true => callee.result.fits(t).then_some(())?,
                    false => {
                        let have = read(state, r)?;
                        match sig.result {
                            Shape::Con(..) => have.readable(t),
                            _ => have.fits_cell_field(t),
                        }
                        .then_some(())?
                    }
                }
            }
            Some(Vec::new())
        }
        Op::TailCallDirect { func, args, n } => {
            let callee = sigs.get(func)?;
            let regs = f.list(*args, *n as usize);
            // (A product or scalar may be built into a value of its own: an accumulator.)
            args_passed(state, regs, &callee.params)?;
            // (Another result shape: a call, its value read as this one's, then the return.)
            (callee.result == sig.result || callee.result.readable(&sig.result)).then_some(())?;
            Some(Vec::new())
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vm::code::examples::switch2;
    use dnrad_core::Span;

    fn sc(s: Scalar) -> Shape {
        Shape::Scalar(s)
    }

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
            signature(&t, 2, &Datas::new()),
            Some(Signature {
                params: vec![sc(Scalar::Int), sc(Scalar::Int)],
                result: sc(Scalar::Bool)
            })
        );
        assert_eq!(
            signature(&t, 1, &Datas::new()),
            None,
            "the result is a function"
        );
        let list = Type::Con(names::LIST.into(), vec![int()]);
        assert_eq!(
            signature(&Type::fun(list, int()), 1, &Datas::new()),
            Some(Signature {
                params: vec![Shape::List(sc(Scalar::Int).into())],
                result: sc(Scalar::Int)
            }),
            "a list of scalars is read in place"
        );
        let functions = Type::Con(names::LIST.into(), vec![Type::fun(int(), int())]);
        assert_eq!(
            signature(&Type::fun(functions, int()), 1, &Datas::new()),
            None,
            "a list of functions"
        );
        let pair = Type::Con(
            "(,)".into(),
            vec![int(), Type::Con(names::DOUBLE.into(), vec![])],
        );
        let products = Datas::from([(
            Name::from("(,)"),
            (
                vec![Name::from("a"), Name::from("b")],
                vec![vec![Type::var("a"), Type::var("b")]],
            ),
        )]);
        assert_eq!(
            signature(&Type::fun(pair.clone(), pair), 1, &products).map(|s| s.result.leaves()),
            Some(vec![Scalar::Int, Scalar::Double]),
            "a tuple's fields at its type's arguments"
        );
        let wide = Datas::from([(
            Name::from("Wide"),
            (vec![], vec![vec![int(); MAX_WIDTH + 1]]),
        )]);
        let list = Type::Con(names::LIST.into(), vec![Type::Con("Wide".into(), vec![])]);
        assert_eq!(
            signature(&Type::fun(list, int()), 1, &wide),
            None,
            "a list whose cells' heads have more scalars than a buffer holds"
        );
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
                switch2(1),
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
            params: vec![sc(Scalar::Int)],
            result: sc(Scalar::Int),
        };
        let sigs = HashMap::from([(7, sig.clone())]);
        let before = analyze(&f, &sig, &sigs, &HashSet::new()).expect("scalar");
        assert_eq!(before[2].as_ref().unwrap()[1], Slot::Is(sc(Scalar::Bool)));
        assert_eq!(before[5].as_ref().unwrap()[1], Slot::Is(sc(Scalar::Int)));
        let mut funcs: Vec<Function> = (0..7).map(|_| Function::default()).collect();
        funcs.push(f);
        assert!(scalar_functions(&funcs, sigs).contains_key(&7));
    }

    #[test]
    fn a_constant_list_of_scalars_is_read_by_address_and_other_constants_are_not_shapes() {
        let pair = Value::con(0, [Value::Int(1), Value::Int(2)]);
        let mixed = Value::list([Value::Int(1), Value::Char('a')].into_iter());
        let sig = Signature {
            params: vec![sc(Scalar::Int)],
            result: sc(Scalar::Int),
        };
        let at = |v: Value| {
            let f = function(
                2,
                1,
                vec![Op::Const { dst: 1, index: 0 }, Op::Ret { src: 0 }],
                vec![v],
            );
            analyze(&f, &sig, &HashMap::new(), &HashSet::new())
                .map(|states| states[1].as_ref().expect("reached")[1].clone())
        };
        let chars = Shape::List(Rc::new(sc(Scalar::Char)));
        assert_eq!(at(Value::string("ab")), Some(Slot::Is(chars)));
        let nested = Value::list(std::iter::once(Value::list(std::iter::once(Value::Int(1)))));
        for v in [pair, mixed, nested] {
            assert!(at(v).is_none());
        }
    }

    #[test]
    fn a_register_with_two_types_on_two_paths_cannot_be_read() {
        // r1 is a Bool on one path and an Int on the other when they meet at 4.
        let mut f = function(
            2,
            1,
            vec![
                switch2(0),
                Op::Const { dst: 1, index: 0 },
                Op::Jump { target: 4 },
                Op::Const { dst: 1, index: 1 },
                Op::Ret { src: 1 },
            ],
            vec![Value::Int(1), Value::Tag(1)],
        );
        f.operands = vec![1, 3];
        let sig = Signature {
            params: vec![sc(Scalar::Bool)],
            result: sc(Scalar::Int),
        };
        assert!(analyze(&f, &sig, &HashMap::new(), &HashSet::new()).is_none());
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
            params: vec![sc(Scalar::Int)],
            result: sc(Scalar::Int),
        };
        let typed = scalar_functions(
            &[callee, caller],
            HashMap::from([(0, sig.clone()), (1, sig)]),
        );
        assert!(typed.is_empty());
    }
}
