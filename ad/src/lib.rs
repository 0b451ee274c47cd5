//! dnrad's automatic differentiation: core-to-core transformations following Smeding & Vákár,
//! "Efficient Dual-Numbers Reverse AD via Well-Known Program Transformations" (POPL 2023):
//! `naive` (Fig. 6–7), `staged` (§4, Fig. 8), `cayley` (§5–6, Fig. 9), `array` (§7, App. A, §8.1)
//! and forward-mode dual numbers for `jvp`. Nothing is implemented yet: the crate exists so that the
//! workspace has its final shape; the AD issue fills it in. It must depend on `dnrad_core` only.
