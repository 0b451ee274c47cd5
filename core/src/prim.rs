//! Primitive operations: the operations on built-in types that the runtime implements natively.
//! Each has a source name (the Prelude refers to primitive `p` as `prim` + `p` with the first letter
//! capitalised, e.g. `primIntAdd`), an arity, and a type. Core applies primitives saturated.
//!
//! Semantics the backends must follow: `Int` is 64-bit wrapping; `intQuot`/`intRem` truncate toward
//! zero, `intDiv`/`intMod` floor (Haskell's `div`/`mod`); a zero divisor is a runtime error
//! "divide by zero" (all four, Int and Integer). Comparisons return `Bool`. `doubleRound` rounds
//! half to even; `doubleTruncate`/`Round`/`Floor`/`Ceiling` return `Integer` (of an infinity or
//! NaN, `m * 2^e` of its `doubleDecode`, as GHC). `doubleDecode x` is GHC's `decodeFloat`: the
//! bits read as `(m, e)` with `|m|` of 53 bits (zeros `(0, 0)`, subnormals normalised, an
//! infinity or NaN exponent 972 and its sign and payload in `m`); `doubleEncode m e` is GHC's
//! `encodeFloat`: `m` converted (nearest if it fits in an Int, else truncated to 53 bits) and
//! scaled by `2^e` rounding once, never `0 * Infinity`. `doubleShow` prints
//! exactly as GHC's `show :: Double -> String` (no parentheses for negatives); `doubleAtan2` is
//! the Haskell report's `atan2` (from `atan (y / x)`, as GHC computes it).
//! `lexNumber s` is `(kind, length, rest)` of GHC's number lexeme (`Text.Read.Lex`) at the start of
//! `s`: kind 8, 10 or 16 for an integer in that base (`0o17`, `12`, `0x1F`), 0 for a decimal with
//! a fraction or exponent (`1.5e-3`), -1 (length 0, rest `s`) when there is none.
//! `numberInteger s` is the value of the integer lexeme at the start of `s` (0 for any other),
//! `numberDouble s` the Double nearest the number lexeme at the start of `s` (NaN for none; as
//! GHC, Infinity when its exponent does not fit an Int). `lexLiteral s` is `(length, characters,
//! rest)` of the character or string literal at the start of `s`, escapes decoded (length -1 and
//! rest `s` when it is malformed).
//! `showCharLit`/`showStringLit` produce GHC's `show` of a Char / String (quotes and escapes).
//! `error` raises a runtime error with the given message; `trace s x` writes `s` and a newline to
//! standard error and returns `x`.
//!
//! Input and output: the effectful primitives (`is_effect`) act on the run's world — its
//! standard streams, open files, arguments and exit status. Each takes, as its last argument,
//! the `()` that runs an IO action (`newtype IO a = IO (() -> a)`): it is applied only inside
//! an action's function, so it happens when, and as often as, the action runs, and no pass may
//! drop, duplicate, reorder or fold an application of one. A handle is an `Int`: 0, 1, 2 are
//! standard input, output and error, `openFile path mode` (mode 0 read, 1 write, 2 append,
//! 3 read-write) returns a new one. `hPutStr h s`, `hGetLine h` (the line without its newline;
//! at end of input an error), `hGetChar h`, `hGetContents h` (everything left; closes the
//! handle), `hIsEOF h`, `hFlush h`, `hClose h`, `hSetBuffering h m` (0 none, 1 line, 2 block).
//! Standard output is flushed before standard input is read and before standard error is
//! written. `getArgs`/`getProgName` give the program's arguments and name, `exit n` ends the
//! run with exit code `n` (0: success), `ioError s` fails with message `s` (as `error`, but as
//! an action, so the failure is located like the other effects'). `newRef x` makes a mutable cell holding `x` (the
//! runtime type `Ref a`), `readRef r` and `writeRef r x` read and replace its value. Failures
//! (a missing file, a closed handle, end of input) are runtime errors worded as GHC's
//! (`<stdin>: hGetLine: end of file`).
//!
//! `coerceUnit` returns its `()` at any type: only for a result that is `()` in every program
//! GHC accepts (the `IO a` instance of Text.Printf's `printf`, where GHC requires `a ~ ()`).
//! The run's world carries values across runs for the REPL: `sessionValue n` is the `n`th value
//! the world lends the run (only the bindings the REPL declares for its kept values apply it, at
//! the value's own type), and `mainResult x` (the Prelude's `runMainIO`, on `main`'s result)
//! hands `x` to the world, which keeps it only when its caller asked (`()`).
//!
//! Bits: `intAnd`/`intOr`/`intXor` and the Integer ones act on two's complement (an Integer as
//! if infinitely sign-extended); `intShiftL x n`/`intShiftR x n` (and the Integer ones) take
//! `n >= 0` (the library checks the sign): Int shifts of 64 or more give 0 (or -1 for a negative
//! `x` shifted right), right shifts are arithmetic. `intPopCount` counts the one bits of the
//! 64-bit word; `integerPopCount` of a negative `n` is `-(popCount (-n))`, as in GHC.
//! Characters: `charCategory` is the Unicode general category as the index of the constructor
//! of Data.Char's `GeneralCategory`; `charToUpper`/`charToLower` are the simple case mappings
//! (the character itself when it has none).
//!
//! Arrays: `PrimArray a` is a run-time array of `n` positions, each an element or a hole (a
//! position no element was given; reading one is the error `(Array.!): undefined array
//! element`, as in GHC). `arrFromList n xs` has the first `n` items of `xs` (holes when it is
//! shorter), `arrIndex a k` the element at position `k` (0-based; outside `0..n` an error),
//! `arrSize a` is `n`, `arrToList a` the elements in order, `arrUpdate a kvs` is `a` with the
//! element at each position `k` of the list's pairs `(k, v)` replaced by `v`, in order (a later
//! pair wins; O(n + updates), in place when the primitive holds `a`'s only reference), `arrBuckets n kvs` the array of
//! `n` lists, the `v`s of the pairs `(k, v)` with position `k`, in the list's order. Data.Array
//! is written on these; they are structural, so differentiation passes through them unchanged.
//!
//! The AD primitives: `Dual x` values pair a Double with a derivative part. The wrapper around
//! differentiated code walks first-order values of any type with `scalars k v` (the Doubles,
//! k = 0, or dual numbers, k = 1, of `v` in order), `refill k v items` (`v` with those replaced
//! by the list's items) and `checkTangent x t` (`()`, or an error saying where the tangent `t`
//! differs in shape from the input `x`).
//! `liftRev d v` / `liftFwd d v` map a primal value into the reverse / forward world: each Double
//! `x` becomes the world's constant (derivative part `d`), each closure the closure of its
//! lambda's twin. A reverse-mode dual number is `Dual ArrayBp`, one run-time cell holding the
//! primal, the ID and the backpropagator as data (§8.2); its derivative part (`dualDeriv`) is the
//! cell itself, and only primitives build one (`interleave`, `arrayConst`, `numUn`/`numBin`,
//! and `arrayAdd`/`arraySub`/`arrayMul` `a b`, what `numBin` of `+`, `-`, `*` makes). A reverse
//! operation takes the run's next ID, a counter of the run time (no value threads it): the
//! outermost `interleave x` numbers `x`'s Doubles 1..n and starts the counter after them (the
//! forward world's `dualInput x t` starts it where it is), and `idsEnd y` for the `y` that
//! forward pass made is the ID after its last operation, the counter put back where the pass
//! found it (taking `y` orders it after the pass).
//! `backward mode n ids x y c` is a reverse mode's whole reverse pass (mode 0 naive, 1 staged,
//! 2 cayley, 3 array): the output `y`'s dual numbers staged with the cotangent `c`'s Doubles
//! (an error when the shapes differ), the backpropagators called down to the inputs 1..n, and
//! their accumulated cotangents put in `x`'s shape; each call of an operation's backpropagator is
//! counted (for tests of the complexity claims). `dualConst x` is the constant `x` of any world
//! that has native operations (a plain Double). `numUn op a`, `numBin op a b` apply the smooth
//! primitive with index `op` to dual numbers of any world and any level of nested
//! differentiation, computing the value and partial derivatives natively (`derivative`);
//! `numDot` is the dot product of positions of two arrays of them. A level of nested
//! differentiation (`Tape`) starts with `nestInterleave mode x` (reverse, resolved as `mode`:
//! `x`'s numbers become inputs with the next IDs) or `nestInterleaveFwd x t` (forward, tangent
//! `t`); `nestBackward tape x y c` is its reverse pass (the gradient in `x`'s shape), and
//! `nestStrip tape y` / `nestTangent tape y` replace its numbers in `y` by their primal parts /
//! tangents.

