//! The nesting bound: a parsed module or expression whose syntax nests deeper than
//! `MAX_NESTING` levels is an error ("expression nested too deeply") at the first node past the
//! bound, before any pass that recurses over the tree sees it. Every later pass (renaming, type
//! inference, the simplifier, the AD pass, both backends' code) recurses over syntax, so this
//! one bound keeps all of them within the compiler thread's stack. The walk itself uses a
//! vector, never the Rust stack. It measures how deep the desugared program will nest:
//! statements of a `do` block, bindings of a `let` or `where`, alternatives and guards nest what
//! follows them; long lists and operator chains count as `desugared_depth` (they are cut into
//! chunks). It must not reject anything for a reason other than depth.

use crate::ast::{
    Decl, DeclKind, Expr, ExprKind, Module, OpItem, Pat, PatKind, Rhs, RhsBody, Stmt, Type,
    TypeKind,
};
use crate::desugar::desugared_depth;
use dnrad_core::{Diagnostic, ErrorKind, Span};

/// The deepest nesting accepted. Measured on the 512 MiB compiler thread (which also runs the
/// REPL): 2·10⁵ nested `case`s or applications (4·10⁵ levels as counted here) overflowed it,
/// 10⁵ of them and 2·10⁵ nested `if`s did not (`ARCHITECTURE.md`); the bound is a quarter or
/// less of what failed.
pub const MAX_NESTING: usize = 50_000;

enum Node<'a> {
    Expr(&'a Expr),
    Decl(&'a Decl),
    Rhs(&'a Rhs),
    Pat(&'a Pat),
    Type(&'a Type),
}

/// Check every declaration of a module.
pub fn check_module(module: &Module) -> Result<(), Diagnostic> {
    check(module.decls.iter().map(|d| (Node::Decl(d), 0)).collect())
}

/// Check one expression (a REPL entry).
pub fn check_expr(e: &Expr) -> Result<(), Diagnostic> {
    check(vec![(Node::Expr(e), 0)])
}

fn too_deep(span: Span) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::Parse,
        span,
        format!(
            "expression nested too deeply: more than {MAX_NESTING} levels (dnrad's limit; \
             split it into top-level definitions)"
        ),
    )
}

fn check<'a>(mut stack: Vec<(Node<'a>, usize)>) -> Result<(), Diagnostic> {
    // The walk is depth first from the last child; the error is at the earliest node in the
    // source past the bound (its subtree is not walked: it is deeper still).
    let mut first: Option<Span> = None;
    while let Some((node, depth)) = stack.pop() {
        let span = match &node {
            Node::Expr(e) => e.span,
            Node::Decl(d) => d.span,
            Node::Rhs(r) => r.span,
            Node::Pat(p) => p.span,
            Node::Type(t) => t.span,
        };
        if depth > MAX_NESTING {
            if first.is_none_or(|f| span.lo < f.lo) {
                first = Some(span);
            }
            continue;
        }
        let inner = depth + 1;
        let mut push = |n: Node<'a>, d: usize| stack.push((n, d));
        match node {
            Node::Expr(e) => children_of_expr(e, inner, &mut push),
            Node::Decl(d) => match &d.kind {
                DeclKind::FunClause { args, rhs, .. } => {
                    args.iter().for_each(|p| push(Node::Pat(p), inner));
                    push(Node::Rhs(rhs), inner);
                }
                DeclKind::PatBind(p, rhs) => {
                    push(Node::Pat(p), inner);
                    push(Node::Rhs(rhs), inner);
                }
                DeclKind::TypeSig(_, sig) => push(Node::Type(&sig.ty), inner),
                DeclKind::Class { decls, .. } | DeclKind::Instance { decls, .. } => {
                    decls.iter().for_each(|d| push(Node::Decl(d), inner));
                }
                _ => {}
            },
            Node::Rhs(rhs) => {
                let below = inner + rhs.wheres.len();
                rhs.wheres.iter().for_each(|d| push(Node::Decl(d), below));
                match &rhs.body {
                    RhsBody::Plain(e) => push(Node::Expr(e), below),
                    RhsBody::Guarded(guards) => {
                        for (i, (quals, e, _)) in guards.iter().enumerate() {
                            let after = statements(quals, below + i, &mut push);
                            push(Node::Expr(e), after);
                        }
                    }
                }
            }
            Node::Pat(p) => match &p.kind {
                PatKind::Con(_, ps) | PatKind::Tuple(ps) => {
                    ps.iter().for_each(|p| push(Node::Pat(p), inner));
                }
                PatKind::List(ps) | PatKind::OpChain(ps, _) => {
                    let below = depth + desugared_depth(ps.len());
                    ps.iter().for_each(|p| push(Node::Pat(p), below));
                }
                PatKind::As(_, p) | PatKind::Lazy(p) | PatKind::Paren(p) => {
                    push(Node::Pat(p), inner)
                }
                PatKind::Record(_, fields) => {
                    fields.iter().for_each(|(_, p)| push(Node::Pat(p), inner));
                }
                PatKind::Var(_) | PatKind::Wild | PatKind::Lit(_) | PatKind::NPlusK(..) => {}
            },
            Node::Type(t) => match &t.kind {
                TypeKind::App(a, b) | TypeKind::Fun(a, b) => {
                    push(Node::Type(a), inner);
                    push(Node::Type(b), inner);
                }
                TypeKind::List(a) => push(Node::Type(a), inner),
                TypeKind::Tuple(ts) => ts.iter().for_each(|t| push(Node::Type(t), inner)),
                TypeKind::Var(_) | TypeKind::Con(_) => {}
            },
        }
    }
    first.map_or(Ok(()), |span| Err(too_deep(span)))
}

