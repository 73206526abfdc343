//! What JSON escapes in a string: the derive promises, for an enum's data keys, that there is
//! nothing to escape (`McpError::__plain_catalog_text`). Only `std`: the facade's
//! `tests/test_ties.rs` includes this file and checks the rule against `serde_json`.

/// Whether `text` holds a character JSON escapes in a string: a control character, `"` or
/// `\`.
pub fn needs_escape(text: &str) -> bool {
    for b in text.bytes() {
        if b < 0x20 || b == b'"' || b == b'\\' {
            return true;
        }
    }
    false
}
