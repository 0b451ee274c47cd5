//! A small simplifier for the optimising backend: it removes the cost of dictionary passing
//! where the dictionary is known. (0) First, with `Options::fusion`, list consumers applied to
//! list producers become loops (`fusion`; the interpreter runs that step alone, `fuse`). (1) The fields of top-level instance dictionaries become
//! globals of their own; (2) a method or superclass selector applied to such a dictionary becomes
//! the field's global; (3) a small non-recursive global function applied to all its arguments is
//! inlined (so `(+) @Int Num#Int#inst a b` ends as `prim#intAdd a b`); (4) a `let`-bound function
//! used once, in a call (a pattern-match fallthrough), is inlined there; (5) a global called at
//! closed types with known dictionaries, or known functions for its leading function
//! parameters, is specialised (`sum @Int Num#Int#inst` calls `sum#spec0`, a copy with the
//! dictionary substituted and simplified, whose `foldl Num#Int#inst#f2` calls `foldl#spec1`, in
//! which the addition is a primitive; recursive calls reuse a specialisation; a small
//! specialisation of a Prelude function is inlined as (3)); a local function overloaded but used
//! at one instance becomes that instance (`local`);
//! (6) `fold`: conversions of literals folded, constant `let`s substituted, `Int` to
//! `Integer` and back made one conversion, a `case` in the default of a `case` on the same
//! variable joined, a `case` on a constructor built where it is matched resolved; then `branches`: calls in library code of small library functions whose
//! bodies are `case`s inlined; (7) `lift`: local function groups become globals taking their free
//! variables as parameters; (8) `eta`: a global defined as a partial application of
//! atoms gets the missing parameters; (9) last, `partial`: a global higher-order function
//! called with a partial application of a global for a parameter it passes on unchanged is
//! specialised to it (`foldl (pull dt b) v bs` calls `foldl#pa0 dt b v bs`).
//! Evaluation order and strictness are kept (arguments are bound by `let` before an inlined body
//! runs); inlined code takes the span of the call, so runtime errors point where they did.
//! Effectful primitives (`PrimOp::is_effect`) need no special case: only atomic expressions are
//! substituted, no `let` is dropped (but a dead widening, or a constructor of atoms no one
//! reads) and nothing moves out of a lambda, so an effect still runs once, in order, when its
//! IO action runs. It must keep the program passing the lint, and it never changes what a
//! program prints. The term utilities it uses are in `terms`.

mod branches;
mod comprehension;
mod eta;
mod fold;
mod fusion;
mod known_calls;
mod lift;
mod literal_cases;
mod local;
mod partial;
mod terms;

use crate::expr::{Bind, Expr, ExprKind};
use crate::lint::subst;
use crate::name::Name;
use crate::program::Program;
use crate::span::Span;
use crate::types::{closed, closed_but, size_at_most, Type};
use std::collections::HashMap;
use terms::{
    atomic, call_of_one, count, instantiate, lambda, lambda_node, mentions, rename_var,
    replace_call, small_size, strip_ty_lams, subst_types, used_once,
};

/// How many nodes an inlined function body may have.
const INLINE_SIZE: usize = 12;

/// A selector: `/\vs. \d. case d of K f0 .. fn -> fi`, or `fi @ts` for a method with type
/// variables of its own (`>>=`: `/\m a b. \d. case d of Monad#D .. f1 .. -> f1 @a @b`).
struct Selector {
    con: Name,
    index: usize,
    tyvars: Vec<Name>,
    field_tys: Vec<Type>,
}

/// An inlinable global: `/\vs. \x1 .. xn. body` with a small, binder-free body, or with
/// `case xi of K b1 .. bm -> body` around it (inlined only where argument `i` is a `K` of atoms:
/// the `fromRational` of a literal at `Double`).
struct Inline {
    tyvars: Vec<Name>,
    params: Vec<(Name, Type)>,
    body: Expr,
    scrutinee: Option<Scrutinee>,
}

/// The parameter a single-alternative inlined body matches on, its constructor and binders.
struct Scrutinee {
    param: usize,
    con: Name,
    binders: Vec<Name>,
}

/// `body` as its matched parameter and the alternative's right-hand side, if it is `case x of K
/// b1 .. bm -> rhs` on one of `params` with that one alternative.
fn single_match<'e>(params: &[(Name, Type)], body: &'e Expr) -> Option<(Scrutinee, &'e Expr)> {
    let ExprKind::Case(s, alts, None) = &body.kind else {
        return None;
    };
    let (ExprKind::Var(x), [alt]) = (&s.kind, alts.as_slice()) else {
        return None;
    };
    let param = params.iter().position(|(p, _)| p == x)?;
    let binders = alt.binders.iter().map(|(b, _)| b.clone()).collect();
    let con = alt.con.clone();
    Some((
        Scrutinee {
            param,
            con,
            binders,
        },
        &alt.rhs,
    ))
}

