//! A request body's outline: whether its top level is shaped like one JSON-RPC 2.0 message,
//! read in one pass over the bytes without parsing a value.
//!
//! A body with that outline goes to the inner service unparsed: the layer does not check its
//! JSON syntax or its UTF-8, which the inner service's parser does anyway (rmcp's refuses, on
//! every line, whatever `serde_json` cannot read). Only when the inner service refuses does
//! the layer parse the body it kept ([`validate::check`](super::validate::check)) to word the
//! refusal as it would have before the call. The outline is exact where it reads the whole
//! body: for a body that is valid JSON, [`outline`] answers only where `check` says `Ok`, with
//! the same `request`, so every refusal of the layer's own stays what it was (a unit test
//! holds the two together on mutated bodies).
//!
//! A request stops the reading early: once `jsonrpc` (`"2.0"`), `id` and a string `method`
//! have been read, each once, the rest of the body is left to the inner service's parser
//! ([`Outline::partial`]), when the nesting limit is at least [`PARSER_DEPTH`]. What `check`
//! could still refuse in that rest is what a parser into a struct refuses too (rmcp's on every
//! line, a derived `Deserialize`): a repeated `jsonrpc`, `id` or `method` (a duplicate field),
//! bytes after the object, a syntax error, nesting deeper than `serde_json` parses. A body
//! that rmcp 0.8 to 2.x reads as a response despite its `method` (a `result` and a repeated
//! `method`) is answered 202, which the layer then checks in full as well.

/// The deepest nesting `serde_json` parses into values, counted as
/// [`validate`](super::validate) counts it (the top-level object is 1). A parser that reads
/// every value (into `Value`, or through serde's buffering of untagged enums and flattened
/// fields, as rmcp's message types on every line) refuses a body nested deeper, so the layer
/// need not count past a request's start when its own limit is this or more. (`IgnoredAny`
/// skips a value without counting.)
pub(crate) const PARSER_DEPTH: usize = 127;

/// The top level of a body shaped like one JSON-RPC 2.0 message.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Outline {
    /// A request (a `method` and an `id`), which gets a response.
    pub(crate) request: bool,
    /// Only the start was read, to a request's `jsonrpc`, `id` and `method`: the inner
    /// service's parser judges the rest, and any answer but 200 has the body checked in full.
    pub(crate) partial: bool,
}

/// `Some` when `body` is an object whose members, read at the top level only, make a JSON-RPC
/// message by [`validate`](super::validate)'s rules (`jsonrpc` exactly `"2.0"`; a `method`
/// that is a string, or an `id` and exactly one of `result` and `error`), with each of those
/// names once and written without escapes, nothing after the object but whitespace, and no
/// nesting deeper than `max_depth`. `None` says nothing: the body is checked in full. With
/// `max_depth` at least [`PARSER_DEPTH`], a request is answered ([`Outline::partial`]) as soon
/// as its `jsonrpc`, `id` and `method` are read (the module's documentation says why).
///
/// Values are skipped, not read: strings to their closing quote (`memchr`), arrays and objects
/// by counting brackets outside strings, in a loop (no recursion), stopping past `max_depth`.
pub(crate) fn outline(body: &[u8], max_depth: usize) -> Option<Outline> {
    let mut i = skip_ws(body, 0);
    if body.get(i) != Some(&b'{') || max_depth == 0 {
        return None;
    }
    let mut members = Members::default();
    let stop_early = max_depth >= PARSER_DEPTH;
    i = skip_ws(body, i + 1);
    loop {
        if body.get(i) != Some(&b'"') {
            return None;
        }
        // A key with an escape could spell a member's name: the full check reads it.
        let key_end = i + 1 + memchr::memchr2(b'"', b'\\', &body[i + 1..])?;
        if body[key_end] != b'"' {
            return None;
        }
        let key = &body[i + 1..key_end];
        i = skip_ws(body, key_end + 1);
        if body.get(i) != Some(&b':') {
            return None;
        }
        let start = skip_ws(body, i + 1);
        i = value_end(body, start, max_depth)?;
        members.note(key, &body[start..i])?;
        if stop_early && members.is_request() {
            return Some(Outline {
                request: true,
                partial: true,
            });
        }
        i = skip_ws(body, i);
        match body.get(i) {
            Some(b',') => i = skip_ws(body, i + 1),
            Some(b'}') => break,
            _ => return None,
        }
    }
    if skip_ws(body, i + 1) != body.len() {
        return None;
    }
    members.message()
}

