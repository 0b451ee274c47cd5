//! Reading the REPL's input: when an entry continues on further lines (an open bracket, a layout
//! block opened at the end of a line, or an explicit `:{ ... :}` block), and the rustyline helper
//! that completes names and commands and keeps multi-line entries open in a terminal. It never
//! evaluates anything.

use rustyline::completion::Completer;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{Context, Helper};

/// Keywords that open a layout block when they end a line.
const OPENERS: [&str; 4] = ["where", "let", "do", "of"];

/// Bracket depth of `text`, skipping string and character literals and comments.
fn bracket_depth(text: &str) -> i64 {
    let chars: Vec<char> = text.chars().collect();
    let (mut depth, mut i, mut comment) = (0i64, 0, 0);
    while i < chars.len() {
        let (c, next) = (chars[i], chars.get(i + 1).copied());
        if comment > 0 {
            match (c, next) {
                ('-', Some('}')) => (comment, i) = (comment - 1, i + 1),
                ('{', Some('-')) => (comment, i) = (comment + 1, i + 1),
                _ => {}
            }
        } else {
            match (c, next) {
                ('{', Some('-')) => (comment, i) = (1, i + 1),
                ('-', Some('-')) => {
                    while i < chars.len() && chars[i] != '\n' {
                        i += 1;
                    }
                }
                ('"', _) => {
                    i += 1;
                    while i < chars.len() && chars[i] != '"' {
                        i += if chars[i] == '\\' { 2 } else { 1 };
                    }
                }
                ('\'', _) if chars.get(i + 2) == Some(&'\'') || next == Some('\\') => {
                    i += 1;
                    while i < chars.len() && chars[i] != '\'' {
                        i += if chars[i] == '\\' { 2 } else { 1 };
                    }
                }
                ('(' | '[' | '{', _) => depth += 1,
                (')' | ']' | '}', _) => depth -= 1,
                _ => {}
            }
        }
        i += 1;
    }
    depth
}

fn opens_block(line: &str) -> bool {
    let line = line.split("--").next().unwrap_or("").trim_end();
    OPENERS
        .iter()
        .any(|k| line == *k || line.ends_with(&format!(" {k}")))
        || line.ends_with('=')
        || line.ends_with("->")
}

/// Whether the entry `text` (its lines so far) needs more lines.
pub fn needs_more(text: &str) -> bool {
    let lines: Vec<&str> = text.lines().collect();
    if text.trim_start().starts_with(":{") {
        return lines.len() < 2 || lines.last().is_some_and(|l| l.trim() != ":}");
    }
    if text.trim_start().starts_with(':') {
        return false;
    }
    // An empty line ends an entry (an unclosed bracket then is the entry's own error, and
    // the entries after it run).
    let ends_blank = text.ends_with('\n') || lines.last().is_some_and(|l| l.trim().is_empty());
    if ends_blank {
        return false;
    }
    // Open brackets, or a block opened at the end of a line, continue it.
    bracket_depth(text) > 0 || lines.iter().any(|l| opens_block(l))
}

/// The entry without the `:{` / `:}` lines of an explicit block.
pub fn unwrap_block(text: &str) -> String {
    let trimmed = text.trim();
    match trimmed.strip_prefix(":{") {
        Some(rest) => rest.trim_end().trim_end_matches(":}").to_string(),
        None => trimmed.to_string(),
    }
}

/// Completion and multi-line validation for the terminal.
pub struct ReplHelper {
    /// Names in scope and commands, sorted.
    pub words: Vec<String>,
}

impl Completer for ReplHelper {
    type Candidate = String;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<String>)> {
        let start = line[..pos]
            .char_indices()
            .rev()
            .take_while(|(_, c)| c.is_alphanumeric() || matches!(c, '_' | '\'' | ':'))
            .last()
            .map_or(pos, |(i, _)| i);
        let prefix = &line[start..pos];
        if prefix.is_empty() {
            return Ok((pos, Vec::new()));
        }
        let found = self
            .words
            .iter()
            .filter(|w| w.starts_with(prefix))
            .cloned()
            .collect();
        Ok((start, found))
    }
}

impl Hinter for ReplHelper {
    type Hint = String;
}

impl Highlighter for ReplHelper {}

impl Validator for ReplHelper {
    fn validate(&self, ctx: &mut ValidationContext) -> rustyline::Result<ValidationResult> {
        Ok(if needs_more(ctx.input()) {
            ValidationResult::Incomplete
        } else {
            ValidationResult::Valid(None)
        })
    }
}

impl Helper for ReplHelper {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn open_brackets_and_layout_blocks_continue() {
        assert!(needs_more("f (1 +"));
        assert!(!needs_more("f (1 + 2)"));
        assert!(!needs_more("\"(\" ++ show 1"));
        assert!(!needs_more("'(' : []"));
        assert!(needs_more("f x = case x of"));
        assert!(needs_more("f x = case x of\n  1 -> 2"));
        assert!(!needs_more("f x = case x of\n  1 -> 2\n"));
        assert!(!needs_more("x = 5 -- where"));
        assert!(!needs_more(":type map"));
    }

    #[test]
    fn explicit_blocks_run_to_their_end() {
        assert!(needs_more(":{"));
        assert!(needs_more(":{\nf 0 = 1"));
        assert!(!needs_more(":{\nf 0 = 1\n:}"));
        assert_eq!(
            unwrap_block(":{\nf 0 = 1\nf n = n\n:}"),
            "\nf 0 = 1\nf n = n\n"
        );
    }
}
