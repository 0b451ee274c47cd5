//! Literate Haskell (`.lhs`) to Haskell source, byte for byte, so that every span in the result
//! is the same place in the literate file. Bird style: program lines start with `>` (replaced by
//! a space), everything else is comment; a program line next to a non-blank comment line is an
//! error (the report's rule). LaTeX style: the lines between `\begin{code}` and `\end{code}` are
//! the program. Comment lines become blanks of the same length. It must not lex.

use dnrad_core::{Diagnostic, ErrorKind, FileId, Span};

#[derive(Clone, Copy, PartialEq)]
enum Line {
    Program,
    Blank,
    Comment,
}

/// The program text of a literate file.
pub fn unlit(text: &str, file: FileId) -> Result<String, Diagnostic> {
    let latex = text.lines().any(|l| l.trim_end() == "\\begin{code}");
    let mut out = String::with_capacity(text.len());
    let mut in_code = false;
    let mut previous: Option<Line> = None;
    let mut offset = 0usize;
    for raw in text.split_inclusive('\n') {
        let line = raw.trim_end_matches(['\n', '\r']);
        let newline = &raw[line.len()..];
        let kind = if latex {
            let trimmed = line.trim_end();
            if trimmed == "\\begin{code}" || trimmed == "\\end{code}" {
                in_code = trimmed == "\\begin{code}";
                blank(&mut out, line);
                out.push_str(newline);
                offset += raw.len();
                continue;
            }
            if in_code {
                out.push_str(raw);
                offset += raw.len();
                continue;
            }
            blank(&mut out, line);
            out.push_str(newline);
            Line::Comment
        } else if let Some(code) = line.strip_prefix('>') {
            out.push(' ');
            out.push_str(code);
            out.push_str(newline);
            Line::Program
        } else {
            blank(&mut out, line);
            out.push_str(newline);
            if line.trim().is_empty() {
                Line::Blank
            } else {
                Line::Comment
            }
        };
        if !latex {
            let adjacent = matches!(
                (previous, kind),
                (Some(Line::Program), Line::Comment) | (Some(Line::Comment), Line::Program)
            );
            if adjacent {
                let lo = offset as u32;
                return Err(Diagnostic::new(
                    ErrorKind::Parse,
                    Span::new(file, lo, lo + line.len() as u32),
                    "a program line (`>`) and a comment line must be separated by a blank line",
                ));
            }
        }
        previous = Some(kind);
        offset += raw.len();
    }
    Ok(out)
}

/// As many spaces as `line` has bytes.
fn blank(out: &mut String, line: &str) {
    out.extend(std::iter::repeat_n(' ', line.len()));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bird_tracks_keep_lines_and_columns() {
        let text = "A comment.\n\n> main = print 1\n> -- more\n\nThe end.\n";
        let out = unlit(text, FileId::MAIN).unwrap();
        assert_eq!(out.len(), text.len());
        assert_eq!(out.find("main"), text.find("main"));
        assert_eq!(out.trim(), "main = print 1\n  -- more");
    }

    #[test]
    fn latex_code_blocks() {
        let text = "Intro\n\\begin{code}\nmain = print 2\n\\end{code}\nOutro\n";
        let out = unlit(text, FileId::MAIN).unwrap();
        assert_eq!(out.len(), text.len());
        assert_eq!(out.find("main"), text.find("main"));
        assert_eq!(out.trim(), "main = print 2");
    }

    #[test]
    fn a_program_line_next_to_a_comment_is_an_error() {
        let text = "Comment\n> main = print 1\n";
        let e = unlit(text, FileId::MAIN).unwrap_err();
        assert_eq!(e.span.lo, 8);
    }
}