use crate::types::Type;

/// The runtime type of mutable cells, `Ref a` (the Prelude's `IORef` wraps it).
pub const REF: &str = "Ref";

/// The runtime type of arrays, `PrimArray a` (Data.Array's `Array` wraps it).
pub const PRIM_ARRAY: &str = "PrimArray";

/// The names of control characters in Haskell's character escapes (`\SOH`, `\DEL`), as both the
/// source lexer and `lexLiteral` read them; `SOH` comes before `SO`, so the longer name wins
/// when names are tried in order.
pub const ASCII_ESCAPES: [(&str, u32); 34] = [
    ("NUL", 0),
    ("SOH", 1),
    ("STX", 2),
    ("ETX", 3),
    ("EOT", 4),
    ("ENQ", 5),
    ("ACK", 6),
    ("BEL", 7),
    ("BS", 8),
    ("HT", 9),
    ("LF", 10),
    ("VT", 11),
    ("FF", 12),
    ("CR", 13),
    ("SO", 14),
    ("SI", 15),
    ("DLE", 16),
    ("DC1", 17),
    ("DC2", 18),
    ("DC3", 19),
    ("DC4", 20),
    ("NAK", 21),
    ("SYN", 22),
    ("ETB", 23),
    ("CAN", 24),
    ("EM", 25),
    ("SUB", 26),
    ("ESC", 27),
    ("FS", 28),
    ("GS", 29),
    ("RS", 30),
    ("US", 31),
    ("SP", 32),
    ("DEL", 127),
];