struct Simplifier {
    selectors: HashMap<Name, Selector>,
    /// Dictionary globals: constructor and field atoms.
    dictionaries: HashMap<Name, (Name, Vec<Expr>)>,
    inlines: HashMap<Name, Inline>,
    /// Global functions with leading dictionary or function parameters.
    specialisable: HashMap<Name, Specialisable>,
    /// Globals bound to lambdas: known functions whose use can neither fail nor loop.
    lambdas: std::collections::HashSet<Name>,
    /// The data types of class dictionaries.
    dict_types: std::collections::HashSet<Name>,
    /// Each dictionary constructor's data type parameters and field types.
    dictionary_fields: DictionaryConstructors,
    /// Globals bound to constants (`otherwise`), which `fold` substitutes.
    constant_globals: HashMap<Name, ExprKind>,
    /// Every data constructor's fields, for `fold`'s known constructors.
    constructors: fold::Constructors,
    /// The local lambdas in scope, whose calls bind their arguments first.
    known_locals: known_calls::KnownLocals,
    /// Specialisations made so far, by function, types and known arguments.
    specialised: HashMap<String, Name>,
    /// Specialised definitions still to be added to the program.
    new_binds: Vec<Bind>,
    /// The list consumers the fusion recognises, by name.
    consumers: HashMap<Name, fusion::Consumer>,
    /// Globals bound to lambdas: how many parameters.
    arities: HashMap<Name, usize>,
    /// Instance functions (`Show#(,)#inst`): globals whose body, under their parameters, is a
    /// dictionary constructor applied to atoms, lambdas and partial applications.
    dictionary_functions: std::collections::HashSet<Name>,
    /// Small Prelude functions the fusion unfolds to find producers and consumers.
    unfolds: HashMap<Name, Inline>,
    /// The unfoldable functions that may lead to a consumer (`fusion::wrappers`).
    wrappers: std::collections::HashSet<Name>,
    /// How many consumer calls the fusion replaced.
    fused: usize,
    /// The `let`-bound names of the global being simplified bound and used once (`used_once`).
    once: std::collections::HashSet<Name>,
    /// Simplified bindings of once-used functions waiting for their call (`join_once`).
    joins: HashMap<Name, Bind>,
    /// The type variables the global being simplified is generalised over: in scope in all of
    /// its body.
    outer_tyvars: Vec<Name>,
    fresh: u32,
}

/// Which small functions `inline_by` expands.
#[derive(Clone, Copy, PartialEq)]
enum Table {
    Inlines,
    Unfolds,
}

/// How many nodes a body the fusion unfolds may have.
const UNFOLD_SIZE: usize = 40;

/// What the simplifier does.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Fuse list consumers with producers (`fusion`).
    pub fusion: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options { fusion: true }
    }
}

/// A global function that calls can specialise: its type and definition, and the kinds of its
/// leading parameters (dictionaries first, then functions).
#[derive(Clone)]
struct Specialisable {
    ty: Type,
    def: Expr,
    params: Vec<Param>,
}

#[derive(Clone, Copy, PartialEq)]
enum Param {
    Dictionary,
    Function,
}

/// At most this many specialisations (polymorphic recursion could ask for ever new ones).
const MAX_SPECIALISATIONS: usize = 2000;

/// No specialisation at a type of more nodes than this: polymorphic recursion asks for ever
/// larger ones (`data Seq a = Nil | Cons a (Seq (a, a))`'s `show` at `Int`, `(Int, Int)`,
/// `((Int, Int), (Int, Int))`, ...: doubling, they took all memory before the count's limit).
const MAX_SPECIALISED_TYPE: usize = 48;

/// Whether `t` is the type of a class dictionary (`C τ`, its data's constructor `C#D`).
fn is_dictionary_type(t: &Type, dict_types: &std::collections::HashSet<Name>) -> bool {
    matches!(t, Type::Con(c, args) if args.len() == 1 && dict_types.contains(c))
}

fn selector(rhs: &Expr) -> Option<Selector> {
    let (tyvars, body) = strip_ty_lams(rhs);
    let (d, _, body) = lambda(body)?;
    let ExprKind::Case(s, alts, None) = &body.kind else {
        return None;
    };
    let (ExprKind::Var(sv), [alt]) = (&s.kind, alts.as_slice()) else {
        return None;
    };
    let (result, field_tys) = match &alt.rhs.kind {
        ExprKind::Var(result) => (result, Vec::new()),
        ExprKind::TyApp(f, ts) => match &f.kind {
            ExprKind::Var(result) => (result, ts.clone()),
            _ => return None,
        },
        _ => return None,
    };
    let index = alt.binders.iter().position(|(n, _)| n == result)?;
    (sv == d && alt.con.as_str().ends_with("#D")).then(|| Selector {
        con: alt.con.clone(),
        index,
        tyvars,
        field_tys,
    })
}

/// Only the Prelude's functions are inlined: the user's calls stay where errors can name them.
fn inline_candidate(bind: &Bind) -> Option<Inline> {
    small_function(bind, INLINE_SIZE)
}

/// The call `f @tys arg` of `f = /\tyvars. \u. body`: `let u = arg in body[tyvars := tys]`.
fn called(
    tyvars: &[Name],
    (u, ut, body): (Name, &Type, Expr),
    tys: &[Type],
    arg: Expr,
    span: Span,
) -> Expr {
    let sub: Vec<(Name, Type)> = tyvars.iter().cloned().zip(tys.to_vec()).collect();
    let bind = Bind {
        name: u,
        ty: subst(ut, &sub, &mut 0),
        rhs: arg,
        span,
    };
    let inner = if sub.is_empty() {
        body
    } else {
        subst_types(&body, &sub)
    };
    Expr::new(ExprKind::Let(Box::new(bind), Box::new(inner)), span)
}

