//! Type definitions: `data`, `newtype` and `type` declarations, their constructors and `deriving`
//! clauses. Must not know about expressions or patterns.

use super::error::SyntaxError;
use super::tokens::{
    comma_sep, con_id, con_or_op, operator, parens, span_of, symbol, tok, var_id, var_or_op, P,
};
use super::types::Types;
use crate::ast::{ConDecl, ConFields, DeclKind, Ident};
use crate::token::Tok;
use chumsky::prelude::*;

/// A `data`, `newtype` or `type` declaration.
pub fn type_decl<'src>(types: &Types<'src>) -> impl P<'src, DeclKind> {
    // A datatype context is accepted and ignored.
    let head = types.context.clone().or_not().ignore_then(type_head());
    let data = tok(Tok::Data)
        .ignore_then(head.clone())
        .then(
            tok(Tok::Equals)
                .ignore_then(
                    con_decl(types)
                        .separated_by(tok(Tok::Bar))
                        .at_least(1)
                        .collect(),
                )
                .or_not(),
        )
        .then(deriving())
        .map(|(((name, params), cons), deriving)| DeclKind::Data {
            name,
            params,
            cons: cons.unwrap_or_default(),
            deriving,
        });
    let newtype = tok(Tok::Newtype)
        .ignore_then(head)
        .then_ignore(tok(Tok::Equals))
        .then(con_decl(types).validate(|con, _, emitter| {
            let fields = match &con.fields {
                ConFields::Positional(ts) => ts.len(),
                ConFields::Record(fs) => fs.iter().map(|(names, _)| names.len()).sum(),
            };
            if fields != 1 {
                emitter.emit(SyntaxError::custom(
                    con.span,
                    "a newtype constructor must have exactly one field",
                ));
            }
            con
        }))
        .then(deriving())
        .map(|(((name, params), con), deriving)| DeclKind::Newtype {
            name,
            params,
            con,
            deriving,
        });
    let synonym = tok(Tok::Type)
        .ignore_then(type_head())
        .then_ignore(tok(Tok::Equals))
        .then(types.ty.clone())
        .map(|((name, params), ty)| DeclKind::TypeSyn { name, params, ty });
    choice((data, newtype, synonym))
}

/// `T a b` of a data, newtype or type declaration.
fn type_head<'src>() -> impl P<'src, (Ident, Vec<Ident>)> {
    con_id()
        .labelled("a type name")
        .then(var_id().repeated().collect())
}

/// `deriving C` or `deriving (C1, C2)`, possibly absent.
fn deriving<'src>() -> impl P<'src, Vec<Ident>> {
    let class = con_id().labelled("a class name");
    let classes =
        parens(class.clone().separated_by(tok(Tok::Comma)).collect()).or(class.map(|c| vec![c]));
    tok(Tok::Deriving)
        .ignore_then(classes)
        .or_not()
        .map(Option::unwrap_or_default)
}

/// `C t1 t2`, `C { f1, f2 :: t }` (either with `(:op)` for `C`) or `t1 :op t2` (or
/// ``t1 `C` t2``); field types may be marked strict with `!`.
fn con_decl<'src>(types: &Types<'src>) -> impl P<'src, ConDecl> {
    let strict = symbol("!", "`!`");
    let field_type = strict.clone().or_not().ignore_then(types.atype.clone());
    let record_field = comma_sep(var_or_op().labelled("a field name"))
        .then_ignore(tok(Tok::DColon))
        .then_ignore(strict.clone().or_not())
        .then(types.ty.clone());
    let record = con_or_op().then(
        record_field
            .separated_by(tok(Tok::Comma))
            .collect()
            .delimited_by(tok(Tok::LBrace), tok(Tok::RBrace))
            .map(ConFields::Record),
    );
    let positional = con_or_op()
        .then(field_type.repeated().collect().map(ConFields::Positional))
        .then_ignore(operator(true).not())
        .map(|(name, fields)| (name, fields, false));
    let operand = strict
        .ignore_then(types.atype.clone())
        .or(types.btype.clone());
    let infix = operand
        .clone()
        .then(operator(true))
        .then(operand)
        .map(|((left, op), right)| (op, ConFields::Positional(vec![left, right]), true));
    choice((
        record.map(|(name, fields)| (name, fields, false)),
        positional,
        infix,
    ))
    .map_with(|(name, fields, infix), e| ConDecl {
        name,
        fields,
        infix,
        span: span_of(e.slice()),
    })
    .labelled("a constructor")
}