/// The character a one-letter escape (`\n`, `\"`, ...) stands for.
pub fn simple_escape(c: char) -> Option<char> {
    Some(match c {
        'a' => '\u{7}',
        'b' => '\u{8}',
        'f' => '\u{c}',
        'n' => '\n',
        'r' => '\r',
        't' => '\t',
        'v' => '\u{b}',
        '\\' | '"' | '\'' => c,
        _ => return None,
    })
}

macro_rules! prims {
    ($($variant:ident $name:literal $arity:literal,)*) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum PrimOp { $($variant,)* }

        impl PrimOp {
            pub const ALL: &'static [PrimOp] = &[$(PrimOp::$variant,)*];

            /// The primitive's name in core (`intAdd`); the Prelude spells it `primIntAdd`.
            pub fn name(self) -> &'static str {
                match self { $(PrimOp::$variant => $name,)* }
            }

            /// How many arguments a saturated application takes.
            pub fn arity(self) -> usize {
                match self { $(PrimOp::$variant => $arity,)* }
            }
        }
    };
}

prims! {
    IntAdd "intAdd" 2, IntSub "intSub" 2, IntMul "intMul" 2,
    IntQuot "intQuot" 2, IntRem "intRem" 2, IntDiv "intDiv" 2, IntMod "intMod" 2,
    IntNegate "intNegate" 1,
    IntEq "intEq" 2, IntNe "intNe" 2, IntLt "intLt" 2, IntLe "intLe" 2, IntGt "intGt" 2, IntGe "intGe" 2,
    IntToInteger "intToInteger" 1, IntToDouble "intToDouble" 1, IntShow "intShow" 1,
    IntAnd "intAnd" 2, IntOr "intOr" 2, IntXor "intXor" 2,
    IntShiftL "intShiftL" 2, IntShiftR "intShiftR" 2, IntPopCount "intPopCount" 1,

    IntegerAdd "integerAdd" 2, IntegerSub "integerSub" 2, IntegerMul "integerMul" 2,
    IntegerQuot "integerQuot" 2, IntegerRem "integerRem" 2, IntegerDiv "integerDiv" 2,
    IntegerMod "integerMod" 2, IntegerNegate "integerNegate" 1,
    IntegerEq "integerEq" 2, IntegerNe "integerNe" 2, IntegerLt "integerLt" 2,
    IntegerLe "integerLe" 2, IntegerGt "integerGt" 2, IntegerGe "integerGe" 2,
    IntegerToInt "integerToInt" 1, IntegerToDouble "integerToDouble" 1, IntegerShow "integerShow" 1,
    IntegerAnd "integerAnd" 2, IntegerOr "integerOr" 2, IntegerXor "integerXor" 2,
    IntegerShiftL "integerShiftL" 2, IntegerShiftR "integerShiftR" 2,
    IntegerPopCount "integerPopCount" 1,

    DoubleAdd "doubleAdd" 2, DoubleSub "doubleSub" 2, DoubleMul "doubleMul" 2, DoubleDiv "doubleDiv" 2,
    DoublePow "doublePow" 2, DoubleAtan2 "doubleAtan2" 2,
    DoubleNegate "doubleNegate" 1, DoubleAbs "doubleAbs" 1,
    DoubleExp "doubleExp" 1, DoubleLog "doubleLog" 1, DoubleSqrt "doubleSqrt" 1,
    DoubleSin "doubleSin" 1, DoubleCos "doubleCos" 1, DoubleTan "doubleTan" 1,
    DoubleAsin "doubleAsin" 1, DoubleAcos "doubleAcos" 1, DoubleAtan "doubleAtan" 1,
    DoubleSinh "doubleSinh" 1, DoubleCosh "doubleCosh" 1, DoubleTanh "doubleTanh" 1,
    DoubleAsinh "doubleAsinh" 1, DoubleAcosh "doubleAcosh" 1, DoubleAtanh "doubleAtanh" 1,
    DoubleEq "doubleEq" 2, DoubleNe "doubleNe" 2, DoubleLt "doubleLt" 2,
    DoubleLe "doubleLe" 2, DoubleGt "doubleGt" 2, DoubleGe "doubleGe" 2,
    DoubleTruncate "doubleTruncate" 1, DoubleRound "doubleRound" 1,
    DoubleFloor "doubleFloor" 1, DoubleCeiling "doubleCeiling" 1,
    DoubleShow "doubleShow" 1,
    DoubleIsNaN "doubleIsNaN" 1, DoubleIsInfinite "doubleIsInfinite" 1,
    DoubleIsNegativeZero "doubleIsNegativeZero" 1,
    DoubleFromRational "doubleFromRational" 2,
    DoubleDecode "doubleDecode" 1, DoubleEncode "doubleEncode" 2,
    DoubleDot "doubleDot" 7,

    CharOrd "charOrd" 1, CharChr "charChr" 1,
    CharEq "charEq" 2, CharNe "charNe" 2, CharLt "charLt" 2,
    CharLe "charLe" 2, CharGt "charGt" 2, CharGe "charGe" 2,
    CharCategory "charCategory" 1, CharToUpper "charToUpper" 1, CharToLower "charToLower" 1,

    ArrFromList "arrFromList" 2, ArrIndex "arrIndex" 2, ArrSize "arrSize" 1,
    ArrToList "arrToList" 1, ArrUpdate "arrUpdate" 2, ArrBuckets "arrBuckets" 2,

    ShowCharLit "showCharLit" 1, ShowStringLit "showStringLit" 1,
    Error "error" 1, Trace "trace" 2, CoerceUnit "coerceUnit" 1,
    SessionValue "sessionValue" 1, MainResult "mainResult" 1,

    // Input and output (effectful: the last argument is the running action's `()`).
    HPutStr "hPutStr" 3, HGetLine "hGetLine" 2, HGetChar "hGetChar" 2,
    HGetContents "hGetContents" 2, HIsEOF "hIsEOF" 2, HFlush "hFlush" 2, HClose "hClose" 2,
    HSetBuffering "hSetBuffering" 3, OpenFile "openFile" 3,
    GetArgs "getArgs" 1, GetProgName "getProgName" 1, Exit "exit" 2, IoError "ioError" 2,
    NewRef "newRef" 2, ReadRef "readRef" 2, WriteRef "writeRef" 3,
    LexNumber "lexNumber" 1, NumberInteger "numberInteger" 1, NumberDouble "numberDouble" 1,
    LexLiteral "lexLiteral" 1,

    // Automatic differentiation (used by the Prelude's AD functions and the AD pass only).
    DualMake "dualMake" 2, DualConst "dualConst" 1, DualPrimal "dualPrimal" 1,
    DualDeriv "dualDeriv" 1,
    Scalars "scalars" 2, Refill "refill" 3, Interleave "interleave" 1,
    DualInput "dualInput" 2, DualParts "dualParts" 2,
    CheckTangent "checkTangent" 2,
    LiftRev "liftRev" 2, LiftFwd "liftFwd" 2,
    ArrayConst "arrayConst" 1,
    ArrayAdd "arrayAdd" 2, ArraySub "arraySub" 2, ArrayMul "arrayMul" 2,
    ArrayLin "arrayLin" 4,
    IdsEnd "idsEnd" 1, Backward "backward" 6,
    NumUn "numUn" 2, NumBin "numBin" 3, NumDot "numDot" 7,
    NestInterleave "nestInterleave" 2, NestInterleaveFwd "nestInterleaveFwd" 2,
    NestBackward "nestBackward" 4, NestStrip "nestStrip" 2, NestTangent "nestTangent" 2,
}

