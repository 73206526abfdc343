//! [`ErrorObject`]: a received JSON-RPC `error` member, the receiving side of the wire.

/// The owned form of a received JSON-RPC `error` member: `{"code", "message", "data"}`.
///
/// With the `client` feature it is `Deserialize` (and [`from_json`](Self::from_json)): `code`
/// accepts a JSON integer or, as string-coded servers send it, a string of one (`"1001"`);
/// anything else (floats, out-of-range integers, other strings) is a deserialization error.
/// It serializes back with a numeric code.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "client", derive(serde::Deserialize))]
pub struct ErrorObject {
    /// The numeric code.
    #[cfg_attr(
        feature = "client",
        serde(deserialize_with = "code_from_number_or_string")
    )]
    pub code: i32,
    /// The human-readable message.
    pub message: String,
    /// The structured `data`, when present.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<serde_json::Value>,
}

#[cfg(feature = "client")]
fn code_from_number_or_string<'de, D: serde::Deserializer<'de>>(d: D) -> Result<i32, D::Error> {
    struct CodeVisitor;
    impl serde::de::Visitor<'_> for CodeVisitor {
        type Value = i32;
        #[inline]
        fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.write_str("an i32 error code, as a number or a string of digits")
        }
        fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<i32, E> {
            i32::try_from(v).map_err(|_| E::custom(format_args!("error code {v} is out of range")))
        }
        fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<i32, E> {
            i32::try_from(v).map_err(|_| E::custom(format_args!("error code {v} is out of range")))
        }
        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<i32, E> {
            v.trim()
                .parse()
                .map_err(|_| E::invalid_value(serde::de::Unexpected::Str(v), &self))
        }
    }
    d.deserialize_any(CodeVisitor)
}

impl ErrorObject {
    /// `data.symbol`, when `data` is an object with a string `symbol`.
    #[inline]
    pub fn symbol(&self) -> Option<&str> {
        self.data.as_ref()?.get("symbol")?.as_str()
    }

    /// `data.domain`, when `data` is an object with a string `domain`.
    #[inline]
    pub fn domain(&self) -> Option<&str> {
        self.data.as_ref()?.get("domain")?.as_str()
    }
}

/// The client's side: parsing, and the retry contract read from `data`.
#[cfg(feature = "client")]
impl ErrorObject {
    /// Parses an `error` member from JSON text. Malformed input is a
    /// [`DecodeError`](crate::DecodeError).
    #[inline]
    pub fn from_json(json: &str) -> Result<ErrorObject, crate::DecodeError> {
        serde_json::from_str(json).map_err(|e| crate::DecodeError::InvalidJson {
            reason: e.to_string(),
        })
    }

