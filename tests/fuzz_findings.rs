//! The defects the fuzz targets (`fuzz/`) found, each reduced to a small program run through
//! the `dnrad` binary: a located diagnostic (exit code 1) where it panicked. One test per
//! finding, named for what the program does; the finding is in the test's comment.

mod support;

use support::{run_dnrad, temp_program};

/// `dnrad check` of `text`: exits 1 with a diagnostic containing each of `expected`.
fn assert_check_error(name: &str, text: &str, expected: &[&str]) {
    let file = temp_program("fuzz-findings", name, text);
    let outcome = run_dnrad(&["check"], &file);
    assert!(!outcome.stderr.contains("panicked"), "{}", outcome.stderr);
    assert_eq!(outcome.code, Some(1), "{}", outcome.stderr);
    for e in expected {
        assert!(
            outcome.stderr.contains(e),
            "no `{e}` in:\n{}",
            outcome.stderr
        );
    }
}

/// fuzz target `parse`: an unknown escape whose character is not ASCII sliced the source inside
/// that character (the lexer took the escape's name to start one byte before its position).
#[test]
fn an_unknown_escape_of_a_non_ascii_character_is_a_lexical_error() {
    for (name, text, col) in [
        ("string.hs", "main = putStrLn \"\\é\"\n", "1:18"),
        ("char.hs", "main = print '\\λ'\n", "1:15"),
        ("emoji.hs", "x = 1\nmain = putStrLn \"ab\\😀cd\"\n", "2:20"),
    ] {
        assert_check_error(name, text, &["unknown escape sequence", col]);
    }
}