/// The arguments of a dot product of positions (`doubleDot`, `numDot`) over elements `e`: each
/// array with its first position and step, then the number of elements.
fn dot_args(e: &Type) -> Vec<Type> {
    let i = Type::int();
    let arr = Type::Con(PRIM_ARRAY.into(), vec![e.clone()]);
    vec![
        arr.clone(),
        i.clone(),
        i.clone(),
        arr,
        i.clone(),
        i.clone(),
        i,
    ]
}

impl PrimOp {
    /// Whether the primitive acts on the world (input and output, mutable cells, exit): it
    /// must run exactly when its IO action runs (see the module comment).
    pub fn is_effect(self) -> bool {
        use PrimOp::*;
        matches!(
            self,
            HPutStr
                | HGetLine
                | HGetChar
                | HGetContents
                | HIsEOF
                | HFlush
                | HClose
                | HSetBuffering
                | OpenFile
                | GetArgs
                | GetProgName
                | Exit
                | IoError
                | NewRef
                | ReadRef
                | WriteRef
        )
    }

    /// Whether the primitive acts on arrays (`PrimArray a`).
    pub fn is_array(self) -> bool {
        use PrimOp::*;
        matches!(
            self,
            ArrFromList | ArrIndex | ArrSize | ArrToList | ArrUpdate | ArrBuckets
        )
    }

