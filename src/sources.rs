//! The source files of one compilation (the embedded Prelude, the user's program and its modules,
//! the library modules it imports), addressed by `FileId`, with line/column lookup for diagnostics.

use dnrad_core::{FileId, Span};
use std::path::{Path, PathBuf};

pub struct SourceFile {
    pub name: String,
    pub text: String,
    /// Byte offset of the start of each line.
    line_starts: Vec<usize>,
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> SourceFile {
        let mut text = text.into();
        // A UTF-8 byte-order mark is not part of the program (GHC skips it too).
        if text.starts_with('\u{feff}') {
            text.drain(..'\u{feff}'.len_utf8());
        }
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        SourceFile {
            name: name.into(),
            text,
            line_starts,
        }
    }

    /// 1-based line and (character) column of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = self.line_starts.partition_point(|&s| s <= offset) - 1;
        let start = self.line_starts[line];
        let col = self
            .text
            .get(start..offset)
            .map_or(offset - start, |s| s.chars().count());
        (line + 1, col + 1)
    }
}

/// All files of a compilation: the Prelude (`FileId::PRELUDE`), the user's files (`FileId::MAIN`
/// and the modules it imports) and the standard library modules it imports (from
/// `FileId::LIBRARY`); and where the user's imported modules are searched for.
pub struct Sources {
    files: Vec<SourceFile>,
    library: Vec<SourceFile>,
    /// Directories searched for `import A.B` as `A/B.hs` or `A/B.lhs`, in order.
    pub search_path: Vec<PathBuf>,
}

impl Sources {
    /// A compilation of the Prelude and one user file. Imports are searched for in the
    /// directory of `main` (when its name is a path), then in `search_path`.
    pub fn new(prelude: SourceFile, main: SourceFile) -> Sources {
        let dir = Path::new(&main.name).parent().map(Path::to_path_buf);
        let search_path = vec![dir.unwrap_or_default()];
        Sources {
            files: vec![prelude, main],
            library: Vec::new(),
            search_path,
        }
    }

    /// Add a file of the user's program.
    pub fn add(&mut self, file: SourceFile) -> FileId {
        self.files.push(file);
        FileId(self.files.len() as u32 - 1)
    }

    /// Add a standard library module.
    pub fn add_library(&mut self, file: SourceFile) -> FileId {
        self.library.push(file);
        FileId(FileId::LIBRARY.0 + self.library.len() as u32 - 1)
    }

    pub fn get(&self, id: FileId) -> Option<&SourceFile> {
        if id.0 >= FileId::LIBRARY.0 {
            self.library.get((id.0 - FileId::LIBRARY.0) as usize)
        } else {
            self.files.get(id.0 as usize)
        }
    }

    /// `name:line:col` of the start of a span, if it points into a known file.
    pub fn location(&self, span: Span) -> Option<String> {
        let file = self.get(span.file)?;
        let (line, col) = file.line_col(span.lo as usize);
        Some(format!("{}:{}:{}", file.name, line, col))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_from_one() {
        let f = SourceFile::new("a.hs", "ab\ncd\n\nλx");
        assert_eq!(f.line_col(0), (1, 1));
        assert_eq!(f.line_col(1), (1, 2));
        assert_eq!(f.line_col(3), (2, 1));
        assert_eq!(f.line_col(6), (3, 1));
        assert_eq!(f.line_col(9), (4, 2));
    }
}
