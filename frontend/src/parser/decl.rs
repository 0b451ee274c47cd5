//! Parsing the module header and declarations: signatures, fixities, equations, pattern
//! bindings, `data`, `newtype`, `type`, `class`, `instance`, `default`.

use super::cursor::{Cursor, PResult};
use super::expr::expr;
use super::pat::{apat, con_op, lpat, starts_apat};
use super::types::{atype, btype, opt_context, sig_type, starts_atype, ty};
use crate::ast::{
    Assoc, ConDecl, ConFields, Decl, DeclKind, Ident, Module, Pat, PatKind, Rhs, RhsBody, Type,
};
use crate::token::Tok;
use dnrad_core::{Diagnostic, ErrorKind};

pub fn module(p: &mut Cursor) -> PResult<Module> {
    if p.eat(&Tok::Module) {
        if !matches!(p.peek(), Tok::ConId(_)) {
            return Err(p.unexpected("a module name"));
        }
        p.bump();
        if p.at(&Tok::LParen) {
            skip_parens(p)?;
        }
        p.expect(&Tok::Where, "`where` after the module header")?;
    }
    let decls = p.block(top_decl)?;
    if !p.at(&Tok::Eof) {
        return Err(p.unexpected("the end of the file"));
    }
    Ok(Module { decls })
}

/// Skip a balanced parenthesised export list.
fn skip_parens(p: &mut Cursor) -> PResult<()> {
    let mut depth = 0;
    loop {
        match p.bump().tok {
            Tok::LParen => depth += 1,
            Tok::RParen => {
                depth -= 1;
                if depth == 0 {
                    return Ok(());
                }
            }
            Tok::Eof => return Err(p.error("unclosed export list")),
            _ => {}
        }
    }
}

fn top_decl(p: &mut Cursor) -> PResult<Decl> {
    let start = p.span();
    let kind = match p.peek() {
        Tok::Import => {
            return Err(p.error("imports are not supported: dnrad programs are single modules and the Prelude is always in scope"))
        }
        Tok::Data => {
            p.bump();
            data_decl(p)?
        }
        Tok::Newtype => {
            p.bump();
            newtype_decl(p)?
        }
        Tok::Type => {
            p.bump();
            let (name, params) = type_head(p)?;
            p.expect(&Tok::Equals, "`=` in the type synonym")?;
            DeclKind::TypeSyn { name, params, ty: ty(p)? }
        }
        Tok::Class => {
            p.bump();
            let context = opt_context(p)?;
            let name = con_ident(p, "a class name")?;
            let tyvar = var_ident(p, "the class's type variable")?;
            let decls = if p.eat(&Tok::Where) { decls_block(p)? } else { vec![] };
            DeclKind::Class { context, name, tyvar, decls }
        }
        Tok::Instance => {
            p.bump();
            let context = opt_context(p)?;
            let class = con_ident(p, "a class name")?;
            let t = atype(p)?;
            let decls = if p.eat(&Tok::Where) { decls_block(p)? } else { vec![] };
            DeclKind::Instance { context, class, ty: t, decls }
        }
        Tok::Default => {
            p.bump();
            p.expect(&Tok::LParen, "`(`")?;
            let tys = if p.at(&Tok::RParen) { vec![] } else { p.comma_sep(ty)? };
            p.expect(&Tok::RParen, "`)`")?;
            DeclKind::Default(tys)
        }
        _ => return decl(p),
    };
    Ok(Decl {
        kind,
        span: start.to(p.prev_span()),
    })
}

fn con_ident(p: &mut Cursor, what: &str) -> PResult<Ident> {
    match p.peek().clone() {
        Tok::ConId(name) => Ok(Ident {
            name,
            span: p.bump().span,
        }),
        _ => Err(p.unexpected(what)),
    }
}

fn var_ident(p: &mut Cursor, what: &str) -> PResult<Ident> {
    match p.peek().clone() {
        Tok::VarId(name) => Ok(Ident {
            name,
            span: p.bump().span,
        }),
        _ => Err(p.unexpected(what)),
    }
}

