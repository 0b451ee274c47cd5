//! The exact text users see for typical mistakes (issue 20's snapshots): each
//! `tests/diagnostics/NAME.hs` is one mistake, `NAME.stderr` what `dnrad check NAME.hs` prints
//! (`dnrad run` for `run_*` programs: runtime errors), paths relative to the repository. The
//! name's prefix is the error's kind (`type_`, `scope_`, `parse_`, `lex_`, `run_`), or `warn_`
//! for a program that compiles with a warning (`warn_NAME` or `warn_NAME.MORE` is the warning
//! `-WNAME` with `-` for `_`): the headline must name it and the location must point into the
//! program. An error program's warnings may come before its error. After a deliberate
//! change of wording, `DNRAD_BLESS=1 cargo test --test diagnostics` rewrites the `.stderr`
//! files (review the diff).

mod support;

use std::path::Path;

/// The headline a program's diagnostic starts with, by its name.
fn headline(name: &str) -> String {
    let kind = match name.split('_').next() {
        Some("warn") => return "Warning: ".into(),
        Some("type") => "type",
        Some("scope") => "scope",
        Some("parse") => "parse",
        Some("lex") => "lex",
        Some("run") => "runtime",
        _ => panic!("{name}: a diagnostics program's name starts with its kind"),
    };
    format!("Error: {kind} error: ")
}

/// Where a program's stderr starts, or for an error program its error: the warnings its
/// compilation shows come first (a `run_` program whose match misses the value it fails on is
/// warned about that match), and they are in the snapshot.
fn first_diagnostic(stderr: &str, error: bool) -> &str {
    match stderr.find("\nError: ") {
        Some(i) if error && stderr.starts_with("Warning: ") => &stderr[i + 1..],
        _ => stderr,
    }
}

#[test]
fn each_mistake_gets_its_snapshot() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("tests/diagnostics");
    let mut programs: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "hs"))
        .collect();
    programs.sort();
    assert!(programs.len() >= 60, "{} programs", programs.len());
    let bless = std::env::var_os("DNRAD_BLESS").is_some();
    let mut failures = Vec::new();
    for program in &programs {
        let name = program.file_stem().unwrap().to_str().unwrap();
        let relative = format!("tests/diagnostics/{name}.hs");
        let command = if name.starts_with("run_") {
            "run"
        } else {
            "check"
        };
        let out = support::run_dnrad_in(&[command, &relative], None, Some(root));
        let warning = name
            .strip_prefix("warn_")
            .map(|w| w.split('.').next().unwrap_or(w));
        let headline = headline(name);
        let exit_ok = match warning {
            Some(_) => out.code == Some(0),
            None => out.code != Some(0),
        };
        if !exit_ok || !first_diagnostic(&out.stderr, warning.is_none()).starts_with(&headline) {
            failures.push(format!(
                "{name}: not `{headline}` (exit {:?}):\n{}",
                out.code, out.stderr
            ));
            continue;
        }
        if let Some(flag) = warning.map(|w| format!("[-W{}]", w.replace('_', "-"))) {
            if !out.stderr.contains(&flag) {
                failures.push(format!("{name}: not the warning {flag}:\n{}", out.stderr));
                continue;
            }
        }
        if !out.stderr.contains(&format!("[ {relative}:")) {
            failures.push(format!(
                "{name}: not located in the program:\n{}",
                out.stderr
            ));
            continue;
        }
        let snapshot = dir.join(format!("{name}.stderr"));
        if bless {
            std::fs::write(&snapshot, &out.stderr).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&snapshot).unwrap_or_default();
        if out.stderr != expected {
            failures.push(format!(
                "{name}: the message changed\n--- expected\n{expected}\n--- actual\n{}",
                out.stderr
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