/// `bind` as a non-recursive Prelude function whose body has at most `max` nodes.
fn small_function(bind: &Bind, max: usize) -> Option<Inline> {
    if bind.span.is_user() {
        return None;
    }
    let name = &bind.name;
    let (tyvars, mut e) = strip_ty_lams(&bind.rhs);
    let mut params = Vec::new();
    while let Some((x, t, body)) = lambda(e) {
        params.push((x.clone(), t.clone()));
        e = body;
    }
    let (scrutinee, e) = match single_match(&params, e) {
        Some((s, rhs)) => (Some(s), rhs),
        None => (None, e),
    };
    let small = small_size(e).is_some_and(|n| n <= max);
    (!params.is_empty() && small && !mentions(e, name)).then(|| Inline {
        tyvars,
        params,
        body: e.clone(),
        scrutinee,
    })
}

impl Simplifier {
    /// The last `n` arguments of an application spine, taken out of it (so a call rewritten
    /// by `inline` or `specialise` moves its arguments instead of copying them: a
    /// left-nested chain `((a + b) + c) + ...` would otherwise be copied once per level).
    fn take_args(mut e: Expr, n: usize) -> Vec<Expr> {
        let mut args = Vec::with_capacity(n);
        while args.len() < n {
            let ExprKind::App(f, a) = e.kind else {
                break;
            };
            args.push(*a);
            e = *f;
        }
        args.reverse();
        args
    }

    /// A selector applied to a known dictionary: the field (at the method's own types).
    fn select(&mut self, e: &Expr) -> Option<Expr> {
        let ExprKind::App(f, d) = &e.kind else {
            return None;
        };
        let (head, tys, args) = f.spine();
        let (ExprKind::Var(sel), ExprKind::Var(dict), true) =
            (&head.kind, &d.kind, args.is_empty())
        else {
            return None;
        };
        let s = self.selectors.get(sel)?;
        let (con, fields) = self.dictionaries.get(dict)?;
        if con != &s.con || (!s.field_tys.is_empty() && tys.len() != s.tyvars.len()) {
            return None;
        }
        let mut field = fields[s.index].clone();
        field.span = e.span;
        if s.field_tys.is_empty() {
            return Some(field);
        }
        let sub: Vec<(Name, Type)> = s.tyvars.iter().cloned().zip(tys.iter().cloned()).collect();
        let field_tys = s
            .field_tys
            .iter()
            .map(|t| subst(t, &sub, &mut self.fresh))
            .collect();
        Some(Expr::new(
            ExprKind::TyApp(Box::new(field), field_tys),
            e.span,
        ))
    }

    /// A call of a small global with all its arguments: the inlined body.
    fn inline(&mut self, e: Expr) -> Result<Expr, Expr> {
        self.inline_by(e, Table::Inlines)
    }

    /// A call of a small global of `table` with all its arguments: the inlined body. An
    /// unfolding whose body takes its parameters in order (`fusion::in_order`) takes the
    /// arguments in their places.
    fn inline_by(&mut self, e: Expr, table: Table) -> Result<Expr, Expr> {
        let (head, tys, args) = e.spine();
        let ExprKind::Var(g) = &head.kind else {
            return Err(e);
        };
        let inline = match table {
            Table::Inlines => self.inlines.get(g),
            Table::Unfolds => self.unfolds.get(g),
        };
        let Some(inline) = inline else {
            return Err(e);
        };
        if args.len() != inline.params.len() || tys.len() != inline.tyvars.len() {
            return Err(e);
        }
        let direct = table == Table::Unfolds
            && inline.scrutinee.is_none()
            && fusion::in_order(&inline.body, &inline.params, &self.arities);
        let mut vars = Vec::new();
        if let Some(m) = &inline.scrutinee {
            // Case of a known constructor: the binders name the constructor's atoms.
            let ExprKind::Con(con, _, fields) = &args[m.param].kind else {
                return Err(e);
            };
            if con != &m.con || !fields.iter().all(atomic) {
                return Err(e);
            }
            vars.extend(m.binders.iter().cloned().zip(fields.iter().cloned()));
        }
        let ty_subst: Vec<(Name, Type)> = inline
            .tyvars
            .iter()
            .cloned()
            .zip(tys.iter().cloned())
            .collect();
        let span = e.span;
        let args = Self::take_args(e, inline.params.len());
        let mut lets = Vec::new();
        let matched = inline.scrutinee.as_ref().map(|m| m.param);
        for (i, ((x, t), a)) in inline.params.iter().zip(args).enumerate() {
            if direct || atomic(&a) {
                vars.push((x.clone(), a));
            } else if matched == Some(i) && !mentions(&inline.body, x) {
                // The matched constructor of atoms: pure, and only its fields are read.
            } else {
                let t = subst(t, &ty_subst, &mut self.fresh);
                self.fresh += 1;
                let v = Name::from(format!("{x}#s{}", self.fresh));
                lets.push((v.clone(), t, a));
                vars.push((x.clone(), Expr::new(ExprKind::Var(v), span)));
            }
        }
        let body = inline.body.clone();
        let mut out = instantiate(&body, &vars, &ty_subst, span, &mut self.fresh);
        for (v, t, rhs) in lets.into_iter().rev() {
            let bind = Bind {
                name: v,
                ty: t,
                rhs,
                span,
            };
            out = Expr::new(ExprKind::Let(Box::new(bind), Box::new(out)), span);
        }
        Ok(out)
    }

