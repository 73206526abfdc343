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
    if let Some(message) = fast::message(text) {
        return Ok(message);
    }
    let value: Value = serde_json::from_str(text).map_err(|e| Refusal::Parse(e.to_string()))?;
    shape(&value)
}

/// The common case without a [`Value`]: a body that deserializes into [`fast::Envelope`]
/// (which borrows, skips what it does not name, and builds nothing but the `id`) and is a
/// message by the same rules as [`shape`]. Anything else (a syntax error, a field of another
/// type, a duplicate key, a body that is no message) is `None`, and [`check`] takes the full
/// path, which decides and words the refusal. So the fast path only ever says `Ok` where
/// [`shape`] would say the same `Ok`.
mod fast {
    use core::fmt;
    use std::borrow::Cow;

    use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
    use serde::{Deserialize, de};
    use serde_json::Value;

    use super::{MAX_ECHOED_ID, META_PROTOCOL_VERSION, Message};

    pub(super) fn message(text: &str) -> Option<Message> {
        // serde reads a struct from an array too: only an object is a message.
        if !text.trim_start().starts_with('{') {
            return None;
        }
        let envelope: Envelope<'_> = serde_json::from_str(text).ok()?;
        if envelope.jsonrpc.as_deref() != Some("2.0") {
            return None;
        }
        let has_id = envelope.id.is_some();
        let id = envelope.id.and_then(|id| id.0).unwrap_or(Value::Null);
        if envelope.method.is_some() {
            let meta_version = envelope.params.is_some_and(|p| p.meta_version);
            return Some(Message {
                request: has_id,
                id,
                meta_version,
            });
        }
        (has_id && envelope.result.is_some() != envelope.error.is_some()).then_some(Message {
            request: false,
            id: Value::Null,
            meta_version: false,
        })
    }

    /// The members of a JSON-RPC message the layer reads; `Some` for each present (even as
    /// `null`), as [`super::shape`] tests keys. `params` that is `null` or absent names no
    /// revision; `params` of another type than an object goes to the full path.
    #[derive(Deserialize)]
    pub(super) struct Envelope<'a> {
        #[serde(borrow, default, deserialize_with = "present")]
        jsonrpc: Option<Cow<'a, str>>,
        #[serde(default, deserialize_with = "present")]
        id: Option<Id>,
        #[serde(default, deserialize_with = "present")]
        method: Option<AnyString>,
        #[serde(default)]
        params: Option<Params>,
        #[serde(default, deserialize_with = "present")]
        result: Option<IgnoredAny>,
        #[serde(default, deserialize_with = "present")]
        error: Option<IgnoredAny>,
    }

    /// `params`, an object: whether its `_meta` (the last, as [`Value`] keeps it) is an
    /// object naming the request's protocol revision.
    struct Params {
        meta_version: bool,
    }

    impl<'de> Deserialize<'de> for Params {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            struct V;
            impl<'de> Visitor<'de> for V {
                type Value = Params;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("an object")
                }
                fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Params, A::Error> {
                    let mut meta_version = false;
                    while let Some(is_meta) = map.next_key_seed(KeyIs("_meta"))? {
                        if is_meta {
                            meta_version = map.next_value::<Option<Meta>>()?.is_some_and(|m| m.0);
                        } else {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                    Ok(Params { meta_version })
                }
            }
            deserializer.deserialize_map(V)
        }
    }

    /// `_meta`, an object: whether it has the protocol revision's key.
    struct Meta(bool);

    impl<'de> Deserialize<'de> for Meta {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            struct V;
            impl<'de> Visitor<'de> for V {
                type Value = Meta;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("an object")
                }
                fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Meta, A::Error> {
                    let mut found = false;
                    while let Some(is_version) = map.next_key_seed(KeyIs(META_PROTOCOL_VERSION))? {
                        found |= is_version;
                        map.next_value::<IgnoredAny>()?;
                    }
                    Ok(Meta(found))
                }
            }
            deserializer.deserialize_map(V)
        }
    }

    /// A key, compared with one name without being kept.
    struct KeyIs(&'static str);

    impl<'de> DeserializeSeed<'de> for KeyIs {
        type Value = bool;
        fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<bool, D::Error> {
            deserializer.deserialize_str(self)
        }
    }

    impl Visitor<'_> for KeyIs {
        type Value = bool;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a key")
        }
        fn visit_str<E: de::Error>(self, key: &str) -> Result<bool, E> {
            Ok(key == self.0)
        }
    }

    /// A member that is there, whatever its value (`null` too).
    fn present<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
    where
        D: Deserializer<'de>,
        T: Deserialize<'de>,
    {
        T::deserialize(deserializer).map(Some)
    }

    /// A string, not kept.
    struct AnyString;

    impl<'de> Deserialize<'de> for AnyString {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            struct V;
            impl Visitor<'_> for V {
                type Value = AnyString;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("a string")
                }
                fn visit_str<E: de::Error>(self, _: &str) -> Result<AnyString, E> {
                    Ok(AnyString)
                }
            }
            deserializer.deserialize_str(V)
        }
    }

    /// An `id`: kept when it can be echoed (a string of at most [`MAX_ECHOED_ID`] bytes, an
    /// integer), else `None`; any JSON value is accepted.
    struct Id(Option<Value>);

    impl<'de> Deserialize<'de> for Id {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            struct V;
            impl<'de> Visitor<'de> for V {
                type Value = Id;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("any JSON value")
                }
                fn visit_str<E: de::Error>(self, s: &str) -> Result<Id, E> {
                    Ok(Id((s.len() <= MAX_ECHOED_ID).then(|| Value::from(s))))
                }
                fn visit_i64<E: de::Error>(self, n: i64) -> Result<Id, E> {
                    Ok(Id(Some(Value::from(n))))
                }
                fn visit_u64<E: de::Error>(self, n: u64) -> Result<Id, E> {
                    Ok(Id(Some(Value::from(n))))
                }
                fn visit_f64<E: de::Error>(self, _: f64) -> Result<Id, E> {
                    Ok(Id(None))
                }
                fn visit_bool<E: de::Error>(self, _: bool) -> Result<Id, E> {
                    Ok(Id(None))
                }
                fn visit_unit<E: de::Error>(self) -> Result<Id, E> {
                    Ok(Id(None))
                }
                fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Id, A::Error> {
                    while seq.next_element::<IgnoredAny>()?.is_some() {}
                    Ok(Id(None))
                }
                fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Id, A::Error> {
                    while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
                    Ok(Id(None))
                }
            }
            deserializer.deserialize_any(V)
        }
    }
}

