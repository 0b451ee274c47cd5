//! Long flat constructs — list literals and left-nested operator chains of more than `LONG`
//! elements — desugared into trees of bounded depth: chunks of about √n elements joined by a
//! spine of about √n `let`s, so that no later pass (type inference, the simplifier, the backends'
//! code generation) recurses deeper than about 2√n over them. Elements and operands are still
//! evaluated once each, left to right. This module must not change the meaning of a program,
//! and leaves constructs of `LONG` elements or fewer exactly as they were.

use super::binds::let_value;
use super::build;
use super::{DResult, Ds};
use crate::untyped::UExpr;
use dnrad_core::Span;

/// The longest list literal or operator chain desugared as one tree.
pub const LONG: usize = 256;

/// Elements per chunk of a construct of `n` elements: about √n.
fn chunk_len(n: usize) -> usize {
    (n as f64).sqrt().ceil() as usize
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

/// `let x1 = e1 in let x2 = e2 in ... body`, built from the inside out (no recursion).
pub fn let_spine(binds: Vec<(dnrad_core::Name, UExpr)>, body: UExpr, span: Span) -> UExpr {
    binds
        .into_iter()
        .rev()
        .fold(body, |body, (name, rhs)| let_value(name, rhs, body, span))
}
