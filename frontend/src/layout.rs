//! The layout algorithm (Haskell 2010 report §10.3): inserts virtual braces and semicolons
//! (`VLBrace`, `VSemi`, `VRBrace`) so the parser sees explicit block structure.
//!
//! The report's `parse-error(t)` rule needs the parser; we approximate it with a context stack
//! that records brackets and the keywords `if`/`case`/`let` beside the layout blocks. An implicit
//! block is closed early: by `in` (back to its `let` block), by `)`, `]` or `,` of a bracket opened
//! outside it, by a `,` between a guard's qualifiers (a `let` among them), by `then`/`else`
//! (back to their `if`), by `of` (back to its `case`) and by `where` (every `do` block it is
//! in). This covers the cases users write (one-line `let … in`,
//! `(case x of …)`, `if c then do … else …`, `main = do …` with a deeper-indented `where`).
//! It must not reject programs: malformed block structure is left for the parser to report.

use crate::token::{Tok, Token};
use dnrad_core::{Diagnostic, ErrorKind};

/// The keyword that opened a layout block.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Opener {
    Top,
    Let,
    Where,
    Do,
    Of,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Ctx {
    /// An implicit block at a column, opened by `opener` (`None` for the top level);
    /// `equals`: its current item has had its `=`.
    Implicit {
        col: u32,
        opener: Opener,
        equals: bool,
    },
    /// An explicit `{ … }` block after a layout keyword.
    Explicit,
    /// `(`, `[` or a non-block `{` (record syntax).
    Bracket,
    /// An `if` waiting for its `else`.
    If,
    /// A `case` waiting for its `of`.
    Case,
    /// A `let` waiting for its `in` (if it is not a `do`-statement `let`).
    LetKw,
    /// A guard's qualifiers (after `|`, until its `=` or `->`): a `,` ends a `let` among them.
    Guard,
    /// A lambda waiting for its `->`.
    Lambda,
}

impl Ctx {
    fn is_marker(&self) -> bool {
        matches!(
            self,
            Ctx::If | Ctx::Case | Ctx::LetKw | Ctx::Guard | Ctx::Lambda
        )
    }
}

struct Layout {
    out: Vec<Token>,
    stack: Vec<Ctx>,
}

impl Layout {
    fn virtual_tok(&mut self, tok: Tok, at: &Token) {
        self.out.push(Token {
            tok,
            span: dnrad_core::Span::new(at.span.file, at.span.lo, at.span.lo),
            line: at.line,
            col: at.col,
        });
    }

    fn enclosing_col(&self) -> u32 {
        self.stack
            .iter()
            .rev()
            .find_map(|c| match c {
                Ctx::Implicit { col, .. } => Some(*col),
                Ctx::Explicit => Some(0),
                _ => None,
            })
            .unwrap_or(0)
    }

    /// Close implicit blocks (dropping `if`/`case` markers) until `stop` says to stop at the top;
    /// returns whether such a context was found.
    fn close_until(&mut self, at: &Token, stop: impl Fn(&Ctx) -> bool) -> bool {
        let Some(target) = self.stack.iter().rposition(&stop) else {
            return false;
        };
        if self.stack[target + 1..]
            .iter()
            .any(|c| matches!(c, Ctx::Explicit | Ctx::Bracket))
        {
            return false;
        }
        while self.stack.len() > target + 1 {
            if let Some(Ctx::Implicit { .. }) = self.stack.pop() {
                self.virtual_tok(Tok::VRBrace, at);
            }
        }
        true
    }

    /// Handle the start of a new line: close deeper blocks, separate items of the current one.
    /// Keyword markers above the innermost block belong to finished lines once a block closes or
    /// a new item starts, and are dropped then.
    fn new_line(&mut self, t: &Token) {
        loop {
            let Some(idx) = self.stack.iter().rposition(|c| !c.is_marker()) else {
                return;
            };
            let Ctx::Implicit { col, opener, .. } = self.stack[idx] else {
                return;
            };
            // `where` cannot start a statement or alternative: it ends a `do`/`case`/`let` block
            // at its own column (parse-error(t)).
            let where_ends_block =
                t.tok == Tok::Where && matches!(opener, Opener::Do | Opener::Of | Opener::Let);
            if t.col < col || (t.col == col && where_ends_block) {
                self.stack.truncate(idx);
                self.virtual_tok(Tok::VRBrace, t);
            } else if t.col == col {
                self.stack.truncate(idx + 1);
                self.stack[idx] = Ctx::Implicit {
                    col,
                    opener,
                    equals: false,
                };
                self.virtual_tok(Tok::VSemi, t);
                return;
            } else {
                return;
            }
        }
    }