    /// Whether the primitive reads or gives the run's world without being an effect (`trace`,
    /// and the REPL's values across runs).
    pub fn uses_world(self) -> bool {
        self.is_effect()
            || matches!(
                self,
                PrimOp::Trace | PrimOp::SessionValue | PrimOp::MainResult
            )
    }

    /// Look a primitive up by its core name (`intAdd`).
    pub fn from_name(name: &str) -> Option<PrimOp> {
        PrimOp::ALL.iter().copied().find(|p| p.name() == name)
    }

    /// Look a primitive up by its Prelude spelling (`primIntAdd`).
    pub fn from_source_name(name: &str) -> Option<PrimOp> {
        let rest = name.strip_prefix("prim")?;
        let mut chars = rest.chars();
        let first = chars.next()?;
        if !first.is_ascii_uppercase() {
            return None;
        }
        let core_name: String = first.to_ascii_lowercase().to_string() + chars.as_str();
        PrimOp::from_name(&core_name)
    }

    /// The primitive's type.
    pub fn ty(self) -> Type {
        use PrimOp::*;
        let (i, n, d, c, b, s) = (
            Type::int(),
            Type::integer(),
            Type::double(),
            Type::char(),
            Type::bool(),
            Type::string(),
        );
        let bin = |t: &Type| Type::funs(vec![t.clone(), t.clone()], t.clone());
        let un = |t: &Type| Type::fun(t.clone(), t.clone());
        let cmp = |t: &Type| Type::funs(vec![t.clone(), t.clone()], b.clone());
        match self {
            IntAdd | IntSub | IntMul | IntQuot | IntRem | IntDiv | IntMod | IntAnd | IntOr
            | IntXor | IntShiftL | IntShiftR => bin(&i),
            IntNegate | IntPopCount => un(&i),
            IntEq | IntNe | IntLt | IntLe | IntGt | IntGe => cmp(&i),
            IntToInteger => Type::fun(i, n),
            IntToDouble => Type::fun(i, d),
            IntShow => Type::fun(i, s),
            IntegerAdd | IntegerSub | IntegerMul | IntegerQuot | IntegerRem | IntegerDiv
            | IntegerMod | IntegerAnd | IntegerOr | IntegerXor => bin(&n),
            IntegerShiftL | IntegerShiftR => Type::funs(vec![n.clone(), i.clone()], n),
            IntegerPopCount => Type::fun(n, i),
            IntegerNegate => un(&n),
            IntegerEq | IntegerNe | IntegerLt | IntegerLe | IntegerGt | IntegerGe => cmp(&n),
            IntegerToInt => Type::fun(n, i),
            IntegerToDouble => Type::fun(n, d),
            IntegerShow => Type::fun(n, s),
            DoubleAdd | DoubleSub | DoubleMul | DoubleDiv | DoublePow | DoubleAtan2 => bin(&d),
            DoubleNegate | DoubleAbs | DoubleExp | DoubleLog | DoubleSqrt | DoubleSin
            | DoubleCos | DoubleTan | DoubleAsin | DoubleAcos | DoubleAtan | DoubleSinh
            | DoubleCosh | DoubleTanh | DoubleAsinh | DoubleAcosh | DoubleAtanh => un(&d),
            DoubleEq | DoubleNe | DoubleLt | DoubleLe | DoubleGt | DoubleGe => cmp(&d),
            DoubleTruncate | DoubleRound | DoubleFloor | DoubleCeiling => Type::fun(d, n),
            DoubleShow => Type::fun(d, s),
            DoubleIsNaN | DoubleIsInfinite | DoubleIsNegativeZero => Type::fun(d, b),
            DoubleFromRational => Type::funs(vec![n.clone(), n], d),
            DoubleDecode => Type::fun(d, Type::tuple(vec![n, i])),
            DoubleEncode => Type::funs(vec![n, i], d),
            DoubleDot => Type::funs(dot_args(&d), d),
            CharOrd | CharCategory => Type::fun(c, i),
            CharToUpper | CharToLower => un(&c),
            CharChr => Type::fun(i, c),
            CharEq | CharNe | CharLt | CharLe | CharGt | CharGe => cmp(&c),
            ShowCharLit => Type::fun(c, s),
            ShowStringLit => un(&s),
            LexNumber => Type::fun(s.clone(), Type::tuple(vec![i.clone(), i, s])),
            LexLiteral => Type::fun(s.clone(), Type::tuple(vec![i, s.clone(), s])),
            NumberInteger => Type::fun(s, n),
            NumberDouble => Type::fun(s, d),
            Error => Type::forall(vec!["a".into()], Type::fun(s, Type::var("a"))),
            Trace => Type::forall(
                vec!["a".into()],
                Type::funs(vec![s, Type::var("a")], Type::var("a")),
            ),
            CoerceUnit => Type::forall(vec!["a".into()], Type::fun(Type::unit(), Type::var("a"))),
            SessionValue => Type::forall(vec!["a".into()], Type::fun(i, Type::var("a"))),
            MainResult => Type::forall(vec!["a".into()], Type::fun(Type::var("a"), Type::unit())),
            _ if self.is_array() => self.arr_ty(),
            _ if self.is_effect() => self.io_ty(),
            _ => self.ad_ty(),
        }
    }