    /// `e`, a global's body or a specialised copy, simplified.
    fn root(&mut self, e: &Expr) -> Expr {
        let once = std::mem::replace(&mut self.once, used_once(e));
        let joins = std::mem::take(&mut self.joins);
        let outer = std::mem::replace(&mut self.outer_tyvars, strip_ty_lams(e).0);
        let out = self.expr(e);
        (self.once, self.joins, self.outer_tyvars) = (once, joins, outer);
        out
    }

    fn expr(&mut self, e: &Expr) -> Expr {
        if let Some(call) = self.join_call(e) {
            return call;
        }
        let span = e.span;
        let kind = match &e.kind {
            ExprKind::Var(_) | ExprKind::Lit(_) => return e.clone(),
            ExprKind::Lam(x, t, b) => ExprKind::Lam(x.clone(), t.clone(), Box::new(self.expr(b))),
            ExprKind::App(f, a) => {
                let (f, a) = (self.expr(f), self.expr(a));
                if matches!(
                    f.kind,
                    ExprKind::Lam(..) | ExprKind::Let(..) | ExprKind::LetRec(..)
                ) {
                    return self.applied_under_lets(f, a, span);
                }
                ExprKind::App(Box::new(f), Box::new(a))
            }
            ExprKind::TyLam(vs, b) => ExprKind::TyLam(vs.clone(), Box::new(self.expr(b))),
            ExprKind::TyApp(f, ts) => ExprKind::TyApp(Box::new(self.expr(f)), ts.clone()),
            ExprKind::Let(b, body) => {
                if let Some(e) = self.join_once(b, body, span) {
                    return e;
                }
                let body = self.expr(body);
                let (mono, body) = self.monomorphise_group(std::slice::from_ref(b.as_ref()), body);
                let b: &Bind = mono.as_ref().map_or(b.as_ref(), |m| &m[0]);
                let rhs = self.expr(&b.rhs);
                if let Some(inlined) = self.inline_once(&b.name, &rhs, &body) {
                    return inlined;
                }
                ExprKind::Let(Box::new(b.with_rhs(rhs)), Box::new(body))
            }
            ExprKind::LetRec(bs, body) => {
                let body = self.expr(body);
                let (mono, body) = self.monomorphise_group(bs, body);
                let binds: &[Bind] = mono.as_deref().unwrap_or(bs);
                let saved = self.known_locals.enter(binds);
                let binds = binds
                    .iter()
                    .map(|b| b.with_rhs(self.expr(&b.rhs)))
                    .collect();
                self.known_locals.leave(saved);
                ExprKind::LetRec(binds, Box::new(body))
            }
            ExprKind::Con(c, ts, args) => ExprKind::Con(
                c.clone(),
                ts.clone(),
                args.iter().map(|a| self.expr(a)).collect(),
            ),
            ExprKind::Prim(p, ts, args) => {
                ExprKind::Prim(*p, ts.clone(), args.iter().map(|a| self.expr(a)).collect())
            }
            ExprKind::Case(s, alts, d) => ExprKind::Case(
                Box::new(self.expr(s)),
                alts.iter().map(|a| a.with_rhs(self.expr(&a.rhs))).collect(),
                d.as_ref().map(|d| Box::new(self.expr(d))),
            ),
            ExprKind::Twin(p, ts) => ExprKind::Twin(Box::new(self.expr(p)), ts.clone()),
        };
        self.rewritten(Expr::new(kind, span))
    }

    /// `(let x = e in .. f) a`, its parts simplified, as `let x = e in .. f a`: the same order
    /// of evaluation (the `let`s, `f`, the argument, the call). A function of several parameters
    /// inlined at its first argument leaves such an application behind, a lambda at the
    /// bottom (then `let y = a in b`: no closure is built) or a partial application (a method
    /// of a known dictionary, eta-reduced: the call is now saturated and simplified in turn).
    /// A lambda applied where it is written (`(\(gx, gy) -> ..) (grad f x)`) is the case
    /// with no `let`.
    fn applied_under_lets(&mut self, f: Expr, a: Expr, span: Span) -> Expr {
        let fspan = f.span;
        let kind = match f.kind {
            ExprKind::Lam(y, t, b) => return terms::let_(y, t, a, *b, span),
            ExprKind::Let(bind, body) => {
                ExprKind::Let(bind, Box::new(self.applied_under_lets(*body, a, span)))
            }
            ExprKind::LetRec(binds, body) => {
                ExprKind::LetRec(binds, Box::new(self.applied_under_lets(*body, a, span)))
            }
            kind => {
                let f = Expr::new(kind, fspan);
                return self.rewritten(Expr::new(ExprKind::App(Box::new(f), Box::new(a)), span));
            }
        };
        Expr::new(kind, fspan)
    }

