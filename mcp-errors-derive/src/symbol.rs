//! Every key of the `#[mcp(...)]` language, in one place, and the runtime names the derive
//! must agree with (kinds, field roles, reserved `data` keys).
//!
//! The parser matches on these, the error messages quote them and the lists of expected keys
//! are built from them, so a key is spelled exactly once. Only `std`: the facade's
//! `tests/test_ties.rs` includes this file to check the lists against the runtime's.

/// The attribute's own name: `#[mcp(...)]`.
pub const MCP: &str = "mcp";
/// thiserror's attribute, left over from a port: reported with the `mcp` key to write.
pub const THISERROR: &str = "error";

// Enum level.
pub const DOMAIN: &str = "domain";
pub const RANGE: &str = "range";
/// `reserved = [2150, 2160..=2169]`: codes the enum retired, which no variant may use.
pub const RESERVED: &str = "reserved";
/// `fleet = "fleet.toml"`: the fleet file the enum's domain and codes are checked against
/// (with the `fleet` feature).
pub const FLEET: &str = "fleet";
pub const SYMBOL_PREFIX: &str = "symbol_prefix";
pub const PROTOCOL: &str = "protocol";
pub const CRATE: &str = "crate";
pub const DECODE: &str = "decode";
/// The type implements `Display` itself: doc lines stay documentation, the wire message is
/// that `Display`.
pub const OWN_DISPLAY: &str = "own_display";

// Enum and variant level: `protocol` (above) and
pub const ERROR_TYPE: &str = "error_type";
/// `doc_url = "https://errors.acme.dev/{domain}#{symbol}"`: the error's page, or on the enum
/// the template of every variant without its own.
pub const DOC_URL: &str = "doc_url";

// Enum and variant level.
pub const KIND: &str = "kind";
pub const RETRYABLE: &str = "retryable";
/// Every field without a role of its own goes into `data` under its name (the variant's, or
/// every variant's): a field the author never mentioned for the wire is otherwise not sent.
pub const DATA_FIELDS: &str = "data_fields";

// Variant level.
pub const CODE: &str = "code";
pub const SYMBOL: &str = "symbol";
pub const MESSAGE: &str = "message";
pub const ALIAS: &str = "alias";
pub const HELP: &str = "help";
pub const TRANSPARENT: &str = "transparent";
pub const DISPLAY: &str = "display";
pub const CATCH_ALL: &str = "catch_all";
pub const FMT: &str = "fmt";
pub const SHARED_CODE: &str = "shared_code";
pub const LEGACY: &str = "legacy";
/// `data(key = literal, ...)`: constant `data` members of a variant; on a field, the flag
/// that sends the field into `data` under its name.
pub const DATA: &str = "data";

// Field level (`retryable` is shared with the levels above).
pub const SKIP: &str = "skip";
pub const DETAILS: &str = "details";
pub const SOURCE: &str = "source";
pub const FROM: &str = "from";
pub const RETRY_AFTER: &str = "retry_after";
pub const RENAME: &str = "rename";
/// A field serialized into `data` as its `Display` text (no `Serialize` needed).
pub const TEXT: &str = "text";
/// A field kept out of `data` that the message may still name (not a secret: see `skip`).
pub const MESSAGE_ONLY: &str = "message_only";

/// The keys accepted on the enum, in the order the docs list them.
pub const ENUM_KEYS: &[&str] = &[
    DOMAIN,
    RANGE,
    RESERVED,
    FLEET,
    SYMBOL_PREFIX,
    PROTOCOL,
    CRATE,
    KIND,
    RETRYABLE,
    ERROR_TYPE,
    DOC_URL,
    DATA_FIELDS,
    DECODE,
    MESSAGE,
    FMT,
    OWN_DISPLAY,
];

/// The keys accepted on a variant.
pub const VARIANT_KEYS: &[&str] = &[
    CODE,
    SYMBOL,
    MESSAGE,
    DISPLAY,
    FMT,
    RETRYABLE,
    KIND,
    ALIAS,
    HELP,
    PROTOCOL,
    ERROR_TYPE,
    DOC_URL,
    TRANSPARENT,
    CATCH_ALL,
    SHARED_CODE,
    LEGACY,
    DATA,
    DATA_FIELDS,
];

/// The keys accepted on a field.
pub const FIELD_KEYS: &[&str] = &[
    DATA,
    SKIP,
    DETAILS,
    SOURCE,
    FROM,
    RETRY_AFTER,
    RENAME,
    RETRYABLE,
    TEXT,
    MESSAGE_ONLY,
];

/// The `kind = "..."` spellings, as `ErrorKind::as_str` returns them, with the name of the
/// `ErrorKind` variant each stands for.
pub const KINDS: &[(&str, &str)] = &[
    ("validation", "Validation"),
    ("timeout", "Timeout"),
    ("network", "Network"),
    ("rate_limit", "RateLimit"),
    ("unavailable", "Unavailable"),
    ("not_found", "NotFound"),
    ("permission", "Permission"),
    ("internal", "Internal"),
    ("protocol", "Protocol"),
    ("adapter", "Adapter"),
    ("business", "Business"),
];

/// The kinds whose variants are retryable when nothing else says so; mirrors
/// `ErrorKind::default_retryable` of the runtime.
pub const RETRYABLE_KINDS: &[&str] = &["timeout", "network", "rate_limit", "unavailable"];

/// The runtime's `FieldRole` variants, in declaration order: the role of each field in the
/// catalog (`plan::Role` names them through this list).
pub const FIELD_ROLES: &[&str] = &[
    "Data",
    "Skip",
    "Details",
    "Source",
    "RetryAfter",
    "Retryable",
    "Transparent",
    "Message",
];

/// Keys of `data` that the envelopes write themselves; a field may not claim them.
pub const RESERVED_DATA_KEYS: &[&str] = &[
    "domain",
    "symbol",
    "retryable",
    "details",
    "retryAfterMs",
    "stack",
    "truncated",
];

/// `` `a`, `b`, `c` `` for error messages listing what was expected.
pub fn quoted_list(keys: &[&str]) -> String {
    let mut out = String::new();
    for i in 0..keys.len() {
        let key = keys[i];
        if i > 0 {
            out.push_str(", ");
        }
        out.push('`');
        out.push_str(key);
        out.push('`');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_list_joins_with_backticks() {
        assert_eq!(quoted_list(&["a", "b"]), "`a`, `b`");
        assert_eq!(quoted_list(&[]), "");
    }

    #[test]
    fn retryable_kinds_are_kinds() {
        for kind in RETRYABLE_KINDS {
            assert!(KINDS.iter().any(|(k, _)| k == kind), "{kind}");
        }
    }
}
