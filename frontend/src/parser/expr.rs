//! Expressions: operator chains (kept flat), lambdas, `let`, `if`, `case`, `do`, application,
//! records, literals, tuples, lists, arithmetic sequences, comprehensions and sections. Declarations,
//! patterns and types come from their own modules; this one must not parse them itself.

use super::decl::{decl_block, rhs};
use super::error::{label, SyntaxError};
use super::pat::Pats;
use super::tokens::{
    block, brackets, comma_sep, con_id, literal, node, op, parens, record_fields, span_of, spanned,
    symbol, tok, tuple_con, var_id, Rule, P,
};
use super::types::Types;
use crate::ast::{Alt, Decl, Expr, ExprKind, Ident, Op, OpItem, Pat, SigType, Stmt};
use crate::token::Tok;
use chumsky::prelude::*;

/// The expression parser, given itself (`expr`) and the declaration parser (for `let` and `where`).
pub fn expr<'src>(
    expr: Rule<'src, Expr>,
    decl: Rule<'src, Decl>,
    pats: &Pats<'src>,
    types: &Types<'src>,
) -> Rule<'src, Expr> {
    let decls = decl_block(decl);
    let sig = tok(Tok::DColon).ignore_then(types.sig.clone());
    let stmt = stmt(expr.clone(), decls.clone(), pats.pat.clone());
    let items = recursive(|items| {
        let parts = Parts {
            expr: expr.clone(),
            items: items.boxed(),
            sig: sig.clone().boxed(),
        };
        let aexp = aexp(&parts, stmt.clone());
        let alt = spanned(pats.pat.clone().then(rhs(
            Tok::RArrow,
            expr.clone(),
            decls.clone(),
            stmt.clone(),
        )))
        .map(|((pat, rhs), span)| Alt { pat, rhs, span });
        let keyword = keyword_exp(&parts, pats.apat.clone(), decls, alt.boxed(), stmt);
        chain_items(
            keyword
                .or(fexp(aexp, expr.clone()))
                .labelled("an expression"),
        )
    })
    .boxed();
    chain(items)
        .then(sig.or_not())
        .map(|(e, sig)| typed(e, sig))
        .boxed()
}

/// What the atoms need from the whole expression grammar.
struct Parts<'src> {
    expr: Rule<'src, Expr>,
    /// An operator chain's items, for sections in parentheses.
    items: Rule<'src, Vec<OpItem>>,
    /// `:: sigtype`
    sig: Rule<'src, SigType>,
}

/// `e :: T` when a signature follows.
fn typed(e: Expr, sig: Option<SigType>) -> Expr {
    match sig {
        Some(sig) => Expr {
            span: e.span.to(sig.span),
            kind: ExprKind::Typed(Box::new(e), sig),
        },
        None => e,
    }
}

/// `[-] exp10 (op [-] exp10)*`
fn chain_items<'src>(exp10: impl P<'src, Expr>) -> Rule<'src, Vec<OpItem>> {
    let operand = symbol("-", "`-`")
        .map(OpItem::Neg)
        .or_not()
        .then(exp10.map(OpItem::Operand))
        .labelled("an expression");
    let push = |mut items: Vec<OpItem>, (neg, e): (Option<OpItem>, OpItem)| {
        items.extend(neg);
        items.push(e);
        items
    };
    operand
        .clone()
        .map(move |first| push(Vec::new(), first))
        .foldl(
            op().then(operand).repeated(),
            move |mut items, (op, next)| {
                items.push(OpItem::Op(op));
                push(items, next)
            },
        )
        .boxed()
}

/// The expression of chain items: a single operand stays as it is.
fn chain<'src>(items: Rule<'src, Vec<OpItem>>) -> Rule<'src, Expr> {
    items
        .map_with(|mut items, e| match items.pop() {
            Some(OpItem::Operand(single)) if items.is_empty() => single,
            last => {
                items.extend(last);
                Expr {
                    kind: ExprKind::OpChain(items),
                    span: span_of(e.slice()),
                }
            }
        })
        .boxed()
}

