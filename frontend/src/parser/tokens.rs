//! The parser's vocabulary over laid-out tokens: the input and parser types, single tokens, names,
//! operators and literals, the byte span of a parsed node, and the shapes every part of the grammar
//! shares (layout blocks, comma lists, record fields). It must not contain grammar rules.

use super::error::{label, SyntaxError, UNLISTED};
use crate::ast::{Ident, Literal, Op};
use crate::token::{Tok, Token};
use chumsky::prelude::*;
use chumsky::primitive::select_ref;
use dnrad_core::Span;

/// The input: the layout pass's tokens, ending with `Eof`. Chumsky's spans count tokens; byte spans
/// come from the tokens themselves (`span_of`).
pub type In<'src> = &'src [Token];
pub type Extra<'src> = extra::Err<SyntaxError>;
/// A grammar rule, boxed to keep parser types small.
pub type Rule<'src, O> = Boxed<'src, 'src, In<'src>, O, Extra<'src>>;

/// Any parser over the token input.
pub trait P<'src, O>: Parser<'src, In<'src>, O, Extra<'src>> + Clone + 'src {}
impl<'src, O, T: Parser<'src, In<'src>, O, Extra<'src>> + Clone + 'src> P<'src, O> for T {}

/// The byte span of a node parsed from `tokens` (every node consumes at least one token).
pub fn span_of(tokens: &[Token]) -> Span {
    match (tokens.first(), tokens.last()) {
        (Some(first), Some(last)) => first.span.to(last.span),
        _ => Span::dummy(),
    }
}

/// `p`'s output with its byte span.
pub fn spanned<'src, O: 'src>(p: impl P<'src, O>) -> impl P<'src, (O, Span)> {
    p.map_with(|x, e| (x, span_of(e.slice())))
}

/// One token for which `f` gives an output; `what` names it in errors.
pub fn token<'src, O: 'src>(
    what: &'static str,
    f: impl Fn(&'src Token) -> Option<O> + Clone + 'src,
) -> impl P<'src, O> {
    select_ref(move |t: &'src Token, _| f(t)).labelled(what)
}

/// Exactly the token `t` (a keyword, a reserved operator or punctuation).
pub fn tok<'src>(t: Tok) -> impl P<'src, ()> {
    token(label(&t), move |x| (x.tok == t).then_some(()))
}

/// The operator symbol `s` (`-`, `!`), called `what` in errors.
pub fn symbol<'src>(s: &'static str, what: &'static str) -> impl P<'src, Span> {
    token(what, move |x| match &x.tok {
        Tok::VarSym(name) if name == s => Some(x.span),
        _ => None,
    })
}

fn name<'src>(what: &'static str, f: fn(&Tok) -> Option<&String>) -> impl P<'src, Ident> {
    token(what, move |x| {
        f(&x.tok).map(|name| Ident {
            name: name.clone(),
            span: x.span,
        })
    })
}

pub fn var_id<'src>() -> impl P<'src, Ident> {
    name("a variable", |t| match t {
        Tok::VarId(s) => Some(s),
        _ => None,
    })
}

pub fn con_id<'src>() -> impl P<'src, Ident> {
    name("a constructor", |t| match t {
        Tok::ConId(s) => Some(s),
        _ => None,
    })
}

/// An operator symbol: a variable one (`+`) or, with `con`, a constructor one (`:+`).
fn sym<'src>(con: bool) -> impl P<'src, Ident> {
    name(
        if con {
            "a constructor operator"
        } else {
            "an operator"
        },
        match con {
            false => |t| match t {
                Tok::VarSym(s) => Some(s),
                _ => None,
            },
            true => |t| match t {
                Tok::ConSym(s) => Some(s),
                _ => None,
            },
        },
    )
}

/// A variable operator (`+`, `` `div` ``) or, with `con`, a constructor operator (`:+`,
/// `` `Cons` ``); the span of a backquoted name includes the backticks.
pub fn operator<'src>(con: bool) -> impl P<'src, Ident> {
    let id = if con {
        con_id().boxed()
    } else {
        var_id().boxed()
    };
    let backquoted = spanned(id.delimited_by(tok(Tok::Backtick), tok(Tok::Backtick)))
        .map(|(name, span)| Ident { span, ..name });
    sym(con).or(backquoted).labelled(if con {
        "a constructor operator"
    } else {
        "an operator"
    })
}