/// `T a b` of a data/newtype/type declaration.
fn type_head(p: &mut Cursor) -> PResult<(Ident, Vec<Ident>)> {
    let name = con_ident(p, "a type name")?;
    let mut params = Vec::new();
    while let Tok::VarId(_) = p.peek() {
        params.push(var_ident(p, "a type variable")?);
    }
    Ok((name, params))
}

fn deriving(p: &mut Cursor) -> PResult<Vec<Ident>> {
    if !p.eat(&Tok::Deriving) {
        return Ok(vec![]);
    }
    if p.eat(&Tok::LParen) {
        let classes = if p.at(&Tok::RParen) {
            vec![]
        } else {
            p.comma_sep(|p| con_ident(p, "a class name"))?
        };
        p.expect(&Tok::RParen, "`)`")?;
        Ok(classes)
    } else {
        Ok(vec![con_ident(p, "a class name")?])
    }
}

fn data_decl(p: &mut Cursor) -> PResult<DeclKind> {
    opt_context(p)?;
    let (name, params) = type_head(p)?;
    let mut cons = Vec::new();
    if p.eat(&Tok::Equals) {
        cons.push(con_decl(p)?);
        while p.eat(&Tok::Bar) {
            cons.push(con_decl(p)?);
        }
    }
    let deriving = deriving(p)?;
    Ok(DeclKind::Data {
        name,
        params,
        cons,
        deriving,
    })
}

fn newtype_decl(p: &mut Cursor) -> PResult<DeclKind> {
    opt_context(p)?;
    let (name, params) = type_head(p)?;
    p.expect(&Tok::Equals, "`=` in the newtype declaration")?;
    let con = con_decl(p)?;
    let fields = match &con.fields {
        ConFields::Positional(ts) => ts.len(),
        ConFields::Record(fs) => fs.iter().map(|(names, _)| names.len()).sum(),
    };
    if fields != 1 {
        return Err(Diagnostic::new(
            ErrorKind::Parse,
            con.span,
            "a newtype constructor must have exactly one field",
        ));
    }
    let deriving = deriving(p)?;
    Ok(DeclKind::Newtype {
        name,
        params,
        con,
        deriving,
    })
}

/// A field type, with an optional (ignored) strictness mark `!`.
fn field_type(p: &mut Cursor) -> PResult<Type> {
    if matches!(p.peek(), Tok::VarSym(s) if s == "!") {
        p.bump();
    }
    atype(p)
}

fn con_decl(p: &mut Cursor) -> PResult<ConDecl> {
    let start = p.span();
    if let Tok::ConId(_) = p.peek() {
        if p.peek_at(1) == &Tok::LBrace {
            let name = con_ident(p, "a constructor")?;
            p.bump();
            let mut fields = Vec::new();
            if !p.at(&Tok::RBrace) {
                fields = p.comma_sep(|p| {
                    let names = p.comma_sep(|p| var_or_op_ident(p, "a field name"))?;
                    p.expect(&Tok::DColon, "`::` after the field names")?;
                    if matches!(p.peek(), Tok::VarSym(s) if s == "!") {
                        p.bump();
                    }
                    Ok((names, ty(p)?))
                })?;
            }
            let end = p.expect(&Tok::RBrace, "`}` or `,`")?;
            return Ok(ConDecl {
                name,
                fields: ConFields::Record(fields),
                span: start.to(end),
            });
        }
    }
    // Either `C t1 t2` or `t1 :op t2`.
    let save = p.save();
    if let Tok::ConId(_) = p.peek() {
        let name = con_ident(p, "a constructor")?;
        let mut args = Vec::new();
        while starts_atype(p.peek()) || matches!(p.peek(), Tok::VarSym(s) if s == "!") {
            args.push(field_type(p)?);
        }
        if !matches!(p.peek(), Tok::ConSym(_) | Tok::Backtick) {
            return Ok(ConDecl {
                name,
                fields: ConFields::Positional(args),
                span: start.to(p.prev_span()),
            });
        }
        p.restore(save);
    }
    let left = if matches!(p.peek(), Tok::VarSym(s) if s == "!") {
        field_type(p)?
    } else {
        btype(p)?
    };
    let Some(op) = con_op(p) else {
        return Err(p.unexpected("a constructor"));
    };
    let right = if matches!(p.peek(), Tok::VarSym(s) if s == "!") {
        field_type(p)?
    } else {
        btype(p)?
    };
    Ok(ConDecl {
        name: op,
        fields: ConFields::Positional(vec![left, right]),
        span: start.to(p.prev_span()),
    })
}

