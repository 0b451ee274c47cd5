//! Tokens of Haskell 98 lexical syntax, as produced by the lexer and rewritten by the layout pass.
//! A token knows its span and its line/column (needed by the layout algorithm); it knows nothing
//! about grammar.

use dnrad_core::Span;
use num_bigint::BigInt;

#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    /// `x`, `foldr`, `x'` (never a reserved word).
    VarId(String),
    /// `Just`, `Maybe`.
    ConId(String),
    /// Operator symbols not starting with `:`: `+`, `>>=`, `.`, `-`, `!`.
    VarSym(String),
    /// Operator symbols starting with `:`, including `:` itself: `:`, `:+`.
    ConSym(String),
    /// Decimal, hexadecimal (`0x`) or octal (`0o`) integer literal.
    Integer(BigInt),
    /// Floating literal (`1.5`, `1e10`, `2.5e-3`).
    Float(f64),
    Char(char),
    Str(String),

    // reserved words
    Case,
    Class,
    Data,
    Default,
    Deriving,
    Do,
    Else,
    If,
    Import,
    In,
    Infix,
    Infixl,
    Infixr,
    Instance,
    Let,
    Module,
    Newtype,
    Of,
    Then,
    Type,
    Where,
    /// `_`
    Underscore,

    // reserved operators
    /// `..`
    DotDot,
    /// `::`
    DColon,
    /// `=`
    Equals,
    /// `\`
    Backslash,
    /// `|`
    Bar,
    /// `<-`
    LArrow,
    /// `->`
    RArrow,
    /// `@`
    At,
    /// `~`
    Tilde,
    /// `=>`
    DArrow,

    // special characters
    LParen,
    RParen,
    LBracket,
    RBracket,
    Comma,
    Semi,
    LBrace,
    RBrace,
    Backtick,

    /// Layout-inserted `{` (the layout pass emits these; the parser treats them like `{`).
    VLBrace,
    /// Layout-inserted `}`.
    VRBrace,
    /// Layout-inserted `;`.
    VSemi,
    /// End of input (always the last token).
    Eof,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    pub tok: Tok,
    pub span: Span,
    /// 1-based line of the token's first character.
    pub line: u32,
    /// 1-based column of the token's first character (tabs advance to the next multiple of 8, plus 1).
    pub col: u32,
}