/// Expressions that start with a keyword: `\`, `let`, `if`, `case`, `do`.
fn keyword_exp<'src>(
    parts: &Parts<'src>,
    apat: Rule<'src, Pat>,
    decls: Rule<'src, Vec<Decl>>,
    alt: Rule<'src, Alt>,
    stmt: Rule<'src, Stmt>,
) -> Rule<'src, Expr> {
    let expr = || parts.expr.clone();
    // `then` and `else` may start a new line at the `if`'s indentation inside a `do` block.
    let after_line = |t: Tok| {
        let text = label(&t);
        tok(Tok::VSemi)
            .or_not()
            .then(tok(Tok::Semi).or_not())
            .ignore_then(tok(t))
            .labelled(text)
    };
    // A lambda, `let` or `if` extends as far right as possible: its body takes every operator
    // after it, so none may follow (`(\x -> x +)` is not a section).
    let body = || expr().then_ignore(op().not());
    let lambda = tok(Tok::Backslash)
        .ignore_then(apat.repeated().at_least(1).collect())
        .then_ignore(tok(Tok::RArrow))
        .then(body())
        .map(|(pats, body)| ExprKind::Lam(pats, Box::new(body)));
    let let_in = tok(Tok::Let)
        .ignore_then(decls)
        .then_ignore(tok(Tok::In))
        .then(body())
        .map(|(decls, body)| ExprKind::Let(decls, Box::new(body)));
    let if_then_else = tok(Tok::If)
        .ignore_then(expr())
        .then_ignore(after_line(Tok::Then))
        .then(expr())
        .then_ignore(after_line(Tok::Else))
        .then(body())
        .map(|((c, t), e)| ExprKind::If(Box::new(c), Box::new(t), Box::new(e)));
    let case = tok(Tok::Case)
        .ignore_then(expr())
        .then_ignore(tok(Tok::Of))
        .then(block(alt, "a case alternative"))
        .map(|(scrutinee, alts)| ExprKind::Case(Box::new(scrutinee), alts));
    let do_block = tok(Tok::Do)
        .ignore_then(block(stmt, "a statement"))
        .validate(|stmts, e, emitter| {
            if !matches!(stmts.last(), Some(Stmt::Expr(_))) {
                emitter.emit(SyntaxError::custom(
                    span_of(e.slice()),
                    "the last statement of a `do` block must be an expression",
                ));
            }
            ExprKind::Do(stmts)
        });
    node(choice((lambda, let_in, if_then_else, case, do_block)))
}

/// A `do` statement, a comprehension qualifier or a guard's qualifier.
pub fn stmt<'src>(
    expr: Rule<'src, Expr>,
    decls: Rule<'src, Vec<Decl>>,
    pat: Rule<'src, Pat>,
) -> Rule<'src, Stmt> {
    // `let decls` is a statement, `let decls in e` an expression.
    let let_stmt = spanned(
        tok(Tok::Let)
            .ignore_then(decls)
            .then(tok(Tok::In).ignore_then(expr.clone()).or_not()),
    )
    .map(|((decls, body), span)| match body {
        Some(body) => Stmt::Expr(Expr {
            kind: ExprKind::Let(decls, Box::new(body)),
            span,
        }),
        None => Stmt::Let(decls),
    });
    let bind = pat
        .then_ignore(tok(Tok::LArrow))
        .then(expr.clone())
        .map(|(p, e)| Stmt::Bind(p, e));
    // An expression statement starting with `let` was parsed as `let_stmt`: parsing it again as an
    // expression would retry its declarations.
    let expr_stmt = tok(Tok::Let).not().ignore_then(expr).map(Stmt::Expr);
    choice((let_stmt, bind, expr_stmt)).boxed()
}

/// Function application `aexp aexp ...`; a lambda, `let`, `if`, `case` or `do` is not an argument
/// (`f $ \x -> ...` is an operator chain, but `forM xs \x -> ...` is not Haskell 98).
fn fexp<'src>(aexp: Rule<'src, Expr>, expr: Rule<'src, Expr>) -> Rule<'src, Expr> {
    // `aexp { f = e, ... }`: construction after a constructor, update otherwise, repeatedly.
    let record_exp = aexp.foldl(
        spanned(record_fields(expr)).repeated(),
        |e, (fields, end)| {
            let span = e.span.to(end);
            let kind = match e.kind {
                ExprKind::Con(c) => ExprKind::RecordCon(c, fields),
                _ => ExprKind::RecordUpdate(Box::new(e), fields),
            };
            Expr { kind, span }
        },
    );
    record_exp
        .clone()
        .foldl(record_exp.repeated(), |f, arg| Expr {
            span: f.span.to(arg.span),
            kind: ExprKind::App(Box::new(f), Box::new(arg)),
        })
        .boxed()
}