/// `x` or `(op)`.
fn var_or_op_ident(p: &mut Cursor, what: &str) -> PResult<Ident> {
    let start = p.span();
    match (p.peek().clone(), p.peek_at(1).clone(), p.peek_at(2)) {
        (Tok::VarId(name), _, _) => {
            p.bump();
            Ok(Ident { name, span: start })
        }
        (Tok::LParen, Tok::VarSym(name) | Tok::ConSym(name), Tok::RParen) => {
            p.bump();
            p.bump();
            let end = p.bump().span;
            Ok(Ident {
                name,
                span: start.to(end),
            })
        }
        _ => Err(p.unexpected(what)),
    }
}

/// A block of declarations (after `let` or `where`).
pub fn decls_block(p: &mut Cursor) -> PResult<Vec<Decl>> {
    p.block(decl)
}

/// Is the cursor at a type signature `v1, v2 :: ...`?
fn at_signature(p: &Cursor) -> bool {
    let mut i = 0;
    loop {
        match (p.peek_at(i), p.peek_at(i + 1), p.peek_at(i + 2)) {
            (Tok::VarId(_), _, _) => i += 1,
            (Tok::LParen, Tok::VarSym(_) | Tok::ConSym(_), Tok::RParen) => i += 3,
            _ => return false,
        }
        match p.peek_at(i) {
            Tok::DColon => return true,
            Tok::Comma => i += 1,
            _ => return false,
        }
    }
}

/// A declaration inside a `let`, `where`, class or instance body, or a top-level value declaration.
pub fn decl(p: &mut Cursor) -> PResult<Decl> {
    let start = p.span();
    if at_signature(p) {
        let names = p.comma_sep(|p| var_or_op_ident(p, "a name"))?;
        p.expect(&Tok::DColon, "`::`")?;
        let sig = sig_type(p)?;
        return Ok(Decl {
            span: start.to(sig.span),
            kind: DeclKind::TypeSig(names, sig),
        });
    }
    if let Tok::Infix | Tok::Infixl | Tok::Infixr = p.peek() {
        let assoc = match p.bump().tok {
            Tok::Infixl => Assoc::Left,
            Tok::Infixr => Assoc::Right,
            _ => Assoc::None,
        };
        let prec = match p.peek() {
            Tok::Integer(n) => {
                let prec = u8::try_from(n)
                    .ok()
                    .filter(|&n| n <= 9)
                    .ok_or_else(|| p.error("a precedence must be 0..9"))?;
                p.bump();
                prec
            }
            _ => 9,
        };
        let ops = p.comma_sep(|p| {
            let start = p.span();
            match p.peek().clone() {
                Tok::VarSym(name) | Tok::ConSym(name) => Ok(Ident {
                    name,
                    span: p.bump().span,
                }),
                Tok::Backtick => {
                    p.bump();
                    let name = match p.bump().tok.clone() {
                        Tok::VarId(n) | Tok::ConId(n) => n,
                        _ => return Err(p.error("expected an identifier between backticks")),
                    };
                    let end = p.expect(&Tok::Backtick, "a closing backtick")?;
                    Ok(Ident {
                        name,
                        span: start.to(end),
                    })
                }
                _ => Err(p.unexpected("an operator")),
            }
        })?;
        return Ok(Decl {
            kind: DeclKind::Fixity(assoc, prec, ops),
            span: start.to(p.prev_span()),
        });
    }
    value_decl(p)
}

