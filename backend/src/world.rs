//! The world a run acts on: the program's standard streams, the files it opens, its arguments
//! and name, and how it exited. The effectful primitives (`io_prims`) are its only users, and
//! both backends run them on one `World` the caller lends them. It decides when output goes
//! out: standard output at each newline when line-buffered (a terminal), before standard
//! input is read and before standard error is written (so prompts appear and the two streams
//! interleave as written), on `hFlush`, and when the run ends; standard error unbuffered. The
//! only runtime values it holds are a REPL session's: those it lends the run (`sessionValue`)
//! and `main`'s result, kept when asked (`mainResult`); it never looks into them or runs code. Failures are messages worded as GHC's
//! (`<stdin>: hGetLine: end of file`); nothing here panics.

use crate::value::Value;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, BufWriter, Seek, SeekFrom, Write};

/// The handles of the standard streams.
pub const STDIN: i64 = 0;
pub const STDOUT: i64 = 1;
pub const STDERR: i64 = 2;

/// When the text written to a handle goes out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Buffering {
    /// At once.
    None,
    /// At each newline.
    Line,
    /// When the buffer is full, on `hFlush`, before input is read and at the end.
    Block,
}

enum Stream {
    Stdin,
    Stdout,
    Stderr,
    Reader(BufReader<File>),
    Writer(BufWriter<File>),
    /// Open for reading and writing: a write goes to the file at the reading position.
    Both(BufReader<File>),
    Closed,
}

struct Handle {
    /// How messages name it: `<stdin>` or the file's path.
    name: String,
    stream: Stream,
    buffering: Buffering,
}

/// A run's streams, open files, arguments and exit status.
pub struct World<'a> {
    stdin: &'a mut dyn BufRead,
    stdout: &'a mut dyn Write,
    stderr: &'a mut dyn Write,
    /// Indexed by handle: the standard streams, then the files in the order they were opened.
    handles: Vec<Handle>,
    args: Vec<String>,
    prog_name: String,
    exit: Option<i64>,
    /// The last line read (reused, so reading a line allocates nothing on the Rust side).
    line: Vec<u8>,
    /// The values a REPL session lends the run, by index.
    lent: Vec<Value>,
    /// `main`'s result: `Some` once it is asked for, filled when the run gives it.
    result: Option<Option<Value>>,
}

/// What GHC says about a failed operation on the file system.
fn reason(e: &std::io::Error) -> String {
    use std::io::ErrorKind::*;
    let kind = match e.kind() {
        NotFound => "does not exist",
        PermissionDenied => "permission denied",
        AlreadyExists => "already exists",
        IsADirectory => "inappropriate type",
        BrokenPipe => "resource vanished",
        InvalidData => return "invalid argument (invalid byte sequence)".into(),
        _ => "failed",
    };
    let text = e.to_string();
    let detail = text.split(" (os error").next().unwrap_or(&text);
    format!("{kind} ({detail})")
}

/// GHC's reason for text that is not UTF-8.
fn invalid() -> String {
    reason(&std::io::ErrorKind::InvalidData.into())
}

const NOT_READABLE: &str = "illegal operation (handle is not open for reading)";
const NOT_WRITABLE: &str = "illegal operation (handle is not open for writing)";
const CLOSED: &str = "illegal operation (handle is closed)";