/// The members of the top-level object that decide its shape.
#[derive(Default)]
struct Members<'a> {
    jsonrpc: Option<&'a [u8]>,
    method: Option<&'a [u8]>,
    id: bool,
    result: bool,
    error: bool,
}

impl<'a> Members<'a> {
    /// Notes one member; `None` when a deciding name comes twice (the parsed object keeps the
    /// last, a struct refuses it: the full check decides).
    fn note(&mut self, key: &[u8], value: &'a [u8]) -> Option<()> {
        let fresh = match key {
            b"jsonrpc" => self.jsonrpc.replace(value).is_none(),
            b"method" => self.method.replace(value).is_none(),
            b"id" => !core::mem::replace(&mut self.id, true),
            b"result" => !core::mem::replace(&mut self.result, true),
            b"error" => !core::mem::replace(&mut self.error, true),
            _ => true,
        };
        fresh.then_some(())
    }

    /// `jsonrpc` `"2.0"`, an `id` and a string `method` read, and neither `result` nor
    /// `error`: a request, whatever else the object holds.
    fn is_request(&self) -> bool {
        self.jsonrpc == Some(b"\"2.0\"")
            && self.id
            && self.method.is_some_and(|m| m.first() == Some(&b'"'))
            && !self.result
            && !self.error
    }

    fn message(&self) -> Option<Outline> {
        if self.jsonrpc? != b"\"2.0\"" {
            return None;
        }
        let request = match self.method {
            Some(method) => (method.first() == Some(&b'"')).then_some(self.id),
            None => (self.id && self.result != self.error).then_some(false),
        }?;
        Some(Outline {
            request,
            partial: false,
        })
    }
}

/// The first byte at or after `i` that is not JSON whitespace (or the length).
fn skip_ws(body: &[u8], mut i: usize) -> usize {
    while let Some(b' ' | b'\t' | b'\n' | b'\r') = body.get(i) {
        i += 1;
    }
    i
}

