//! Renders `Diagnostic`s for humans with ariadne: `kind error: message`, the source excerpt with
//! `file:line:col`, labels and notes. Colour only when asked (the CLI decides: a terminal and no
//! `NO_COLOR`). The one place where diagnostics become text.

use crate::sources::Sources;
use ariadne::{Config, IndexType, Label, Report, ReportKind};
use dnrad_core::Diagnostic;
use std::io::Write;

/// Write one diagnostic to `w`. Falls back to a plain one-line message when the span does not point
/// into a known file (generated code).
pub fn write_diagnostic(w: &mut dyn Write, sources: &Sources, diag: &Diagnostic, color: bool) {
    let (report_kind, severity, headline) = match diag.warning {
        None => (
            ReportKind::Error,
            "error",
            format!("{} error: {}", diag.kind.as_str(), diag.message),
        ),
        Some(name) => (
            ReportKind::Warning,
            "warning",
            format!("{} [-W{name}]", diag.message),
        ),
    };
    let Some(file) = sources.get(diag.span.file) else {
        let _ = writeln!(w, "{severity}: {headline}");
        for note in &diag.notes {
            let _ = writeln!(w, "  note: {note}");
        }
        return;
    };
    let range = |s: dnrad_core::Span| {
        let lo = (s.lo as usize).min(file.text.len());
        lo..(s.hi as usize).clamp(lo, file.text.len())
    };
    let name = file.name.clone();
    let mut report = Report::build(report_kind, (name.clone(), range(diag.span)))
        // Spans are byte offsets (a character's column is counted from them by ariadne).
        .with_config(
            Config::default()
                .with_color(color)
                .with_index_type(IndexType::Byte),
        )
        .with_message(&headline)
        .with_label(Label::new((name.clone(), range(diag.span))).with_message(&diag.message));
    for (span, msg) in &diag.labels {
        if span.file == diag.span.file {
            report = report.with_label(Label::new((name.clone(), range(*span))).with_message(msg));
        }
    }
    for note in &diag.notes {
        report = report.with_note(note);
    }
    // Every label is in the diagnostic's file: only that one is indexed (not the Prelude's
    // 70 KB for each diagnostic of a user's file).
    let cache = ariadne::sources([(name, file.text.clone())]);
    if report.finish().write(cache, &mut *w).is_err() {
        let _ = writeln!(w, "{headline}");
    }
}
