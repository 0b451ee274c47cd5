//! Desugaring expressions: variables and constructors (resolved), operator chains (fixity),
//! short-circuit `&&`/`||`, `if`, `case`, lambdas, `let`, `do`, sections, tuples, lists,
//! arithmetic sequences, comprehensions, records and type annotations.

use super::binds::{let_value, Clause};
use super::build;
use super::coverage::Group;
use super::fixity::{self, Item, Tree};
use super::long;
use super::pattern::field_position;
use super::pattern::literal;
use super::scope::ValueRef;
use super::{DResult, Ds};
use crate::ast::{Expr, ExprKind, Ident, Op, OpItem, Pat, Stmt};
use crate::untyped::{UAlt, UExpr, UKind, ULit};
use dnrad_core::types::names;
use dnrad_core::{Diagnostic, ErrorKind, Name, Span};

impl Ds {
    pub fn expr(&mut self, e: &Expr) -> DResult<UExpr> {
        let span = e.span;
        let mk = |kind| UExpr { kind, span };
        match &e.kind {
            ExprKind::Var(x) => self.var(x),
            ExprKind::Con(c) => self.con(c),
            ExprKind::Lit(l) => Ok(literal(l, span)),
            ExprKind::App(..) => self.application(e),
            ExprKind::OpChain(items) => {
                let tree = self.resolve_chain(items)?;
                self.op_tree(tree)
            }
            ExprKind::Paren(inner) => self.expr(inner),
            ExprKind::Lam(pats, body) => {
                let args: Vec<Name> = pats.iter().map(|_| self.fresh("x")).collect();
                let fail = build::fail("Non-exhaustive patterns in lambda".into(), span);
                let tests: Vec<(Name, Pat)> =
                    args.iter().cloned().zip(pats.iter().cloned()).collect();
                self.push_scope();
                let inner = self.match_pats(&tests, &fail, &mut |ds| ds.expr(body));
                self.pop_scope();
                Ok(args
                    .iter()
                    .rev()
                    .fold(inner?, |acc, a| build::lam(a.clone(), acc, span)))
            }
            ExprKind::Let(decls, body) => {
                let binds = self.local_group(decls);
                let result = binds.and_then(|b| Ok((b, self.expr(body)?)));
                if result.is_ok() {
                    self.pop_scope();
                }
                let (binds, body) = result?;
                Ok(mk(UKind::Let(binds, Box::new(body))))
            }
            ExprKind::If(c, t, f) => Ok(build::if_then_else(
                self.expr(c)?,
                self.expr(t)?,
                self.expr(f)?,
                span,
            )),
            ExprKind::Case(scrut, alts) => {
                let s = self.expr(scrut)?;
                let v = self.fresh("scrut");
                let fail = build::fail("Non-exhaustive patterns in case".into(), span);
                let clauses: Vec<Clause> = alts
                    .iter()
                    .map(|a| Clause {
                        pats: std::slice::from_ref(&a.pat),
                        rhs: &a.rhs,
                        lhs: a.pat.span,
                    })
                    .collect();
                // An unmatched value is reported at `case scrutinee`.
                let head = Span::new(span.file, span.lo, scrut.span.hi.max(span.lo));
                let scruts = std::slice::from_ref(&v);
                let body = self.clauses(scruts, &clauses, fail, Group::Case(head), span)?;
                Ok(let_value(v, s, body, span))
            }
            ExprKind::Do(stmts) => self.do_block(stmts, span),
            ExprKind::Tuple(items) => {
                let name = if items.is_empty() {
                    "()".to_string()
                } else {
                    names::tuple_name(items.len())
                };
                let args = items
                    .iter()
                    .map(|i| self.expr(i))
                    .collect::<DResult<Vec<_>>>()?;
                Ok(build::apps(build::con(&name, span), args))
            }
            ExprKind::List(items) => {
                let items = items
                    .iter()
                    .map(|i| self.expr(i))
                    .collect::<DResult<Vec<_>>>()?;
                self.list_literal(items, span)
            }
            ExprKind::ArithSeq { from, then, to } => {
                let fname = match (then.is_some(), to.is_some()) {
                    (false, false) => "enumFrom",
                    (true, false) => "enumFromThen",
                    (false, true) => "enumFromTo",
                    (true, true) => "enumFromThenTo",
                };
                let f = self.prelude_name(fname, span)?;
                let mut args = vec![self.expr(from)?];
                for x in [then, to].into_iter().flatten() {
                    args.push(self.expr(x)?);
                }
                Ok(build::apps(build::var(&f, span), args))
            }
            ExprKind::ListComp(head, quals) => self.comprehension(head, quals, span),
            ExprKind::LeftSection(operand, op) => {
                let f = self.op_expr(op)?;
                Ok(build::app(f, self.expr(operand)?))
            }
            ExprKind::RightSection(op, operand) => {
                let f = self.op_expr(op)?;
                let arg = self.expr(operand)?;
                let x = self.fresh("x");
                let atomic = matches!(arg.kind, UKind::Var(_) | UKind::Lit(_) | UKind::Con(_));
                if atomic {
                    return Ok(build::lam(
                        x.clone(),
                        build::apps(f, [build::var(&x, span), arg]),
                        span,
                    ));
                }
                let y = self.fresh("y");
                let body = build::lam(
                    x.clone(),
                    build::apps(f, [build::var(&x, span), build::var(&y, span)]),
                    span,
                );
                Ok(let_value(y, arg, body, span))
            }
            ExprKind::Typed(inner, sig) => {
                let sig = self.convert_sig(sig)?;
                Ok(mk(UKind::Annot(Box::new(self.expr(inner)?), sig)))
            }
            ExprKind::RecordCon(c, fields) => self.record_con(c, fields, span),
            ExprKind::RecordUpdate(rec, fields) => self.record_update(rec, fields, span),
        }
    }