impl<'a> World<'a> {
    /// A world with these standard streams, standard output block-buffered, no arguments and
    /// the program name `<interactive>` (as GHCi's).
    pub fn new(
        stdin: &'a mut dyn BufRead,
        stdout: &'a mut dyn Write,
        stderr: &'a mut dyn Write,
    ) -> World<'a> {
        let std = |name: &str, stream, buffering| Handle {
            name: name.into(),
            stream,
            buffering,
        };
        World {
            stdin,
            stdout,
            stderr,
            handles: vec![
                std("<stdin>", Stream::Stdin, Buffering::Line),
                std("<stdout>", Stream::Stdout, Buffering::Block),
                std("<stderr>", Stream::Stderr, Buffering::None),
            ],
            args: Vec::new(),
            prog_name: "<interactive>".into(),
            exit: None,
            line: Vec::new(),
            lent: Vec::new(),
            result: None,
        }
    }

    /// Lend the next run `values` (`sessionValue n` is the `n`th) and keep its `main`'s result
    /// (see `take_result`): a REPL session's values across runs.
    pub fn lend(&mut self, values: Vec<Value>) {
        self.lent = values;
        self.result = Some(None);
    }

    /// `main`'s result, once a run of a world `lend` prepared has given it.
    pub fn take_result(&mut self) -> Option<Value> {
        self.result.as_mut().and_then(Option::take)
    }

    /// The `n`th value lent to the run.
    pub(crate) fn lent(&self, n: i64) -> Result<Value, String> {
        usize::try_from(n)
            .ok()
            .and_then(|i| self.lent.get(i))
            .cloned()
            .ok_or_else(|| format!("internal error: no session value {n}"))
    }

    /// Keep `main`'s result if the caller asked for it.
    pub(crate) fn keep_result(&mut self, value: Value) {
        if let Some(slot) = &mut self.result {
            *slot = Some(value);
        }
    }

    /// Flush standard output at each newline (for a terminal).
    pub fn line_buffered(mut self) -> World<'a> {
        self.handles[STDOUT as usize].buffering = Buffering::Line;
        self
    }

    /// The program's name and arguments (`getProgName`, `getArgs`).
    pub fn with_args(mut self, prog_name: &str, args: Vec<String>) -> World<'a> {
        self.prog_name = prog_name.into();
        self.args = args;
        self
    }

    /// The exit code the program asked for with `exitWith`, if it did.
    pub fn exit_code(&self) -> Option<i64> {
        self.exit
    }

    /// Write out everything written so far: standard output and the open files.
    pub fn flush(&mut self) {
        let _ = self.stdout.flush();
        for h in &mut self.handles {
            if let Stream::Writer(w) = &mut h.stream {
                let _ = w.flush();
            }
        }
    }

    pub(crate) fn args(&self) -> &[String] {
        &self.args
    }

    pub(crate) fn prog_name(&self) -> &str {
        &self.prog_name
    }

    /// Record the exit code; the primitive then ends the run.
    pub(crate) fn exit(&mut self, code: i64) {
        self.exit = Some(code);
    }

    /// The index of handle `h` in `handles`.
    fn index(&self, h: i64) -> Result<usize, String> {
        usize::try_from(h)
            .ok()
            .filter(|&i| i < self.handles.len())
            .ok_or_else(|| format!("internal error: no handle {h}"))
    }

    /// `name: op: why` for handle `h`.
    fn failure(&self, h: i64, op: &str, why: &str) -> String {
        let name = usize::try_from(h)
            .ok()
            .and_then(|i| self.handles.get(i))
            .map_or("<handle>", |h| h.name.as_str());
        format!("{name}: {op}: {why}")
    }

    /// The stream to read handle `h` from (standard output flushed before standard input is
    /// read, so a prompt shows).
    fn reader(&mut self, h: i64, op: &str) -> Result<&mut dyn BufRead, String> {
        if h == STDIN {
            let _ = self.stdout.flush();
        }
        let i = self.index(h)?;
        let why = match self.handles[i].stream {
            Stream::Stdin | Stream::Reader(_) | Stream::Both(_) => None,
            Stream::Closed => Some(CLOSED),
            _ => Some(NOT_READABLE),
        };
        if let Some(why) = why {
            return Err(self.failure(h, op, why));
        }
        Ok(match &mut self.handles[i].stream {
            Stream::Reader(r) | Stream::Both(r) => r,
            _ => &mut *self.stdin,
        })
    }

    /// Read with `f` from handle `h`, naming `op` in a failure.
    fn read<T>(
        &mut self,
        h: i64,
        op: &str,
        f: impl FnOnce(&mut dyn BufRead) -> std::io::Result<T>,
    ) -> Result<T, String> {
        let result = f(self.reader(h, op)?);
        result.map_err(|e| self.failure(h, op, &reason(&e)))
    }

    /// The next line of handle `h`, without its newline; end of input is an error.
    pub(crate) fn get_line(&mut self, h: i64) -> Result<&str, String> {
        let mut line = std::mem::take(&mut self.line);
        line.clear();
        let n = self.read(h, "hGetLine", |r| r.read_until(b'\n', &mut line))?;
        if n == 0 {
            return Err(self.failure(h, "hGetLine", "end of file"));
        }
        if line.last() == Some(&b'\n') {
            line.pop();
        }
        self.line = line;
        match std::str::from_utf8(&self.line) {
            Ok(text) => Ok(text),
            Err(_) => Err(self.failure(h, "hGetLine", &invalid())),
        }
    }

    /// The next character of handle `h`; end of input is an error.
    pub(crate) fn get_char(&mut self, h: i64) -> Result<char, String> {
        let mut bytes = [0u8; 4];
        let width = self.read(h, "hGetChar", |r| {
            let Some(&first) = r.fill_buf()?.first() else {
                return Ok(0);
            };
            let width = match first.leading_ones() {
                0 => 1,
                n @ 2..=4 => n as usize,
                _ => return Err(std::io::ErrorKind::InvalidData.into()),
            };
            r.read_exact(&mut bytes[..width])
                .map_err(|_| std::io::Error::from(std::io::ErrorKind::InvalidData))?;
            Ok(width)
        })?;
        if width == 0 {
            return Err(self.failure(h, "hGetChar", "end of file"));
        }
        std::str::from_utf8(&bytes[..width])
            .ok()
            .and_then(|s| s.chars().next())
            .ok_or_else(|| self.failure(h, "hGetChar", &invalid()))
    }

    /// Everything left on handle `h`, which is closed afterwards.
    pub(crate) fn get_contents(&mut self, h: i64) -> Result<String, String> {
        let mut bytes = Vec::new();
        self.read(h, "hGetContents", |r| r.read_to_end(&mut bytes))?;
        let i = self.index(h)?;
        self.handles[i].stream = Stream::Closed;
        String::from_utf8(bytes).map_err(|_| self.failure(h, "hGetContents", &invalid()))
    }

    /// Whether handle `h` is at the end of its input.
    pub(crate) fn is_eof(&mut self, h: i64) -> Result<bool, String> {
        self.read(h, "hIsEOF", |r| Ok(r.fill_buf()?.is_empty()))
    }

    /// Write `text` to handle `h`, flushed as its buffering says.
    pub(crate) fn put(&mut self, h: i64, text: &str) -> Result<(), String> {
        const OP: &str = "hPutStr";
        if h == STDERR {
            let _ = self.stdout.flush();
        }
        let i = self.index(h)?;
        let buffering = self.handles[i].buffering;
        let out: &mut dyn Write = match &mut self.handles[i].stream {
            Stream::Stdout => &mut *self.stdout,
            Stream::Stderr => &mut *self.stderr,
            Stream::Writer(w) => w,
            Stream::Both(r) => {
                // Drop what was read ahead, so the write lands at the reading position (a
                // seek discards the buffer; `stream_position` would keep it).
                #[allow(clippy::seek_from_current)]
                let _ = r.seek(SeekFrom::Current(0));
                r.get_mut()
            }
            Stream::Closed => return Err(self.failure(h, OP, CLOSED)),
            Stream::Stdin | Stream::Reader(_) => return Err(self.failure(h, OP, NOT_WRITABLE)),
        };
        let mut result = out.write_all(text.as_bytes());
        let flush = match buffering {
            Buffering::None => true,
            Buffering::Line => text.contains('\n'),
            Buffering::Block => false,
        };
        if flush && result.is_ok() {
            result = out.flush();
        }
        result.map_err(|e| self.failure(h, OP, &reason(&e)))
    }

    /// Write out what was written to handle `h`.
    pub(crate) fn flush_handle(&mut self, h: i64) -> Result<(), String> {
        const OP: &str = "hFlush";
        let i = self.index(h)?;
        let result = match &mut self.handles[i].stream {
            Stream::Stdout => self.stdout.flush(),
            Stream::Stderr => self.stderr.flush(),
            Stream::Writer(w) => w.flush(),
            Stream::Both(r) => r.get_mut().flush(),
            Stream::Closed => return Err(self.failure(h, OP, CLOSED)),
            Stream::Stdin | Stream::Reader(_) => return Err(self.failure(h, OP, NOT_WRITABLE)),
        };
        result.map_err(|e| self.failure(h, OP, &reason(&e)))
    }

    /// Close handle `h` (closing it again does nothing).
    pub(crate) fn close(&mut self, h: i64) -> Result<(), String> {
        let i = self.index(h)?;
        let result = match std::mem::replace(&mut self.handles[i].stream, Stream::Closed) {
            Stream::Stdout => self.stdout.flush(),
            Stream::Writer(mut w) => w.flush(),
            _ => Ok(()),
        };
        result.map_err(|e| self.failure(h, "hClose", &reason(&e)))
    }

    /// Set how handle `h` is buffered (what was written so far goes out now).
    pub(crate) fn set_buffering(&mut self, h: i64, buffering: Buffering) -> Result<(), String> {
        let i = self.index(h)?;
        self.handles[i].buffering = buffering;
        match self.handles[i].stream {
            Stream::Stdin | Stream::Reader(_) | Stream::Closed => Ok(()),
            _ => self.flush_handle(h),
        }
    }

    /// Open the file at `path`: mode 0 to read, 1 to write (emptied first), 2 to append, 3 to
    /// read and write. Returns the new handle.
    pub(crate) fn open(&mut self, path: &str, mode: i64) -> Result<i64, String> {
        let opened = match mode {
            0 => File::open(path),
            1 => File::create(path),
            2 => OpenOptions::new().append(true).create(true).open(path),
            _ => OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(path),
        };
        let failed = |why: String| format!("{path}: openFile: {why}");
        let file = opened.map_err(|e| failed(reason(&e)))?;
        if file.metadata().is_ok_and(|m| m.is_dir()) {
            return Err(failed("inappropriate type (is a directory)".into()));
        }
        let stream = match mode {
            0 => Stream::Reader(BufReader::new(file)),
            1 | 2 => Stream::Writer(BufWriter::new(file)),
            _ => Stream::Both(BufReader::new(file)),
        };
        self.handles.push(Handle {
            name: path.into(),
            stream,
            buffering: Buffering::Block,
        });
        Ok(self.handles.len() as i64 - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_characters_and_the_end_of_input() {
        let mut input: &[u8] = "one\ntwo é\nlast".as_bytes();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut w = World::new(&mut input, &mut out, &mut err);
        assert_eq!(w.get_line(STDIN).unwrap(), "one");
        assert_eq!(w.get_char(STDIN).unwrap(), 't');
        assert_eq!(w.get_line(STDIN).unwrap(), "wo é");
        assert!(!w.is_eof(STDIN).unwrap());
        assert_eq!(w.get_line(STDIN).unwrap(), "last");
        assert!(w.is_eof(STDIN).unwrap());
        assert_eq!(
            w.get_line(STDIN).unwrap_err(),
            "<stdin>: hGetLine: end of file"
        );
        assert_eq!(
            w.get_char(STDIN).unwrap_err(),
            "<stdin>: hGetChar: end of file"
        );
    }

    #[test]
    fn wrong_directions_and_closed_handles_are_errors() {
        let mut input: &[u8] = b"abc";
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut w = World::new(&mut input, &mut out, &mut err);
        assert_eq!(
            w.put(STDIN, "x").unwrap_err(),
            "<stdin>: hPutStr: illegal operation (handle is not open for writing)"
        );
        assert_eq!(w.get_contents(STDIN).unwrap(), "abc");
        assert_eq!(
            w.get_line(STDIN).unwrap_err(),
            "<stdin>: hGetLine: illegal operation (handle is closed)"
        );
        assert!(w
            .get_line(STDOUT)
            .unwrap_err()
            .contains("not open for reading"));
        w.put(STDOUT, "out").unwrap();
        w.put(STDERR, "err").unwrap();
        w.close(STDOUT).unwrap();
        assert!(w.put(STDOUT, "more").unwrap_err().ends_with(CLOSED));
        drop(w);
        assert_eq!((out.as_slice(), err.as_slice()), (&b"out"[..], &b"err"[..]));
    }

    #[test]
    fn files_are_written_appended_and_read_back() {
        let dir = std::env::temp_dir().join(format!("dnrad-world-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("notes.txt");
        let path = path.to_str().unwrap();
        let mut input: &[u8] = b"";
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut w = World::new(&mut input, &mut out, &mut err);
        let h = w.open(path, 1).unwrap();
        w.put(h, "first\n").unwrap();
        w.close(h).unwrap();
        let h = w.open(path, 2).unwrap();
        w.put(h, "second\n").unwrap();
        w.close(h).unwrap();
        let h = w.open(path, 0).unwrap();
        assert_eq!(w.get_line(h).unwrap(), "first");
        assert_eq!(w.get_contents(h).unwrap(), "second\n");
        // Read-write: a write lands where reading stopped.
        let h = w.open(path, 3).unwrap();
        assert_eq!(w.get_line(h).unwrap(), "first");
        w.put(h, "SECOND").unwrap();
        w.close(h).unwrap();
        assert_eq!(std::fs::read_to_string(path).unwrap(), "first\nSECOND\n");
        let missing = dir.join("missing.txt");
        let missing = missing.to_str().unwrap();
        assert_eq!(
            w.open(missing, 0).unwrap_err(),
            format!("{missing}: openFile: does not exist (No such file or directory)")
        );
        assert!(w
            .open(dir.to_str().unwrap(), 0)
            .unwrap_err()
            .ends_with("inappropriate type (is a directory)"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn standard_output_is_flushed_before_input_and_errors() {
        /// Records how many bytes had been flushed to it at each flush.
        #[derive(Default)]
        struct Probe {
            pending: usize,
            flushed: Vec<usize>,
        }
        impl Write for Probe {
            fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
                self.pending += b.len();
                Ok(b.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                self.flushed.push(std::mem::take(&mut self.pending));
                Ok(())
            }
        }
        let mut input: &[u8] = b"x\n";
        let (mut out, mut err) = (Probe::default(), Vec::new());
        let mut w = World::new(&mut input, &mut out, &mut err);
        w.put(STDOUT, "name? ").unwrap();
        w.get_line(STDIN).unwrap();
        w.put(STDOUT, "a\nb").unwrap();
        w.put(STDERR, "warning\n").unwrap();
        drop(w);
        assert_eq!(out.flushed, vec![6, 3]);
        let mut input: &[u8] = b"";
        let mut out = Probe::default();
        let mut w = World::new(&mut input, &mut out, &mut err).line_buffered();
        w.put(STDOUT, "no newline").unwrap();
        w.put(STDOUT, " then one\n").unwrap();
        drop(w);
        assert_eq!(out.flushed, vec![20]);
    }
}
