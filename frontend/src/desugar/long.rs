//! Long flat constructs — list literals and operator chains of more than `LONG` elements, nested
//! to the left (`1 + 2 + …`) or to the right (`1 : 2 : … : []`, `f $ g $ … x`) — desugared
//! into trees of bounded depth: chunks of about √n elements joined by a spine of about √n
//! `let`s, so that no later pass (type inference, the simplifier, the backends' code
//! generation) recurses deeper than about 3√n over them. Elements and operands are still
//! evaluated once each, left to right. This module must not change the meaning of a program,
//! and leaves constructs of `LONG` elements or fewer exactly as they were.

use super::binds::let_value;
use super::build;
use super::{DResult, Ds};
use crate::untyped::{UExpr, UKind};
use dnrad_core::Span;

/// The longest list literal or operator chain desugared as one tree.
pub const LONG: usize = 256;

/// Elements per chunk of a construct of `n` elements: about √n.
fn chunk_len(n: usize) -> usize {
    (n as f64).sqrt().ceil() as usize
}

/// How deep a flat construct of `n` elements nests once desugared: `n` up to `LONG`, then a
/// chunk, the spine of `let`s and, for a right-nested chain, the applications (√n each).
pub fn desugared_depth(n: usize) -> usize {
    if n <= LONG {
        n
    } else {
        3 * chunk_len(n)
    }
}

impl Ds {
    /// `[e1, ..., en]`. A long literal becomes `let a1 = reverseAcc [chunk 1] [] in
    /// let a2 = reverseAcc [chunk 2] a1 in ... reverseAcc am []`: each chunk is evaluated in
    /// order and only the reversed prefix is live between chunks.
    pub fn list_literal(&mut self, items: Vec<UExpr>, span: Span) -> DResult<UExpr> {
        if items.len() <= LONG {
            return Ok(build::list(items, span));
        }
        let reverse_acc = self.prelude_name("reverseAcc", span)?;
        let rev =
            |list: UExpr, acc: UExpr| build::apps(build::var(&reverse_acc, span), [list, acc]);
        let k = chunk_len(items.len());
        let mut items = items.into_iter();
        let mut binds = Vec::new();
        let mut acc = build::con("[]", span);
        loop {
            let chunk: Vec<UExpr> = items.by_ref().take(k).collect();
            if chunk.is_empty() {
                break;
            }
            let name = self.fresh("chunk");
            binds.push((name.clone(), rev(build::list(chunk, span), acc)));
            acc = build::var(&name, span);
        }
        let body = rev(acc, build::con("[]", span));
        Ok(let_spine(binds, body, span))
    }

    /// Bind `acc` to a fresh variable when `done` operations of a chain of `total` have been
    /// applied and the chain is long: every √total operations, the chain continues from a
    /// variable bound by `let`, so the left-nested tree is never deeper than a chunk.
    pub fn chain_checkpoint(
        &mut self,
        acc: UExpr,
        done: usize,
        total: usize,
        binds: &mut Vec<(dnrad_core::Name, UExpr)>,
    ) -> UExpr {
        if total <= LONG || !done.is_multiple_of(chunk_len(total)) || done == total {
            return acc;
        }
        let span = acc.span;
        let name = self.fresh("chain");
        binds.push((name.clone(), acc));
        build::var(&name, span)
    }
}

impl Ds {
    /// `a1 op1 (a2 op2 (... (an opn last)))` from the operator-operand pairs and `last`. A long
    /// chain becomes `let k1 = (let p1 = op1 a1 in ... let pk = opk ak in \r -> p1 (... (pk r)))
    /// in ... in k1 (k2 (... (km last)))`: each chunk applies its operators to their left
    /// operands in order (what the nested form does before it evaluates the rest), the
    /// applications to the right operands then run from the innermost out, as before. A chain
    /// of `&&` or `||`, whose second operand is evaluated only when needed, is left nested.
    pub fn right_chain(&mut self, items: Vec<(UExpr, UExpr)>, last: UExpr) -> DResult<UExpr> {
        let short = items.iter().any(|(f, _)| self.short_circuit(f).is_some());
        if items.len() <= LONG || short {
            return items.into_iter().rev().try_fold(last, |acc, (f, a)| {
                let span = a.span.to(acc.span);
                self.apply(f, vec![a, acc], span)
            });
        }
        let span = items[0].1.span.to(last.span);
        let k = chunk_len(items.len());
        let mut items = items.into_iter();
        let mut chunks = Vec::new();
        loop {
            let chunk: Vec<(UExpr, UExpr)> = items.by_ref().take(k).collect();
            if chunk.is_empty() {
                break;
            }
            let r = self.fresh("r");
            let mut binds = Vec::new();
            let mut steps = Vec::new();
            for (f, a) in chunk {
                let x = self.fresh("op");
                steps.push(if matches!(f.kind, UKind::Con(_)) {
                    // A constructor applied to one field does nothing: bind the field.
                    binds.push((x.clone(), a));
                    (Some(f), x)
                } else {
                    binds.push((x.clone(), build::app(f, a)));
                    (None, x)
                });
            }
            let body = steps
                .into_iter()
                .rev()
                .fold(build::var(&r, span), |acc, (con, x)| {
                    let x = build::var(&x, span);
                    match con {
                        Some(con) => build::apps(con, [x, acc]),
                        None => build::app(x, acc),
                    }
                });
            let name = self.fresh("chunk");
            chunks.push((name, let_spine(binds, build::lam(r, body, span), span)));
        }
        let body = chunks
            .iter()
            .rev()
            .fold(last, |acc, (c, _)| build::app(build::var(c, span), acc));
        Ok(let_spine(chunks, body, span))
    }
}

/// `let x1 = e1 in let x2 = e2 in ... body`, built from the inside out (no recursion).
pub fn let_spine(binds: Vec<(dnrad_core::Name, UExpr)>, body: UExpr, span: Span) -> UExpr {
    binds
        .into_iter()
        .rev()
        .fold(body, |body, (name, rhs)| let_value(name, rhs, body, span))
}