    /// The type of an array primitive (all are polymorphic in the element type `a`).
    fn arr_ty(self) -> Type {
        use PrimOp::*;
        let (i, a) = (Type::int(), Type::var("a"));
        let arr = |t: Type| Type::Con(PRIM_ARRAY.into(), vec![t]);
        let pairs = Type::list(Type::tuple(vec![i.clone(), a.clone()]));
        let ty = match self {
            ArrFromList => Type::funs(vec![i, Type::list(a.clone())], arr(a)),
            ArrIndex => Type::funs(vec![arr(a.clone()), i], a),
            ArrSize => Type::fun(arr(a), i),
            ArrToList => Type::fun(arr(a.clone()), Type::list(a)),
            ArrUpdate => Type::funs(vec![arr(a.clone()), pairs], arr(a)),
            ArrBuckets => Type::funs(vec![i, pairs], arr(Type::list(a))),
            _ => unreachable!("not an array primitive"),
        };
        Type::forall(vec!["a".into()], ty)
    }

    /// The type of an effectful primitive: its arguments, then the action's `()`.
    fn io_ty(self) -> Type {
        use PrimOp::*;
        let (i, c, b, s, u) = (
            Type::int(),
            Type::char(),
            Type::bool(),
            Type::string(),
            Type::unit(),
        );
        let a = Type::var("a");
        let cell = Type::Con(REF.into(), vec![a.clone()]);
        let (args, result) = match self {
            HPutStr => (vec![i, s], u.clone()),
            HGetLine | HGetContents => (vec![i], s),
            HGetChar => (vec![i], c),
            HIsEOF => (vec![i], b),
            HFlush | HClose => (vec![i], u.clone()),
            HSetBuffering => (vec![i.clone(), i], u.clone()),
            OpenFile => (vec![s, i.clone()], i),
            GetArgs => (vec![], Type::list(s)),
            GetProgName => (vec![], s),
            Exit => (vec![i], a.clone()),
            IoError => (vec![s], a.clone()),
            NewRef => (vec![a.clone()], cell),
            ReadRef => (vec![cell], a.clone()),
            WriteRef => (vec![cell, a.clone()], u.clone()),
            _ => unreachable!("not an effectful primitive"),
        };
        let ty = Type::funs(args.into_iter().chain([u]).collect(), result);
        if matches!(self, Exit | IoError | NewRef | ReadRef | WriteRef) {
            Type::forall(vec!["a".into()], ty)
        } else {
            ty
        }
    }