/// The parts of statements (of a `do` block, a comprehension or a guard) from `inner`, each
/// nesting what follows it; the depth after them.
fn statements<'a>(stmts: &'a [Stmt], inner: usize, push: &mut dyn FnMut(Node<'a>, usize)) -> usize {
    for (i, s) in stmts.iter().enumerate() {
        match s {
            Stmt::Bind(p, e) => {
                push(Node::Pat(p), inner + i);
                push(Node::Expr(e), inner + i);
            }
            Stmt::Let(decls) => decls.iter().for_each(|d| push(Node::Decl(d), inner + i)),
            Stmt::Expr(e) => push(Node::Expr(e), inner + i),
        }
    }
    inner + stmts.len()
}

/// The children of an expression at `inner` (one level below it), with the extra depth their
/// desugaring gives them.
fn children_of_expr<'a>(e: &'a Expr, inner: usize, push: &mut impl FnMut(Node<'a>, usize)) {
    let stmts =
        |stmts: &'a [Stmt], push: &mut dyn FnMut(Node<'a>, usize)| statements(stmts, inner, push);
    match &e.kind {
        ExprKind::Var(_) | ExprKind::Con(_) | ExprKind::Lit(_) => {}
        ExprKind::App(f, a) => {
            push(Node::Expr(f), inner);
            push(Node::Expr(a), inner);
        }
        ExprKind::OpChain(items) => {
            let ops = items
                .iter()
                .filter(|i| !matches!(i, OpItem::Operand(_)))
                .count();
            // `&&` and `||` chains stay nested (their right operands are evaluated lazily).
            let short = items.iter().any(
                |i| matches!(i, OpItem::Op(op) if op.name.name == "&&" || op.name.name == "||"),
            );
            let below = inner + if short { ops } else { desugared_depth(ops) };
            for item in items {
                if let OpItem::Operand(e) = item {
                    push(Node::Expr(e), below);
                }
            }
        }
        ExprKind::Lam(ps, body) => {
            ps.iter().for_each(|p| push(Node::Pat(p), inner));
            push(Node::Expr(body), inner + ps.len());
        }
        ExprKind::Let(decls, body) => {
            // `let a = 1; b = 2 in e` is two nested `let`s once its groups are ordered.
            let below = inner + decls.len().saturating_sub(1);
            decls.iter().for_each(|d| push(Node::Decl(d), below));
            push(Node::Expr(body), below);
        }
        ExprKind::If(c, t, f) => {
            [c, t, f]
                .into_iter()
                .for_each(|e| push(Node::Expr(e), inner));
        }
        ExprKind::Case(scrut, alts) => {
            push(Node::Expr(scrut), inner);
            for (i, alt) in alts.iter().enumerate() {
                push(Node::Pat(&alt.pat), inner + i);
                push(Node::Rhs(&alt.rhs), inner + i);
            }
        }
        ExprKind::Do(ss) => {
            stmts(ss, push);
        }
        ExprKind::ListComp(head, ss) => {
            let below = stmts(ss, push);
            push(Node::Expr(head), below);
        }
        ExprKind::Tuple(es) => es.iter().for_each(|e| push(Node::Expr(e), inner)),
        ExprKind::List(es) => {
            let below = inner + desugared_depth(es.len());
            es.iter().for_each(|e| push(Node::Expr(e), below));
        }
        ExprKind::ArithSeq { from, then, to } => {
            push(Node::Expr(from), inner);
            then.iter()
                .chain(to)
                .for_each(|e| push(Node::Expr(e), inner));
        }
        ExprKind::LeftSection(e, _) | ExprKind::RightSection(_, e) | ExprKind::Paren(e) => {
            push(Node::Expr(e), inner)
        }
        ExprKind::RecordUpdate(e, fields) => {
            push(Node::Expr(e), inner);
            fields.iter().for_each(|(_, e)| push(Node::Expr(e), inner));
        }
        ExprKind::Typed(e, sig) => {
            push(Node::Expr(e), inner);
            push(Node::Type(&sig.ty), inner);
        }
        ExprKind::RecordCon(_, fields) => {
            fields.iter().for_each(|(_, e)| push(Node::Expr(e), inner));
        }
    }
}
