//! Text for one line of a log or a terminal: the characters that could end the line or
//! disturb how it reads are written as Rust escapes them (`\n`, `\u{1b}`, `\u{202e}`).
//!
//! Std-only, so that `tests/test_ties.rs` checks the CLI's copy of the rule
//! (`mcp_errors_cli::lang::breaks_lines`, which the CLI cannot take from here) against it.

use core::fmt::{self, Write as _};

/// Whether `c` must not reach a line as is: a control character (`\n`, `\r`, ESC, U+0085,
/// ...), the Unicode line and paragraph separators (line ends in JavaScript and some log
/// viewers), or a bidirectional embedding, override or isolate (U+202A..=U+202E,
/// U+2066..=U+2069), which reorders what a terminal shows.
pub(crate) fn breaks_a_line(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        )
}

/// `Display` of `T` with every character that [`breaks_a_line`] escaped.
pub(crate) struct LineSafe<'a, T: ?Sized>(pub(crate) &'a T);

impl<T: fmt::Display + ?Sized> fmt::Display for LineSafe<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct Writer<'a, 'b>(&'a mut fmt::Formatter<'b>);
        impl fmt::Write for Writer<'_, '_> {
            fn write_str(&mut self, s: &str) -> fmt::Result {
                let mut plain = 0;
                for (i, c) in s.char_indices().filter(|&(_, c)| breaks_a_line(c)) {
                    self.0.write_str(&s[plain..i])?;
                    write!(self.0, "{}", c.escape_default())?;
                    plain = i + c.len_utf8();
                }
                self.0.write_str(&s[plain..])
            }
        }
        write!(Writer(f), "{}", self.0)
    }
}
