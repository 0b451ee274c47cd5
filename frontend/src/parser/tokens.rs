//! The parser's vocabulary over laid-out tokens: the input and parser types, single tokens, names,
//! operators and literals, the byte span of a parsed node, and the shapes every part of the grammar
//! shares (layout blocks, comma lists, record fields). It must not contain grammar rules.

use super::error::{label, SyntaxError, UNLISTED};
use crate::ast::{
    Decl, DeclKind, Expr, ExprKind, Ident, Literal, Op, Pat, PatKind, Type, TypeKind,
};
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

/// A syntax tree node: a kind and the byte span of its tokens.
pub trait Node {
    type Kind;
    fn new(kind: Self::Kind, span: Span) -> Self;
}

macro_rules! node {
    ($($node:ident($kind:ident)),*) => {$(
        impl Node for $node {
            type Kind = $kind;
            fn new(kind: $kind, span: Span) -> $node {
                $node { kind, span }
            }
        }
    )*};
}
node!(Expr(ExprKind), Pat(PatKind), Type(TypeKind), Decl(DeclKind));

/// The node of `kind`'s output, spanning the tokens `kind` consumed.
pub fn node<'src, N: Node + 'src>(kind: impl P<'src, N::Kind>) -> Rule<'src, N> {
    kind.map_with(|kind, e| N::new(kind, span_of(e.slice())))
        .boxed()
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

/// A name token of the kind `kind` makes (`Tok::VarId`, `Tok::ConId`, `Tok::VarSym`, `Tok::ConSym`).
fn name<'src>(kind: fn(String) -> Tok) -> impl P<'src, Ident> {
    let example = kind(String::new());
    let expected = std::mem::discriminant(&example);
    token(label(&example), move |x| match &x.tok {
        Tok::VarId(s) | Tok::ConId(s) | Tok::VarSym(s) | Tok::ConSym(s)
            if std::mem::discriminant(&x.tok) == expected =>
        {
            Some(Ident {
                name: s.clone(),
                span: x.span,
            })
        }
        _ => None,
    })
}

pub fn var_id<'src>() -> impl P<'src, Ident> {
    name(Tok::VarId)
}

pub fn con_id<'src>() -> impl P<'src, Ident> {
    name(Tok::ConId)
}

/// A variable operator (`+`, `` `div` ``) or, with `con`, a constructor operator (`:+`,
/// `` `Cons` ``); the span of a backquoted name includes the backticks.
pub fn operator<'src>(con: bool) -> impl P<'src, Ident> {
    let (sym, id) = if con {
        (name(Tok::ConSym).boxed(), con_id().boxed())
    } else {
        (name(Tok::VarSym).boxed(), var_id().boxed())
    };
    let backquoted = spanned(id.delimited_by(tok(Tok::Backtick), tok(Tok::Backtick)))
        .map(|(name, span)| Ident { span, ..name });
    let what = if con {
        "a constructor operator"
    } else {
        "an operator"
    };
    sym.or(backquoted).labelled(what)
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

/// The name `name` for the tokens `p` consumes (`[]`, `(->)`).
pub fn named<'src, O: 'src>(name: &'static str, p: impl P<'src, O>) -> impl P<'src, Ident> {
    spanned(p).map(move |(_, span)| Ident {
        name: name.into(),
        span,
    })
}

/// A name in parentheses, its span widened to include them: `(+)`.
pub fn in_parens<'src>(p: impl P<'src, Ident>) -> impl P<'src, Ident> {
    spanned(parens(p)).map(|(name, span)| Ident { span, ..name })
}

/// A variable operator symbol in parentheses: `(<+>)`.
pub fn paren_var_sym<'src>() -> impl P<'src, Ident> {
    in_parens(name(Tok::VarSym))
}

/// A constructor operator symbol: `:+`.
pub fn con_sym<'src>() -> impl P<'src, Ident> {
    name(Tok::ConSym)
}

/// A variable or an operator symbol in parentheses (the names in a signature or record field).
pub fn var_or_op<'src>() -> impl P<'src, Ident> {
    var_id().or(in_parens(name(Tok::VarSym).or(name(Tok::ConSym))))
}

/// A constructor's name, an operator in parentheses (`(:+:)`) too.
pub fn con_or_op<'src>() -> impl P<'src, Ident> {
    con_id().or(in_parens(name(Tok::ConSym)))
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
    let item = item.labelled(what);
    BlockEdges::explicit()
        .items(item.clone())
        .or(BlockEdges::layout().items(item))
}

/// The first item of a layout block and the separator or block end after it, the rest of the
/// input left alone: one top-level declaration parsed with the errors `block` gives for it.
pub fn first_of_layout_block<'src, O: 'src>(
    item: impl P<'src, O>,
    what: &'static str,
) -> impl P<'src, O> {
    let layout = BlockEdges::layout();
    layout
        .open()
        .ignore_then(layout.extra_seps())
        .ignore_then(layout.ended(item.labelled(what)))
        .lazy()
}

/// How a block's items are separated and the block closed, with the names errors give them.
struct BlockEdges {
    open: Tok,
    close: Tok,
    sep_label: &'static str,
    close_label: &'static str,
}

impl BlockEdges {
    fn explicit() -> BlockEdges {
        BlockEdges {
            open: Tok::LBrace,
            close: Tok::RBrace,
            sep_label: label(&Tok::Semi),
            close_label: label(&Tok::RBrace),
        }
    }

    /// A layout block ends wherever the layout says: the end of the line is what is listed.
    fn layout() -> BlockEdges {
        BlockEdges {
            open: Tok::VLBrace,
            close: Tok::VRBrace,
            sep_label: "the end of the line",
            close_label: UNLISTED,
        }
    }

    /// The block's items, each `ended`, between its braces.
    fn items<'src, O: 'src>(&self, item: impl P<'src, O>) -> impl P<'src, Vec<O>> {
        self.extra_seps()
            .ignore_then(self.ended(item).repeated().collect())
            .delimited_by(self.open(), self.close())
    }

    fn open<'src>(&self) -> impl P<'src, ()> {
        tok(self.open.clone())
    }

    fn sep<'src>(&self) -> impl P<'src, ()> {
        tok(Tok::Semi).or(tok(Tok::VSemi)).labelled(self.sep_label)
    }

    /// Separators beyond the one that ends an item are never needed, so never listed in errors.
    fn extra_seps<'src>(&self) -> impl P<'src, ()> {
        self.sep().labelled(UNLISTED).repeated()
    }

    fn close<'src>(&self) -> impl P<'src, ()> {
        tok(self.close.clone()).labelled(self.close_label)
    }

    /// `item` followed by a separator (and any more) or, not consumed, the block's end.
    fn ended<'src, O: 'src>(&self, item: impl P<'src, O>) -> impl P<'src, O> {
        let end = self
            .sep()
            .then_ignore(self.extra_seps())
            .or(self.close().rewind());
        item.then_ignore(end)
    }
}

/// Record fields `{ f = v, ... }` (possibly none; an operator field in parentheses, `(<+>) =
/// v`), as in construction, update and patterns.
/// They are optional wherever they may appear, so their `{` is not listed in errors.
pub fn record_fields<'src, O: 'src>(value: impl P<'src, O>) -> impl P<'src, Vec<(Ident, O)>> {
    var_or_op()
        .labelled("a field name")
        .then_ignore(tok(Tok::Equals))
        .then(value)
        .separated_by(tok(Tok::Comma))
        .collect()
        .delimited_by(tok(Tok::LBrace).labelled(UNLISTED), tok(Tok::RBrace))
}