/// One element of a left-hand side: a pattern application or an operator.
enum LhsItem {
    Pats(Vec<Pat>),
    VarOp(Ident),
    ConOp(Ident),
}

/// A variable operator in a left-hand side: `<+>`, `` `op` ``.
fn var_op(p: &mut Cursor) -> Option<Ident> {
    let start = p.span();
    match (p.peek().clone(), p.peek_at(1).clone(), p.peek_at(2)) {
        (Tok::VarSym(name), _, _) => {
            p.bump();
            Some(Ident { name, span: start })
        }
        (Tok::Backtick, Tok::VarId(name), Tok::Backtick) => {
            p.bump();
            p.bump();
            let end = p.bump().span;
            Some(Ident {
                name,
                span: start.to(end),
            })
        }
        _ => None,
    }
}

fn lhs_items(p: &mut Cursor) -> PResult<Vec<LhsItem>> {
    let mut items = Vec::new();
    loop {
        if let Tok::ConId(_) = p.peek() {
            items.push(LhsItem::Pats(vec![lpat(p)?]));
        } else if matches!(p.peek(), Tok::VarSym(s) if s == "-")
            && matches!(p.peek_at(1), Tok::Integer(_) | Tok::Float(_))
        {
            items.push(LhsItem::Pats(vec![lpat(p)?]));
        } else {
            let mut pats = vec![apat(p)?];
            while starts_apat(p.peek()) {
                pats.push(apat(p)?);
            }
            items.push(LhsItem::Pats(pats));
        }
        if let Some(op) = con_op(p) {
            items.push(LhsItem::ConOp(op));
        } else if let Some(op) = var_op(p) {
            items.push(LhsItem::VarOp(op));
        } else {
            return Ok(items);
        }
    }
}

/// Turn lhs items without variable operators into one pattern.
fn items_to_pat(items: Vec<LhsItem>) -> PResult<Pat> {
    let mut pats = Vec::new();
    let mut ops = Vec::new();
    for item in items {
        match item {
            LhsItem::Pats(ps) => {
                let mut ps = ps.into_iter();
                let first = ps.next().unwrap();
                if let Some(extra) = ps.next() {
                    return Err(Diagnostic::new(
                        ErrorKind::Parse,
                        extra.span,
                        "unexpected pattern in a pattern binding",
                    ));
                }
                pats.push(first);
            }
            LhsItem::ConOp(op) => ops.push(op),
            LhsItem::VarOp(op) => {
                return Err(Diagnostic::new(
                    ErrorKind::Parse,
                    op.span,
                    "unexpected operator in a pattern",
                ))
            }
        }
    }
    if ops.is_empty() {
        return Ok(pats.pop().unwrap());
    }
    let span = pats[0].span.to(pats.last().unwrap().span);
    Ok(Pat {
        kind: PatKind::OpChain(pats, ops),
        span,
    })
}

/// Split lhs items at their only variable operator: `p1 op p2` defines `op` with two arguments.
fn split_infix_lhs(mut items: Vec<LhsItem>, p: &Cursor) -> PResult<Option<(Ident, Vec<Pat>)>> {
    let var_ops: Vec<usize> = items
        .iter()
        .enumerate()
        .filter(|(_, i)| matches!(i, LhsItem::VarOp(_)))
        .map(|(i, _)| i)
        .collect();
    match var_ops[..] {
        [] => Ok(None),
        [at] => {
            let right = items.split_off(at + 1);
            let Some(LhsItem::VarOp(name)) = items.pop() else {
                return Err(p.error("malformed operator definition"));
            };
            Ok(Some((
                name,
                vec![items_to_pat(items)?, items_to_pat(right)?],
            )))
        }
        _ => Err(p.error("a left-hand side may define only one operator")),
    }
}

