//! Character classification for Data.Char: the Unicode general category numbered as the
//! constructors of Haskell's `GeneralCategory`, and the simple (one character to one character)
//! case mappings. Everything else Data.Char offers is library code over these; this module must
//! not know other types' primitives.

use unicode_general_category::{get_general_category, GeneralCategory};

/// The index of `c`'s category among `GeneralCategory`'s constructors (UppercaseLetter = 0, ...,
/// NotAssigned = 29).
pub(crate) fn category(c: char) -> i64 {
    use GeneralCategory::*;
    match get_general_category(c) {
        UppercaseLetter => 0,
        LowercaseLetter => 1,
        TitlecaseLetter => 2,
        ModifierLetter => 3,
        OtherLetter => 4,
        NonspacingMark => 5,
        SpacingMark => 6,
        EnclosingMark => 7,
        DecimalNumber => 8,
        LetterNumber => 9,
        OtherNumber => 10,
        ConnectorPunctuation => 11,
        DashPunctuation => 12,
        OpenPunctuation => 13,
        ClosePunctuation => 14,
        InitialPunctuation => 15,
        FinalPunctuation => 16,
        OtherPunctuation => 17,
        MathSymbol => 18,
        CurrencySymbol => 19,
        ModifierSymbol => 20,
        OtherSymbol => 21,
        SpaceSeparator => 22,
        LineSeparator => 23,
        ParagraphSeparator => 24,
        Control => 25,
        Format => 26,
        Surrogate => 27,
        PrivateUse => 28,
        // Unassigned, and any category a later Unicode version adds.
        _ => 29,
    }
}

/// The one character a full case mapping gives, or `c` when it gives several (`ß` upper-cases
/// to "SS", which has no one-character form).
fn single(c: char, mut mapped: impl Iterator<Item = char>) -> char {
    match (mapped.next(), mapped.next()) {
        (Some(m), None) => m,
        _ => c,
    }
}

pub(crate) fn to_upper(c: char) -> char {
    match c {
        // Greek letters with ypogegrammeni: their full upper-case mapping has two characters,
        // their simple one is the letter with prosgegrammeni.
        '\u{1f80}'..='\u{1f87}' | '\u{1f90}'..='\u{1f97}' | '\u{1fa0}'..='\u{1fa7}' => {
            char::from_u32(c as u32 + 8).unwrap_or(c)
        }
        '\u{1fb3}' | '\u{1fc3}' | '\u{1ff3}' => char::from_u32(c as u32 + 9).unwrap_or(c),
        _ => single(c, c.to_uppercase()),
    }
}

pub(crate) fn to_lower(c: char) -> char {
    match c {
        // The only character whose full lower-case mapping has two characters ("i̇") while
        // its simple mapping is one.
        '\u{130}' => 'i',
        _ => single(c, c.to_lowercase()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn categories_and_cases() {
        assert_eq!(category('A'), 0);
        assert_eq!(category('a'), 1);
        assert_eq!(category('7'), 8);
        assert_eq!(category(' '), 22);
        assert_eq!(category('\n'), 25);
        assert_eq!(category('\u{ad}'), 26);
        assert_eq!(category('λ'), 1);
        assert_eq!(to_upper('λ'), 'Λ');
        assert_eq!(to_upper('ß'), 'ß');
        assert_eq!(to_upper('µ'), 'Μ');
        assert_eq!(to_lower('İ'), 'i');
        assert_eq!(to_lower('Σ'), 'σ');
        assert_eq!(to_upper('\u{1f81}'), '\u{1f89}');
        assert_eq!(to_upper('\u{1ff3}'), '\u{1ffc}');
    }
}