    fn var(&mut self, x: &Ident) -> DResult<UExpr> {
        let kind = match self.resolve_value(x)? {
            ValueRef::Var(n) => UKind::Var(n),
            ValueRef::Prim(p) => UKind::Prim(p),
        };
        Ok(UExpr { kind, span: x.span })
    }

    fn con(&mut self, c: &Ident) -> DResult<UExpr> {
        let info = self.resolve_con(c)?;
        Ok(UExpr {
            kind: UKind::Con(info.name),
            span: c.span,
        })
    }

    fn op_expr(&mut self, op: &Op) -> DResult<UExpr> {
        if op.is_con {
            self.con(&op.name)
        } else {
            self.var(&op.name)
        }
    }

    /// `f $ x` where `f x` is a consumer bounding an infinite list (`take 5 $ iterate f 1`):
    /// its finite form.
    fn bounded_dollar(&mut self, op: &Op, f: &Expr, x: &Expr) -> DResult<Option<UExpr>> {
        let dollar = self.globals.prelude().values.get("$").cloned();
        let is_dollar = !op.is_con
            && matches!(self.resolve_value(&op.name), Ok(ValueRef::Var(n)) if Some(&n) == dollar.as_ref());
        if !is_dollar {
            return Ok(None);
        }
        let (head, mut args) = f.unparenthesised().spine();
        args.push(x);
        self.bounded_call(head, &args, f.span.to(x.span))
    }

    /// `f a b`: saturated `&&`/`||` of the Prelude short-circuit; a consumer bounding an
    /// infinite list is its finite form (`bounded`).
    fn application(&mut self, e: &Expr) -> DResult<UExpr> {
        let (head, args) = e.spine();
        if let Some(call) = self.bounded_call(head, &args, e.span)? {
            return Ok(call);
        }
        let f = self.expr(head)?;
        let args = args
            .into_iter()
            .map(|a| self.expr(a))
            .collect::<DResult<Vec<_>>>()?;
        self.apply(f, args, e.span)
    }

    /// `Some(true)` for the Prelude's `&&`, `Some(false)` for its `||`: applied to two
    /// arguments they are `if`s, which evaluate the second only when needed.
    pub(super) fn short_circuit(&self, f: &UExpr) -> Option<bool> {
        let UKind::Var(n) = &f.kind else { return None };
        let values = &self.globals.prelude().values;
        if values.get("&&") == Some(n) {
            Some(true)
        } else if values.get("||") == Some(n) {
            Some(false)
        } else {
            None
        }
    }

