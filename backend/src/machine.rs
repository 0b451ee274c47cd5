//! The evaluator: an explicit-continuation machine over the resolved code. Locals live on one
//! value stack in frames; continuations are heap-allocated, so object-language recursion never
//! uses the Rust stack; a call in tail position reuses its caller's frame. Runtime errors point
//! at the innermost user-code location of the dynamic context.

use crate::compile::{CaseCode, Code, Compiled, LamCode, VarRef};
use crate::lift;
use crate::limits::{growth, Limits};
use crate::value::{Closure, RecGroup, Value};
use crate::world::World;
use crate::{io_prims, prims};
use dnrad_core::{Diagnostic, ErrorKind, PrimOp, Span};
use std::rc::Rc;

/// A primitive in a run (both backends): lifting into a world needs the lambda table,
/// backpropagator calls are counted, effects act on the run's `World`; the others are
/// `prims::apply`. The primitive may consume its arguments: the reverse pass frees the tape as
/// it goes when it holds the only reference to the output.
pub(crate) fn apply_prim(
    op: PrimOp,
    args: &mut [Value],
    lams: &[LamCode],
    bp_calls: &mut u64,
    world: &mut World,
    limits: &Limits,
) -> Result<Value, String> {
    limits.reserve(|| prims::result_bytes(op, args))?;
    match op {
        PrimOp::LiftRev => lift::lift(lams, 0, &args[0], &args[1]),
        PrimOp::LiftFwd => lift::lift(lams, 1, &args[0], &args[1]),
        PrimOp::Backward => crate::ad_prims::backward(args, bp_calls),
        PrimOp::NestBackward => {
            let tape = crate::nested::tape(&args[0])?;
            crate::nested::backward(&tape, &args[1], &args[2], &args[3], bp_calls)
        }
        _ if op.uses_world() => io_prims::apply(op, args, world),
        _ if op.is_array() => crate::array_prims::apply(op, args),
        _ => prims::apply(op, &*args),
    }
}

/// A runtime error as both backends report it: at `span` when that is user code, otherwise at
/// `user_loc`, the innermost user-code location of the dynamic context.
pub(crate) fn runtime_error(span: Span, user_loc: Span, msg: impl Into<String>) -> Diagnostic {
    let span = if span.is_user() { span } else { user_loc };
    Diagnostic::new(ErrorKind::Runtime, span, msg)
}

/// The error of primitive `op` (both backends). An effect runs inside an IO action, which the
/// Prelude's `>>=` runs after the user code that built it has returned: no user code is on the
/// dynamic stack then, so an effect's error is reported at `returned`, the location user code
/// last returned from (the statement that built the action), when there is one.
pub(crate) fn prim_error(
    op: PrimOp,
    span: Span,
    user_loc: Span,
    returned: Span,
    msg: impl Into<String>,
) -> Diagnostic {
    let loc = if op.is_effect() && returned.is_user() {
        returned
    } else {
        user_loc
    };
    runtime_error(span, loc, msg)
}

/// The user location when a frame returns (both backends): back to `saved`, the caller's, and
/// the frame's own in `returned` when its user code moved it.
pub(crate) fn leave_frame(user_loc: &mut Span, returned: &mut Span, saved: Span) {
    if *user_loc != saved {
        *returned = *user_loc;
    }
    *user_loc = saved;
}

/// The error of a top-level binding whose evaluation needs its own value.
pub(crate) fn loop_message(name: &str) -> String {
    format!("<<loop>>: `{name}` depends on its own value")
}

/// The environment a function body runs in (both backends): none at top level, a closure's
/// captured values, or its recursive group's.
#[derive(Clone)]
pub(crate) enum Env {
    None,
    Closure(Rc<Closure>),
    Rec(Rc<RecGroup>),
}

impl Env {
    /// The lambda a function value runs and the environment it runs in.
    pub(crate) fn of_function(f: &Value) -> Option<(u32, Env)> {
        match f {
            Value::Closure(c) => Some((c.lam, Env::Closure(c.clone()))),
            Value::Rec(g, j) => Some((g.lams[*j as usize], Env::Rec(g.clone()))),
            _ => None,
        }
    }