    /// The error a tool result carries, as the JSON-RPC `error` member the same error would
    /// have been, so that a tool error decodes with `from_error_object` like a JSON-RPC one.
    /// `result` is the tool result as JSON (`serde_json::to_value(&call_tool_result)` on any
    /// rmcp line), with `isError: true` and what an mcp-errors server writes:
    ///
    /// - its `structuredContent.error`, when the tool sends one: the JSON-RPC object itself;
    /// - else its `_meta` (`code`, `errorCode`, `domain`, `retryable`, `details`,
    ///   `retryAfterMs`, `truncated` and the fields under `data`), with the message from the
    ///   text's first line, without the `SYMBOL: ` prefix, the `Details:`/`Help:`/`Retryable:`
    ///   lines and a trailing `(retry after N ms)`;
    /// - and where `_meta` lacks them, the draft `ToolFailure` member
    ///   ([`tool_failure`](crate::tool_failure)): its numeric `code`, its `retryable` and the
    ///   delay until its `retryNotBefore` (as `retryAfterMs`).
    ///
    /// The fields come back as far as the tool result carries them: the default format
    /// ([`ToolErrorFormat`](crate::ToolErrorFormat)) writes them all under `_meta.data`,
    /// the `toToolError` format writes none (a variant with fields then decodes as `MissingField`),
    /// and the tool result's one reply budget may cut a large value that the JSON-RPC form
    /// would have kept.
    ///
    /// A result without mcp-errors' `_meta` (a gateway turned a JSON-RPC error into a tool
    /// result, keeping only its message as text) is read from its text: a JSON-RPC error
    /// embedded in it (`Error POSTing to endpoint: {"jsonrpc":"2.0",...}`) is that error; a
    /// text starting with `SYMBOL: ` is an object with code 0 (none on the wire) and the text
    /// as its message, which `from_error_object` decodes by that symbol when its catalog has
    /// it (docs/envelopes.md, "Identity through gateways"). `None` for anything else: a
    /// result that is no error, or one without an integer `code` (a number, or a string of
    /// digits as string-coded servers send it) whose text carries neither.
    ///
    /// ```
    /// use mcp_errors_core::ErrorObject;
    /// use serde_json::json;
    ///
    /// let result = json!({
    ///     "content": [{"type": "text", "text": "E_PW_NAV: Navigation failed\nRetryable: yes (retry after 1500 ms)"}],
    ///     "isError": true,
    ///     "_meta": {"errorType": "NetworkError", "errorCode": "E_PW_NAV", "retryable": true,
    ///               "code": 2100, "domain": "playwright", "retryAfterMs": 1500,
    ///               "data": {"url": "https://a.invalid"}}});
    /// let error = ErrorObject::from_tool_result(&result).unwrap();
    /// assert_eq!(error.code, 2100);
    /// assert_eq!(error.message, "Navigation failed");
    /// assert_eq!(error.symbol(), Some("E_PW_NAV"));
    /// assert_eq!(error.data.as_ref().unwrap()["url"], "https://a.invalid");
    /// assert_eq!(error.retry_after(), Some(std::time::Duration::from_millis(1500)));
    /// assert!(ErrorObject::from_tool_result(&json!({"content": [], "isError": false})).is_none());
    /// ```
    pub fn from_tool_result(result: &serde_json::Value) -> Option<ErrorObject> {
        use serde_json::{Map, Value};

        use crate::envelope::{DETAILS_LINE, HELP_LINE, RETRYABLE_LINE};
        if result.get("isError") != Some(&Value::Bool(true)) {
            return None;
        }
        if let Some(error) = result
            .get("structuredContent")
            .and_then(|s| s.get("error"))
            .and_then(|e| <ErrorObject as serde::Deserialize>::deserialize(e).ok())
        {
            return Some(error);
        }
        let meta_value = result.get("_meta");
        let meta_object = meta_value.and_then(Value::as_object);
        // The draft `ToolFailure` member: what a server that writes nothing else sends.
        let failure = meta_value.and_then(crate::tool_failure::ToolFailure::from_meta);
        let own_code = meta_object.and_then(|m| code_from_number_or_string(m.get("code")?).ok());
        let failure_code = match failure.as_ref().and_then(|f| f.code.as_ref()) {
            Some(crate::tool_failure::FailureCode::Number(code)) => Some(*code),
            _ => None,
        };
        let (Some(meta), Some(code)) = (meta_object, own_code.or(failure_code)) else {
            // Not mcp-errors' own: perhaps a gateway's text made of an error (`recover.rs`).
            return crate::recover::from_text(crate::retry::first_text(result)?);
        };
        let symbol = meta.get("errorCode").and_then(Value::as_str);
        let text = crate::retry::first_text(result).unwrap_or("");
        let mut message = symbol
            .and_then(|s| text.strip_prefix(s))
            .and_then(|rest| rest.strip_prefix(": "))
            .unwrap_or(text);
        for marker in [DETAILS_LINE, HELP_LINE, RETRYABLE_LINE] {
            if let Some(at) = message.find(marker) {
                message = &message[..at];
            }
        }
        // The text form of the delay, when the format puts it on the message's line.
        message = crate::retry::without_text_suffix(message);
        // The JSON-RPC `data` of the same error: the envelope's keys, then the fields.
        let mut data = Map::new();
        for (from, to) in [
            ("domain", "domain"),
            ("errorCode", "symbol"),
            ("retryable", "retryable"),
            ("details", "details"),
            ("retryAfterMs", "retryAfterMs"),
            ("truncated", "truncated"),
        ] {
            if let Some(value) = meta.get(from) {
                data.insert(to.to_owned(), value.clone());
            }
        }
        if let Some(fields) = meta.get("data").and_then(Value::as_object) {
            for (key, value) in fields {
                data.entry(key.clone()).or_insert_with(|| value.clone());
            }
        }
        if let Some(failure) = failure {
            if let Some(retryable) = failure.retryable {
                data.entry("retryable").or_insert(Value::Bool(retryable));
            }
            if let Some(delay) = failure.retry_after() {
                let ms = crate::field_types::whole_ms(delay);
                data.entry("retryAfterMs").or_insert(Value::from(ms));
            }
        }
        Some(ErrorObject {
            code,
            message: message.to_owned(),
            data: Some(Value::Object(data)),
        })
    }

