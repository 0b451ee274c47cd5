//! The fuzzing habit in CI: programs of the repository (the corpus, `tests/programs/`,
//! `benches/programs/`, `examples/`) mutated at random with a fixed seed — spans of bytes and
//! tokens deleted, duplicated and swapped; brackets, keywords, operators, non-ASCII and control
//! characters inserted; short spans repeated thousands of times — each go through what `dnrad
//! check` runs (in process, on the compiler thread) and some are run on the VM under small
//! limits. Each must return, a diagnostic or a result (rendered as the CLI renders it), within
//! the time bound: never a panic, a stack overflow or an abort. It checks no output: a mutated
//! program has none to compare with. `fuzz/` holds the libFuzzer targets of the same contract.

mod support;

use dnrad::pipeline::{self, Options};
use dnrad::render::write_diagnostic;
use dnrad::sources::Sources;
use dnrad_backend::World;
use dnrad_core::{Diagnostic, ErrorKind};
use proptest::prelude::Rng;
use proptest::test_runner::{TestRng, TestRunner};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The binary's counting allocator, so that `--max-heap` counts in the runs here too.
#[global_allocator]
static ALLOCATOR: dnrad::alloc::Allocator = dnrad::alloc::Allocator;

/// Mutated programs checked, and of those, run.
const CASES: usize = 300;
const RUN_EVERY: usize = 6;

/// A check or run of a program of at most a few hundred KB takes well under a second here;
/// one past this is a defect (issue 21: linear compile time).
const TIME_BOUND: Duration = Duration::from_secs(20);

/// The runs' limits.
const MAX_HEAP: usize = 256 << 20;
const MAX_TIME: Duration = Duration::from_millis(500);
const MAX_DEPTH: usize = 100_000;

/// What a mutation may insert.
const BRACKETS: [&str; 8] = ["(", ")", "[", "]", "{", "}", "`", "\""];
const KEYWORDS: [&str; 22] = [
    " module ",
    " where ",
    " import ",
    " data ",
    " newtype ",
    " type ",
    " class ",
    " instance ",
    " deriving ",
    " infixl 5 +++ ",
    " let ",
    " in ",
    " case ",
    " of ",
    " if ",
    " then ",
    " else ",
    " do ",
    " forall ",
    " main = ",
    " grad ",
    " undefined ",
];
const OPERATORS: [&str; 20] = [
    "->", "<-", "=>", "::", "=", "|", "\\", "@", "~", "_", ",", ";", "..", "++", "$", ".", ":",
    ">>=", "--", "{-",
];
const ODD_CHARACTERS: [&str; 14] = [
    "é", "λ", "→", "😀", "\u{feff}", "\u{0}", "\t", "\r", "\u{b}", "\u{c}", "\u{7f}", "'\\",
    "\"\\", "\n",
];

/// The insertions by kind.
const INSERTIONS: [(&str, &[&str]); 4] = [
    ("bracket", &BRACKETS),
    ("keyword", &KEYWORDS),
    ("operator", &OPERATORS),
    ("character", &ODD_CHARACTERS),
];

/// The repository's programs.
fn programs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    let mut dirs: Vec<PathBuf> = [
        "tests/corpus",
        "tests/programs",
        "benches/programs",
        "examples",
    ]
    .iter()
    .map(|d| root.join(d))
    .collect();
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("a program folder") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "hs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

fn below(rng: &mut TestRng, n: usize) -> usize {
    (rng.next_u64() % n.max(1) as u64) as usize
}

/// A random span `start..end` of at most `max` elements of `len`.
fn span(rng: &mut TestRng, len: usize, max: usize) -> (usize, usize) {
    let start = below(rng, len + 1);
    (start, (start + below(rng, max + 1)).min(len))
}

/// The text's tokens, roughly: runs of identifier characters, of symbols, of spaces, and
/// single other characters. Joined, they are the text.
fn tokens(text: &[char]) -> Vec<Vec<char>> {
    let class = |c: char| {
        if c.is_alphanumeric() || c == '_' || c == '\'' {
            0
        } else if c.is_whitespace() {
            1
        } else if "!#$%&*+./<=>?@\\^|-~:".contains(c) {
            2
        } else {
            3
        }
    };
    let mut out: Vec<Vec<char>> = Vec::new();
    for &c in text {
        match out.last_mut() {
            Some(last) if class(c) != 3 && class(last[0]) == class(c) => last.push(c),
            _ => out.push(vec![c]),
        }
    }
    out
}

