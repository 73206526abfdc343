//! Pure functions on names: case conversion and the format rules of symbols and domains. The
//! rules are the shared crate's (`crate::rules::names`); only what reads a Rust
//! identifier is here.

pub use crate::rules::names::{is_valid_symbol_prefix, replace, screaming_snake, symbol_problem};

/// Whether `text` contains `needle`, as `str::contains` says, written out so that the derive
/// does not compile std's substring search for its one use (`simd_contains` and the two-way
/// searcher: about 1,300 lines of the derive's LLVM IR, on every clean build of a server).
pub fn contains(text: &str, needle: &str) -> bool {
    let (text, needle) = (text.as_bytes(), needle.as_bytes());
    let mut start = 0;
    while start + needle.len() <= text.len() {
        if &text[start..start + needle.len()] == needle {
            return true;
        }
        start += 1;
    }
    false
}

/// The identifier without `r#`.
pub fn unraw(ident: &proc_macro2::Ident) -> String {
    let name = ident.to_string();
    match name.strip_prefix("r#") {
        Some(raw) => raw.to_owned(),
        None => name,
    }
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

#[cfg(test)]
mod tests {
    use super::{contains, derived_symbol};

    #[test]
    fn contains_agrees_with_str_contains() {
        for text in [
            "",
            "Duration",
            "std::time::Duration",
            "Durat",
            "xDurationx",
            "DDuration",
        ] {
            for needle in ["", "Duration", "D", "x"] {
                assert_eq!(
                    contains(text, needle),
                    text.contains(needle),
                    "{text:?} {needle:?}"
                );
            }
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
}
