//! Declarations allowed in every declaration block (top level, `let`, `where`, class and instance
//! bodies): type signatures, fixity declarations, function equations and pattern bindings, and the
//! right-hand sides they share with case alternatives. Must not parse type definitions, classes or
//! instances (top-level only: `data`, `top`).

use super::error::SyntaxError;
use super::expr::stmt;
use super::pat::Pats;
use super::tokens::{
    block, comma_sep, node, op, operator, paren_var_sym, parens, span_of, spanned, tok, token,
    var_id, var_or_op, Rule, P,
};
use super::types::Types;
use crate::ast::{Assoc, Decl, DeclKind, Expr, Ident, Pat, Rhs, RhsBody, SigType, Stmt};
use crate::token::Tok;
use chumsky::prelude::*;

/// A declaration, given the expression parser and itself (for `where` blocks).
pub fn decl<'src>(
    expr: Rule<'src, Expr>,
    decl: Rule<'src, Decl>,
    pats: &Pats<'src>,
    types: &Types<'src>,
) -> Rule<'src, Decl> {
    let decls = decl_block(decl);
    let qualifier = stmt(expr.clone(), decls.clone(), pats.pat.clone());
    let rhs = rhs(Tok::Equals, expr, decls, qualifier);
    node(choice((
        signature(types.sig.clone()),
        fixity(),
        value_decl(pats, rhs),
    )))
}

/// A block of declarations (after `let` or `where`, or a class or instance body).
pub fn decl_block<'src>(decl: Rule<'src, Decl>) -> Rule<'src, Vec<Decl>> {
    block(decl, "a declaration").boxed()
}

/// `f, (+) :: Ctx => T`
fn signature<'src>(sig: Rule<'src, SigType>) -> impl P<'src, DeclKind> {
    comma_sep(var_or_op())
        .then_ignore(tok(Tok::DColon))
        .then(sig)
        .map(|(names, sig)| DeclKind::TypeSig(names, sig))
}

/// `infixl 6 +, -`
fn fixity<'src>() -> impl P<'src, DeclKind> {
    let assoc = token("a fixity declaration", |x| match x.tok {
        Tok::Infixl => Some(Assoc::Left),
        Tok::Infixr => Some(Assoc::Right),
        Tok::Infix => Some(Assoc::None),
        _ => None,
    });
    let precedence = token("a precedence", |x| match &x.tok {
        Tok::Integer(n) => Some(n),
        _ => None,
    })
    .validate(|n, e, emitter| {
        u8::try_from(n).ok().filter(|&n| n <= 9).unwrap_or_else(|| {
            emitter.emit(SyntaxError::custom(
                span_of(e.slice()),
                "a precedence must be 0..9",
            ));
            9
        })
    });
    assoc
        .then(precedence.or_not())
        .then(comma_sep(op().map(|op| op.name)))
        .map(|((assoc, prec), ops)| DeclKind::Fixity(assoc, prec.unwrap_or(9), ops))
}

/// A left-hand side is only tried as one form if a right-hand side follows it.
fn before_rhs<'src, O: 'src>(lhs: impl P<'src, O>) -> impl P<'src, O> {
    lhs.then_ignore(tok(Tok::Equals).or(tok(Tok::Bar)).rewind())
}

/// The left-hand side of a value declaration.
enum Lhs {
    /// A function and its argument patterns.
    Function(Ident, Vec<Pat>),
    /// The pattern of a pattern binding.
    Pattern(Pat),
}

/// A function equation or a pattern binding. The function's left-hand side is one of
/// `(op) p1 p2`, `(p1 op p2) p3`, `p1 op p2` (with `op` a variable operator) or `f p1 p2`;
/// anything else is a pattern binding.
fn value_decl<'src>(pats: &Pats<'src>, rhs: Rule<'src, Rhs>) -> impl P<'src, DeclKind> {
    let args = pats.apat.clone().repeated().collect::<Vec<_>>();
    let infix = pats
        .pat
        .clone()
        .then(operator(false))
        .then(pats.pat.clone())
        .map(|((left, op), right)| (op, vec![left, right]));
    // The right-hand side is parsed once, after the left-hand side's form is decided.
    let function = choice((
        before_rhs(paren_var_sym().then(args.clone())),
        before_rhs(
            parens(infix.clone())
                .then(args.clone())
                .map(|((op, mut pats), more)| {
                    pats.extend(more);
                    (op, pats)
                }),
        ),
        before_rhs(infix),
        before_rhs(var_id().then(args)),
    ));
    let lhs = function
        .map(|(name, args)| Lhs::Function(name, args))
        .or(before_rhs(pats.pat.clone()).map(Lhs::Pattern));
    lhs.then(rhs).map(|(lhs, rhs)| match lhs {
        Lhs::Function(name, args) => DeclKind::FunClause { name, args, rhs },
        Lhs::Pattern(pat) => DeclKind::PatBind(pat, rhs),
    })
}

/// `= e [where decls]` or `| g = e ... [where decls]` (`->` instead of `=` in case alternatives);
/// a guard is qualifiers (`qualifier`) separated by commas: conditions, pattern guards `p <- e`
/// and `let`s, as in Haskell 2010.
pub fn rhs<'src>(
    sep: Tok,
    expr: Rule<'src, Expr>,
    decls: Rule<'src, Vec<Decl>>,
    qualifier: Rule<'src, Stmt>,
) -> Rule<'src, Rhs> {
    let guarded = spanned(
        tok(Tok::Bar)
            .ignore_then(
                qualifier
                    .separated_by(tok(Tok::Comma))
                    .at_least(1)
                    .collect(),
            )
            .then_ignore(tok(sep.clone()))
            .then(expr.clone()),
    )
    .map(|((guard, body), span)| (guard, body, span))
    .repeated()
    .at_least(1)
    .collect()
    .map(RhsBody::Guarded);
    let plain = tok(sep).ignore_then(expr).map(RhsBody::Plain);
    guarded
        .or(plain)
        .then(tok(Tok::Where).ignore_then(decls).or_not())
        .map_with(|(body, wheres), e| Rhs {
            body,
            wheres: wheres.unwrap_or_default(),
            span: span_of(e.slice()),
        })
        .boxed()
}