/// The end (exclusive) of the value starting at `start` inside the top-level object (depth 1);
/// `None` when it does not end, or nests deeper than `max_depth`.
fn value_end(body: &[u8], start: usize, max_depth: usize) -> Option<usize> {
    match *body.get(start)? {
        b'"' => Some(string_end(body, start + 1)? + 1),
        b'[' | b'{' => {
            // Depth of the top-level object (1) plus this value's own.
            let mut depth = 2usize;
            if depth > max_depth {
                return None;
            }
            let mut i = start + 1;
            loop {
                match *body.get(i)? {
                    b'"' => i = string_end(body, i + 1)?,
                    b'[' | b'{' => {
                        depth += 1;
                        if depth > max_depth {
                            return None;
                        }
                    }
                    b']' | b'}' => {
                        depth -= 1;
                        if depth == 1 {
                            return Some(i + 1);
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
        }
        _ => {
            // A number or a literal: its characters, at least one.
            let len = body[start..]
                .iter()
                .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
                .count();
            (len > 0).then_some(start + len)
        }
    }
}

/// The index of the quote closing the string whose content starts at `i`.
fn string_end(body: &[u8], mut i: usize) -> Option<usize> {
    loop {
        i += memchr::memchr2(b'"', b'\\', body.get(i..)?)?;
        if body[i] == b'"' {
            return Some(i);
        }
        // A backslash and the byte it escapes.
        i += 2;
    }
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::super::validate::{Refusal, check, nesting_depth};
    use super::*;

    const MESSAGES: &[&str] = &[
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{"a":[1,{"b":null}],"s":"}]\"\\"}}}"#,
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        r#"{"jsonrpc":"2.0","id":"r","result":{}}"#,
        r#"{"jsonrpc":"2.0","id":null,"error":{"code":1,"message":"m"}}"#,
        r#" { "id" : 1.5e3 , "jsonrpc" : "2.0" , "method" : "m" , "params" : null } "#,
        r#"{"jsonrpc":"2.0","id":[1],"method":"m","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"x"}}}"#,
        r#"{"jsonrpc":"2.0","id":-7,"method":"m","params":{"a":[[[[[]]]]],"k\"ey":true}}"#,
        r#"{"jsonrpc":"2.0","id":1,"method":"\u0070ing","x":false}"#,
    ];

    /// What a parser into a struct with a request's members refuses (a repeated member, not
    /// JSON, nesting past `serde_json`'s limit), as rmcp's derived `Deserialize` does on every
    /// line: the stand-in for the inner service behind a partial outline.
    #[derive(serde::Deserialize)]
    struct Strict {
        #[serde(rename = "jsonrpc")]
        _jsonrpc: Value,
        #[serde(rename = "id")]
        _id: Value,
        #[serde(rename = "method")]
        _method: Value,
        #[serde(flatten)]
        _rest: serde_json::Map<String, Value>,
    }

    /// Each message, its truncations and every one-byte change to a structural character.
    fn mutated<'a>(messages: impl Iterator<Item = &'a [u8]>) -> Vec<Vec<u8>> {
        let mut bodies = Vec::new();
        for message in messages {
            bodies.push(message.to_vec());
            for end in 0..message.len() {
                bodies.push(message[..end].to_vec());
                for byte in *b"{}[]\",:\\ 1a\xff" {
                    let mut changed = message.to_vec();
                    changed[end] = byte;
                    bodies.push(changed);
                }
            }
        }
        bodies
    }

    /// Where the outline reads a whole body, the full check says the same `Ok` for every valid
    /// JSON body; where it reads a request's start only, whatever the full check refuses the
    /// inner service's parser refuses too; and a body that is not JSON is one the inner
    /// service's parser refuses and the full check calls a parse error: on the messages, their
    /// truncations and every one-byte change.
    #[test]
    fn the_outline_answers_only_what_the_full_check_says() {
        let (mut answered, mut partial, mut refused_after) = (0, 0, 0);
        let extra: &[&[u8]] = &[
            br#"{"jsonrpc":"2.0","id":1,"method":7}"#,
            br#"{"jsonrpc":"2.0","id":1,"id":2,"method":"m"}"#,
            br#"{"jsonrpc":"2.0","method":"a","method":5}"#,
            br#"{"jsonrpc":"1.0","id":1,"method":"m"}"#,
            br#"{"jsonrpc":"2.0","id":1,"result":{},"error":{}}"#,
            br#"{"jsonrpc":"2.0","error":{}}"#,
            br#"{"jsonrpc":"2.0","result":{}}"#,
            br#"{"jsonrpc":"2.0","i\u0064":1,"method":"m"}"#,
            br#"{"jsonrpc":"\u0032.0","id":1,"method":"m"}"#,
            br#"{"jsonrpc":"2.0","result":{},"id":1,"method":"m","method":5}"#,
            br#"["2.0",1,"ping"]"#,
            b"{}",
            b"\"x\"",
            b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"\xff\"}",
        ];
        // Read in part at the default limit: what follows a request's three members.
        let after: &[&[u8]] = &[
            br#"{"jsonrpc":"2.0","id":1,"method":"m"} x"#,
            br#"{"jsonrpc":"2.0","id":1,"method":"m","method":5}"#,
            br#"{"method":"m","id":1,"jsonrpc":"2.0","jsonrpc":"1.0"}"#,
            br#"{"jsonrpc":"2.0","method":"m","id":1,"id":{"a":[]}}"#,
            br#"{"jsonrpc":"2.0","id":1,"method":"m","result":{},"method":[]}"#,
            br#"{"jsonrpc":"2.0","id":1,"method":"m","m\u0065thod":null}"#,
            br#"{"jsonrpc":"2.0","id":1,"method":"m","params":{"a":1},"error":{}}{}"#,
        ];
        let deep = |n: usize| {
            format!(
                r#"{{"jsonrpc":"2.0","id":1,"method":"m","params":{}{},"jsonrpc":2}}"#,
                "[".repeat(n),
                "]".repeat(n)
            )
        };
        let (deepest, too_deep) = (deep(PARSER_DEPTH - 1), deep(PARSER_DEPTH));
        let bodies = mutated(
            MESSAGES
                .iter()
                .map(|m| m.as_bytes())
                .chain(extra.iter().copied())
                .chain(after.iter().copied())
                .chain([deepest.as_bytes(), too_deep.as_bytes()]),
        );
        for body in &bodies {
            for max_depth in [1, 2, 3, 4, PARSER_DEPTH - 1, PARSER_DEPTH, 128] {
                let Some(outline) = outline(body, max_depth) else {
                    continue;
                };
                answered += 1;
                let full = check(body, max_depth);
                let json = serde_json::from_slice::<Value>(body).is_ok();
                if outline.partial {
                    partial += 1;
                    assert!(max_depth >= PARSER_DEPTH && outline.request, "{body:?}");
                    match full {
                        Ok(message) => assert!(message.request, "{body:?}"),
                        Err(refusal) => {
                            refused_after += 1;
                            let parsed = serde_json::from_slice::<Strict>(body);
                            assert!(parsed.is_err(), "{body:?}: {refusal:?}");
                        }
                    }
                    continue;
                }
                assert!(nesting_depth(body) <= max_depth, "{body:?}");
                if json {
                    match full {
                        Ok(message) => assert_eq!(message.request, outline.request, "{body:?}"),
                        Err(refusal) => panic!("{:?}: {refusal:?}", String::from_utf8_lossy(body)),
                    }
                } else {
                    // Not JSON: the inner service's parser refuses it, and the layer words
                    // that refusal from `check` as before (a parse error, or `Ok` when only
                    // the parsed value is wrong, as a lone surrogate).
                    assert!(!matches!(full, Err(Refusal::NotAMessage(..))), "{body:?}");
                }
            }
        }
        for message in MESSAGES {
            assert!(outline(message.as_bytes(), 128).is_some(), "{message}");
        }
        for body in extra.iter().take(extra.len() - 1) {
            assert_eq!(
                outline(body, 128),
                None,
                "{}",
                String::from_utf8_lossy(body)
            );
        }
        for body in after.iter().copied().chain([too_deep.as_bytes()]) {
            let name = String::from_utf8_lossy(body);
            assert_eq!(outline(body, PARSER_DEPTH - 1), None, "{name}");
            let read = outline(body, PARSER_DEPTH);
            assert!(read.is_some_and(|o| o.partial), "{name}");
        }
        assert!(answered > 1000, "{answered}");
        assert!(
            partial > 1000 && refused_after > 100,
            "{partial} {refused_after}"
        );
    }

    /// A request whose `params` nests `n` arrays: `n + 1` deep.
    fn deep_member(n: usize) -> String {
        format!(
            r#"{{"jsonrpc":"2.0","id":1,"method":"m","params":{}{}}}"#,
            "[".repeat(n),
            "]".repeat(n)
        )
    }

    /// [`PARSER_DEPTH`] is the nesting `serde_json` parses into values, counted as the layer
    /// counts it.
    #[test]
    fn the_parser_depth_is_serde_json_s() {
        let nested = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
        let deepest = nested(PARSER_DEPTH);
        assert_eq!(nesting_depth(deepest.as_bytes()), PARSER_DEPTH);
        assert!(serde_json::from_str::<Value>(&deepest).is_ok());
        assert!(serde_json::from_str::<Strict>(&deep_member(PARSER_DEPTH - 1)).is_ok());
        let deeper = nested(PARSER_DEPTH + 1);
        assert!(serde_json::from_str::<Value>(&deeper).is_err());
        assert!(serde_json::from_str::<Strict>(&deep_member(PARSER_DEPTH)).is_err());
    }

    #[test]
    fn depth_and_requests() {
        let nested = |n: usize| {
            format!(
                r#"{{"jsonrpc":"2.0","id":1,"method":"m","params":{}{}}}"#,
                "[".repeat(n),
                "]".repeat(n)
            )
        };
        assert_eq!(
            outline(nested(31).as_bytes(), 32),
            Some(Outline {
                request: true,
                partial: false
            })
        );
        assert_eq!(outline(nested(32).as_bytes(), 32), None);
        assert_eq!(outline(nested(100_000).as_bytes(), PARSER_DEPTH - 1), None);
        // At the default limit, a request's start is enough: the inner service's parser
        // refuses what nests past its own limit.
        assert_eq!(
            outline(nested(100_000).as_bytes(), 128),
            Some(Outline {
                request: true,
                partial: true
            })
        );
        // Values are not parsed: a broken one inside a message's outline is the inner
        // service's to refuse.
        assert_eq!(
            outline(
                br#"{"jsonrpc":"2.0","id":4,"method":"m","params":{"a":[1,]}}"#,
                32
            ),
            Some(Outline {
                request: true,
                partial: false
            })
        );
        assert_eq!(
            outline(br#"{"jsonrpc":"2.0","method":"n"}"#, 128),
            Some(Outline {
                request: false,
                partial: false
            })
        );
        assert_eq!(
            outline(br#"{"jsonrpc":"2.0","id":1,"result":1}"#, 128),
            Some(Outline {
                request: false,
                partial: false
            })
        );
    }
}
