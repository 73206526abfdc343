//! Recovering an error's identity after a gateway lost it (feature `client`): the rule of
//! `docs/envelopes.md`, "Identity through gateways", written once for Rust (the generated
//! TypeScript and Python modules follow the same rule, tested on the same vectors,
//! `tests/polyglot/recover_cases.json`).
//!
//! A received error whose `data` has no `symbol` is read again from its message (or a tool
//! result without mcp-errors' `_meta` from its text):
//!
//! 1. a JSON-RPC response or error object embedded in the text (`Error POSTing to endpoint:
//!    {"jsonrpc":"2.0",...}`), found by [`embedded`] and decoded instead, itself recovered in
//!    turn (at most [`MAX_HOPS`] levels);
//! 2. else a `SYMBOL: ` at the start of the text that names a symbol of the target's catalog
//!    (the opt-in [`JsonRpcMessageFormat::SYMBOL_FIRST`](crate::JsonRpcMessageFormat) writes it,
//!    tool error texts always start with it): that symbol's row, whatever the wire code (a
//!    gateway answers with its own), with the delay of a `(retry after N ms)` in the text.
//!
//! Everything is bounded: a text over [`MAX_TEXT`] bytes is not read, the scan for the end of
//! the embedded object is one pass that gives up past [`MAX_NESTING`] brackets, and what it
//! finds is parsed once, strictly. A text that looks like JSON but is not is simply not
//! recovered.

use serde_json::{Map, Value};

use crate::{ErrorCatalog, ErrorObject};

/// The longest text read for an embedded error, in UTF-8 bytes: 64 KiB. A longer one (a
/// gateway's text is a reply the upstream server already bounded) is not read at all.
pub(crate) const MAX_TEXT: usize = 64 * 1024;

/// The deepest bracket nesting the scan follows: 66, a response and its `error` object
/// around a `data` as deep as a decoded one may nest ([`MAX_DEPTH`](crate::decode::MAX_DEPTH),
/// 64); deeper is not recovered.
pub(crate) const MAX_NESTING: usize = crate::decode::MAX_DEPTH + 2;

/// How many embedded levels are followed (a gateway behind a gateway): 4.
pub(crate) const MAX_HOPS: usize = 4;

/// The longest `SYMBOL` of a `SYMBOL: ` prefix: 63 bytes, the catalog rules' limit.
const MAX_SYMBOL: usize = 63;

/// The JSON-RPC error embedded in `text`, if any: the first `{` followed (after JSON
/// whitespace) by `"`, up to the bracket that closes it, parsed strictly as JSON, which must be
/// a JSON-RPC response with an `error` object or an error object itself (an integer `code`,
/// or a string of digits, and a string `message`). `None` for anything else, a truncated or
/// malformed object included.
pub(crate) fn embedded(text: &str) -> Option<ErrorObject> {
    if text.len() > MAX_TEXT {
        return None;
    }
    let bytes = text.as_bytes();
    let start = object_start(bytes)?;
    let end = start + object_len(&bytes[start..])?;
    let value: Value = serde_json::from_str(&text[start..end]).ok()?;
    let object = match value.get("error") {
        Some(error @ Value::Object(_)) => error,
        _ => &value,
    };
    let map = object.as_object()?;
    if !map.get("message").is_some_and(Value::is_string) || !map.contains_key("code") {
        return None;
    }
    <ErrorObject as serde::Deserialize>::deserialize(object).ok()
}

/// Where the embedded object starts: the first `{` whose next non-whitespace byte is `"`.
fn object_start(bytes: &[u8]) -> Option<usize> {
    let mut at = 0;
    while let Some(offset) = bytes[at..].iter().position(|&b| b == b'{') {
        let open = at + offset;
        let rest = &bytes[open + 1..];
        match rest
            .iter()
            .find(|b| !matches!(b, b' ' | b'\t' | b'\n' | b'\r'))
        {
            Some(b'"') => return Some(open),
            // (Each byte is looked at once or twice: the scan stays linear.)
            Some(_) => at = open + 1,
            None => return None,
        }
    }
    None
}