    /// `e`, its parts simplified, with the rewrites of its own node: a selector of a known
    /// dictionary, an inlined or specialised call.
    fn rewritten(&mut self, e: Expr) -> Expr {
        if let Some(field) = self.select(&e) {
            return field;
        }
        if let ExprKind::App(..) = e.kind {
            let e = match self.inline(e) {
                Ok(inlined) => return inlined,
                Err(e) => e,
            };
            let e = match self.specialise(e) {
                Ok(call) => return self.inline(call).unwrap_or_else(|call| call),
                Err(e) => e,
            };
            return match self.known_locals.bind_arguments(&e, &mut self.fresh) {
                Some(bound) => bound,
                None => e,
            };
        }
        e
    }

    /// The binding group `binds` (the rest of the scope: `body`, already simplified) with each
    /// local overloaded function that is used at one instance made that instance (see `local`);
    /// returns the new group (`None`: no function in it is overloaded) and the body with the
    /// calls rewritten.
    fn monomorphise_group(&self, binds: &[Bind], mut body: Expr) -> (Option<Vec<Bind>>, Expr) {
        let is_dictionary_type = |t: &Type| is_dictionary_type(t, &self.dict_types);
        let is_known_dictionary = |d: &Name| self.dictionaries.contains_key(d);
        let is_outer_tyvar = |v: &Name| self.outer_tyvars.contains(v);
        let known = local::Known {
            is_dictionary_type: &is_dictionary_type,
            is_known_dictionary: &is_known_dictionary,
            is_outer_tyvar: &is_outer_tyvar,
        };
        if !binds.iter().any(|b| local::overloaded(&b.rhs, &known)) {
            return (None, body);
        }
        let mut binds = binds.to_vec();
        let mut changed = true;
        while changed {
            changed = false;
            for i in 0..binds.len() {
                let mut uses: Vec<&Expr> = vec![&body];
                uses.extend(
                    binds
                        .iter()
                        .enumerate()
                        .filter(|(j, _)| *j != i)
                        .map(|(_, b)| &b.rhs),
                );
                let b = &binds[i];
                let Some((rhs, ty, k)) = local::monomorphise(&b.name, &b.ty, &b.rhs, &uses, &known)
                else {
                    continue;
                };
                let f = b.name.clone();
                body = local::strip_calls(&body, &f, k);
                for (j, other) in binds.iter_mut().enumerate() {
                    if j == i {
                        (other.rhs, other.ty) = (rhs.clone(), ty.clone());
                    } else {
                        other.rhs = local::strip_calls(&other.rhs, &f, k);
                    }
                }
                changed = true;
            }
        }
        (Some(binds), body)
    }

    /// `let f = /\t. \u. b in ... f @t' a ...` with `f` called once: `let u = a in b[t := t']`.
    fn inline_once(&mut self, f: &Name, rhs: &Expr, body: &Expr) -> Option<Expr> {
        let (tyvars, lam) = strip_ty_lams(rhs);
        let (u, ut, ub) = lambda(lam)?;
        if count(body, f) != 1 {
            return None;
        }
        let mut done = false;
        let replaced = replace_call(body, f, &mut |tys, arg, span| {
            done = true;
            called(&tyvars, (u.clone(), ut, ub.clone()), tys, arg, span)
        });
        done.then_some(replaced)
    }

    /// `let f = /\t. \u. b in body` with `f` bound and used once in the global (`used_once`)
    /// and not overloaded: the simplified binding waits in `joins` while the body is
    /// simplified, and its call becomes `let u = a in b[t := t']` where the walk reaches it
    /// (`join_call`). `inline_once` would rewrite the simplified body afterwards, a walk of the
    /// whole body per `let`: quadratic in a chain of fallthroughs (a `case` of 10⁴ literals).
    fn join_once(&mut self, b: &Bind, body: &Expr, span: Span) -> Option<Expr> {
        let (_, lam) = strip_ty_lams(&b.rhs);
        let (_, t, _) = lambda(lam)?;
        if !self.once.contains(&b.name) || is_dictionary_type(t, &self.dict_types) {
            return None;
        }
        let rhs = self.expr(&b.rhs);
        self.joins.insert(b.name.clone(), b.with_rhs(rhs));
        let body = self.expr(body);
        Some(match self.joins.remove(&b.name) {
            // Not called after all (the body's simplification dropped the call).
            Some(bind) => Expr::new(ExprKind::Let(Box::new(bind), Box::new(body)), span),
            None => body,
        })
    }

    /// The call `f @t' a` of a function waiting in `joins`: its body, with `a` simplified.
    fn join_call(&mut self, e: &Expr) -> Option<Expr> {
        if self.joins.is_empty() {
            return None;
        }
        let (f, tys, arg) = call_of_one(e)?;
        let bind = self.joins.remove(f)?;
        let arg = self.expr(arg);
        // Taken apart, not copied: the body holds the chain of fallthroughs before it.
        let (mut tyvars, mut rhs) = (Vec::new(), bind.rhs);
        let (u, ut, ub) = loop {
            match rhs.kind {
                ExprKind::TyLam(vs, body) => {
                    tyvars.extend(vs);
                    rhs = *body;
                }
                ExprKind::Twin(primal, _) => rhs = *primal,
                ExprKind::Lam(u, ut, body) => break (u, ut, *body),
                _ => return None,
            }
        };
        Some(called(&tyvars, (u, &ut, ub), tys, arg, e.span))
    }