    pub(super) fn apply(&mut self, f: UExpr, mut args: Vec<UExpr>, span: Span) -> DResult<UExpr> {
        if let (Some(is_and), 2) = (self.short_circuit(&f), args.len()) {
            let b = args.pop().unwrap();
            let a = args.pop().unwrap();
            let short = build::con(if is_and { "False" } else { "True" }, span);
            return Ok(if is_and {
                build::if_then_else(a, b, short, span)
            } else {
                build::if_then_else(a, short, b, span)
            });
        }
        Ok(build::apps(f, args))
    }

    fn resolve_chain(&mut self, items: &[OpItem]) -> DResult<Tree<Expr, Op>> {
        let mut out = Vec::new();
        for item in items {
            out.push(match item {
                OpItem::Operand(e) => Item::Operand(e.clone()),
                OpItem::Neg(s) => Item::Neg(*s),
                OpItem::Op(op) => {
                    let name = if op.is_con {
                        self.resolve_con(&op.name)?.name
                    } else {
                        match self.resolve_value(&op.name)? {
                            ValueRef::Var(n) => n,
                            ValueRef::Prim(_) => Name::new(&op.name.name),
                        }
                    };
                    Item::Op(op.clone(), self.fixity_of(&name), op.name.span)
                }
            });
        }
        fixity::resolve(out)
    }

    fn op_tree(&mut self, t: Tree<Expr, Op>) -> DResult<UExpr> {
        if let Tree::Bin(op, f, x) = &t {
            if let (Tree::Leaf(f), Tree::Leaf(x)) = (&**f, &**x) {
                if let Some(call) = self.bounded_dollar(op, f, x)? {
                    return Ok(call);
                }
            }
        }
        match t {
            Tree::Leaf(e) => self.expr(&e),
            Tree::Bin(_, _, ref r) if matches!(**r, Tree::Bin(..)) => self.right_spine(t),
            Tree::Bin(..) => self.left_spine(t),
            Tree::Neg(span, e) => {
                let inner = self.op_tree(*e)?;
                match inner.kind {
                    // (`-0` stays `negate 0`: at Double it is -0.0.)
                    UKind::Lit(ULit::Int(n)) if n.sign() != num_bigint::Sign::NoSign => Ok(UExpr {
                        kind: UKind::Lit(ULit::Int(-n)),
                        span: span.to(inner.span),
                    }),
                    UKind::Lit(ULit::Frac(x)) => Ok(UExpr {
                        kind: UKind::Lit(ULit::Frac(-x)),
                        span: span.to(inner.span),
                    }),
                    _ => {
                        let negate = self.prelude_name("negate", span)?;
                        Ok(build::app(build::var(&negate, span), inner))
                    }
                }
            }
        }
    }

    /// A tree of operators along its left spine, `((a op1 b) op2 c) ...`, by a loop: a
    /// left-associative chain is as long as the source. Operators are resolved outermost first,
    /// then the operands left to right; a long chain is cut into `let`s (`long.rs`).
    fn left_spine(&mut self, mut t: Tree<Expr, Op>) -> DResult<UExpr> {
        let mut spine = Vec::new();
        while let Tree::Bin(op, l, r) = t {
            spine.push((self.op_expr(&op)?, *r));
            t = *l;
        }
        spine.reverse();
        let total = spine.len();
        let mut binds = Vec::new();
        let mut acc = self.op_tree(t)?;
        for (done, (f, r)) in spine.into_iter().enumerate() {
            let r = self.op_tree(r)?;
            let span = acc.span.to(r.span);
            acc = self.apply(f, vec![acc, r], span)?;
            acc = self.chain_checkpoint(acc, done + 1, total, &mut binds);
        }
        let span = acc.span;
        Ok(long::let_spine(binds, acc, span))
    }

