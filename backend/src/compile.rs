//! Core to the interpreter's resolved form: variables become frame slots, captured-variable
//! indices, recursive-group members or global indices; constructors become tags; types vanish.
//! Lambdas are stored in one table and referred to by index. It does not evaluate anything.

use dnrad_core::expr::{Expr, ExprKind, Lit};
use dnrad_core::{Diagnostic, ErrorKind, Name, PrimOp, Program, Span, Type};
use std::collections::HashMap;
use std::rc::Rc;

use crate::value::{Captures, Closure, Value};

/// Where a variable lives, seen from the code that uses it.
#[derive(Clone, Copy, Debug)]
pub enum VarRef {
    Local(u32),
    Capture(u32),
    RecMember(u32),
}

#[derive(Debug)]
pub enum Code {
    Var(VarRef),
    Global(u32),
    Lit(Value),
    Str(Rc<str>),
    /// Create a closure of lambda `lam`, capturing these variables of the current frame.
    Lam(u32, Box<[VarRef]>),
    App(Box<Code>, Box<Code>, Span),
    Let(u32, Box<Code>, Box<Code>),
    /// A recursive group: its lambdas, the variables they capture (shared), and the slots of
    /// the current frame that receive the members.
    LetRec(Box<[u32]>, Box<[VarRef]>, Box<[u32]>, Box<Code>),
    Con(u32, Box<[Code]>),
    Prim(PrimOp, Box<[Code]>, Span),
    Case(Box<Code>, Box<CaseCode>, Span),
}

#[derive(Debug)]
pub struct CaseCode {
    /// Indexed by constructor tag.
    pub arms: Vec<Option<Arm>>,
    pub default: Option<Code>,
}

#[derive(Debug)]
pub struct Arm {
    pub slots: Box<[u32]>,
    pub body: Code,
}

/// A function body: its parameter is slot 0.
#[derive(Debug)]
pub struct LamCode {
    pub nslots: u32,
    pub body: Code,
    /// The lambda's twin in each differentiation world (empty when the program has none): a
    /// lambda with the same captures, at their differentiated types.
    pub twins: Box<[u32]>,
    /// A closure of each twin that captures nothing: what lifting a closure of this lambda that
    /// captures nothing gives (made once, not per lifting).
    pub twin_closures: Box<[Value]>,
}

pub struct Compiled {
    pub lams: Vec<LamCode>,
    /// Top-level bindings: their code (evaluated in a frame of `nslots`) and names.
    pub globals: Vec<(Name, LamCode)>,
    pub entry: Option<LamCode>,
    /// Direct entries of top-level functions `\x1 .. xn -> body`: the global, `n`, and the
    /// body with the parameters in slots `0..n` (for the VM's saturated calls, which need
    /// neither the global's closure nor partial applications; empty unless asked for).
    pub direct: Vec<(u32, u32, LamCode)>,
    /// The core type of each direct entry's binding (the native tier's signatures).
    pub direct_types: Vec<Type>,
    /// The top-level binding each lambda comes from (`None`: from the entry).
    pub lam_owners: Vec<Option<u32>>,
    /// The data types by name: their parameters and each constructor's fields' types, by tag
    /// (the native tier's shapes).
    pub datas: HashMap<Name, (Vec<Name>, Vec<Vec<Type>>)>,
}

/// Compile-time view of one function's frame.
struct Scope {
    vars: Vec<(Name, VarRef)>,
    captures: Vec<(Name, VarRef)>,
    capture_base: u32,
    /// The first slot not used by a binder in scope: slots are reused once their binder's
    /// scope ends (closures copy what they capture, so nothing refers to a dead slot).
    next: u32,
    /// How many slots the frame needs (the most in use at once).
    nslots: u32,
}

/// Where a block of bindings starts: the variables and slots in scope before it.
#[derive(Clone, Copy)]
struct Mark {
    depth: usize,
    next: u32,
}

struct Compiler<'a> {
    tags: HashMap<Name, u32>,
    globals: &'a HashMap<Name, u32>,
    scopes: Vec<Scope>,
    /// How many binders of the scopes name each variable: a name no scope binds is a global,
    /// found without walking the scopes (a global used under 10⁴ nested lambdas).
    bound: HashMap<Name, usize>,
    lams: Vec<LamCode>,
    /// Twins that only call a global, `\x -> g#w x` (the AD pass's twins of a global
    /// function's outermost lambda): the lambda, the twin's index and the global.
    forwarding_twins: Vec<(u32, usize, u32)>,
}

fn internal(span: Span, msg: String) -> Diagnostic {
    Diagnostic::new(ErrorKind::Runtime, span, format!("internal error: {msg}"))
}

