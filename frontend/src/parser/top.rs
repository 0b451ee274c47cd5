//! A module: the optional `module M (exports) where` header, the imports, the top-level
//! declarations and the end of the file. Classes, instances and `default` (top-level only) are
//! parsed here; it must not parse what `data` (type definitions) and `decl` (everything else) do.

use super::data::type_decl;
use super::decl::decl_block;
use super::error::SyntaxError;
use super::tokens::{
    block, con_id, con_sym, first_of_layout_block, in_parens, node, parens, span_of, tok, var_id,
    var_or_op, Rule, P,
};
use super::types::Types;
use crate::ast::{Decl, DeclKind, Entity, Ident, Import, Members, Module};
use crate::token::Tok;
use chumsky::prelude::*;

/// An item of the module's body: imports come before every declaration.
enum TopItem {
    Import(Import),
    Decl(Decl),
}

pub fn module<'src>(decl: Rule<'src, Decl>, types: &Types<'src>) -> Rule<'src, Module> {
    let header = tok(Tok::Module)
        .ignore_then(con_id().labelled("a module name"))
        .then(entity_list(true).or_not())
        .then_ignore(tok(Tok::Where));
    header
        .or_not()
        .then(block(item(decl, types), ITEM))
        .then_ignore(tok(Tok::Eof))
        .try_map(|(header, items), _| {
            let (name, exports) = header.map_or((None, None), |(n, e)| (Some(n), e));
            let mut module = Module {
                name,
                exports,
                imports: Vec::new(),
                decls: Vec::new(),
            };
            for item in items {
                match item {
                    TopItem::Import(i) if !module.decls.is_empty() => {
                        return Err(SyntaxError::custom(
                            i.span,
                            "an `import` must come before the module's declarations",
                        ))
                    }
                    TopItem::Import(i) => module.imports.push(i),
                    TopItem::Decl(d) => module.decls.push(d),
                }
            }
            Ok(module)
        })
        .boxed()
}

/// What an item of the module's body is called in errors.
const ITEM: &str = "a declaration";

/// An import or a top-level declaration.
fn item<'src>(decl: Rule<'src, Decl>, types: &Types<'src>) -> impl P<'src, TopItem> {
    let top_decl = node(top_only(decl.clone(), types)).or(decl);
    import()
        .map(TopItem::Import)
        .or(top_decl.map(TopItem::Decl))
}

/// The first item of a module's body with what ends it, as `module` parses it, the rest of the
/// input left alone (error recovery parses the body item by item; their trees are not needed).
pub fn first_item<'src>(decl: Rule<'src, Decl>, types: &Types<'src>) -> Rule<'src, ()> {
    first_of_layout_block(item(decl, types), ITEM)
        .ignored()
        .boxed()
}

/// A special identifier of the import syntax (`qualified`, `as`, `hiding`): an ordinary variable
/// name everywhere else.
fn special<'src>(word: &'static str) -> impl P<'src, ()> {
    var_id()
        .try_map(move |id: Ident, span| {
            if id.name == word {
                Ok(())
            } else {
                Err(SyntaxError::expected(span, word))
            }
        })
        .labelled(word)
}

/// `import [qualified] M [as N] [[hiding] (items)]`.
fn import<'src>() -> impl P<'src, Import> {
    let module_name = || con_id().labelled("a module name");
    tok(Tok::Import)
        .ignore_then(special("qualified").or_not().map(|q| q.is_some()))
        .then(module_name())
        .then(special("as").ignore_then(module_name()).or_not())
        .then(
            special("hiding")
                .or_not()
                .map(|h| h.is_some())
                .then(entity_list(false))
                .or_not(),
        )
        .map_with(|(((qualified, module), alias), list), e| {
            let (hiding, items) = match list {
                Some((hiding, items)) => (hiding, Some(items)),
                None => (false, None),
            };
            Import {
                module,
                qualified,
                alias,
                hiding,
                items,
                span: span_of(e.slice()),
            }
        })
}

/// `(item, ...)` of an export list (`module M` items allowed) or an import list; a trailing
/// comma is allowed.
fn entity_list<'src>(exports: bool) -> impl P<'src, Vec<Entity>> {
    let member = var_or_op().or(con_id()).or(in_parens(con_sym()));
    let members = parens(
        tok(Tok::DotDot).to(Members::All).or(member
            .separated_by(tok(Tok::Comma))
            .allow_trailing()
            .collect()
            .map(Members::Listed)),
    );
    let type_entity = con_id()
        .then(members.or_not())
        .map(|(name, members)| Entity::Type(name, members));
    let module_entity = tok(Tok::Module)
        .ignore_then(con_id().labelled("a module name"))
        .map(Entity::Module)
        .try_map(move |m, span| {
            if exports {
                Ok(m)
            } else {
                Err(SyntaxError::expected(span, "an imported name"))
            }
        });
    let entity = var_or_op()
        .map(Entity::Var)
        .or(type_entity)
        .or(module_entity)
        .labelled("an exported or imported name");
    parens(
        tok(Tok::Comma).or_not().ignore_then(
            entity
                .separated_by(tok(Tok::Comma))
                .allow_trailing()
                .collect(),
        ),
    )
}

/// Declarations allowed only at the top level.
fn top_only<'src>(decl: Rule<'src, Decl>, types: &Types<'src>) -> impl P<'src, DeclKind> {
    let body = tok(Tok::Where)
        .ignore_then(decl_block(decl))
        .or_not()
        .map(Option::unwrap_or_default);
    let context = types
        .context
        .clone()
        .or_not()
        .map(Option::unwrap_or_default);
    let class = tok(Tok::Class)
        .ignore_then(context.clone())
        .then(con_id().labelled("a class name"))
        .then(var_id().labelled("the class's type variable"))
        .then(body.clone())
        .map(|(((context, name), tyvar), decls)| DeclKind::Class {
            context,
            name,
            tyvar,
            decls,
        });
    let instance = tok(Tok::Instance)
        .ignore_then(context)
        .then(con_id().labelled("a class name"))
        .then(types.atype.clone())
        .then(body)
        .map(|(((context, class), ty), decls)| DeclKind::Instance {
            context,
            class,
            ty,
            decls,
        });
    let default = tok(Tok::Default)
        .ignore_then(parens(
            types.ty.clone().separated_by(tok(Tok::Comma)).collect(),
        ))
        .map(DeclKind::Default);
    choice((type_decl(types), class, instance, default))
}
