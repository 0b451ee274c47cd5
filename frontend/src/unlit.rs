//! Literate Haskell (Haskell 2010 report §10.4): the program text of an `.lhs` file. Lines that
//! begin with `>` (bird tracks) are code with the `>` replaced by a space; so are the lines
//! between a line beginning `\begin{code}` and one beginning `\end{code}`; every other line is a
//! comment. The result keeps every byte offset of the input (comment and delimiter lines become
//! spaces, newlines stay), so tokens, layout columns and diagnostics point into the `.lhs` file
//! unchanged. A bird-track line next to a non-blank comment line is an error (the report's
//! guard against a forgotten `>`), as are unmatched code delimiters and a file without code.
//! It must not look at the program text itself: comments and strings are the lexer's business.

use dnrad_core::{Diagnostic, ErrorKind, FileId, Span};

const BEGIN_CODE: &str = "\\begin{code}";
const END_CODE: &str = "\\end{code}";

/// What one line of a literate file is.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Line {
    /// `> code`
    Bird,
    /// A line of a `\begin{code}` block.
    Code,
    /// `\begin{code}` or `\end{code}`.
    Delimiter,
    /// Only whitespace.
    Blank,
    /// Anything else outside code.
    Comment,
}

/// The Haskell source of the literate file `text` (same length and byte offsets).
pub fn unlit(text: &str, file: FileId) -> Result<String, Diagnostic> {
    let mut out = String::with_capacity(text.len());
    // Each line's kind and span (without its line break), for the adjacency check.
    let mut lines: Vec<(Line, Span)> = Vec::new();
    let mut open_block: Option<Span> = None;
    let mut offset = 0;
    for raw in text.split_inclusive('\n') {
        let body = raw.trim_end_matches(['\n', '\r']);
        let span = Span::new(file, offset as u32, (offset + body.len()) as u32);
        offset += raw.len();
        let kind = if open_block.is_some() {
            if body.starts_with(END_CODE) {
                open_block = None;
                Line::Delimiter
            } else {
                Line::Code
            }
        } else if body.starts_with(BEGIN_CODE) {
            open_block = Some(span);
            Line::Delimiter
        } else if body.starts_with(END_CODE) {
            return Err(Diagnostic::new(
                ErrorKind::Lex,
                span,
                "`\\end{code}` without a `\\begin{code}` before it",
            ));
        } else if body.starts_with('>') {
            Line::Bird
        } else if body.trim().is_empty() {
            Line::Blank
        } else {
            Line::Comment
        };
        match kind {
            Line::Code => out.push_str(raw),
            Line::Bird => {
                out.push(' ');
                out.push_str(&raw[1..]);
            }
            Line::Delimiter | Line::Blank | Line::Comment => {
                out.extend(raw.chars().flat_map(|c| {
                    let blank = if matches!(c, '\n' | '\r') { c } else { ' ' };
                    std::iter::repeat_n(blank, c.len_utf8())
                }));
            }
        }
        lines.push((kind, span));
    }
    if let Some(begin) = open_block {
        return Err(Diagnostic::new(
            ErrorKind::Lex,
            begin,
            "this `\\begin{code}` has no `\\end{code}` after it",
        ));
    }
    check_adjacency(&lines)?;
    if !lines
        .iter()
        .any(|(k, _)| matches!(k, Line::Bird | Line::Code))
    {
        let first = lines.first().map_or(Span::new(file, 0, 0), |(_, s)| *s);
        return Err(Diagnostic::new(
            ErrorKind::Lex,
            first,
            "this literate file has no program lines: they begin with `>` or stand between \
             `\\begin{code}` and `\\end{code}`",
        ));
    }
    Ok(out)
}

/// A bird-track line must not touch a comment line (a blank line must separate them); the
/// error is at the program line, as GHC reports it.
fn check_adjacency(lines: &[(Line, Span)]) -> Result<(), Diagnostic> {
    for pair in lines.windows(2) {
        let [(a, a_span), (b, b_span)] = pair else {
            continue;
        };
        let (comment, program) = match (a, b) {
            (Line::Comment, Line::Bird) => (a_span, b_span),
            (Line::Bird, Line::Comment) => (b_span, a_span),
            _ => continue,
        };
        return Err(Diagnostic::new(
            ErrorKind::Lex,
            *program,
            "a program line next to a comment line in a literate file: put a blank line \
             between them (or begin the comment line with `>` if it is code)",
        )
        .with_label(*comment, "the comment line"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(text: &str) -> String {
        unlit(text, FileId::MAIN).expect("unlit")
    }

    /// The line and column (1-based) of a diagnostic's start.
    fn error_at(text: &str) -> (usize, usize) {
        let d = unlit(text, FileId::MAIN).expect_err("an error");
        let before = &text[..d.span.lo as usize];
        let line = before.matches('\n').count() + 1;
        let col = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
        (line, col)
    }

    #[test]
    fn bird_tracks_keep_offsets_and_columns() {
        let text = "A comment.\n\n> main :: IO ()\n> main = print 1\n\nThe end.\n";
        let out = ok(text);
        assert_eq!(out.len(), text.len());
        assert_eq!(
            out,
            "          \n\n  main :: IO ()\n  main = print 1\n\n        \n"
        );
    }

    #[test]
    fn code_blocks_are_verbatim_and_delimiters_blank() {
        let text = "Intro\n\\begin{code}\nmain = do\n  print 1\n\\end{code}\nMore text\n";
        assert_eq!(
            ok(text),
            "     \n            \nmain = do\n  print 1\n          \n         \n"
        );
        // Inside a block a `>` is code, and comment lines may touch the delimiters.
        assert_eq!(
            ok("\\begin{code}\nx = 3 > 2\n\\end{code}"),
            "            \nx = 3 > 2\n          "
        );
    }

    #[test]
    fn multibyte_comments_keep_byte_offsets() {
        let text = "λ-calculus — notes\n\n> x = 1\n";
        let out = ok(text);
        assert_eq!(out.len(), text.len());
        assert_eq!(&out[out.len() - 8..], "  x = 1\n");
    }

    #[test]
    fn program_line_next_to_comment_is_an_error_at_the_program_line() {
        assert_eq!(error_at("> main = print 1\nforgot a blank line\n"), (1, 1));
        assert_eq!(error_at("text\n\ncomment\n> x = 1\n"), (4, 1));
        // Blank lines (spaces only) separate them.
        ok("comment\n   \n> x = 1\n  \nmore\n");
    }

    #[test]
    fn unmatched_delimiters_are_errors() {
        assert_eq!(error_at("a\n\\begin{code}\nx = 1\n"), (2, 1));
        assert_eq!(error_at("a\n\n\\end{code}\n"), (3, 1));
    }

    #[test]
    fn a_file_without_program_lines_is_an_error() {
        assert_eq!(error_at("just text\n\nmore text\n"), (1, 1));
        assert_eq!(error_at(""), (1, 1));
    }

    #[test]
    fn crlf_line_ends() {
        assert_eq!(
            ok("\\begin{code}\r\nx = 1\r\n\\end{code}\r\n"),
            "            \r\nx = 1\r\n          \r\n"
        );
    }
}
