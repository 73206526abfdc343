//! Pure functions on names: case conversion and the format rules of symbols and domains.

/// The identifier without `r#`.
pub fn unraw(ident: &proc_macro2::Ident) -> String {
    let name = ident.to_string();
    match name.strip_prefix("r#") {
        Some(raw) => raw.to_owned(),
        None => name,
    }
}

/// The longest symbol accepted (seed 000's symbols are short; 63 keeps them readable and
/// within common identifier limits of other languages' clients).
pub const MAX_SYMBOL_LEN: usize = 63;

/// `FileNotFound` -> `FILE_NOT_FOUND`, `HTTP2Error` -> `HTTP2_ERROR`, `IOError` -> `IO_ERROR`.
///
/// A new word starts at an upper-case letter that follows a lower-case letter or a digit, and
/// at the last upper-case letter of an acronym when a lower-case letter follows it. Digits
/// stay with the word before them. Underscores separate words and are never doubled.
pub fn screaming_snake(ident: &str) -> String {
    let ident = ident.strip_prefix("r#").unwrap_or(ident);
    let chars: Vec<char> = ident.chars().collect();
    let mut out = String::with_capacity(ident.len() + 4);
    for (i, &c) in chars.iter().enumerate() {
        if c == '_' {
            if !out.is_empty() && !out.ends_with('_') {
                out.push('_');
            }
            continue;
        }
        if i > 0 && c.is_uppercase() && !out.is_empty() && !out.ends_with('_') {
            let prev = chars[i - 1];
            let next_is_lower = i + 1 < chars.len() && chars[i + 1].is_lowercase();
            let boundary = prev.is_lowercase()
                || prev.is_ascii_digit()
                || (prev.is_uppercase() && next_is_lower);
            if boundary {
                out.push('_');
            }
        }
        for upper in c.to_uppercase() {
            out.push(upper);
        }
    }
    while out.ends_with('_') {
        out.pop();
    }
    out
}

/// The symbol of a variant without `symbol = "..."`: `prefix` + [`screaming_snake`] of its name,
/// except when that name repeats the prefix's last words (`Imap` under `E_IMAP_`): then the
/// prefix without its trailing `_` (`E_IMAP`, not `E_IMAP_IMAP`), if that is a valid symbol.
pub fn derived_symbol(prefix: &str, ident: &str) -> String {
    let words = screaming_snake(ident);
    if let Some(stem) = prefix.strip_suffix('_') {
        let repeats = stem == words
            || stem
                .strip_suffix(words.as_str())
                .is_some_and(|rest| rest.ends_with('_'));
        if repeats && symbol_problem(stem).is_none() {
            return stem.to_owned();
        }
    }
    format!("{prefix}{words}")
}

/// Why `symbol` is not a valid symbol, or `None` when it is: `^[A-Z][A-Z0-9_]*[A-Z0-9]$`,
/// at most [`MAX_SYMBOL_LEN`] characters.
pub fn symbol_problem(symbol: &str) -> Option<&'static str> {
    let bytes = symbol.as_bytes();
    if bytes.len() > MAX_SYMBOL_LEN {
        return Some("is longer than 63 characters");
    }
    if bytes.len() < 2 {
        return Some("needs at least two characters");
    }
    if !bytes[0].is_ascii_uppercase() {
        return Some("must start with an upper-case ASCII letter");
    }
    if !all_symbol_bytes(bytes) {
        return Some("may contain only `A`-`Z`, `0`-`9` and `_`");
    }
    if bytes[bytes.len() - 1] == b'_' {
        return Some("must not end with `_`");
    }
    None
}

/// Whether `prefix` can start a symbol: empty, or `^[A-Z][A-Z0-9_]*$`.
pub fn is_valid_symbol_prefix(prefix: &str) -> bool {
    let bytes = prefix.as_bytes();
    bytes.is_empty() || (bytes[0].is_ascii_uppercase() && all_symbol_bytes(bytes))
}

/// Whether every byte is `A`-`Z`, `0`-`9` or `_`.
fn all_symbol_bytes(bytes: &[u8]) -> bool {
    for &b in bytes {
        if !(b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_') {
            return false;
        }
    }
    true
}

/// Whether `domain` is lower-kebab-case: `^[a-z][a-z0-9]*(-[a-z0-9]+)*$` (`memory-bank`).
pub fn is_kebab_case(domain: &str) -> bool {
    let bytes = domain.as_bytes();
    if bytes.is_empty() || !bytes[0].is_ascii_lowercase() {
        return false;
    }
    // Words of `a`-`z` and `0`-`9`, each `-` between two of them.
    let mut after_dash = false;
    for &b in bytes {
        if b == b'-' {
            if after_dash {
                return false;
            }
            after_dash = true;
        } else if b.is_ascii_lowercase() || b.is_ascii_digit() {
            after_dash = false;
        } else {
            return false;
        }
    }
    !after_dash
}