    /// A `where` cannot continue a statement, so it ends the implicit `do` blocks it is in
    /// (parse-error(t)), however deep it is indented: `main = do print x` followed by an
    /// indented `where x = …`, or a `where` after `if c then do … else do …`.
    fn close_do_blocks(&mut self, at: &Token) {
        while let Some(idx) = self.stack.iter().rposition(|c| !c.is_marker()) {
            if !matches!(
                self.stack[idx],
                Ctx::Implicit {
                    opener: Opener::Do,
                    ..
                }
            ) {
                return;
            }
            self.stack.truncate(idx);
            self.virtual_tok(Tok::VRBrace, at);
        }
    }

    /// Whether a guard's qualifiers are being read outside any bracket opened since: a `,`
    /// there separates qualifiers (`| let y = f x, y > 0`), so it ends a `let` block.
    fn in_guard(&self) -> bool {
        let guard = self.stack.iter().rposition(|c| *c == Ctx::Guard);
        let bracket = self.stack.iter().rposition(|c| *c == Ctx::Bracket);
        matches!((guard, bracket), (Some(g), b) if b.is_none_or(|b| b < g))
    }

    /// When the innermost context is the implicit block of a `let` among a guard's qualifiers
    /// (right above the guard, no lambda or other block between): whether its item has had its
    /// `=`.
    fn guard_let(&self) -> Option<bool> {
        let guard = self.stack.iter().rposition(|c| *c == Ctx::Guard)?;
        match &self.stack[guard + 1..] {
            [Ctx::LetKw, Ctx::Implicit {
                opener: Opener::Let,
                equals,
                ..
            }] => Some(*equals),
            _ => None,
        }
    }

    /// Early closing of implicit blocks for tokens that cannot continue them.
    fn close_for(&mut self, t: &Token) {
        match t.tok {
            Tok::In if self.close_until(t, |c| *c == Ctx::LetKw) => {
                self.stack.pop();
            }
            Tok::Comma if self.in_guard() => {
                self.close_until(t, |c| *c == Ctx::Guard);
            }
            Tok::RParen | Tok::RBracket | Tok::Comma => {
                self.close_until(t, |c| *c == Ctx::Bracket);
            }
            Tok::RArrow if self.stack.last() == Some(&Ctx::Lambda) => {
                self.stack.pop();
            }
            // A `let` qualifier last in a guard ends at the guard's `->`, or at a second `=` in
            // its item (the first is the binding's).
            Tok::RArrow | Tok::Equals
                if self
                    .guard_let()
                    .is_some_and(|equals| equals || t.tok == Tok::RArrow) =>
            {
                self.close_until(t, |c| *c == Ctx::Guard);
                self.stack.pop();
            }
            Tok::Equals | Tok::RArrow if self.stack.last() == Some(&Ctx::Guard) => {
                self.stack.pop();
            }
            Tok::Equals | Tok::Semi => {
                if let Some(Ctx::Implicit { equals, .. }) = self.stack.last_mut() {
                    // (An explicit `;` starts the block's next item.)
                    *equals = t.tok == Tok::Equals;
                }
            }
            Tok::Then => {
                self.close_until(t, |c| *c == Ctx::If);
            }
            Tok::Else | Tok::Of
                if self.close_until(t, |c| {
                    *c == if t.tok == Tok::Else {
                        Ctx::If
                    } else {
                        Ctx::Case
                    }
                }) =>
            {
                self.stack.pop();
            }
            Tok::RBrace => {
                self.close_until(t, |c| matches!(c, Ctx::Explicit | Ctx::Bracket));
            }
            Tok::Where => self.close_do_blocks(t),
            _ => {}
        }
    }
}

fn block_opener(tok: &Tok) -> Option<Opener> {
    match tok {
        Tok::Let => Some(Opener::Let),
        Tok::Where => Some(Opener::Where),
        Tok::Do => Some(Opener::Do),
        Tok::Of => Some(Opener::Of),
        _ => None,
    }
}

