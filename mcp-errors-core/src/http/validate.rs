//! What [`HttpErrors`](super::HttpErrors) checks in a request body before the inner service
//! sees it: UTF-8, nesting depth (a loop over the bytes, so no input can exhaust the stack),
//! JSON syntax and the JSON-RPC message shape.

use serde_json::Value;

/// Why a body is refused, and the reply's code, message and `id`.
#[derive(Debug, PartialEq)]
pub(crate) enum Refusal {
    /// Not JSON (-32700): invalid UTF-8, a syntax error, nesting over the limit. The string is
    /// the internal reason, for the log only.
    Parse(String),
    /// JSON, but not a JSON-RPC message (-32600), with the request's `id` when it could be
    /// read (a string or an integer).
    NotAMessage(&'static str, Value),
}

/// What [`check`] learned of a valid message.
#[derive(Debug, PartialEq, Clone)]
pub(crate) struct Message {
    /// A request (a `method` and an `id`), which gets a response.
    pub(crate) request: bool,
    /// A request's `id` when it can be echoed (a string or an integer), else `null`: the `id`
    /// of an error reply about it.
    pub(crate) id: Value,
    /// It names its protocol revision in `params._meta` (MCP 2026-07-28, SEP-2575), which
    /// then decides, not the `MCP-Protocol-Version` header alone.
    pub(crate) meta_version: bool,
}

/// The `_meta` key of a request's own protocol revision (SEP-2575).
const META_PROTOCOL_VERSION: &str = "io.modelcontextprotocol/protocolVersion";

/// Checks one complete request body. `Ok` when it is one JSON-RPC 2.0 message object.
pub(crate) fn check(body: &[u8], max_depth: usize) -> Result<Message, Refusal> {
    let text = core::str::from_utf8(body).map_err(|e| {
        Refusal::Parse(format!(
            "the body is not UTF-8 after byte {}",
            e.valid_up_to()
        ))
    })?;
    let depth = nesting_depth(text.as_bytes());
    if depth > max_depth {
        return Err(Refusal::Parse(format!(
            "nesting depth over {max_depth} (at least {depth})"
        )));
    }
    let value: Value = serde_json::from_str(text).map_err(|e| Refusal::Parse(e.to_string()))?;
    shape(&value)
}

/// The deepest nesting of `[` and `{` outside strings, counted in one pass without recursion;
/// stops counting (returns early) once it is clearly over any sane limit.
pub(crate) fn nesting_depth(bytes: &[u8]) -> usize {
    let mut depth = 0usize;
    let mut deepest = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for &b in bytes {
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
            b'[' | b'{' => {
                depth += 1;
                if depth > deepest {
                    deepest = depth;
                    if deepest > MAX_COUNTED {
                        return deepest;
                    }
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

/// Counting stops past this depth: the answer is "too deep" for any limit below it.
const MAX_COUNTED: usize = 1 << 16;

/// Whether a parsed body is a JSON-RPC 2.0 message (request, notification or response).
fn shape(value: &Value) -> Result<Message, Refusal> {
    let object = match value {
        Value::Object(object) => object,
        Value::Array(_) => {
            return Err(Refusal::NotAMessage(
                "Invalid Request: batches are not supported",
                Value::Null,
            ));
        }
        _ => {
            return Err(Refusal::NotAMessage(
                "Invalid Request: not a JSON-RPC message",
                Value::Null,
            ));
        }
    };
    let id = match object.get("id") {
        Some(id @ Value::String(s)) if s.len() <= MAX_ECHOED_ID => id.clone(),
        Some(id @ Value::Number(n)) if n.is_i64() || n.is_u64() => id.clone(),
        _ => Value::Null,
    };
    if object.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Err(Refusal::NotAMessage(
            "Invalid Request: jsonrpc must be \"2.0\"",
            id,
        ));
    }
    match object.get("method") {
        Some(Value::String(_)) => Ok(Message {
            request: object.contains_key("id"),
            id,
            meta_version: object
                .get("params")
                .and_then(|p| p.get("_meta"))
                .and_then(|m| m.get(META_PROTOCOL_VERSION))
                .is_some(),
        }),
        Some(_) => Err(Refusal::NotAMessage(
            "Invalid Request: method must be a string",
            id,
        )),
        // A response: an id and exactly one of result and error.
        None if object.contains_key("id")
            && (object.contains_key("result") != object.contains_key("error")) =>
        {
            Ok(Message {
                request: false,
                id: Value::Null,
                meta_version: false,
            })
        }
        None => Err(Refusal::NotAMessage(
            "Invalid Request: not a JSON-RPC message",
            id,
        )),
    }
}

/// The longest string `id` echoed in a reply; a longer one is answered with `id: null`.
const MAX_ECHOED_ID: usize = 1024;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_ignores_brackets_in_strings() {
        assert_eq!(nesting_depth(br#"{"a":"[[[[{{{\"[["}"#), 1);
        assert_eq!(nesting_depth(b"[[[]]]"), 3);
        assert_eq!(nesting_depth(b"]]]]["), 1);
        let deep = "[".repeat(1_000_000);
        assert_eq!(nesting_depth(deep.as_bytes()), MAX_COUNTED + 1);
    }

    #[test]
    fn shapes() {
        let ok = |s: &str| check(s.as_bytes(), 128);
        let message = |request, id: i32, meta_version| {
            Ok(Message {
                request,
                id: if id < 0 { Value::Null } else { Value::from(id) },
                meta_version,
            })
        };
        assert_eq!(
            ok(r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#),
            message(true, 1, false)
        );
        assert_eq!(
            ok(r#"{"jsonrpc":"2.0","method":"n"}"#),
            message(false, -1, false)
        );
        assert_eq!(
            ok(r#"{"jsonrpc":"2.0","id":1,"result":{}}"#),
            message(false, -1, false)
        );
        assert_eq!(
            ok(
                r#"{"jsonrpc":"2.0","id":1,"method":"m","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"x"}}}"#
            ),
            message(true, 1, true)
        );
        assert!(matches!(ok("{not json"), Err(Refusal::Parse(_))));
        assert!(matches!(
            ok("\"hello\""),
            Err(Refusal::NotAMessage(_, Value::Null))
        ));
        assert!(matches!(
            ok("[]"),
            Err(Refusal::NotAMessage(_, Value::Null))
        ));
        assert_eq!(
            ok(r#"{"jsonrpc":"1.0","id":7,"method":"ping"}"#),
            Err(Refusal::NotAMessage(
                "Invalid Request: jsonrpc must be \"2.0\"",
                Value::from(7)
            ))
        );
        // Which ids a reply echoes: a string up to the limit, an integer; nothing else.
        let id_of = |id: &str| match check(
            format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"m"}}"#).as_bytes(),
            128,
        ) {
            Ok(message) => message.id,
            Err(refusal) => panic!("{id}: {refusal:?}"),
        };
        assert_eq!(id_of(r#""a""#), Value::from("a"));
        assert_eq!(id_of("-3"), Value::from(-3));
        assert_eq!(id_of(&u64::MAX.to_string()), Value::from(u64::MAX));
        let long = "x".repeat(MAX_ECHOED_ID);
        assert_eq!(id_of(&format!("\"{long}\"")), Value::from(long.as_str()));
        for unechoed in [
            format!("\"{long}x\""),
            "1.5".into(),
            "{}".into(),
            "[1]".into(),
            "null".into(),
            "true".into(),
        ] {
            assert_eq!(id_of(&unechoed), Value::Null, "{unechoed}");
        }
        assert!(matches!(check(b"\xff{}", 128), Err(Refusal::Parse(_))));
        let deep = format!("{}{}", "[".repeat(129), "]".repeat(129));
        assert!(matches!(
            check(deep.as_bytes(), 128),
            Err(Refusal::Parse(_))
        ));
    }
}
