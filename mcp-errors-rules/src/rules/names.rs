//! The format of names: symbols (and aliases), symbol prefixes, domains, and the case
//! conversions that derive and suggest them.

use core::fmt;

use super::finding::{Finding, NameRole};

/// The longest symbol accepted (63 keeps symbols readable and within common identifier limits
/// of other languages' clients).
pub const MAX_SYMBOL_LEN: usize = 63;

/// Why a string is not a valid symbol: the pattern is `^[A-Z][A-Z0-9_]*[A-Z0-9]$`, at most
/// [`MAX_SYMBOL_LEN`] characters. `Display` is the predicate after "it": "is longer than 63
/// characters".
#[derive(Clone, Copy)]
#[cfg_attr(not(proc_macro), derive(Debug, PartialEq, Eq))]
pub enum SymbolProblem {
    /// More than [`MAX_SYMBOL_LEN`] bytes.
    TooLong,
    /// Fewer than two characters.
    TooShort,
    /// The first character is not `A`-`Z`.
    BadStart,
    /// A character other than `A`-`Z`, `0`-`9` and `_`.
    BadCharacter,
    /// The last character is `_`.
    TrailingUnderscore,
}

impl fmt::Display for SymbolProblem {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SymbolProblem::TooLong => "is longer than 63 characters",
            SymbolProblem::TooShort => "needs at least two characters",
            SymbolProblem::BadStart => "must start with an upper-case ASCII letter",
            SymbolProblem::BadCharacter => "may contain only `A`-`Z`, `0`-`9` and `_`",
            SymbolProblem::TrailingUnderscore => "must not end with `_`",
        })
    }
}

/// Why `symbol` is not a valid symbol, or `None` when it is.
#[inline]
pub fn symbol_problem(symbol: &str) -> Option<SymbolProblem> {
    let bytes = symbol.as_bytes();
    if bytes.len() > MAX_SYMBOL_LEN {
        return Some(SymbolProblem::TooLong);
    }
    if bytes.len() < 2 {
        return Some(SymbolProblem::TooShort);
    }
    if !bytes[0].is_ascii_uppercase() {
        return Some(SymbolProblem::BadStart);
    }
    if !all_symbol_bytes(bytes) {
        return Some(SymbolProblem::BadCharacter);
    }
    if bytes[bytes.len() - 1] == b'_' {
        return Some(SymbolProblem::TrailingUnderscore);
    }
    None
}

/// The rule: `name`, used as `role`, is a well-formed symbol.
/// Finding: "invalid symbol `e_pw`: it must start with an upper-case ASCII letter".
#[inline]
// A `match`, not `Option::map` with a closure: one generic instantiation less in the derive.
#[allow(clippy::manual_map)]
pub fn symbol(name: &str, role: NameRole) -> Option<Finding<'_>> {
    match symbol_problem(name) {
        Some(problem) => Some(Finding::InvalidName {
            name,
            role,
            problem,
        }),
        None => None,
    }
}

/// Whether `prefix` can start a symbol: empty, or `^[A-Z][A-Z0-9_]*$`.
#[inline]
pub fn is_valid_symbol_prefix(prefix: &str) -> bool {
    let bytes = prefix.as_bytes();
    bytes.is_empty() || (bytes[0].is_ascii_uppercase() && all_symbol_bytes(bytes))
}

/// Whether every byte is `A`-`Z`, `0`-`9` or `_`.
#[inline]
fn all_symbol_bytes(bytes: &[u8]) -> bool {
    for &b in bytes {
        if !(b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_') {
            return false;
        }
    }
    true
}

/// The rule: a domain is lower-kebab-case, `^[a-z][a-z0-9]*(-[a-z0-9]+)*$` (`memory-bank`).
/// Finding: "domain `Memory_Bank` must be lower-kebab-case, e.g. `memory-bank`".
#[inline]
pub fn domain(domain: &str) -> Option<Finding<'_>> {
    if is_kebab_case(domain) {
        None
    } else {
        Some(Finding::InvalidDomain { domain })
    }
}

/// Whether `domain` is lower-kebab-case: `^[a-z][a-z0-9]*(-[a-z0-9]+)*$` (`memory-bank`).
#[inline]
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
#[inline]
pub fn to_kebab(domain: &str) -> String {
    replace(&screaming_snake(domain).to_lowercase(), "_", "-")
}

/// `FileNotFound` -> `FILE_NOT_FOUND`, `HTTP2Error` -> `HTTP2_ERROR`, `IOError` -> `IO_ERROR`.
///
/// A new word starts at an upper-case letter that follows a lower-case letter or a digit, and
/// at the last upper-case letter of an acronym when a lower-case letter follows it. Digits
/// stay with the word before them. Underscores separate words and are never doubled.
#[inline]
pub fn screaming_snake(ident: &str) -> String {
    let ident = ident.strip_prefix("r#").unwrap_or(ident);
    let chars: Vec<char> = ident.chars().collect();
    let mut out = String::with_capacity(ident.len() + 4);
    for i in 0..chars.len() {
        let c = chars[i];
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

/// `text` with every `from` replaced by `to`, left to right, as `str::replace` does, written
/// out so that the derive does not compile std's substring search for it (about 1,200 of its
/// `cargo llvm-lines`). An empty `from` leaves `text` as it is.
#[inline]
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
    fn symbols_follow_the_pattern() {
        for ok in ["E_PW_NAV", "AB", "E2", "A__B", "X9_Y"] {
            assert_eq!(symbol_problem(ok), None, "{ok}");
        }
        for bad in ["", "A", "e_pw", "E_PW_", "1ABC", "_AB", "E-PW", "ÉCHEC"] {
            assert!(symbol_problem(bad).is_some(), "{bad}");
        }
        assert_eq!(symbol_problem(&"A".repeat(63)), None);
        assert_eq!(
            symbol_problem(&"A".repeat(64)),
            Some(SymbolProblem::TooLong)
        );
        assert_eq!(
            symbol("e_pw", NameRole::Symbol).unwrap().to_string(),
            "invalid symbol `e_pw`: it must start with an upper-case ASCII letter"
        );
        assert_eq!(
            symbol("AB_", NameRole::Alias).unwrap().to_string(),
            "invalid alias `AB_`: it must not end with `_`"
        );
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
            assert_eq!(domain(ok), None);
        }
        for bad in ["", "Memory", "memory_bank", "-a", "a-", "a--b", "2a", "a b"] {
            assert!(!is_kebab_case(bad), "{bad}");
        }
        assert_eq!(to_kebab("Memory_Bank"), "memory-bank");
        assert_eq!(to_kebab("MemoryBank"), "memory-bank");
        assert_eq!(
            domain("Memory_Bank").unwrap().to_string(),
            "domain `Memory_Bank` must be lower-kebab-case, e.g. `memory-bank`"
        );
    }
}