/// The length of the object opening `bytes`: up to the bracket that brings the nesting back
/// to zero, outside strings. `None` when the text ends first (truncated) or nests deeper
/// than [`MAX_NESTING`].
fn object_len(bytes: &[u8]) -> Option<usize> {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for (i, &b) in bytes.iter().enumerate() {
        if in_string {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'{' | b'[' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return None;
                }
            }
            b'}' | b']' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// The `SYMBOL` of a `SYMBOL: ` at the start of `text`, and the rest of the text after it
/// (no more than [`MAX_SYMBOL`] bytes before the `: `, no space in it).
pub(crate) fn symbol_prefix(text: &str) -> Option<(&str, &str)> {
    let head = &text.as_bytes()[..text.len().min(MAX_SYMBOL + 2)];
    let colon = head.windows(2).position(|w| w == b": ")?;
    let symbol = &text[..colon];
    if symbol.is_empty() || symbol.bytes().any(|b| b.is_ascii_whitespace()) {
        return None;
    }
    Some((symbol, &text[colon + 2..]))
}

/// The error a tool result's `text` stands for when the result has no mcp-errors `_meta`:
/// the JSON-RPC error embedded in it, else, when it starts with `SYMBOL: `, an object with
/// code 0 (a gateway's text carries none) and the text as its message, which [`recover`]
/// reads for the target's catalog.
pub(crate) fn from_text(text: &str) -> Option<ErrorObject> {
    if let Some(found) = embedded(text) {
        return Some(found);
    }
    symbol_prefix(text)?;
    Some(ErrorObject {
        code: 0,
        message: text.to_owned(),
        data: None,
    })
}

/// The JSON-RPC error a gateway embedded in `obj`'s message when `obj`'s `data` has no
/// `symbol`, followed through up to [`MAX_HOPS`] levels (catalog-free: no `SYMBOL: ` prefix).
pub(crate) fn embedded_of(obj: &ErrorObject) -> Option<ErrorObject> {
    let mut found: Option<ErrorObject> = None;
    for _ in 0..MAX_HOPS {
        let current = found.as_ref().unwrap_or(obj);
        if has_symbol(current) {
            break;
        }
        match embedded(&current.message) {
            Some(inner) => found = Some(inner),
            None => break,
        }
    }
    found
}

/// Whether `obj` carries its own identity: a string `data.symbol`.
fn has_symbol(obj: &ErrorObject) -> bool {
    obj.data
        .as_ref()
        .and_then(|d| d.get("symbol"))
        .is_some_and(Value::is_string)
}

/// The error `obj` stands for, read again from its message for `T` when its `data` has no
/// `symbol` (the module docs give the rule); `None` when there is nothing to recover.
pub(crate) fn recover<T: ErrorCatalog + ?Sized>(obj: &ErrorObject) -> Option<ErrorObject> {
    recover_hops::<T>(obj, MAX_HOPS)
}

fn recover_hops<T: ErrorCatalog + ?Sized>(obj: &ErrorObject, hops: usize) -> Option<ErrorObject> {
    if hops == 0 || has_symbol(obj) {
        return None;
    }
    if let Some(inner) = embedded(&obj.message) {
        return Some(recover_hops::<T>(&inner, hops - 1).unwrap_or(inner));
    }
    let (symbol, rest) = symbol_prefix(&obj.message)?;
    let entry = T::entry_by_symbol(symbol)?;
    // The message's line (a tool text's `Details:`, `Help:` and `Retryable:` lines follow it).
    let line = rest.split('\n').next().unwrap_or(rest);
    let mut data = Map::new();
    data.insert("symbol".to_owned(), Value::from(symbol));
    if let Some(delay) = crate::retry::retry_after_text(&obj.message) {
        data.insert(
            "retryAfterMs".to_owned(),
            Value::from(crate::field_types::whole_ms(delay)),
        );
    }
    Some(ErrorObject {
        code: entry.code,
        message: crate::retry::without_text_suffix(line).to_owned(),
        data: Some(Value::Object(data)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_a_response_or_an_error_after_a_prefix() {
        let text = r#"Error POSTing to endpoint: {"jsonrpc":"2.0","id":1,"error":{"code":-32021,"message":"m {x}","data":{"symbol":"S"}}} (HTTP 400)"#;
        let found = embedded(text).unwrap();
        assert_eq!((found.code, found.message.as_str()), (-32021, "m {x}"));
        assert_eq!(found.symbol(), Some("S"));
        let bare = embedded(r#"upstream: { "code": "1001", "message": "m" }"#).unwrap();
        assert_eq!((bare.code, bare.data), (1001, None));
        // A `{` that opens no JSON object is passed over.
        let after = embedded(r#"{code} then {"code":1,"message":"m"}"#).unwrap();
        assert_eq!(after.code, 1);
    }

    #[test]
    fn anything_else_is_not_found() {
        for text in [
            "",
            "{",
            "no json here",
            r#"truncated: {"jsonrpc":"2.0","error":{"code":1,"message":"m"#,
            r#"{"code":1.5,"message":"m"}"#,
            r#"{"code":1,"message":2}"#,
            r#"{"code":1}"#,
            r#"{"jsonrpc":"2.0","result":{}}"#,
            r#"{"code":1,"message":"m",}"#,
            r#"{"code":NaN,"message":"m"}"#,
            // Only the first candidate is parsed: one pass, whatever the text holds.
            r#"{"a": {"code":1,"message":"m"}} {"code":1,"message":"m"}"#,
        ] {
            assert!(embedded(text).is_none(), "{text}");
        }
        let deep = format!("x: {{\"a\":{}", "[".repeat(100_000));
        assert!(embedded(&deep).is_none());
        let huge = format!(r#"x: {{"code":1,"message":"{}"}}"#, "a".repeat(MAX_TEXT));
        assert!(embedded(&huge).is_none());
    }

    #[test]
    fn a_symbol_prefix_is_a_word_before_colon_space() {
        assert_eq!(symbol_prefix("E_X: m: n"), Some(("E_X", "m: n")));
        assert_eq!(symbol_prefix("two words: m"), None);
        assert_eq!(symbol_prefix(": m"), None);
        assert_eq!(symbol_prefix(&format!("{}: m", "A".repeat(64))), None);
        assert_eq!(symbol_prefix("é: m"), Some(("é", "m")));
    }
}