/// A kebab-case suggestion for a domain that is not: `Memory_Bank` -> `memory-bank`.
pub fn to_kebab(domain: &str) -> String {
    replace(&screaming_snake(domain).to_lowercase(), "_", "-")
}

/// `text` with every `from` replaced by `to`, left to right, as `str::replace` does, written
/// out so that the crate does not compile std's substring search for it (about 1,200 of the
/// crate's `cargo llvm-lines`). An empty `from` leaves `text` as it is.
pub fn replace(text: &str, from: &str, to: &str) -> String {
    if from.is_empty() {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if rest.starts_with(from) {
            out.push_str(to);
            rest = &rest[from.len()..];
        } else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replace_agrees_with_str_replace() {
        for text in [
            "",
            "a",
            "a_b__c_",
            "__",
            "\u{e9}_\u{1f600}_x",
            "aaa",
            "abab",
        ] {
            for (from, to) in [
                ("_", "-"),
                ("__", "_"),
                ("a", "aa"),
                ("ab", ""),
                ("\u{1f600}", "e"),
            ] {
                assert_eq!(
                    replace(text, from, to),
                    text.replace(from, to),
                    "{text:?} {from:?}"
                );
            }
        }
        assert_eq!(replace("a_b", "", "x"), "a_b");
    }

    #[test]
    fn screaming_snake_splits_words_and_acronyms() {
        for (ident, expected) in [
            ("Nav", "NAV"),
            ("FileNotFound", "FILE_NOT_FOUND"),
            ("HTTP2Error", "HTTP2_ERROR"),
            ("IOError", "IO_ERROR"),
            ("Utf8Error", "UTF8_ERROR"),
            ("Error404", "ERROR404"),
            ("ParseJSON", "PARSE_JSON"),
            ("V2Beta", "V2_BETA"),
            ("ABC", "ABC"),
            ("Not_Found", "NOT_FOUND"),
            ("Snake__Case_", "SNAKE_CASE"),
            ("r#Type", "TYPE"),
            ("X", "X"),
        ] {
            assert_eq!(screaming_snake(ident), expected, "{ident}");
        }
    }

    #[test]
    fn a_variant_repeating_the_prefix_is_not_doubled() {
        for (prefix, ident, expected) in [
            ("E_IMAP_", "Imap", "E_IMAP"),
            ("E_IMAP_", "ImapLogin", "E_IMAP_IMAP_LOGIN"),
            ("E_GIT_HUB_", "GitHub", "E_GIT_HUB"),
            ("IMAP_", "Imap", "IMAP"),
            ("E_PW_", "Nav", "E_PW_NAV"),
            ("E_XIMAP_", "Imap", "E_XIMAP_IMAP"),
            ("E_", "E", "E_E"),
            ("E_IMAP", "Imap", "E_IMAPIMAP"),
            ("", "Imap", "IMAP"),
        ] {
            assert_eq!(derived_symbol(prefix, ident), expected, "{prefix} {ident}");
        }
    }

    #[test]
    fn symbols_follow_the_pattern() {
        for ok in ["E_PW_NAV", "AB", "E2", "A__B", "X9_Y"] {
            assert_eq!(symbol_problem(ok), None, "{ok}");
        }
        for bad in ["", "A", "e_pw", "E_PW_", "1ABC", "_AB", "E-PW", "ÉCHEC"] {
            assert!(symbol_problem(bad).is_some(), "{bad}");
        }
        assert_eq!(symbol_problem(&"A".repeat(63)), None);
        assert!(symbol_problem(&"A".repeat(64)).is_some());
    }

    #[test]
    fn prefixes_may_end_with_underscore() {
        assert!(is_valid_symbol_prefix(""));
        assert!(is_valid_symbol_prefix("E_PW_"));
        assert!(!is_valid_symbol_prefix("e_pw_"));
        assert!(!is_valid_symbol_prefix("_E"));
    }

    #[test]
    fn domains_are_lower_kebab_case() {
        for ok in ["playwright", "memory-bank", "kg2", "a-1-b"] {
            assert!(is_kebab_case(ok), "{ok}");
        }
        for bad in ["", "Memory", "memory_bank", "-a", "a-", "a--b", "2a", "a b"] {
            assert!(!is_kebab_case(bad), "{bad}");
        }
        assert_eq!(to_kebab("Memory_Bank"), "memory-bank");
        assert_eq!(to_kebab("MemoryBank"), "memory-bank");
    }
}