/// One binder of `name` goes out of scope.
fn unbind(bound: &mut HashMap<Name, usize>, name: &Name) {
    if let Some(count) = bound.get_mut(name) {
        *count -= 1;
        if *count == 0 {
            bound.remove(name);
        }
    }
}

/// Strip type abstractions and applications (erased at run time).
fn erase(e: &Expr) -> &Expr {
    let mut e = e;
    loop {
        match &e.kind {
            ExprKind::TyLam(_, b) | ExprKind::TyApp(b, _) => e = b,
            _ => return e,
        }
    }
}

impl Compiler<'_> {
    fn scope(&mut self) -> &mut Scope {
        self.scopes.last_mut().expect("a scope")
    }

    fn new_slot(&mut self) -> u32 {
        let s = self.scope();
        s.next += 1;
        s.nslots = s.nslots.max(s.next);
        s.next - 1
    }

    fn mark(&mut self) -> Mark {
        let s = self.scope();
        Mark {
            depth: s.vars.len(),
            next: s.next,
        }
    }

    /// Leave a block: its binders go out of scope and their slots become free.
    fn release(&mut self, mark: Mark) {
        let s = self.scopes.last_mut().expect("a scope");
        for (name, _) in s.vars.drain(mark.depth..) {
            unbind(&mut self.bound, &name);
        }
        s.next = mark.next;
    }

    fn bind(&mut self, name: &Name) -> u32 {
        let slot = self.new_slot();
        self.push_var(name.clone(), VarRef::Local(slot));
        slot
    }

    fn push_var(&mut self, name: Name, r: VarRef) {
        *self.bound.entry(name.clone()).or_default() += 1;
        self.scope().vars.push((name, r));
    }

    /// Open a scope (a function's frame) with its first binders.
    fn push_scope(&mut self, scope: Scope) {
        for (name, _) in &scope.vars {
            *self.bound.entry(name.clone()).or_default() += 1;
        }
        self.scopes.push(scope);
    }

    fn pop_scope(&mut self) -> Option<Scope> {
        let scope = self.scopes.pop()?;
        for (name, _) in &scope.vars {
            unbind(&mut self.bound, name);
        }
        Some(scope)
    }

    /// Resolve a variable in scope `depth`, adding captures along the way.
    fn resolve_at(&mut self, depth: usize, name: &Name) -> Option<VarRef> {
        let scope = &self.scopes[depth];
        if let Some((_, r)) = scope.vars.iter().rev().find(|(n, _)| n == name) {
            return Some(*r);
        }
        if let Some(i) = scope.captures.iter().position(|(n, _)| n == name) {
            return Some(VarRef::Capture(scope.capture_base + i as u32));
        }
        if depth == 0 {
            return None;
        }
        let outer = self.resolve_at(depth - 1, name)?;
        let scope = &mut self.scopes[depth];
        scope.captures.push((name.clone(), outer));
        Some(VarRef::Capture(
            scope.capture_base + scope.captures.len() as u32 - 1,
        ))
    }

    fn var(&mut self, name: &Name, span: Span) -> Result<Code, Diagnostic> {
        let depth = self.scopes.len() - 1;
        if self.bound.contains_key(name) {
            if let Some(r) = self.resolve_at(depth, name) {
                return Ok(Code::Var(r));
            }
        }
        match self.globals.get(name) {
            Some(g) => Ok(Code::Global(*g)),
            None => Err(internal(span, format!("unbound variable `{name}`"))),
        }
    }

    /// Compile a function body in a fresh scope; returns the lambda index and its captures
    /// (variables of the enclosing scope).
    /// A twin is compiled with its primal lambda's captures (`prescribed`), so that lifting a
    /// closure into a world keeps its captured values where the twin expects them.
    fn lambda(
        &mut self,
        param: &Name,
        body: &Expr,
        capture_base: u32,
        members: &[(Name, u32)],
        prescribed: Option<&[(Name, VarRef)]>,
    ) -> Result<(u32, Vec<(Name, VarRef)>), Diagnostic> {
        let mut vars: Vec<(Name, VarRef)> = members
            .iter()
            .map(|(n, j)| (n.clone(), VarRef::RecMember(*j)))
            .collect();
        vars.push((param.clone(), VarRef::Local(0)));
        self.push_scope(Scope {
            vars,
            captures: prescribed.map(<[_]>::to_vec).unwrap_or_default(),
            capture_base,
            next: 1,
            nslots: 1,
        });
        let result = self.expr(body);
        let scope = self.pop_scope().expect("the lambda's scope");
        let body = result?;
        if prescribed.is_some_and(|p| p.len() != scope.captures.len()) {
            return Err(internal(
                body_span(&body),
                "a twin captures a variable that its lambda does not".into(),
            ));
        }
        self.lams.push(LamCode {
            nslots: scope.nslots,
            body,
            twins: Box::new([]),
            twin_closures: Box::new([]),
        });
        Ok((self.lams.len() as u32 - 1, scope.captures))
    }

    /// Compile the twins of a lambda (index `lam`) that captured `captures`.
    fn twins(
        &mut self,
        lam: u32,
        duals: &[Expr],
        capture_base: u32,
        members: &[(Name, u32)],
        captures: &[(Name, VarRef)],
    ) -> Result<(), Diagnostic> {
        let mut twins = Vec::new();
        for (k, dual) in duals.iter().enumerate() {
            let ExprKind::Lam(x, _, body) = &erase(dual).kind else {
                return Err(internal(dual.span, "a twin that is not a lambda".into()));
            };
            if let Some(g) = self.forwarded(x, body).filter(|_| captures.is_empty()) {
                self.forwarding_twins.push((lam, k, g));
            }
            let (twin, _) = self.lambda(x, body, capture_base, members, Some(captures))?;
            twins.push(twin);
        }
        let closure = |&twin: &u32| {
            Value::Closure(Rc::new(Closure {
                lam: twin,
                captures: Captures::new(),
            }))
        };
        self.lams[lam as usize].twin_closures = twins.iter().map(closure).collect();
        self.lams[lam as usize].twins = twins.into();
        Ok(())
    }

    /// The global that the body `g x` of `\x -> g x` calls (through type applications), if
    /// that is all it does.
    fn forwarded(&self, x: &Name, body: &Expr) -> Option<u32> {
        let ExprKind::App(f, a) = &erase(body).kind else {
            return None;
        };
        let (ExprKind::Var(g), ExprKind::Var(y)) = (&erase(f).kind, &erase(a).kind) else {
            return None;
        };
        (y == x && !self.bound.contains_key(g) && g != x)
            .then(|| self.globals.get(g).copied())
            .flatten()
    }

    /// A capture-less twin that only calls a global bound to a capture-less lambda becomes
    /// that lambda: lifting a global function's closure gives the closure of its version in
    /// the world, which a call then enters directly (not through `\x -> g#w x`).
    fn forward_twins(&mut self, globals: &[(Name, LamCode)]) {
        for (lam, k, g) in std::mem::take(&mut self.forwarding_twins) {
            let Code::Lam(target, captures) = &globals[g as usize].1.body else {
                continue;
            };
            if captures.is_empty() {
                let code = &mut self.lams[lam as usize];
                code.twins[k] = *target;
                code.twin_closures[k] = Value::Closure(Rc::new(Closure {
                    lam: *target,
                    captures: Captures::new(),
                }));
            }
        }
    }

    fn expr(&mut self, e: &Expr) -> Result<Code, Diagnostic> {
        let e = erase(e);
        let span = e.span;
        Ok(match &e.kind {
            ExprKind::Var(n) => self.var(n, span)?,
            ExprKind::Lit(l) => match l {
                Lit::Int(i) => Code::Lit(Value::Int(*i)),
                Lit::Integer(n) => Code::Lit(crate::integer::from_big(n.clone())),
                Lit::Double(x) => Code::Lit(Value::Double(*x)),
                Lit::Char(c) => Code::Lit(Value::Char(*c)),
                Lit::Str(s) => Code::Str(Rc::from(s.as_str())),
            },
            ExprKind::Lam(x, _, body) => {
                let (lam, captures) = self.lambda(x, body, 0, &[], None)?;
                Code::Lam(lam, captures.into_iter().map(|(_, r)| r).collect())
            }
            ExprKind::Twin(primal, duals) => {
                let ExprKind::Lam(x, _, body) = &primal.kind else {
                    return Err(internal(
                        span,
                        "a twin of something other than a lambda".into(),
                    ));
                };
                let (lam, captures) = self.lambda(x, body, 0, &[], None)?;
                self.twins(lam, duals, 0, &[], &captures)?;
                Code::Lam(lam, captures.into_iter().map(|(_, r)| r).collect())
            }
            ExprKind::App(f, a) => {
                Code::App(Box::new(self.expr(f)?), Box::new(self.expr(a)?), span)
            }
            ExprKind::Let(b, body) => {
                let rhs = self.expr(&b.rhs)?;
                let mark = self.mark();
                if let Code::Var(r) = rhs {
                    // `let x = y`: `x` names `y`'s place (which outlives `x`'s scope), no copy.
                    self.push_var(b.name.clone(), r);
                    let body = self.expr(body);
                    self.release(mark);
                    return body;
                }
                let slot = self.bind(&b.name);
                let body = self.expr(body);
                self.release(mark);
                Code::Let(slot, Box::new(rhs), Box::new(body?))
            }
            ExprKind::LetRec(binds, body) => {
                let members: Vec<(Name, u32)> = binds
                    .iter()
                    .enumerate()
                    .map(|(j, b)| (b.name.clone(), j as u32))
                    .collect();
                let mut lams = Vec::new();
                let mut captures: Vec<VarRef> = Vec::new();
                for b in binds {
                    let (lam_expr, duals) = match &erase(&b.rhs).kind {
                        ExprKind::Twin(primal, duals) => (primal.as_ref(), duals.as_slice()),
                        _ => (erase(&b.rhs), &[][..]),
                    };
                    let ExprKind::Lam(x, _, lam_body) = &lam_expr.kind else {
                        return Err(internal(
                            b.span,
                            format!("recursive binding `{}` is not a function", b.name),
                        ));
                    };
                    let base = captures.len() as u32;
                    let (lam, caps) = self.lambda(x, lam_body, base, &members, None)?;
                    if !duals.is_empty() {
                        self.twins(lam, duals, base, &members, &caps)?;
                    }
                    lams.push(lam);
                    captures.extend(caps.into_iter().map(|(_, r)| r));
                }
                let mark = self.mark();
                let slots: Vec<u32> = binds.iter().map(|b| self.bind(&b.name)).collect();
                let body = self.expr(body);
                self.release(mark);
                Code::LetRec(lams.into(), captures.into(), slots.into(), Box::new(body?))
            }
            ExprKind::Con(c, _, args) => {
                let tag = *self
                    .tags
                    .get(c)
                    .ok_or_else(|| internal(span, format!("unknown constructor `{c}`")))?;
                Code::Con(
                    tag,
                    args.iter()
                        .map(|a| self.expr(a))
                        .collect::<Result<_, _>>()?,
                )
            }
            ExprKind::Prim(p, _, args) => Code::Prim(
                *p,
                args.iter()
                    .map(|a| self.expr(a))
                    .collect::<Result<_, _>>()?,
                span,
            ),
            ExprKind::Case(scrut, alts, default) => {
                let s = self.expr(scrut)?;
                let mut arms: Vec<Option<Arm>> = Vec::new();
                for alt in alts {
                    let tag = *self.tags.get(&alt.con).ok_or_else(|| {
                        internal(span, format!("unknown constructor `{}`", alt.con))
                    })? as usize;
                    let mark = self.mark();
                    let slots: Vec<u32> = alt.binders.iter().map(|(n, _)| self.bind(n)).collect();
                    let body = self.expr(&alt.rhs);
                    self.release(mark);
                    if arms.len() <= tag {
                        arms.resize_with(tag + 1, || None);
                    }
                    arms[tag] = Some(Arm {
                        slots: slots.into(),
                        body: body?,
                    });
                }
                let default = default.as_ref().map(|d| self.expr(d)).transpose()?;
                Code::Case(Box::new(s), Box::new(CaseCode { arms, default }), span)
            }
            ExprKind::TyLam(..) | ExprKind::TyApp(..) => unreachable!("erased above"),
        })
    }

    /// Code evaluated in a frame of its own (top-level bindings, the entry).
    fn frame_body(&mut self, e: &Expr) -> Result<LamCode, Diagnostic> {
        self.frame_with_params(&[], e)
    }

    /// Code evaluated in a frame of its own whose slots `0..params.len()` hold `params`.
    fn frame_with_params(&mut self, params: &[Name], e: &Expr) -> Result<LamCode, Diagnostic> {
        self.push_scope(Scope {
            vars: params
                .iter()
                .enumerate()
                .map(|(i, p)| (p.clone(), VarRef::Local(i as u32)))
                .collect(),
            captures: Vec::new(),
            capture_base: 0,
            next: params.len() as u32,
            nslots: params.len() as u32,
        });
        let body = self.expr(e);
        let scope = self.pop_scope().expect("the frame's scope");
        Ok(LamCode {
            nslots: scope.nslots,
            body: body?,
            twins: Box::new([]),
            twin_closures: Box::new([]),
        })
    }
}