    /// Whether `a` is a known function: a global bound to a lambda, at closed types.
    fn known_function(&self, a: &Expr) -> bool {
        match &a.kind {
            ExprKind::Var(f) => self.lambdas.contains(f),
            ExprKind::TyApp(f, ts) => ts.iter().all(closed) && self.known_function(f),
            _ => false,
        }
    }

    /// A call at closed types of a global with known dictionaries for all its dictionary
    /// parameters, or with known functions for its leading function parameters (`foldl
    /// Num#Int#inst#f2`: the specialisation's body then calls the method directly, which
    /// inlines): a call of its specialisation, with the rest of the arguments. The known
    /// arguments are substituted into the copy, so a recursive call passing them on calls the
    /// specialisation again. Here: the copy's name (made on first use) and how many of the
    /// arguments remain.
    fn specialisation(&mut self, e: &Expr) -> Option<(Name, usize)> {
        let (head, tys, args) = e.spine();
        let ExprKind::Var(g) = &head.kind else {
            return None;
        };
        let Specialisable { ty, def, params } = self.specialisable.get(g)?.clone();
        let ndicts = params.iter().filter(|p| **p == Param::Dictionary).count();
        let ntyvars = match &ty {
            Type::Forall(vs, _) => vs.len(),
            _ => 0,
        };
        let small = |t: &Type| size_at_most(t, MAX_SPECIALISED_TYPE);
        if args.len() < ndicts || tys.len() != ntyvars || !tys.iter().all(|t| small(t) && closed(t))
        {
            return None;
        }
        let mut known = Vec::new();
        for (param, a) in params.iter().zip(&args) {
            let is_known = match param {
                Param::Dictionary => {
                    matches!(&a.kind, ExprKind::Var(d) if self.dictionaries.contains_key(d))
                }
                Param::Function => self.known_function(a),
            };
            match (is_known, param) {
                (true, _) => known.push((*a).clone()),
                (false, Param::Dictionary) => return None,
                (false, Param::Function) => break,
            }
        }
        if known.is_empty() {
            return None;
        }
        let nknown = known.len();
        let key = format!(
            "{g}@{}@{}",
            tys.iter()
                .map(crate::show_type::core)
                .collect::<Vec<_>>()
                .join(","),
            known
                .iter()
                .map(crate::pretty::expr)
                .collect::<Vec<_>>()
                .join(",")
        );
        let name = match self.specialised.get(&key) {
            Some(n) => n.clone(),
            None => {
                if self.specialised.len() >= MAX_SPECIALISATIONS {
                    return None;
                }
                let name = Name::from(format!("{g}#spec{}", self.specialised.len()));
                self.specialised.insert(key, name.clone());
                let (tyvars, mut body) = strip_ty_lams(&def);
                let sub: Vec<(Name, Type)> =
                    tyvars.iter().cloned().zip(tys.iter().cloned()).collect();
                // The type's quantified variables may be named apart from the term's.
                let mut spec_ty = match &ty {
                    Type::Forall(vs, t) => {
                        let sub: Vec<(Name, Type)> =
                            vs.iter().cloned().zip(tys.iter().cloned()).collect();
                        subst(t, &sub, &mut self.fresh)
                    }
                    t => t.clone(),
                };
                let mut spec = subst_types(body, &sub);
                for d in &known {
                    let (x, _, inner) = lambda(body)?;
                    body = inner;
                    let ExprKind::Lam(_, _, b) = &lambda_node(&spec).kind else {
                        return None;
                    };
                    let b = b.as_ref().clone();
                    spec = rename_var(&b, x, d);
                    if let Type::Fun(_, r) = spec_ty {
                        spec_ty = *r;
                    }
                }
                let spec = match self.known_dictionary(&name, &spec) {
                    Some(dictionary) => dictionary,
                    None => fold::fold(
                        &self.root(&spec),
                        &self.constant_globals,
                        &self.constructors,
                    ),
                };
                if lambda(&spec).is_some() {
                    self.lambdas.insert(name.clone());
                }
                let bind = Bind {
                    name: name.clone(),
                    ty: spec_ty,
                    rhs: spec,
                    span: def.span,
                };
                // A small specialisation of a Prelude function inlines like the original would
                // (`fromIntegral` at `Int -> Double` is then one conversion).
                if let Some(inline) = inline_candidate(&bind) {
                    self.inlines.insert(name.clone(), inline);
                }
                self.new_binds.push(bind);
                name
            }
        };
        Some((name, args.len() - nknown))
    }