/// The deepest nesting of `[` and `{` outside strings, counted in one pass without recursion
/// (a string's content is skipped with `memchr`, to its closing quote); stops counting
/// (returns early) once it is clearly over any sane limit.
pub(crate) fn nesting_depth(bytes: &[u8]) -> usize {
    let mut depth = 0usize;
    let mut deepest = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                // To the closing quote: the next quote not escaped.
                i += 1;
                loop {
                    let Some(at) = memchr::memchr2(b'"', b'\\', &bytes[i..]) else {
                        return deepest;
                    };
                    i += at;
                    if bytes[i] == b'"' {
                        break;
                    }
                    i += 2; // a backslash and the byte it escapes
                    if i >= bytes.len() {
                        return deepest;
                    }
                }
            }
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
        i += 1;
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

    /// The fast path agrees with the full one wherever it answers, and answers the common
    /// messages.
    #[test]
    fn the_fast_path_says_what_the_full_path_says() {
        let bodies = [
            (
                r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{"a":[1,{"b":null}]}}}"#,
                true,
            ),
            (
                r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
                true,
            ),
            (r#"{"jsonrpc":"2.0","id":"r","result":{}}"#, true),
            (
                r#"{"jsonrpc":"2.0","id":null,"error":{"code":1,"message":"m"}}"#,
                true,
            ),
            (
                r#" {"id":1.5,"jsonrpc":"2.0","method":"m","params":null}"#,
                true,
            ),
            (
                r#"{"jsonrpc":"2.0","id":[1],"method":"m","params":{"_meta":null}}"#,
                true,
            ),
            (
                r#"{"jsonrpc":"2.0","id":{"a":1},"method":"m","params":{"_meta":{"a":1}}}"#,
                true,
            ),
            (
                r#"{"jsonrpc":"2.0","id":1,"method":"m","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":null}}}"#,
                true,
            ),
            (
                r#"{"jsonrpc":"2.0","id":1,"method":"m","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"x"},"_meta":{}}}"#,
                true,
            ),
            (
                r#"{"jsonrpc":"2.0","id":1,"method":"m","params":{"\u005fmeta":{"io.modelcontextprotocol/protocolVersion":1}}}"#,
                true,
            ),
            (r#"{"jsonrpc":"2.0","id":true,"method":"m"}"#, true),
            // The full path decides these.
            (r#"["2.0",1,"ping"]"#, false),
            (
                r#"{"jsonrpc":"2.0","id":1,"method":"m","params":[{"io.modelcontextprotocol/protocolVersion":1}]}"#,
                false,
            ),
            (
                r#"{"jsonrpc":"2.0","id":1,"method":"m","params":{"_meta":[1]}}"#,
                false,
            ),
            (r#"{"jsonrpc":"2.0","id":1,"method":7}"#, false),
            (r#"{"jsonrpc":"2.0","id":1,"id":2,"method":"m"}"#, false),
            (r#"{"jsonrpc":"1.0","id":1,"method":"m"}"#, false),
            (r#"{"jsonrpc":"2.0","id":1,"result":{},"error":{}}"#, false),
            (r#"{"jsonrpc":"2.0","result":{}}"#, false),
            (r#"{"jsonrpc":"2.0","id":1,"method":"m""#, false),
            ("\"x\"", false),
        ];
        for (body, fast_answers) in bodies {
            let fast = fast::message(body);
            assert_eq!(fast.is_some(), fast_answers, "{body}");
            if let Some(message) = fast {
                let value: Value = serde_json::from_str(body).unwrap();
                assert_eq!(shape(&value), Ok(message), "{body}");
            }
        }
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
