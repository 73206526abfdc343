//! Concepts that exist in both crates, tied together.
//!
//! The derive cannot depend on the runtime, so a few lists live in both: the kinds and which
//! are retryable by default, the field roles of the catalog, the `data` keys the envelopes
//! write themselves, the Markdown escaping of catalog tables, and what JSON escapes in a string;
//! the CLI (which depends on neither) keeps its own copy of which characters break a line.
//! The derive keeps its copies in std-only files (`symbol.rs`, `markdown.rs`, `json.rs`); this
//! test includes those files and checks them against the runtime's definitions (and
//! `serde_json`'s), so a change to either side fails here.

// The derive writes index loops where `enumerate` would cost it build time (its lib.rs says why).
#[allow(dead_code, clippy::needless_range_loop)]
#[path = "../mcp-errors-derive/src/symbol.rs"]
mod derive_symbol;

#[allow(dead_code)]
#[path = "../mcp-errors-derive/src/markdown.rs"]
mod derive_markdown;

#[path = "../mcp-errors-derive/src/json.rs"]
mod derive_json;

#[allow(dead_code)]
#[path = "../mcp-errors-core/src/line_safe.rs"]
mod core_line_safe;

use mcp_errors::{ErrorKind, FieldRole};

#[test]
fn kinds_are_the_runtime_kinds_in_order() {
    let runtime: Vec<(&str, String)> = ErrorKind::ALL
        .iter()
        .map(|k| (k.as_str(), format!("{k:?}")))
        .collect();
    let derive: Vec<(&str, String)> = derive_symbol::KINDS
        .iter()
        .map(|&(name, variant)| (name, variant.to_owned()))
        .collect();
    assert_eq!(derive, runtime);
}

#[test]
fn retryable_kinds_are_the_runtime_defaults() {
    let runtime: Vec<&str> = ErrorKind::ALL
        .iter()
        .filter(|k| k.default_retryable())
        .map(|k| k.as_str())
        .collect();
    assert_eq!(derive_symbol::RETRYABLE_KINDS, runtime);
}

/// Each role's position in the runtime enum; an exhaustive `match`, so a new `FieldRole`
/// stops this test from compiling until the derive's list has it too.
fn position(role: FieldRole) -> usize {
    match role {
        FieldRole::Data => 0,
        FieldRole::Skip => 1,
        FieldRole::Details => 2,
        FieldRole::Source => 3,
        FieldRole::RetryAfter => 4,
        FieldRole::Retryable => 5,
        FieldRole::Transparent => 6,
        FieldRole::Message => 7,
    }
}

#[test]
fn field_roles_are_the_runtime_roles_in_order() {
    let runtime = [
        FieldRole::Data,
        FieldRole::Skip,
        FieldRole::Details,
        FieldRole::Source,
        FieldRole::RetryAfter,
        FieldRole::Retryable,
        FieldRole::Transparent,
        FieldRole::Message,
    ];
    assert_eq!(derive_symbol::FIELD_ROLES.len(), runtime.len());
    for role in runtime {
        assert_eq!(
            derive_symbol::FIELD_ROLES[position(role)],
            format!("{role:?}")
        );
    }
}

#[test]
fn reserved_data_keys_are_the_keys_the_envelopes_write() {
    let mut derive = derive_symbol::RESERVED_DATA_KEYS.to_vec();
    let mut runtime = mcp_errors::__private::RESERVED_DATA_KEYS.to_vec();
    derive.sort_unstable();
    runtime.sort_unstable();
    assert_eq!(derive, runtime);
}

/// Every character either escaper treats specially, some that neither does, and line breaks
/// and blanks in every position.
const MARKDOWN_ALPHABET: &[char] = &[
    '\\', '|', '`', '*', '_', '[', ']', '<', '>', '~', '#', '&', '!', '(', ')', '{', '}', '"', 'a',
    'Z', '0', ' ', '\t', '\n', '\r', 'é', '→',
];

/// The same strings on every run: a small linear congruential generator over the alphabet.
fn markdown_samples() -> Vec<String> {
    let mut samples: Vec<String> = ["", " ", "\n", "plain text", "E_PW_NAV", "a\r\n\r\nb  "]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
    samples.extend(MARKDOWN_ALPHABET.iter().map(char::to_string));
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    for len in 0..2000usize {
        let mut s = String::new();
        for _ in 0..(len % 12) {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let index = usize::try_from(state >> 33).unwrap() % MARKDOWN_ALPHABET.len();
            s.push(MARKDOWN_ALPHABET[index]);
        }
        samples.push(s);
    }
    samples
}

#[test]
fn markdown_escapers_agree() {
    for s in markdown_samples() {
        assert_eq!(
            derive_markdown::text(&s),
            mcp_errors::__private::markdown_text(&s),
            "text {s:?}"
        );
        assert_eq!(
            derive_markdown::code(&s),
            mcp_errors::__private::markdown_code(&s),
            "code {s:?}"
        );
    }
}

#[test]
fn the_derives_json_escape_rule_is_serde_jsons() {
    for c in (0..=0x7f_u8).map(char::from).chain(['é', '\u{2028}', '✓']) {
        let text = c.to_string();
        let escaped = serde_json::to_string(&text).unwrap() != format!("\"{text}\"");
        assert_eq!(derive_json::needs_escape(&text), escaped, "{c:?}");
    }
}

/// The CLI's generated comments and `diff` findings keep off the characters the runtime's log
/// and terminal text escapes (`line_safe.rs`): one rule for every character.
#[test]
fn the_clis_line_breakers_are_the_runtimes() {
    for c in (0..=0x10_ffff).filter_map(char::from_u32) {
        assert_eq!(
            mcp_errors_cli::lang::breaks_lines(c),
            core_line_safe::breaks_a_line(c),
            "U+{:04X}",
            u32::from(c)
        );
    }
    assert_eq!(
        core_line_safe::LineSafe("a\nb\u{202e}c").to_string(),
        r"a\nb\u{202e}c"
    );
}