    /// `spec`, the body of `name`, a dictionary function's specialisation at known dictionaries
    /// (`Ord#(,)#inst @Int @Int Ord#Int#inst Ord#Int#inst`), as a known dictionary: its fields
    /// become globals and it is registered before the methods are simplified, so the methods
    /// that call each other through it (`<` is `compare` of the same dictionary) and every
    /// function later called with it specialise as with an instance's own dictionary. The
    /// superclass fields are simplified first (to the known dictionaries they are).
    fn known_dictionary(&mut self, name: &Name, spec: &Expr) -> Option<Expr> {
        let ExprKind::Con(con, tys, args) = &spec.kind else {
            return None;
        };
        let field_tys = fold::field_types(&self.dictionary_fields, con, tys)?;
        let mut fields = Vec::with_capacity(args.len());
        let mut methods = Vec::new();
        for (i, (a, ty)) in args.iter().zip(field_tys).enumerate() {
            let field = if is_dictionary_type(&ty, &self.dict_types) {
                fold::fold(&self.root(a), &self.constant_globals, &self.constructors)
            } else {
                a.clone()
            };
            if atomic(&field) {
                fields.push(field);
                continue;
            }
            let global = field_global(name, i);
            fields.push(Expr::new(ExprKind::Var(global.clone()), a.span));
            methods.push((global, ty, field));
        }
        self.dictionaries
            .insert(name.clone(), (con.clone(), fields.clone()));
        for (global, ty, rhs) in methods {
            let rhs = fold::fold(&self.root(&rhs), &self.constant_globals, &self.constructors);
            if lambda(&rhs).is_some() {
                self.lambdas.insert(global.clone());
            }
            let span = rhs.span;
            let bind = Bind {
                name: global.clone(),
                ty,
                rhs,
                span,
            };
            if let Some(inline) = inline_candidate(&bind) {
                self.inlines.insert(global, inline);
            }
            self.new_binds.push(bind);
        }
        Some(Expr::new(
            ExprKind::Con(con.clone(), tys.clone(), fields),
            spec.span,
        ))
    }

    /// A call with known dictionaries or functions: the call of its specialised copy, with
    /// the other arguments moved over.
    fn specialise(&mut self, e: Expr) -> Result<Expr, Expr> {
        let Some((name, nrest)) = self.specialisation(&e) else {
            return Err(e);
        };
        let span = e.span;
        let call = Self::take_args(e, nrest)
            .into_iter()
            .fold(Expr::new(ExprKind::Var(name), span), |f, a| {
                Expr::new(ExprKind::App(Box::new(f), Box::new(a)), span)
            });
        Ok(call)
    }

    fn program(&mut self, program: &Program) -> Program {
        let mut binds: Vec<Bind> = program
            .binds
            .iter()
            .map(|b| b.with_rhs(self.root(&b.rhs)))
            .collect();
        let entry = program
            .entry
            .as_ref()
            .map(|e| fold::fold(&self.root(e), &self.constant_globals, &self.constructors));
        binds.append(&mut self.new_binds);
        for b in &mut binds {
            b.rhs = fold::fold(&b.rhs, &self.constant_globals, &self.constructors);
        }
        Program {
            binds,
            entry,
            ..program.clone()
        }
    }
}

/// Make every non-atomic field of a top-level dictionary a global of its own.
fn hoist_dictionary_fields(
    program: &mut Program,
    constructors: &DictionaryConstructors,
) -> HashMap<Name, (Name, Vec<Expr>)> {
    let mut dictionaries = HashMap::new();
    let mut new_binds = Vec::new();
    for b in &mut program.binds {
        let ExprKind::Con(con, tys, args) = &b.rhs.kind else {
            continue;
        };
        let Some(field_tys) = fold::field_types(constructors, con, tys) else {
            continue;
        };
        let mut fields = Vec::new();
        for (i, (a, ty)) in args.iter().zip(field_tys).enumerate() {
            if atomic(a) {
                fields.push(a.clone());
                continue;
            }
            let name = field_global(&b.name, i);
            new_binds.push(Bind {
                name: name.clone(),
                ty,
                rhs: a.clone(),
                span: a.span,
            });
            fields.push(Expr::new(ExprKind::Var(name), a.span));
        }
        let (con, tys) = (con.clone(), tys.clone());
        b.rhs = Expr::new(ExprKind::Con(con.clone(), tys, fields.clone()), b.rhs.span);
        dictionaries.insert(b.name.clone(), (con, fields));
    }
    program.binds.extend(new_binds);
    dictionaries
}

/// The data types of class dictionaries: one constructor, `C#D`.
fn dictionary_types(program: &Program) -> std::collections::HashSet<Name> {
    program
        .datas
        .iter()
        .filter(|d| d.cons.len() == 1 && d.cons[0].name.as_str().ends_with("#D"))
        .map(|d| d.name.clone())
        .collect()
}

/// Each class dictionary constructor (`C#D`): its data type's parameters and its field types.
type DictionaryConstructors = fold::Constructors;

/// Whether `rhs`, under its type and value parameters, is a dictionary constructor applied to
/// atoms, lambdas and partial applications of globals (`arities`): calling it builds a
/// dictionary and does nothing else.
fn builds_dictionary(
    rhs: &Expr,
    constructors: &DictionaryConstructors,
    arities: &HashMap<Name, usize>,
) -> bool {
    let mut e = strip_ty_lams(rhs).1;
    while let Some((_, _, body)) = lambda(e) {
        e = body;
    }
    let ExprKind::Con(c, _, args) = &e.kind else {
        return false;
    };
    let partial = |a: &Expr| {
        let (head, _, xs) = a.spine();
        matches!(&head.kind, ExprKind::Var(g) if arities.get(g).is_some_and(|&n| n > xs.len()))
            && xs.iter().all(|x| atomic(x))
    };
    constructors.contains_key(c)
        && args
            .iter()
            .all(|a| atomic(a) || lambda(a).is_some() || partial(a))
}