/// Any infix operator.
pub fn op<'src>() -> impl P<'src, Op> {
    operator(false)
        .map(|name| Op {
            name,
            is_con: false,
        })
        .or(operator(true).map(|name| Op { name, is_con: true }))
        .labelled("an operator")
}

/// Succeeds without consuming anything where `p` would succeed. What `p` expected is never
/// reported: failing to see something ahead is not an error in the program.
pub fn looking_at<'src, O: 'src>(p: impl P<'src, O>) -> impl P<'src, ()> {
    p.not().not()
}

/// `( p )`.
pub fn parens<'src, O: 'src>(p: impl P<'src, O>) -> impl P<'src, O> {
    p.delimited_by(tok(Tok::LParen), tok(Tok::RParen))
}

/// `[ p ]`.
pub fn brackets<'src, O: 'src>(p: impl P<'src, O>) -> impl P<'src, O> {
    p.delimited_by(tok(Tok::LBracket), tok(Tok::RBracket))
}

/// A name in parentheses, its span widened to include them: `(+)`.
pub fn in_parens<'src>(p: impl P<'src, Ident>) -> impl P<'src, Ident> {
    spanned(parens(p)).map(|(name, span)| Ident { span, ..name })
}

/// A variable operator symbol in parentheses: `(<+>)`.
pub fn paren_var_sym<'src>() -> impl P<'src, Ident> {
    in_parens(sym(false))
}

/// A variable or an operator symbol in parentheses (the names in a signature or record field).
pub fn var_or_op<'src>() -> impl P<'src, Ident> {
    var_id().or(in_parens(sym(false).or(sym(true))))
}

/// `(,)`, `(,,)`: a tuple constructor, spanning its parentheses.
pub fn tuple_con<'src>() -> impl P<'src, Ident> {
    spanned(parens(tok(Tok::Comma).repeated().at_least(1).count())).map(|(commas, span)| Ident {
        name: format!("({})", ",".repeat(commas)),
        span,
    })
}

pub fn literal<'src>() -> impl P<'src, Literal> {
    token("a literal", |x| match &x.tok {
        Tok::Integer(n) => Some(Literal::Int(n.clone())),
        Tok::Float(f) => Some(Literal::Frac(*f)),
        Tok::Char(c) => Some(Literal::Char(*c)),
        Tok::Str(s) => Some(Literal::Str(s.clone())),
        _ => None,
    })
}

/// `item (, item)*`.
pub fn comma_sep<'src, O: 'src>(item: impl P<'src, O>) -> impl P<'src, Vec<O>> {
    item.separated_by(tok(Tok::Comma)).at_least(1).collect()
}

/// `{ item ; item ; ... }` with explicit or layout braces, skipping empty items; `;` may be explicit
/// or inserted by the layout in either. An item must be followed by a `;` or the end of the block.
/// `what` names an item in errors.
pub fn block<'src, O: 'src>(item: impl P<'src, O>, what: &'static str) -> impl P<'src, Vec<O>> {
    let sep = tok(Tok::Semi).or(tok(Tok::VSemi));
    // Separators beyond the one that ends an item are never needed, so never listed in errors.
    let more_seps = sep.clone().labelled(UNLISTED).repeated();
    let seps = sep.then_ignore(more_seps.clone());
    let item = item.labelled(what);
    let items = |open, close: Tok, close_label, item_end| {
        let close = tok(close).labelled(close_label);
        let end = seps.clone().or(close.clone().rewind()).labelled(item_end);
        more_seps
            .clone()
            .ignore_then(item.clone().then_ignore(end).repeated().collect())
            .delimited_by(tok(open), close)
    };
    let explicit = items(Tok::LBrace, Tok::RBrace, label(&Tok::RBrace), "`;` or `}`");
    // A layout block ends wherever the layout says; the end of its last item is what is listed.
    explicit.or(items(
        Tok::VLBrace,
        Tok::VRBrace,
        UNLISTED,
        "the end of the line",
    ))
}

/// Record fields `{ f = v, ... }` (possibly none), as in construction, update and patterns.
/// They are optional wherever they may appear, so their `{` is not listed in errors.
pub fn record_fields<'src, O: 'src>(value: impl P<'src, O>) -> impl P<'src, Vec<(Ident, O)>> {
    var_id()
        .labelled("a field name")
        .then_ignore(tok(Tok::Equals))
        .then(value)
        .separated_by(tok(Tok::Comma))
        .collect()
        .delimited_by(tok(Tok::LBrace).labelled(UNLISTED), tok(Tok::RBrace))
}
