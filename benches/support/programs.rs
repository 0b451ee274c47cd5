//! The benchmark programs of `benches/programs/`: each `NAME.hs` with its text and the
//! arguments of its large size (its first line, `-- bench: ARGS`). Shared by the benchmark
//! `benches/programs.rs` and the test `tests/bench_programs.rs` (which includes this file by
//! path); it runs nothing.

#![allow(dead_code)] // the test reads only the paths

use std::path::{Path, PathBuf};

pub struct BenchProgram {
    pub name: String,
    pub path: PathBuf,
    pub text: String,
    /// The arguments of the large size; the default size is no arguments.
    pub large_args: Vec<String>,
}

/// Every program, in name order; a program without a `-- bench:` first line is an error.
pub fn bench_programs() -> Vec<BenchProgram> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/programs");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("benches/programs")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "hs"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("a program");
            let large_args = text
                .lines()
                .next()
                .and_then(|l| l.strip_prefix("-- bench:"))
                .unwrap_or_else(|| panic!("{} has no `-- bench: ARGS` line", path.display()))
                .split_whitespace()
                .map(String::from)
                .collect();
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            BenchProgram {
                name,
                path,
                text,
                large_args,
            }
        })
        .collect()
}