    /// A tree of operators along its right spine, `a op1 (b op2 (c ...))`, by a loop: a
    /// right-associative chain (`:`, `++`, `$`, `.`) is as long as the source. Operators and
    /// operands are resolved left to right; a long chain is cut into chunks (`long.rs`).
    fn right_spine(&mut self, mut t: Tree<Expr, Op>) -> DResult<UExpr> {
        let mut spine = Vec::new();
        while let Tree::Bin(op, l, r) = t {
            spine.push((op, *l));
            t = *r;
        }
        // `... $ take 3 $ repeat x`: the last application bounds an infinite list.
        let mut bounded = None;
        if let (Some((op, Tree::Leaf(f))), Tree::Leaf(x)) = (spine.last(), &t) {
            bounded = self.bounded_dollar(op, f, x)?;
        }
        if bounded.is_some() {
            spine.pop();
        }
        let mut items = Vec::new();
        for (op, l) in spine {
            let f = self.op_expr(&op)?;
            items.push((f, self.op_tree(l)?));
        }
        let last = match bounded {
            Some(call) => call,
            None => self.op_tree(t)?,
        };
        self.right_chain(items, last)
    }

    fn do_block(&mut self, stmts: &[Stmt], span: Span) -> DResult<UExpr> {
        let Some((last, init)) = stmts.split_last() else {
            return Err(Diagnostic::new(ErrorKind::Parse, span, "empty `do` block"));
        };
        let Stmt::Expr(e) = last else {
            return Err(Diagnostic::new(
                ErrorKind::Parse,
                span,
                "the last statement of a `do` block must be an expression",
            ));
        };
        self.stmts(init, &mut |ds| ds.expr(e), span, StmtMode::Do)
    }

    fn comprehension(&mut self, head: &Expr, quals: &[Stmt], span: Span) -> DResult<UExpr> {
        self.stmts(
            quals,
            &mut |ds| Ok(build::list(vec![ds.expr(head)?], span)),
            span,
            StmtMode::Comprehension,
        )
    }

    /// Statements of a `do` block or the qualifiers of a comprehension, then `last`.
    fn stmts(
        &mut self,
        stmts: &[Stmt],
        last: &mut dyn FnMut(&mut Ds) -> DResult<UExpr>,
        span: Span,
        mode: StmtMode,
    ) -> DResult<UExpr> {
        let Some((first, rest)) = stmts.split_first() else {
            return last(self);
        };
        match first {
            Stmt::Expr(e) => {
                let e = self.expr(e)?;
                let rest = self.stmts(rest, last, span, mode)?;
                match mode {
                    // `e >>= \_ -> rest`, not `e >> rest`: under strict evaluation the lambda keeps
                    // `rest` from being evaluated before `e` has run.
                    // The bind takes the statement's span: an action's runtime error names
                    // the statement that ran it (see `backend::machine::prim_error`).
                    StmtMode::Do => {
                        let at = e.span;
                        let ignored = self.fresh("_");
                        self.bind_at(at, e, build::lam(ignored, rest, span))
                    }
                    StmtMode::Comprehension => {
                        Ok(build::if_then_else(e, rest, build::con("[]", span), span))
                    }
                }
            }
            Stmt::Let(decls) => {
                let binds = self.local_group(decls)?;
                let body = self.stmts(rest, last, span, mode);
                self.pop_scope();
                Ok(UExpr {
                    kind: UKind::Let(binds, Box::new(body?)),
                    span,
                })
            }
            Stmt::Bind(p, e) => {
                let source = self.expr(e)?;
                let x = self.fresh("x");
                let fail = match mode {
                    StmtMode::Do => {
                        let fail = self.prelude_name("fail", p.span)?;
                        build::app(
                            build::var(&fail, p.span),
                            build::str_lit("Pattern match failure in do expression", p.span),
                        )
                    }
                    StmtMode::Comprehension => build::con("[]", p.span),
                };
                self.push_scope();
                let body = self.match_pats(&[(x.clone(), p.clone())], &fail, &mut |ds| {
                    ds.stmts(rest, last, span, mode)
                });
                self.pop_scope();
                let f = build::lam(x, body?, span);
                match mode {
                    StmtMode::Do => self.bind_at(p.span.to(source.span), source, f),
                    StmtMode::Comprehension => {
                        let c = self.prelude_name("concatMap", span)?;
                        Ok(build::apps(build::var(&c, span), [f, source]))
                    }
                }
            }
        }
    }

