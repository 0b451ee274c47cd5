//! `dnrad dump bytecode`: the VM's functions as readable text, one instruction per line.
//! Registers print as `r3` (`r3!` where the read is the last use and moves the value out),
//! captured values as `cap1`, recursive-group members as `rec0`,
//! globals by name, user source locations through the caller's `location` function. It only
//! prints; it runs and changes nothing.

use super::code::{
    index, Function, Op, Reg, MOVE, NO_TARGET, OPERAND_CAPTURE, OPERAND_KIND, OPERAND_REC,
};
use crate::compile::Compiled;
use dnrad_core::Span;
use std::fmt::Write;

/// What a listing needs besides the code: global names and source locations.
pub struct Names<'a> {
    pub compiled: &'a Compiled,
    pub location: &'a dyn Fn(Span) -> Option<String>,
}

impl Names<'_> {
    fn global(&self, g: u32) -> &str {
        self.compiled.globals[g as usize].0.as_str()
    }

    fn operand(&self, o: u32) -> String {
        let i = o & !OPERAND_KIND;
        match o & OPERAND_KIND {
            OPERAND_CAPTURE => format!("cap{i}"),
            OPERAND_REC => format!("rec{i}"),
            _ => r(i),
        }
    }

    fn span(&self, span: Span) -> String {
        if span.is_user() {
            (self.location)(span).unwrap_or_else(|| "?".into())
        } else {
            "-".into()
        }
    }
}

/// A register operand: `r3`, or `r3!` where the read moves its value out (its last use).
fn r(reg: Reg) -> String {
    if reg & MOVE != 0 {
        format!("r{}!", index(reg))
    } else {
        format!("r{reg}")
    }
}

fn target(t: u32) -> String {
    if t == NO_TARGET {
        "fail".into()
    } else {
        t.to_string()
    }
}

/// One instruction of `f`.
fn instruction(names: &Names<'_>, f: &Function, op: &Op, funcs: &[String]) -> String {
    let list = |start: u32, n: u32| -> Vec<u32> { f.list(start, n as usize).into() };
    let operands = |start: u32, n: u32| -> String {
        list(start, n)
            .into_iter()
            .map(|o| names.operand(o))
            .collect::<Vec<_>>()
            .join(" ")
    };
    match op {
        Op::Loc(span) => format!("loc {}", names.span(*span)),
        Op::Move { dst, src } => format!("r{dst} = r{src}"),
        Op::Capture { dst, index } => format!("r{dst} = cap{index}"),
        Op::RecMember { dst, index } => format!("r{dst} = rec{index}"),
        Op::Global { dst, global } => format!("r{dst} = global {}", names.global(*global)),
        Op::Const { dst, index } => {
            format!("r{dst} = const {}", constant(&f.consts[*index as usize]))
        }
        Op::Str { dst, index } => format!("r{dst} = string {:?}", f.strings[*index as usize]),
        Op::Closure { dst, lam, start, n } => format!(
            "r{dst} = closure {} [{}]",
            funcs[*lam as usize],
            operands(*start, *n)
        ),
        Op::LetRec {
            lams,
            n,
            caps,
            ncaps,
            slots,
        } => {
            let members = list(*lams, *n)
                .into_iter()
                .zip(list(*slots, *n))
                .map(|(lam, slot)| format!("r{slot} = {}", funcs[lam as usize]))
                .collect::<Vec<_>>()
                .join(", ");
            format!("letrec {members} [{}]", operands(*caps, *ncaps))
        }
        Op::Con { dst, tag, args, n } => format!("r{dst} = con #{tag} ({})", operands(*args, *n)),
        Op::Prim1 { dst, op, a, .. } => format!("r{dst} = prim {} (r{a})", op.name()),
        Op::Prim2 { dst, op, a, b, .. } => format!("r{dst} = prim {} (r{a} r{b})", op.name()),
        Op::Prim { dst, op, args, .. } => {
            format!(
                "r{dst} = prim {} ({})",
                op.name(),
                operands(*args, op.arity() as u32)
            )
        }
        Op::RetPrim { op, args, .. } => format!(
            "ret prim {} ({})",
            op.name(),
            operands(*args, op.arity() as u32)
        ),
        Op::Call { dst, f, arg, .. } => format!("r{dst} = call r{f} {}", r(*arg)),
        Op::RetCon { tag, args, n } => format!("ret con #{tag} ({})", operands(*args, *n)),
        Op::TailCall { f, arg, .. } => format!("tailcall r{f} r{arg}"),
        Op::Call2 { dst, f, a, b, .. } => {
            format!("r{dst} = call2 r{f} {} {} (else:)", r(*a), r(*b))
        }
        Op::TailCall2 { f, a, b, .. } => format!("tailcall2 r{f} r{a} r{b} (else:)"),
        Op::CallDirect {
            dst, func, args, n, ..
        } => format!(
            "r{dst} = call {} ({})",
            funcs[*func as usize],
            operands(*args, *n)
        ),
        Op::TailCallDirect { func, args, n } => {
            format!(
                "tailcall {} ({})",
                funcs[*func as usize],
                operands(*args, *n)
            )
        }
        Op::TailCallCon {
            func,
            args,
            n,
            into,
        } => {
            // The hole's register is not read: it prints as `_`.
            let fields = list(into.fields, into.nfields).into_iter().map(r);
            let mut shown: Vec<String> = fields.collect();
            shown[into.hole as usize] = "_".into();
            format!(
                "tailcall {} ({}) into con #{} ({})",
                funcs[*func as usize],
                operands(*args, *n),
                into.tag,
                shown.join(" ")
            )
        }
        Op::Ret { src } => format!("ret r{src}"),
        Op::Switch {
            scrut,
            table,
            ntags,
            default,
            ..
        } => {
            let arms = list(*table, *ntags)
                .into_iter()
                .enumerate()
                .map(|(tag, t)| format!("#{tag} -> {}", target(t)))
                .collect::<Vec<_>>()
                .join(", ");
            format!("switch r{scrut} [{arms}] default {}", target(*default))
        }
        Op::Unpack { src, slots, n, .. } => {
            format!("unpack {} -> {}", r(*src), operands(*slots, *n))
        }
        Op::Jump { target: t } => format!("jump {}", target(*t)),
    }
}