/// One random mutation of `text` (characters, so the text stays UTF-8).
fn mutate(rng: &mut TestRng, text: &mut Vec<char>) -> &'static str {
    let insert = |rng: &mut TestRng, text: &mut Vec<char>, what: &str| {
        let at = below(rng, text.len() + 1);
        text.splice(at..at, what.chars());
    };
    match below(rng, 11) {
        0 => {
            let (a, b) = span(rng, text.len(), 64);
            text.drain(a..b);
            "delete bytes"
        }
        1 => {
            let (a, b) = span(rng, text.len(), 64);
            let copy: Vec<char> = text[a..b].to_vec();
            text.splice(b..b, copy);
            "duplicate bytes"
        }
        2 => {
            let (a, b) = span(rng, text.len(), 32);
            let (c, d) = span(rng, text.len(), 32);
            if b <= c {
                let (first, second) = (text[a..b].to_vec(), text[c..d].to_vec());
                text.splice(c..d, first);
                text.splice(a..b, second);
            }
            "swap bytes"
        }
        3..=5 => {
            let mut toks = tokens(text);
            let (a, b) = span(rng, toks.len(), 8);
            match below(rng, 3) {
                0 => {
                    toks.drain(a..b);
                }
                1 => {
                    let copy = toks[a..b].to_vec();
                    toks.splice(b..b, copy);
                }
                _ => {
                    let c = below(rng, toks.len() + 1);
                    if b < c {
                        toks[a..c].rotate_left(b - a);
                    }
                }
            }
            *text = toks.concat();
            "tokens"
        }
        kind @ 6..=9 => {
            let (name, from) = INSERTIONS[kind - 6];
            let what = from[below(rng, from.len())];
            insert(rng, text, what);
            name
        }
        _ => {
            let (a, b) = span(rng, text.len(), 8);
            let times = 100 + below(rng, 5000);
            let unit: Vec<char> = text[a..b].to_vec();
            let long: Vec<char> = unit
                .iter()
                .copied()
                .cycle()
                .take(unit.len() * times)
                .collect();
            text.splice(b..b, long);
            "repetition"
        }
    }
}

/// Whether a program may open a file for writing: such a program is checked, not run (a
/// mutated path could name any file).
fn writes_files(text: &str) -> bool {
    ["writeFile", "appendFile", "openFile", "withFile"]
        .iter()
        .any(|name| text.contains(name))
}

/// Check (and with `run`, run) a program as the CLI would, rendering its diagnostics: the time
/// it took and the kind of its first diagnostic (none: it checked, or ran to its end).
fn check(text: &str, run: bool) -> (Duration, Option<ErrorKind>) {
    let start = Instant::now();
    let kind = pipeline::with_big_stack(|| {
        let mut sources = pipeline::sources_for("mutated.hs", text);
        sources.search_path.clear();
        let result = if run {
            let options = Options {
                max_heap: Some(MAX_HEAP),
                max_time: Some(MAX_TIME),
                max_depth: Some(MAX_DEPTH),
                ..Options::default()
            };
            let (mut stdin, mut out, mut err) =
                (std::io::empty(), std::io::sink(), std::io::sink());
            let mut world = World::new(&mut stdin, &mut out, &mut err);
            pipeline::run_in(&mut sources, options, &mut world).map(|_| ())
        } else {
            let options = Options {
                lint: true,
                ..Options::default()
            };
            pipeline::compile(&mut sources, options).map(|_| ())
        };
        let diagnostics = result.err().unwrap_or_default();
        render(&sources, &diagnostics);
        diagnostics.first().map(|d| d.kind)
    });
    (start.elapsed(), kind)
}

fn render(sources: &Sources, diagnostics: &[Diagnostic]) {
    for d in diagnostics {
        write_diagnostic(&mut std::io::sink(), sources, d, false);
    }
}

#[test]
fn mutated_programs_end_in_a_diagnostic_or_a_result_within_the_limits() {
    let files = programs();
    let originals: Vec<(PathBuf, String)> = files
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(&f).expect("a program");
            (f, text)
        })
        .collect();
    let mut runner = TestRunner::deterministic();
    let rng = runner.rng();
    let mut cases = Vec::new();
    for case in 0..CASES {
        let (file, original) = &originals[below(rng, originals.len())];
        let mut text: Vec<char> = original.chars().collect();
        let mutations: Vec<&str> = (0..1 + below(rng, 2))
            .map(|_| mutate(rng, &mut text))
            .collect();
        let text: String = text.into_iter().collect();
        let run = case % RUN_EVERY == 0 && !writes_files(&text);
        cases.push((file.clone(), mutations, text, run));
    }
    let outcomes = support::parallel_map(&cases, |(_, _, text, run)| {
        std::panic::catch_unwind(|| check(text, *run)).ok()
    });
    let mut failures = Vec::new();
    let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
    for ((file, mutations, text, _), outcome) in cases.iter().zip(outcomes) {
        let what = format!("{} mutated by {mutations:?}", file.display());
        match outcome {
            Some((took, kind)) if took <= TIME_BOUND => {
                *kinds
                    .entry(kind.map_or("none", ErrorKind::as_str))
                    .or_default() += 1;
            }
            Some((took, _)) => failures.push(format!("{what}: took {took:?}")),
            None => {
                let start: String = text.chars().take(400).collect();
                failures.push(format!("{what}: panicked; the program starts:\n{start}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // The mutations must reach past the parser often (a fifth of the cases), or the layers
    // after it go untested.
    let past_parser: usize = kinds
        .iter()
        .filter(|(kind, _)| !["lex", "parse"].contains(kind))
        .map(|(_, n)| n)
        .sum();
    eprintln!("first diagnostics by kind (none: checked or ran): {kinds:?}");
    assert!(5 * past_parser >= CASES, "{kinds:?}");
}