fn aexp<'src>(parts: &Parts<'src>, stmt: Rule<'src, Stmt>) -> Rule<'src, Expr> {
    node(choice((
        var_id().map(ExprKind::Var),
        con_id().map(ExprKind::Con),
        literal().map(ExprKind::Lit),
        paren(parts),
        bracket(parts.expr.clone(), stmt),
    )))
    .labelled("an expression")
    .boxed()
}

/// What follows the first operand chain in parentheses.
enum ParenTail {
    /// An operator: a left section.
    Section(Op),
    /// An optional signature, then the other components of a tuple (possibly none).
    Components(Option<SigType>, Vec<Expr>),
}

/// Everything in parentheses: unit, operators, tuple constructors, sections, tuples.
fn paren<'src>(parts: &Parts<'src>) -> Rule<'src, ExprKind> {
    let operator = spanned(parens(op())).map(|(Op { name, is_con }, span)| {
        let name = Ident { span, ..name };
        if is_con {
            ExprKind::Con(name)
        } else {
            ExprKind::Var(name)
        }
    });
    let right_section = symbol("-", "`-`")
        .not()
        .ignore_then(op())
        .then(chain(parts.items.clone()))
        .map(|(op, e)| ExprKind::RightSection(op, Box::new(e)));
    let components = parts.sig.clone().or_not().then(
        tok(Tok::Comma)
            .ignore_then(parts.expr.clone())
            .repeated()
            .collect(),
    );
    let rest = op()
        .map(ParenTail::Section)
        .or(components.map(|(sig, more)| ParenTail::Components(sig, more)));
    let section_or_tuple = chain(parts.items.clone())
        .then(rest)
        .map(|(first, rest)| match rest {
            ParenTail::Section(op) => ExprKind::LeftSection(Box::new(first), op),
            ParenTail::Components(sig, more) => {
                let first = typed(first, sig);
                if more.is_empty() {
                    ExprKind::Paren(Box::new(first))
                } else {
                    ExprKind::Tuple(std::iter::once(first).chain(more).collect())
                }
            }
        });
    choice((
        parens(empty()).to(ExprKind::Tuple(vec![])),
        tuple_con().map(ExprKind::Con),
        operator,
        parens(right_section),
        parens(section_or_tuple),
    ))
    .boxed()
}

/// What follows the first element of a list.
enum ListTail {
    /// `.. [to]`, or `, then .. [to]`
    Seq(Option<Box<Expr>>, Option<Box<Expr>>),
    /// `| quals`
    Comp(Vec<Stmt>),
    /// `, e2, e3`
    Items(Vec<Expr>),
}

/// What follows the second element of a list.
enum SecondTail {
    /// `.. [to]`
    UpTo(Option<Box<Expr>>),
    /// `, e3, e4` (possibly none)
    More(Vec<Expr>),
}

/// Everything in brackets: lists, arithmetic sequences, comprehensions.
fn bracket<'src>(expr: Rule<'src, Expr>, stmt: Rule<'src, Stmt>) -> Rule<'src, ExprKind> {
    let upto = tok(Tok::DotDot).ignore_then(expr.clone().map(Box::new).or_not());
    let more = tok(Tok::Comma)
        .ignore_then(expr.clone())
        .repeated()
        .collect::<Vec<_>>();
    let after_second = upto
        .clone()
        .map(SecondTail::UpTo)
        .or(more.map(SecondTail::More));
    let tail = choice((
        upto.map(|to| ListTail::Seq(None, to)),
        tok(Tok::Bar)
            .ignore_then(comma_sep(stmt))
            .map(ListTail::Comp),
        tok(Tok::Comma)
            .ignore_then(expr.clone())
            .then(after_second)
            .map(|(second, rest)| match rest {
                SecondTail::UpTo(to) => ListTail::Seq(Some(Box::new(second)), to),
                SecondTail::More(more) => {
                    ListTail::Items(std::iter::once(second).chain(more).collect())
                }
            }),
    ));
    let list = expr.then(tail.or_not()).map(|(first, tail)| match tail {
        Some(ListTail::Seq(then, to)) => ExprKind::ArithSeq {
            from: Box::new(first),
            then,
            to,
        },
        Some(ListTail::Comp(quals)) => ExprKind::ListComp(Box::new(first), quals),
        Some(ListTail::Items(more)) => ExprKind::List(std::iter::once(first).chain(more).collect()),
        None => ExprKind::List(vec![first]),
    });
    brackets(list.or_not())
        .map(|list| list.unwrap_or(ExprKind::List(Vec::new())))
        .boxed()
}