/// The names of the VM's functions (see `gen::generate` for their order).
fn function_names(names: &Names<'_>, funcs: &[Function]) -> Vec<String> {
    let c = names.compiled;
    let lams = (0..c.lams.len()).map(|i| format!("lambda{i}"));
    let globals = (0..c.globals.len() as u32).map(|g| names.global(g).to_string());
    let direct = c
        .direct
        .iter()
        .map(|(g, arity, _)| format!("{}/{arity}", names.global(*g)));
    let entry = c.entry.iter().map(|_| "<entry>".to_string());
    let mut labels: Vec<String> = lams.chain(globals).chain(direct).chain(entry).collect();
    labels.resize(funcs.len(), String::new());
    for (i, j) in two_argument_entries(funcs) {
        labels[j] = format!("{}:2", labels[i]);
    }
    labels
}

/// The two-argument entries of `funcs`: (function, its entry).
fn two_argument_entries(funcs: &[Function]) -> impl Iterator<Item = (usize, usize)> + '_ {
    (funcs.iter().enumerate()).filter_map(|(i, f)| f.curried.map(|j| (i, j as usize)))
}

/// A listing of `funcs` (generated from `names.compiled`): the functions `shown` selects (with
/// their two-argument entries, labelled `f:2`), each with its register count (and `native` for
/// those `native` selects: the native tier compiles them) and numbered instructions.
pub fn listing(
    names: &Names<'_>,
    funcs: &[Function],
    shown: &dyn Fn(usize) -> bool,
    native: &dyn Fn(usize) -> bool,
) -> String {
    let labels = function_names(names, funcs);
    let mut owner: Vec<usize> = (0..funcs.len()).collect();
    for (i, j) in two_argument_entries(funcs) {
        owner[j] = i;
    }
    let mut out = String::new();
    let c = names.compiled;
    for (i, f) in funcs.iter().enumerate().filter(|(i, _)| shown(owner[*i])) {
        let owner = match c.lam_owners.get(i) {
            Some(Some(g)) => format!("in {}, ", names.global(*g)),
            Some(None) => "in the entry, ".into(),
            None => String::new(),
        };
        let tier = if native(i) { ", native" } else { "" };
        let _ = writeln!(out, "{} ({owner}{} registers{tier}):", labels[i], f.nregs);
        for (pc, op) in f.ops.iter().enumerate() {
            let _ = writeln!(out, "  {pc:4}  {}", instruction(names, f, op, &labels));
        }
        out.push('\n');
    }
    out
}

/// A constant as the listing shows it: a list (the code generator's constant lists) as its
/// items, `[Int(-1), Int(0), Int(1)]`, anything else as its value.
fn constant(v: &crate::value::Value) -> String {
    match v.list_items() {
        Some(items) if !items.is_empty() => {
            let items: Vec<String> = items.iter().map(|x| format!("{x:?}")).collect();
            format!("[{}]", items.join(", "))
        }
        _ => format!("{v:?}"),
    }
}