/// `(x op y) z = ...`: an infix left-hand side in parentheses followed by more arguments.
fn parenthesised_lhs(p: &mut Cursor) -> PResult<Option<(Ident, Vec<Pat>)>> {
    let save = p.save();
    p.bump();
    let inner = lhs_items(p).ok().filter(|_| p.at(&Tok::RParen));
    let Some(items) = inner else {
        p.restore(save);
        return Ok(None);
    };
    let Some((name, mut args)) = split_infix_lhs(items, p)? else {
        p.restore(save);
        return Ok(None);
    };
    p.bump();
    while starts_apat(p.peek()) {
        args.push(apat(p)?);
    }
    Ok(Some((name, args)))
}

fn value_decl(p: &mut Cursor) -> PResult<Decl> {
    let start = p.span();
    // `(op) x y = ...`
    if let (Tok::LParen, Tok::VarSym(_), Tok::RParen) = (p.peek(), p.peek_at(1), p.peek_at(2)) {
        let name = var_or_op_ident(p, "an operator")?;
        let mut args = Vec::new();
        while starts_apat(p.peek()) {
            args.push(apat(p)?);
        }
        let rhs = rhs(p, &Tok::Equals)?;
        return Ok(Decl {
            kind: DeclKind::FunClause { name, args, rhs },
            span: start.to(p.prev_span()),
        });
    }
    if p.at(&Tok::LParen) {
        let save = p.save();
        if let Some((name, args)) = parenthesised_lhs(p)? {
            if p.at(&Tok::Equals) || p.at(&Tok::Bar) {
                let rhs = rhs(p, &Tok::Equals)?;
                return Ok(Decl {
                    kind: DeclKind::FunClause { name, args, rhs },
                    span: start.to(p.prev_span()),
                });
            }
        }
        p.restore(save);
    }
    let items = lhs_items(p)?;
    let has_var_op = items.iter().any(|i| matches!(i, LhsItem::VarOp(_)));
    let decl_kind = if has_var_op {
        let Some((name, args)) = split_infix_lhs(items, p)? else {
            return Err(p.error("malformed operator definition"));
        };
        let rhs = rhs(p, &Tok::Equals)?;
        DeclKind::FunClause { name, args, rhs }
    } else {
        match items.as_slice() {
            [LhsItem::Pats(ps)] if matches!(ps[0].kind, PatKind::Var(_)) => {
                let mut ps = ps.clone();
                let args = ps.split_off(1);
                let name = match ps.pop().map(|p| p.kind) {
                    Some(PatKind::Var(name)) => name,
                    _ => return Err(p.error("malformed definition")),
                };
                let rhs = rhs(p, &Tok::Equals)?;
                DeclKind::FunClause { name, args, rhs }
            }
            _ => {
                let pat = items_to_pat(items)?;
                let rhs = rhs(p, &Tok::Equals)?;
                DeclKind::PatBind(pat, rhs)
            }
        }
    };
    Ok(Decl {
        kind: decl_kind,
        span: start.to(p.prev_span()),
    })
}

/// `= e [where decls]` or `| g = e ... [where decls]` (`->` instead of `=` in case alternatives).
pub fn rhs(p: &mut Cursor, sep: &Tok) -> PResult<Rhs> {
    let start = p.span();
    let body = if p.at(&Tok::Bar) {
        let mut guards = Vec::new();
        while p.at(&Tok::Bar) {
            let g_start = p.bump().span;
            let guard = expr(p)?;
            p.expect(
                sep,
                if *sep == Tok::Equals {
                    "`=` after the guard"
                } else {
                    "`->` after the guard"
                },
            )?;
            let body = expr(p)?;
            guards.push((guard, body.clone(), g_start.to(body.span)));
        }
        RhsBody::Guarded(guards)
    } else {
        if !p.at(sep) {
            let expected = if *sep == Tok::Equals {
                "`=` or `|` in the definition"
            } else {
                "`->` or `|` in the case alternative"
            };
            return Err(p.unexpected(expected));
        }
        p.bump();
        RhsBody::Plain(expr(p)?)
    };
    let wheres = if p.eat(&Tok::Where) {
        decls_block(p)?
    } else {
        vec![]
    };
    Ok(Rhs {
        body,
        wheres,
        span: start.to(p.prev_span()),
    })
}
