//! Text in a Markdown table cell, for the catalog table on the enum's rustdoc page.
//!
//! The same rules as the runtime's `Registry::to_markdown` (a line of either table reads the
//! same); the facade's `tests/test_ties.rs` includes this file and checks both agree. Only
//! `std`, so that test can include it.

/// Text for a table cell: Markdown punctuation backslash-escaped (rustdoc would otherwise
/// warn about stray HTML and links), lines trimmed, empty ones dropped, and the rest joined
/// with `<br>` (a line break would end the table row).
pub fn text(s: &str) -> String {
    // Bytes, not a `char` pattern: the derive runs unoptimized in a debug build, where a
    // pattern search over every message of a large enum was a measurable part of its time.
    if !has_byte(s, |b| special(b) || b == b'\n' || b == b'\r') && s.trim() == s {
        return s.to_owned();
    }
    let mut out = String::with_capacity(s.len() + 8);
    // Lines end at `\n` or `\r` (a lone `\r` ends a Markdown line, and the table row); the
    // empty line between the two of a `\r\n` is dropped below. Two `char` splits, not one on
    // `['\n', '\r']`: the crate compiles `split('\n')` anyway.
    for line_to_newline in s.split('\n') {
        for line in line_to_newline.split('\r') {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            if !out.is_empty() {
                out.push_str("<br>");
            }
            for c in line.chars() {
                if matches!(u8::try_from(c), Ok(b) if special(b)) {
                    out.push('\\');
                }
                out.push(c);
            }
        }
    }
    out
}

/// Whether a byte of `s` is one `pick` selects.
fn has_byte(s: &str, pick: fn(u8) -> bool) -> bool {
    for b in s.bytes() {
        if pick(b) {
            return true;
        }
    }
    false
}

/// The ASCII punctuation that Markdown (or rustdoc's HTML) would read: backslash-escaped.
fn special(b: u8) -> bool {
    matches!(
        b,
        b'\\' | b'|' | b'`' | b'*' | b'_' | b'[' | b']' | b'<' | b'>' | b'~' | b'#' | b'&'
    )
}

/// A code span for an identifier or a type; escaped text when it could break out of a code
/// span (a backtick, a line break) or is empty.
pub fn code(s: &str) -> String {
    if s.is_empty() || has_byte(s, |b| matches!(b, b'`' | b'\n' | b'\r')) {
        text(s)
    } else if has_byte(s, |b| b == b'|') {
        // A pipe would end a table cell: escaped (this file is self-contained, see
        // `tests/test_ties.rs`).
        let mut out = String::with_capacity(s.len() + 4);
        out.push('`');
        for c in s.chars() {
            if c == '|' {
                out.push('\\');
            }
            out.push(c);
        }
        out.push('`');
        out
    } else {
        format!("`{s}`")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_neutralizes_table_and_html_syntax() {
        assert_eq!(text("a|b <path> [x]"), "a\\|b \\<path\\> \\[x\\]");
        assert_eq!(text("x *y* _z_"), "x \\*y\\* \\_z\\_");
        assert_eq!(text("plain text"), "plain text");
    }

    #[test]
    fn text_keeps_a_message_on_its_table_row() {
        assert_eq!(text("a\nb\r\nc|d"), "a<br>b<br>c\\|d");
        assert_eq!(text("a\rb"), "a<br>b");
        assert_eq!(text("one\n\n  two  "), "one<br>two");
        assert_eq!(text("  padded "), "padded");
    }

    #[test]
    fn code_escapes_only_what_ends_the_cell_or_span() {
        assert_eq!(code("mcp_errors::CommonError"), "`mcp_errors::CommonError`");
        assert_eq!(code("A|B"), "`A\\|B`");
        assert_eq!(code("a`b"), "a\\`b");
        assert_eq!(code(""), "");
    }
}