/// The parameters and body of `\x1 -> .. \xn -> body` (through type abstractions and twins).
fn lambda_chain(e: &Expr) -> (Vec<Name>, &Expr) {
    let mut params = Vec::new();
    let mut e = erase(e);
    loop {
        match &e.kind {
            ExprKind::Twin(primal, _) => e = erase(primal),
            ExprKind::Lam(x, _, body) => {
                params.push(x.clone());
                e = erase(body);
            }
            _ => return (params, e),
        }
    }
}

/// A span to blame for an internal error in compiled code.
fn body_span(code: &Code) -> Span {
    match code {
        Code::App(_, _, s) | Code::Prim(_, _, s) | Code::Case(_, _, s) => *s,
        _ => Span::dummy(),
    }
}

/// Resolve `program`; with `direct_entries`, also compile the direct entries of multi-parameter
/// top-level functions (only the VM uses them).
pub fn compile(program: &Program, direct_entries: bool) -> Result<Compiled, Diagnostic> {
    let mut tags = HashMap::new();
    for d in &program.datas {
        for (i, c) in d.cons.iter().enumerate() {
            tags.insert(c.name.clone(), i as u32);
        }
    }
    let global_index: HashMap<Name, u32> = program
        .binds
        .iter()
        .enumerate()
        .map(|(i, b)| (b.name.clone(), i as u32))
        .collect();
    let mut c = Compiler {
        tags,
        globals: &global_index,
        scopes: Vec::new(),
        bound: HashMap::new(),
        lams: Vec::new(),
        forwarding_twins: Vec::new(),
    };
    let mut globals = Vec::new();
    let mut direct = Vec::new();
    let mut direct_types = Vec::new();
    let mut lam_owners = Vec::new();
    for (g, b) in program.binds.iter().enumerate() {
        globals.push((b.name.clone(), c.frame_body(&b.rhs)?));
        let (params, body) = lambda_chain(&b.rhs);
        if direct_entries && !params.is_empty() {
            let code = c.frame_with_params(&params, body)?;
            direct.push((g as u32, params.len() as u32, code));
            direct_types.push(b.ty.clone());
        }
        lam_owners.resize(c.lams.len(), Some(g as u32));
    }
    c.forward_twins(&globals);
    let entry = program
        .entry
        .as_ref()
        .map(|e| c.frame_body(e))
        .transpose()?;
    let lams = c.lams;
    lam_owners.resize(lams.len(), None);
    let datas = program
        .datas
        .iter()
        .map(|d| {
            let cons = d.cons.iter().map(|c| c.fields.clone()).collect();
            (d.name.clone(), (d.params.clone(), cons))
        })
        .collect();
    Ok(Compiled {
        lams,
        direct,
        direct_types,
        lam_owners,
        globals,
        entry,
        datas,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use dnrad_core::expr::Bind;

    fn e(kind: ExprKind) -> Expr {
        Expr::new(kind, Span::dummy())
    }

    fn lam(body: Expr) -> Expr {
        e(ExprKind::Lam(Name::new("x"), Type::int(), Box::new(body)))
    }

    fn bind(name: &str, rhs: Expr) -> Bind {
        let ty = Type::fun(Type::int(), Type::int());
        Bind {
            name: Name::new(name),
            ty,
            rhs,
            span: Span::dummy(),
        }
    }

    /// The lambda a global's value is a closure of.
    fn lambda_of(c: &Compiled, name: &str) -> u32 {
        let (_, code) = c.globals.iter().find(|(n, _)| n.as_str() == name).unwrap();
        let Code::Lam(lam, _) = &code.body else {
            panic!("{name} is not a lambda")
        };
        *lam
    }

    #[test]
    fn a_twin_that_only_calls_a_global_function_is_that_functions_lambda() {
        // g = twin (\x -> x) | \x -> gw x | \x -> x;  gw = \x -> x
        let x = || e(ExprKind::Var(Name::new("x")));
        let call = e(ExprKind::App(
            Box::new(e(ExprKind::Var(Name::new("gw")))),
            Box::new(x()),
        ));
        let twin = e(ExprKind::Twin(
            Box::new(lam(x())),
            vec![lam(call), lam(x())],
        ));
        let program = Program {
            datas: dnrad_core::program::builtin_datas(),
            binds: vec![bind("g", twin), bind("gw", lam(x()))],
            entry: None,
            worlds: Vec::new(),
        };
        let c = compile(&program, false).unwrap();
        let twins = &c.lams[lambda_of(&c, "g") as usize].twins;
        assert_eq!(twins[0], lambda_of(&c, "gw"));
        assert_ne!(twins[1], lambda_of(&c, "gw"), "a twin of its own stays");
        let Value::Closure(closure) = &c.lams[lambda_of(&c, "g") as usize].twin_closures[0] else {
            panic!("a closure")
        };
        assert_eq!(closure.lam, lambda_of(&c, "gw"));
    }
}
