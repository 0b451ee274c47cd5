//! Structured errors shared by every phase. Phases return `Diagnostic` values; only the driver
//! renders them (with ariadne) — no phase prints.

use crate::span::Span;

/// The phase an error belongs to; the driver prints it and the corpus checks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    Lex,
    Parse,
    Scope,
    Type,
    Runtime,
}

impl ErrorKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorKind::Lex => "lex",
            ErrorKind::Parse => "parse",
            ErrorKind::Scope => "scope",
            ErrorKind::Type => "type",
            ErrorKind::Runtime => "runtime",
        }
    }
}

/// One user-facing error or warning: a headline message at a primary span, optional secondary
/// labels and notes.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    pub kind: ErrorKind,
    /// For a warning, its name (`unused-top-binds`: `-W` shows warnings, `-w` hides them,
    /// `-Werror` makes them errors); `None` for an error.
    pub warning: Option<&'static str>,
    pub message: String,
    pub span: Span,
    /// Secondary spans with their own short messages.
    pub labels: Vec<(Span, String)>,
    /// Free-standing hints printed after the source excerpt.
    pub notes: Vec<String>,
}

impl Diagnostic {
    pub fn new(kind: ErrorKind, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            kind,
            warning: None,
            message: message.into(),
            span,
            labels: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// The warning `name` of `kind` at `span` (see `warning`).
    pub fn warning(
        kind: ErrorKind,
        name: &'static str,
        span: Span,
        message: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic {
            warning: Some(name),
            ..Diagnostic::new(kind, span, message)
        }
    }

    pub fn with_label(mut self, span: Span, message: impl Into<String>) -> Diagnostic {
        self.labels.push((span, message.into()));
        self
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }
}