    /// `m >>= k` of a `do` statement as `let a = m in a >>= k`, the bind spanning the statement
    /// `at` (not the rest of the block): the bind is the last user code the statement runs
    /// before the action runs, so a runtime error of the action names the statement on both
    /// backends, however `m` is evaluated (see `backend::machine::prim_error`).
    fn bind_at(&mut self, at: Span, m: UExpr, k: UExpr) -> DResult<UExpr> {
        let bind = self.prelude_name(">>=", at)?;
        let action = self.fresh("action");
        let partial = build::app(build::var(&bind, at), build::var(&action, at));
        let call = UExpr {
            span: at,
            kind: UKind::App(Box::new(partial), Box::new(k)),
        };
        Ok(let_value(action, m, call, at))
    }

    fn record_con(&mut self, c: &Ident, fields: &[(Ident, Expr)], span: Span) -> DResult<UExpr> {
        let info = self.resolve_con(c)?;
        let names = info.field_names.clone().unwrap_or_default();
        let mut args: Vec<Option<UExpr>> = vec![None; info.arity];
        for (f, e) in fields {
            let i = field_position(c, &names, f)?;
            args[i] = Some(self.expr(e)?);
        }
        let mut full = Vec::new();
        for (i, a) in args.into_iter().enumerate() {
            match a {
                Some(a) => full.push(a),
                None => {
                    let field = names.get(i).map_or("?", String::as_str);
                    return Err(Diagnostic::new(
                        ErrorKind::Type,
                        span,
                        format!("field `{field}` of constructor `{}` is not initialised (dnrad is strict: every field needs a value)", c.name),
                    ));
                }
            }
        }
        Ok(build::apps(
            UExpr {
                kind: UKind::Con(info.name),
                span: c.span,
            },
            full,
        ))
    }

    fn record_update(
        &mut self,
        rec: &Expr,
        fields: &[(Ident, Expr)],
        span: Span,
    ) -> DResult<UExpr> {
        let r = self.expr(rec)?;
        let values = fields
            .iter()
            .map(|(_, e)| self.expr(e))
            .collect::<DResult<Vec<_>>>()?;
        let Some((first, _)) = fields.first() else {
            return Err(Diagnostic::new(
                ErrorKind::Parse,
                span,
                "empty record update",
            ));
        };
        let Some(some_con) = self.con_with_field(first)? else {
            return Err(Diagnostic::new(
                ErrorKind::Scope,
                first.span,
                format!("no field `{}` is in scope", first.name),
            ));
        };
        let mut alts = Vec::new();
        let field_name = |f: &Ident| dnrad_core::name::unqualified(&f.name).to_string();
        for con_name in &some_con.siblings {
            let Some(info) = self.con_by_name(con_name).cloned() else {
                continue;
            };
            let names = info.field_names.clone().unwrap_or_default();
            if !fields.iter().all(|(f, _)| names.contains(&field_name(f))) {
                continue;
            }
            let binders: Vec<Name> = (0..info.arity).map(|_| self.fresh("f")).collect();
            let args = binders
                .iter()
                .zip(&names)
                .map(
                    |(b, n)| match fields.iter().position(|(f, _)| field_name(f) == *n) {
                        Some(i) => values[i].clone(),
                        None => build::var(b, span),
                    },
                )
                .collect::<Vec<_>>();
            alts.push(UAlt {
                con: info.name.clone(),
                binders,
                rhs: build::apps(
                    UExpr {
                        kind: UKind::Con(info.name),
                        span,
                    },
                    args,
                ),
            });
        }
        if alts.is_empty() {
            return Err(Diagnostic::new(
                ErrorKind::Type,
                span,
                "no constructor has all these fields",
            ));
        }
        let default = (alts.len() < some_con.siblings.len())
            .then(|| build::fail("No match in record update".into(), span));
        Ok(build::case(r, alts, default, span))
    }
}

#[derive(Clone, Copy)]
enum StmtMode {
    Do,
    Comprehension,
}