/// Insert virtual braces and semicolons. The input must end with `Tok::Eof` (as `lex` produces).
pub fn layout(tokens: Vec<Token>) -> Result<Vec<Token>, Diagnostic> {
    let mut lay = Layout {
        out: Vec::with_capacity(tokens.len() * 5 / 4),
        stack: Vec::new(),
    };
    let mut pending: Option<Opener> = None; // a layout keyword was seen
    let mut prev_line = 0;
    let first = tokens.first().map(|t| t.tok.clone());
    if !matches!(first, Some(Tok::Module | Tok::LBrace) | None) {
        pending = Some(Opener::Top);
    }
    for t in tokens {
        if t.tok == Tok::Eof {
            // A layout keyword at the end of the file opens an empty block (`module M (x)
            // where` with no body: the report's `{0}`).
            if pending.take().is_some() {
                lay.virtual_tok(Tok::VLBrace, &t);
                lay.virtual_tok(Tok::VRBrace, &t);
            }
            while let Some(c) = lay.stack.pop() {
                if let Ctx::Implicit { .. } = c {
                    lay.virtual_tok(Tok::VRBrace, &t);
                }
            }
            lay.out.push(t);
            break;
        }
        let first_on_line = t.line > prev_line;
        prev_line = t.line;
        if let Some(opener) = pending.take() {
            if t.tok == Tok::LBrace {
                lay.stack.push(Ctx::Explicit);
                lay.out.push(t);
                continue;
            }
            if t.col > lay.enclosing_col() || lay.stack.is_empty() {
                lay.virtual_tok(Tok::VLBrace, &t);
                lay.stack.push(Ctx::Implicit {
                    col: t.col,
                    opener,
                    equals: false,
                });
            } else {
                lay.virtual_tok(Tok::VLBrace, &t);
                lay.virtual_tok(Tok::VRBrace, &t);
                if first_on_line {
                    lay.new_line(&t);
                }
            }
        } else if first_on_line {
            lay.new_line(&t);
        }
        lay.close_for(&t);
        match &t.tok {
            Tok::Let => {
                lay.stack.push(Ctx::LetKw);
                pending = Some(Opener::Let);
            }
            tok if block_opener(tok).is_some() => pending = block_opener(tok),
            Tok::LParen | Tok::LBracket | Tok::LBrace => lay.stack.push(Ctx::Bracket),
            Tok::RParen | Tok::RBracket | Tok::RBrace => {
                if matches!(lay.stack.last(), Some(Ctx::Bracket | Ctx::Explicit)) {
                    lay.stack.pop();
                } else if t.tok == Tok::RBrace {
                    return Err(Diagnostic::new(
                        ErrorKind::Parse,
                        t.span,
                        "unexpected `}`: there is no open block to close",
                    ));
                }
            }
            Tok::If => lay.stack.push(Ctx::If),
            Tok::Bar => lay.stack.push(Ctx::Guard),
            Tok::Backslash => lay.stack.push(Ctx::Lambda),
            Tok::Case => lay.stack.push(Ctx::Case),
            _ => {}
        }
        lay.out.push(t);
    }
    Ok(lay.out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lexer::lex;
    use dnrad_core::FileId;

    /// Render the laid-out tokens compactly: virtual tokens as `{ ; }`, others by their text.
    fn render(src: &str) -> String {
        let toks = layout(lex(src, FileId::MAIN).unwrap()).unwrap();
        let parts: Vec<String> = toks
            .iter()
            .filter(|t| t.tok != Tok::Eof)
            .map(|t| match &t.tok {
                Tok::VLBrace => "{".into(),
                Tok::VRBrace => "}".into(),
                Tok::VSemi => ";".into(),
                _ => src[t.span.lo as usize..t.span.hi as usize].to_string(),
            })
            .collect();
        parts.join(" ")
    }

    #[test]
    fn top_level_declarations() {
        assert_eq!(render("f x = 1\ng = 2"), "{ f x = 1 ; g = 2 }");
        assert_eq!(
            render("module Main where\nf = 1\ng = 2"),
            "module Main where { f = 1 ; g = 2 }"
        );
        assert_eq!(
            render("module M (x) where\n-- no body\n"),
            "module M ( x ) where { }"
        );
    }

    #[test]
    fn where_and_guards() {
        assert_eq!(
            render("f x\n  | x < 0 = a\n  | otherwise = b\n  where\n    a = 1\n    b = 2\ng = 3"),
            "{ f x | x < 0 = a | otherwise = b where { a = 1 ; b = 2 } ; g = 3 }"
        );
    }

    #[test]
    fn do_blocks_with_let_and_case() {
        assert_eq!(render("main = do\n  let x = 1\n      y = 2\n  case x of\n    1 -> a\n    _ -> b\n  print y"),
            "{ main = do { let { x = 1 ; y = 2 } ; case x of { 1 -> a ; _ -> b } ; print y } }");
    }

    #[test]
    fn let_in_on_one_line() {
        assert_eq!(
            render("f = let x = 1; y = 2 in x + y"),
            "{ f = let { x = 1 ; y = 2 } in x + y }"
        );
        assert_eq!(
            render("f = let x = 1 in let y = x in y"),
            "{ f = let { x = 1 } in let { y = x } in y }"
        );
    }

    #[test]
    fn brackets_close_blocks() {
        assert_eq!(
            render("f = (case x of Just y -> y, 3)"),
            "{ f = ( case x of { Just y -> y } , 3 ) }"
        );
        assert_eq!(render("f = [do a, b]"), "{ f = [ do { a } , b ] }");
    }

    #[test]
    fn if_then_else_close_blocks() {
        assert_eq!(
            render("f = if c then do a else do b"),
            "{ f = if c then do { a } else do { b } }"
        );
        assert_eq!(
            render("f = do\n  if c\n    then a\n    else b\n  d"),
            "{ f = do { if c then a else b ; d } }"
        );
    }

    #[test]
    fn explicit_braces() {
        assert_eq!(
            render("f = case x of { A -> 1; B -> 2 }"),
            "{ f = case x of { A -> 1 ; B -> 2 } }"
        );
        assert_eq!(
            render("r = P { a = 1, b = 2 }"),
            "{ r = P { a = 1 , b = 2 } }"
        );
    }

    #[test]
    fn empty_blocks_and_where_in_column_one() {
        assert_eq!(
            render("f = 1\n  where\ng = 2"),
            "{ f = 1 where { } ; g = 2 }"
        );
        assert_eq!(
            render("area r = pi * r2\nwhere r2 = r * r"),
            "{ area r = pi * r2 ; where { r2 = r * r } }"
        );
    }

    #[test]
    fn in_after_a_let_block_closed_by_indentation() {
        assert_eq!(
            render("f = let a = 1\n        b = case q of K w -> w\n    in a\n  where g = 1"),
            "{ f = let { a = 1 ; b = case q of { K w -> w } } in a where { g = 1 } }"
        );
        assert_eq!(
            render("f = do\n  let x = 1\n  let y = 2 in print y\n  g"),
            "{ f = do { let { x = 1 } ; let { y = 2 } in print y ; g } }"
        );
    }

    #[test]
    fn where_at_the_column_of_a_do_block_ends_it() {
        assert_eq!(
            render("f = do\n  a\n  where b = 1"),
            "{ f = do { a } where { b = 1 } }"
        );
    }

    #[test]
    fn where_ends_the_do_blocks_it_is_in_at_any_indentation() {
        assert_eq!(
            render("main = do\n  print x\n    where x = 1"),
            "{ main = do { print x } where { x = 1 } }"
        );
        assert_eq!(
            render("g n = if c\n  then do\n    a\n  else do\n    b\n      where c = 1"),
            "{ g n = if c then do { a } else do { b } where { c = 1 } }"
        );
        assert_eq!(
            render("f = do\n  x\n  do\n    y\n      where z = 1"),
            "{ f = do { x ; do { y } } where { z = 1 } }"
        );
        // A `where` of a `let` binding or of a case alternative stays with it.
        assert_eq!(
            render("f = do\n  let g = y\n        where y = 1\n  g"),
            "{ f = do { let { g = y where { y = 1 } } ; g } }"
        );
        assert_eq!(
            render("f = do\n  case x of\n    A -> y\n      where y = 1"),
            "{ f = do { case x of { A -> y where { y = 1 } } } }"
        );
        // Explicit braces are the user's.
        assert_eq!(
            render("main = do { print x }\n  where x = 1"),
            "{ main = do { print x } where { x = 1 } }"
        );
    }

    #[test]
    fn stray_closing_brace_is_an_error() {
        assert!(layout(lex("f = 1 }", FileId::MAIN).unwrap()).is_err());
    }
}
