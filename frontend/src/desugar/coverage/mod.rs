//! The `incomplete-patterns` and `overlapping-patterns` warnings of a user module's match
//! groups (a function's equations, a `case`'s alternatives), as GHC's `-Wall` gives them.
//! Relies on the desugarer having compiled the group (its names resolve, and it knows which
//! clauses' guards may all fail); it only adds warnings, and never changes the program.
//!
//! Submodules: `shape` (patterns to shapes), `matrix` (the usefulness algorithm), `example`
//! (missing values written as patterns).

mod example;
mod matrix;
mod shape;

use super::binds::Clause;
use super::Ds;
use crate::untyped::{UExpr, UKind};
use dnrad_core::{Diagnostic, ErrorKind, Span};
use std::collections::HashMap;

/// What a match group is, for its warnings.
#[derive(Clone, Copy)]
pub(crate) enum Group<'a> {
    /// The equations of the function `name`.
    Equations(&'a str),
    /// The alternatives of a `case`; a value they miss is reported at the span (`case e`).
    Case(Span),
}

impl Group<'_> {
    fn describe(self) -> String {
        match self {
            Group::Equations(name) => format!("in an equation for `{name}`"),
            Group::Case(_) => "in a case alternative".into(),
        }
    }
}

/// How many missing values a warning lists (GHC's `-fmax-uncovered-patterns`).
const MISSING_SHOWN: usize = 4;

impl Ds {
    /// Warn about the values `clauses` miss and the clauses that can never match.
    /// `falls_through[i]`: clause `i`'s guards may all fail.
    pub(super) fn check_coverage(
        &mut self,
        group: Group,
        clauses: &[Clause],
        falls_through: &[bool],
    ) {
        let mut families = HashMap::new();
        let rows = clauses
            .iter()
            .map(|c| {
                c.pats
                    .iter()
                    .map(|p| self.shape(p, &mut families, 0))
                    .collect::<Option<Vec<_>>>()
            })
            .collect::<Option<Vec<_>>>();
        let (Some(rows), Some(first)) = (rows, clauses.first()) else {
            return;
        };
        let covers: Vec<bool> = falls_through.iter().map(|f| !f).collect();
        let width = first.pats.len();
        if let Ok(missing) = matrix::uncovered(&rows, &covers, width, MISSING_SHOWN + 1) {
            if !missing.is_empty() {
                let at = match group {
                    Group::Equations(_) => first.lhs,
                    Group::Case(head) => head,
                };
                let mut listed: Vec<String> = missing
                    .iter()
                    .take(MISSING_SHOWN)
                    .map(|m| format!("`{}`", example::render_row(m)))
                    .collect();
                if missing.len() > MISSING_SHOWN {
                    listed.push("...".into());
                }
                let message = format!(
                    "Pattern match(es) are non-exhaustive {}: patterns not matched: {}",
                    group.describe(),
                    listed.join(", ")
                );
                self.warn_incomplete(at, message);
            }
        }
        for i in matrix::redundant(&rows, &covers) {
            self.program.warnings.push(Diagnostic::warning(
                ErrorKind::Type,
                "overlapping-patterns",
                clauses[i].lhs,
                format!("Pattern match is redundant {}", group.describe()),
            ));
        }
    }

    /// Warn that the guards of `name`'s only equation (no arguments) may all fail.
    pub(super) fn warn_guards_incomplete(&mut self, name: &str, at: Span) {
        if !self.privileged() {
            let group = Group::Equations(name).describe();
            let message = format!(
                "Pattern match(es) are non-exhaustive {group}: guards do not cover every case"
            );
            self.warn_incomplete(at, message);
        }
    }

    fn warn_incomplete(&mut self, at: Span, message: String) {
        self.program.warnings.push(Diagnostic::warning(
            ErrorKind::Type,
            "incomplete-patterns",
            at,
            message,
        ));
    }

    /// Whether a desugared guard is always true: `otherwise` (the Prelude's) or `True`.
    pub(super) fn always_true(&self, guard: &UExpr) -> bool {
        match &guard.kind {
            UKind::Con(c) => c.as_str() == "True",
            UKind::Var(x) => self
                .prelude_name("otherwise", guard.span)
                .is_ok_and(|o| o == *x),
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests;