    fn ad_ty(self) -> Type {
        use PrimOp::*;
        let (i, d) = (Type::int(), Type::double());
        let v = Type::var;
        let all = |vs: &[&str], t: Type| Type::forall(vs.iter().map(|&n| n.into()).collect(), t);
        let dual = Type::Con(crate::dual::DUAL.into(), vec![v("x")]);
        let tape = Type::con0(crate::dual::TAPE);
        let array_bp = Type::con0(crate::dual::ARRAY_BP);
        let array_dual = Type::Con(crate::dual::DUAL.into(), vec![array_bp.clone()]);
        match self {
            DualMake => all(&["x"], Type::funs(vec![d.clone(), v("x")], dual.clone())),
            DualConst => all(&["x"], Type::fun(d.clone(), dual.clone())),
            DualPrimal => all(&["x"], Type::fun(dual.clone(), d.clone())),
            DualDeriv => all(&["x"], Type::fun(dual.clone(), v("x"))),
            Scalars => all(&["a", "b"], Type::funs(vec![i, v("a")], Type::list(v("b")))),
            DualInput => all(&["a", "b"], Type::funs(vec![v("a"), v("a")], v("b"))),
            DualParts => all(&["a", "b"], Type::funs(vec![i.clone(), v("a")], v("b"))),
            Refill => all(
                &["a", "b", "c"],
                Type::funs(vec![i.clone(), v("a"), Type::list(v("b"))], v("c")),
            ),
            Interleave => all(
                &["a", "b"],
                Type::fun(v("a"), Type::tuple(vec![v("b"), i.clone()])),
            ),
            CheckTangent => all(&["a", "b"], Type::funs(vec![v("a"), v("b")], Type::unit())),
            LiftRev | LiftFwd => all(&["d", "a", "b"], Type::funs(vec![v("d"), v("a")], v("b"))),
            ArrayConst => Type::fun(d, array_dual),
            ArrayAdd | ArraySub | ArrayMul => {
                Type::funs(vec![array_dual.clone(), array_dual.clone()], array_dual)
            }
            ArrayLin => Type::funs(
                vec![d.clone(), array_dual.clone(), d, array_dual.clone()],
                array_dual,
            ),
            IdsEnd => all(&["b"], Type::fun(v("b"), i)),
            Backward => all(
                &["a", "b", "c"],
                Type::funs(
                    vec![i.clone(), i.clone(), i.clone(), v("a"), v("b"), v("c")],
                    v("a"),
                ),
            ),
            NumUn | NumBin => {
                let mut args = vec![i.clone(), dual.clone()];
                if self == NumBin {
                    args.push(dual.clone());
                }
                all(&["x"], Type::funs(args, dual))
            }
            NumDot => all(&["x"], Type::funs(dot_args(&dual), dual)),
            NestInterleave => all(
                &["a", "b"],
                Type::funs(vec![i.clone(), v("a")], Type::tuple(vec![v("b"), tape])),
            ),
            NestInterleaveFwd => all(
                &["a", "b"],
                Type::funs(vec![v("a"), v("a")], Type::tuple(vec![v("b"), tape])),
            ),
            NestBackward => all(
                &["a", "b", "c"],
                Type::funs(vec![tape, v("a"), v("b"), v("c")], v("a")),
            ),
            NestStrip | NestTangent => all(&["b"], Type::funs(vec![tape, v("b")], v("b"))),
            _ => unreachable!("not an AD primitive"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn source_names_round_trip() {
        for &p in PrimOp::ALL {
            let mut src = String::from("prim");
            let mut cs = p.name().chars();
            src.push(cs.next().unwrap().to_ascii_uppercase());
            src.push_str(cs.as_str());
            assert_eq!(PrimOp::from_source_name(&src), Some(p), "{src}");
        }
        assert_eq!(PrimOp::from_source_name("primitive"), None);
        assert_eq!(PrimOp::from_source_name("primNoSuchThing"), None);
    }

    #[test]
    fn effects_take_the_actions_unit_last() {
        fn last_arg(t: &Type) -> Option<&Type> {
            match t {
                Type::Forall(_, b) => last_arg(b),
                Type::Fun(a, r) => last_arg(r).or(Some(a)),
                _ => None,
            }
        }
        for &p in PrimOp::ALL.iter().filter(|p| p.is_effect()) {
            assert_eq!(last_arg(&p.ty()), Some(&Type::unit()), "{}", p.name());
        }
    }

    #[test]
    fn arity_matches_type() {
        fn arrows(t: &Type) -> usize {
            match t {
                Type::Fun(_, r) => 1 + arrows(r),
                Type::Forall(_, b) => arrows(b),
                _ => 0,
            }
        }
        for &p in PrimOp::ALL {
            assert_eq!(arrows(&p.ty()), p.arity(), "{}", p.name());
        }
    }
}