fn dictionary_constructors(
    program: &Program,
    dict_types: &std::collections::HashSet<Name>,
) -> DictionaryConstructors {
    fold::constructors(
        program
            .datas
            .iter()
            .filter(|d| dict_types.contains(&d.name)),
    )
}

/// The global that field `i` of dictionary `dict` becomes.
fn field_global(dict: &Name, i: usize) -> Name {
    Name::from(format!("{dict}#f{i}"))
}

/// Simplify a program (see the module comment); the globals named in `keep` are never inlined
/// (later passes look for their calls). With `options.fusion`, list consumers and producers
/// are fused first (`fuse`).
pub fn simplify(program: &Program, keep: &[&str], options: Options) -> Program {
    let mut program = if options.fusion {
        fuse(program, keep)
    } else {
        program.clone()
    };
    let mut s = Simplifier::new(&mut program, keep);
    let program = branches::inline_program(s.program(&program), keep);
    let program = literal_cases::searches(program);
    let mut program = lift::lift_program(comprehension::walks(program));
    eta::expand(&mut program.binds);
    partial::specialise(program, keep)
}

/// The fusion alone (`fusion`), as the interpreter runs it: the program unchanged if nothing
/// fuses.
pub fn fuse(program: &Program, keep: &[&str]) -> Program {
    let mut hoisted = program.clone();
    let mut s = Simplifier::new(&mut hoisted, keep);
    let fused = s.fuse_program(&hoisted);
    if s.fused == 0 {
        return program.clone();
    }
    fused
}

impl Simplifier {
    /// A simplifier for `program`, whose dictionaries' fields it makes globals first.
    fn new(program: &mut Program, keep: &[&str]) -> Simplifier {
        let dict_types = dictionary_types(program);
        let dictionary_fields = dictionary_constructors(program, &dict_types);
        let dictionaries = hoist_dictionary_fields(program, &dictionary_fields);
        let kept = |b: &&Bind| !keep.contains(&b.name.as_str());
        let selectors = program
            .binds
            .iter()
            .filter_map(|b| selector(&b.rhs).map(|s| (b.name.clone(), s)))
            .collect();
        let inlines = program
            .binds
            .iter()
            .filter(kept)
            .filter_map(|b| inline_candidate(b).map(|i| (b.name.clone(), i)))
            .collect();
        let unfolds = program
            .binds
            .iter()
            .filter(kept)
            .filter_map(|b| small_function(b, UNFOLD_SIZE).map(|i| (b.name.clone(), i)))
            .collect();
        let consumers = program
            .binds
            .iter()
            .filter(kept)
            .filter_map(|b| fusion::consumer(b).map(|c| (b.name.clone(), c)))
            .collect();
        let wrappers = fusion::wrappers(&unfolds, &consumers);
        let specialisable = program
            .binds
            .iter()
            .filter(kept)
            .filter_map(|b| {
                let mut t = match &b.ty {
                    Type::Forall(_, t) => t.as_ref(),
                    t => t,
                };
                let mut params = Vec::new();
                while let Type::Fun(a, r) = t {
                    let param = match a.as_ref() {
                        a if is_dictionary_type(a, &dict_types) => Param::Dictionary,
                        Type::Fun(..) => Param::Function,
                        _ => break,
                    };
                    if param == Param::Dictionary && params.contains(&Param::Function) {
                        break;
                    }
                    params.push(param);
                    t = r;
                }
                let (_, mut e) = strip_ty_lams(&b.rhs);
                for _ in 0..params.len() {
                    e = lambda(e)?.2;
                }
                let (ty, def) = (b.ty.clone(), b.rhs.clone());
                (!params.is_empty()).then(|| (b.name.clone(), Specialisable { ty, def, params }))
            })
            .collect();
        // (Of every global: a partial application of `grad` is a pure value, which fusion
        // may apply where each element is made, as any function's.)
        let arities: HashMap<Name, usize> = program
            .binds
            .iter()
            .map(|b| {
                let mut e = strip_ty_lams(&b.rhs).1;
                let mut n = 0;
                while let Some((_, _, body)) = lambda(e) {
                    n += 1;
                    e = body;
                }
                (b.name.clone(), n)
            })
            .filter(|(_, n)| *n > 0)
            .collect();
        let lambdas = arities.keys().cloned().collect();
        let dictionary_functions = program
            .binds
            .iter()
            .filter(kept)
            .filter(|b| builds_dictionary(&b.rhs, &dictionary_fields, &arities))
            .map(|b| b.name.clone())
            .collect();
        Simplifier {
            selectors,
            dictionaries,
            inlines,
            specialisable,
            lambdas,
            dict_types,
            dictionary_fields,
            known_locals: Default::default(),
            constant_globals: fold::constant_globals(&program.binds),
            constructors: fold::constructors(program.datas.iter()),
            specialised: HashMap::new(),
            new_binds: Vec::new(),
            consumers,
            arities,
            dictionary_functions,
            unfolds,
            wrappers,
            fused: 0,
            once: Default::default(),
            joins: HashMap::new(),
            outer_tyvars: Vec::new(),
            fresh: 0,
        }
    }
}