    /// Captured value `i`.
    pub(crate) fn capture(&self, i: usize) -> Value {
        match self {
            Env::Closure(c) => c.captures[i].clone(),
            Env::Rec(g) => g.captures[i].clone(),
            Env::None => Value::unit(),
        }
    }

    /// Member `j` of the recursive group.
    pub(crate) fn member(&self, j: u32) -> Value {
        match self {
            Env::Rec(g) => Value::Rec(g.clone(), j),
            _ => Value::unit(),
        }
    }
}

struct Frame {
    base: usize,
    env: Env,
    /// The caller's user location, restored on return.
    saved_loc: Span,
}

enum Kont<'p> {
    Return,
    AppArg(&'p Code),
    AppCall(Value),
    Let(u32, &'p Code),
    Con(u32, &'p [Code], Vec<Value>),
    Prim(PrimOp, &'p [Code], Vec<Value>, Span),
    Case(&'p CaseCode, Span),
    GlobalDone(u32),
}

/// A top-level binding's value, evaluated on first use (both backends).
pub(crate) enum Global {
    Unevaluated,
    InProgress,
    Done(Value),
}

/// After a failed run the bindings it was evaluating are unevaluated again (a host may call
/// into the program once more).
pub(crate) fn forget_in_progress(globals: &mut [Global]) {
    for g in globals {
        if matches!(g, Global::InProgress) {
            *g = Global::Unevaluated;
        }
    }
}

enum State<'p> {
    Eval(&'p Code),
    Ret(Value),
}

pub struct Machine<'p, 'o, 'w> {
    prog: &'p Compiled,
    stack: Vec<Value>,
    frames: Vec<Frame>,
    konts: Vec<Kont<'p>>,
    globals: Vec<Global>,
    user_loc: Span,
    /// The user location the last frame that moved it returned with (see `prim_error`).
    returned_loc: Span,
    limits: Limits,
    world: &'o mut World<'w>,
    /// Backpropagator calls so far (see `PrimOp::BpCount`).
    pub bp_calls: u64,
}

impl<'p, 'o, 'w> Machine<'p, 'o, 'w> {
    pub fn new(
        prog: &'p Compiled,
        world: &'o mut World<'w>,
        limits: Limits,
    ) -> Machine<'p, 'o, 'w> {
        let globals = prog.globals.iter().map(|_| Global::Unevaluated).collect();
        Machine {
            prog,
            stack: Vec::new(),
            frames: Vec::new(),
            konts: Vec::new(),
            globals,
            user_loc: Span::dummy(),
            returned_loc: Span::dummy(),
            limits,
            world,
            bp_calls: 0,
        }
    }

    fn error(&self, span: Span, msg: impl Into<String>) -> Diagnostic {
        runtime_error(span, self.user_loc, msg)
    }

    fn note_loc(&mut self, span: Span) {
        if span.is_user() {
            self.user_loc = span;
        }
    }

    /// Apply a primitive; lifting into a world needs the lambda table, and the machine counts
    /// backpropagator calls.
    fn prim(&mut self, op: PrimOp, args: &mut [Value]) -> Result<Value, String> {
        apply_prim(
            op,
            args,
            &self.prog.lams,
            &mut self.bp_calls,
            self.world,
            &self.limits,
        )
    }

    /// Evaluate a frame body (top-level binding or entry) to a value.
    pub fn run(&mut self, code: &'p LamCode) -> Result<Value, Diagnostic> {
        self.enter(code, Env::None, None)?;
        let result = self.eval(&code.body);
        self.world.flush();
        result
    }

    /// Apply the function `f` to `arg` from outside any run (a host's call), to completion.
    /// After an error the machine is as before the call, so it can take the next one.
    pub fn apply(&mut self, f: Value, arg: Value) -> Result<Value, Diagnostic> {
        let (frames, konts, stack) = (self.frames.len(), self.konts.len(), self.stack.len());
        let result = self.call(f, arg).and_then(|body| self.eval(body));
        self.world.flush();
        if result.is_err() {
            self.frames.truncate(frames);
            self.konts.truncate(konts);
            self.stack.truncate(stack);
            forget_in_progress(&mut self.globals);
        }
        result
    }

    /// Push a frame for `code` (or reuse the current one for a tail call) and bind `arg`.
    fn enter(&mut self, code: &'p LamCode, env: Env, arg: Option<Value>) -> Result<(), Diagnostic> {
        let tail = matches!(self.konts.last(), Some(Kont::Return));
        let base = if tail {
            if let Err(msg) = self.limits.tick() {
                return Err(self.error(Span::dummy(), msg));
            }
            let frame = self.frames.last_mut().expect("a frame for a tail call");
            frame.env = env;
            self.stack.truncate(frame.base);
            self.stack
                .resize_with(frame.base + code.nslots as usize, Value::unit);
            frame.base
        } else {
            self.push_frame(code, env)?
        };
        if let Some(a) = arg {
            self.stack[base] = a;
        }
        Ok(())
    }

    /// A fresh frame for `code` over `env`, with its slots; returns the slots' base.
    fn push_frame(&mut self, code: &LamCode, env: Env) -> Result<usize, Diagnostic> {
        let slots = code.nslots as usize;
        let growth = growth(&self.frames, 1) + growth(&self.konts, 1) + growth(&self.stack, slots);
        if let Err(msg) = self.limits.check_depth(self.frames.len(), growth) {
            return Err(self.error(Span::dummy(), msg));
        }
        let base = self.stack.len();
        self.frames.push(Frame {
            base,
            env,
            saved_loc: self.user_loc,
        });
        self.konts.push(Kont::Return);
        self.stack.resize_with(base + slots, Value::unit);
        Ok(base)
    }

    fn read(&self, r: VarRef) -> Value {
        let frame = self.frames.last().expect("a frame");
        match r {
            VarRef::Local(s) => self.stack[frame.base + s as usize].clone(),
            VarRef::Capture(i) => frame.env.capture(i as usize),
            VarRef::RecMember(j) => frame.env.member(j),
        }
    }

    fn set_local(&mut self, slot: u32, v: Value) {
        let base = self.frames.last().expect("a frame").base;
        self.stack[base + slot as usize] = v;
    }

    fn call(&mut self, f: Value, arg: Value) -> Result<&'p Code, Diagnostic> {
        let Some((lam, env)) = Env::of_function(&f) else {
            return Err(self.error(
                Span::dummy(),
                "internal error: applied a value that is not a function",
            ));
        };
        let code = &self.prog.lams[lam as usize];
        self.enter(code, env, Some(arg))?;
        Ok(&code.body)
    }

    fn eval(&mut self, start: &'p Code) -> Result<Value, Diagnostic> {
        let stop = self.konts.len() - 1;
        let mut state = State::Eval(start);
        loop {
            state = match state {
                State::Eval(code) => match code {
                    Code::Var(r) => State::Ret(self.read(*r)),
                    Code::Global(g) => self.global(*g)?,
                    Code::Lit(v) => State::Ret(v.clone()),
                    Code::Str(s) => State::Ret(Value::string(s)),
                    Code::Lam(lam, refs) => {
                        let captures = refs.iter().map(|r| self.read(*r)).collect();
                        State::Ret(Value::Closure(Rc::new(Closure {
                            lam: *lam,
                            captures,
                        })))
                    }
                    Code::App(f, a, span) => {
                        self.note_loc(*span);
                        self.konts.push(Kont::AppArg(a));
                        State::Eval(f)
                    }
                    Code::Let(slot, rhs, body) => {
                        self.konts.push(Kont::Let(*slot, body));
                        State::Eval(rhs)
                    }
                    Code::LetRec(lams, refs, slots, body) => {
                        let captures = refs.iter().map(|r| self.read(*r)).collect();
                        let group = Rc::new(RecGroup {
                            lams: lams.clone(),
                            captures,
                        });
                        for (j, slot) in slots.iter().enumerate() {
                            self.set_local(*slot, Value::Rec(group.clone(), j as u32));
                        }
                        State::Eval(body)
                    }
                    Code::Con(tag, args) => match args.first() {
                        None => State::Ret(Value::Tag(*tag)),
                        Some(first) => {
                            self.konts
                                .push(Kont::Con(*tag, args, Vec::with_capacity(args.len())));
                            State::Eval(first)
                        }
                    },
                    Code::Prim(op, args, span) if args.is_empty() => {
                        match self.prim(*op, &mut []) {
                            Ok(r) => State::Ret(r),
                            Err(msg) => return Err(self.error(*span, msg)),
                        }
                    }
                    Code::Prim(op, args, span) => {
                        self.note_loc(*span);
                        self.konts.push(Kont::Prim(
                            *op,
                            args,
                            Vec::with_capacity(args.len()),
                            *span,
                        ));
                        State::Eval(&args[0])
                    }
                    Code::Case(scrut, cc, span) => {
                        self.note_loc(*span);
                        self.konts.push(Kont::Case(cc, *span));
                        State::Eval(scrut)
                    }
                },
                State::Ret(v) => {
                    if self.konts.len() == stop {
                        return Ok(v);
                    }
                    match self.konts.pop().expect("a continuation") {
                        Kont::Return => {
                            let frame = self.frames.pop().expect("a frame to return from");
                            self.stack.truncate(frame.base);
                            leave_frame(
                                &mut self.user_loc,
                                &mut self.returned_loc,
                                frame.saved_loc,
                            );
                            if self.konts.len() == stop {
                                return Ok(v);
                            }
                            State::Ret(v)
                        }
                        Kont::AppArg(a) => {
                            self.konts.push(Kont::AppCall(v));
                            State::Eval(a)
                        }
                        Kont::AppCall(f) => State::Eval(self.call(f, v)?),
                        Kont::Let(slot, body) => {
                            self.set_local(slot, v);
                            State::Eval(body)
                        }
                        Kont::Con(tag, args, mut done) => {
                            done.push(v);
                            if done.len() == args.len() {
                                State::Ret(Value::con(tag, done))
                            } else {
                                let next = &args[done.len()];
                                self.konts.push(Kont::Con(tag, args, done));
                                State::Eval(next)
                            }
                        }
                        Kont::Prim(op, args, mut done, span) => {
                            done.push(v);
                            if done.len() == args.len() {
                                match self.prim(op, &mut done) {
                                    Ok(r) => State::Ret(r),
                                    Err(msg) => {
                                        self.world.flush();
                                        let (user, returned) = (self.user_loc, self.returned_loc);
                                        return Err(prim_error(op, span, user, returned, msg));
                                    }
                                }
                            } else {
                                let next = &args[done.len()];
                                self.konts.push(Kont::Prim(op, args, done, span));
                                State::Eval(next)
                            }
                        }
                        Kont::Case(cc, span) => self.select(cc, v, span)?,
                        Kont::GlobalDone(g) => {
                            self.globals[g as usize] = Global::Done(v.clone());
                            State::Ret(v)
                        }
                    }
                }
            };
        }
    }

    fn global(&mut self, g: u32) -> Result<State<'p>, Diagnostic> {
        match &self.globals[g as usize] {
            Global::Done(v) => Ok(State::Ret(v.clone())),
            Global::InProgress => {
                let name = &self.prog.globals[g as usize].0;
                Err(self.error(Span::dummy(), loop_message(name.as_str())))
            }
            Global::Unevaluated => {
                self.globals[g as usize] = Global::InProgress;
                self.konts.push(Kont::GlobalDone(g));
                let code = &self.prog.globals[g as usize].1;
                // A fresh frame, never a tail call: the binding's value is stored afterwards.
                self.push_frame(code, Env::None)?;
                Ok(State::Eval(&code.body))
            }
        }
    }

    fn select(&mut self, cc: &'p CaseCode, v: Value, span: Span) -> Result<State<'p>, Diagnostic> {
        let Some(tag) = v.tag() else {
            return Err(self.error(
                span,
                "internal error: case on a value that is not a constructor",
            ));
        };
        match cc.arms.get(tag as usize).and_then(Option::as_ref) {
            Some(arm) => {
                if let Value::Con(cell) = &v {
                    for (slot, field) in arm.slots.iter().zip(cell.fields.iter()) {
                        let base = self.frames.last().expect("a frame").base;
                        self.stack[base + *slot as usize] = field.clone();
                    }
                }
                Ok(State::Eval(&arm.body))
            }
            None => match &cc.default {
                Some(d) => Ok(State::Eval(d)),
                None => Err(self.error(span, "internal error: no case alternative matches")),
            },
        }
    }
}