    /// `data.retryAfterMs` as a delay, when it is an integer from 0 to `u64::MAX` (the retry
    /// contract, [`retry`](crate::retry)); a malformed value is `None`. Without `data.symbol`,
    /// else that of a JSON-RPC error a gateway embedded in the message (docs/envelopes.md,
    /// "Identity through gateways").
    #[inline]
    pub fn retry_after(&self) -> Option<core::time::Duration> {
        self.own_retry_after()
            .or_else(|| crate::recover::embedded_of(self)?.own_retry_after())
    }

    fn own_retry_after(&self) -> Option<core::time::Duration> {
        crate::retry::retry_after_ms_of(self.data.as_ref()?.get("retryAfterMs")?)
    }

    /// [`is_retryable`](Self::is_retryable) of this object alone.
    fn own_retryable(&self) -> bool {
        self.code == -32023
            || self.own_retry_after().is_some()
            || self
                .data
                .as_ref()
                .and_then(|d| d.get("retryable"))
                .and_then(serde_json::Value::as_bool)
                == Some(true)
    }

    /// Whether the error is worth retrying: `data.retryable` is `true`, a retry delay is
    /// known ([`retry_after`](Self::retry_after)), or the code is -32023 `RateLimited`
    /// (SEP-3304, proposed; read whatever the `sep-3304` feature says). Without
    /// `data.symbol`, also when a JSON-RPC error a gateway embedded in the message is.
    #[inline]
    pub fn is_retryable(&self) -> bool {
        // (The embedded error's own fields only: what is embedded is read once, never again
        // for each level, so a hostile text stays one bounded read.)
        self.own_retryable()
            || crate::recover::embedded_of(self).is_some_and(|inner| inner.own_retryable())
    }
}

#[cfg(all(test, feature = "client"))]
mod tests {
    use super::*;
    use crate::DecodeError;

    #[test]
    fn the_retry_contract_reads_through_a_gateway_s_wrapper() {
        let inner = r#"{"jsonrpc":"2.0","id":1,"error":{"code":2102,"message":"m","data":{"symbol":"E_RATE","retryable":true,"retryAfterMs":1500}}}"#;
        let outer = ErrorObject {
            code: -32603,
            message: format!("Error POSTing to endpoint: {inner}"),
            data: None,
        };
        assert!(outer.is_retryable());
        assert_eq!(
            outer.retry_after(),
            Some(core::time::Duration::from_millis(1500))
        );
        // An object with its own symbol is read as it is.
        let own = ErrorObject {
            data: Some(serde_json::json!({"symbol": "E_X"})),
            ..outer.clone()
        };
        assert!(!own.is_retryable() && own.retry_after().is_none());
        // A chain of wrappers deeper than the hops followed: no recursion, not retryable.
        let mut message = inner.to_owned();
        for _ in 0..6 {
            message = serde_json::to_string(
                &serde_json::json!({"code": -32603, "message": format!("e: {message}")}),
            )
            .unwrap();
        }
        let deep = ErrorObject {
            code: -32603,
            message,
            data: None,
        };
        assert!(!deep.is_retryable() && deep.retry_after().is_none());
    }

    #[test]
    fn code_accepts_numbers_and_digit_strings_only() {
        let o = ErrorObject::from_json(r#"{"code":"1001","message":"m"}"#).unwrap();
        assert_eq!(o.code, 1001);
        assert_eq!(o.data, None);
        let o = ErrorObject::from_json(r#"{"code":-32602,"message":"m","data":{"symbol":"X"}}"#)
            .unwrap();
        assert_eq!((o.code, o.symbol()), (-32602, Some("X")));
        for bad in [
            r#"{"code":2100.5,"message":"m"}"#,
            r#"{"code":99999999999,"message":"m"}"#,
            r#"{"code":"abc","message":"m"}"#,
            r#"{"code":true,"message":"m"}"#,
            r#"{"message":"m"}"#,
            "[1,2]",
            "",
        ] {
            assert!(
                matches!(
                    ErrorObject::from_json(bad),
                    Err(DecodeError::InvalidJson { .. })
                ),
                "{bad}"
            );
        }
    }
}
