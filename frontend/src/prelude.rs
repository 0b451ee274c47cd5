//! The Prelude's source text, embedded in the binary. The Prelude is written in the language
//! (`prelude.hs`) and compiled with every program; it alone may use the `prim*` primitives.

pub const PRELUDE_SOURCE: &str = concat!(
    include_str!("prelude.hs"),
    include_str!(concat!(env!("OUT_DIR"), "/prelude_tuples.hs")),
    include_str!("prelude_ad.hs")
);
