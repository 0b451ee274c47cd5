//! The source files of one compilation (the embedded Prelude and the user's program), addressed by
//! `FileId`, with line/column lookup for diagnostics.

use dnrad_core::{FileId, Span};

pub struct SourceFile {
    pub name: String,
    pub text: String,
    /// Byte offset of the start of each line.
    line_starts: Vec<usize>,
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> SourceFile {
        let text = text.into();
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

/// All files of a compilation; `FileId(i)` is `files[i]`.
pub struct Sources {
    files: Vec<SourceFile>,
}

impl Sources {
    /// A compilation of the Prelude (`FileId::PRELUDE`) and one user file (`FileId::MAIN`).
    pub fn new(prelude: SourceFile, main: SourceFile) -> Sources {
        Sources {
            files: vec![prelude, main],
        }
    }

    pub fn get(&self, id: FileId) -> Option<&SourceFile> {
        self.files.get(id.0 as usize)
    }

    pub fn files(&self) -> impl Iterator<Item = (FileId, &SourceFile)> {
        self.files
            .iter()
            .enumerate()
            .map(|(i, f)| (FileId(i as u32), f))
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
