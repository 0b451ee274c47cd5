//! Source locations: byte ranges inside one of the source files of a compilation.
//! A span never owns text; the driver maps `FileId`s to names and contents when it renders.

/// Which source file a span points into. `FileId::PRELUDE` is the embedded Prelude; the user's
/// program (or a REPL input) gets the next ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileId(pub u32);

impl FileId {
    pub const PRELUDE: FileId = FileId(0);
    pub const MAIN: FileId = FileId(1);
    /// The first id of the standard library's module files; the user's modules are numbered
    /// below it, from `MAIN`.
    pub const LIBRARY: FileId = FileId(1 << 30);

    /// Whether the file is part of dnrad itself (the Prelude or a standard library module).
    pub fn is_library(self) -> bool {
        self == FileId::PRELUDE || (self.0 >= FileId::LIBRARY.0 && self.0 != u32::MAX)
    }
}

/// A half-open byte range `lo..hi` in file `file`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Span {
    pub file: FileId,
    pub lo: u32,
    pub hi: u32,
}

impl Span {
    pub fn new(file: FileId, lo: u32, hi: u32) -> Span {
        Span { file, lo, hi }
    }

    /// A span for code that has no source of its own (generated bindings).
    pub const fn dummy() -> Span {
        Span {
            file: FileId(u32::MAX),
            lo: 0,
            hi: 0,
        }
    }

    pub fn is_dummy(&self) -> bool {
        self.file.0 == u32::MAX
    }

    /// True for spans inside user code (neither the Prelude, the standard library nor
    /// generated code).
    pub fn is_user(&self) -> bool {
        !self.is_dummy() && !self.file.is_library()
    }

    /// The smallest span covering both `self` and `other` (which must be in the same file).
    pub fn to(self, other: Span) -> Span {
        if self.is_dummy() {
            return other;
        }
        if other.is_dummy() || other.file != self.file {
            return self;
        }
        Span {
            file: self.file,
            lo: self.lo.min(other.lo),
            hi: self.hi.max(other.hi),
        }
    }
}
