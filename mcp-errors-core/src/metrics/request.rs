//! The JSON-RPC method `sys/errorStats`: the one place that decides how it is
//! answered. [`ErrorStats::answer_request`] answers a raw request line; the rmcp integration
//! answers rmcp's `CustomRequest` through [`ErrorStats::answer_method`].

use super::{ErrorStats, StatsSnapshot};

/// The JSON-RPC method that returns the snapshot: `sys/errorStats`.
pub const STATS_METHOD: &str = "sys/errorStats";

/// What a call of `sys/errorStats` gets from an [`ErrorStats`].
pub(crate) enum StatsAnswer {
    /// The counters are on: the snapshot is the `result`.
    Snapshot(StatsSnapshot),
    /// The counters are off: `-32601` method not found, so clients can feature-detect the
    /// method.
    MethodNotFound,
}

/// The `message` of a `-32601` method-not-found error.
pub(crate) const METHOD_NOT_FOUND_MESSAGE: &str = "Method not found";

/// The `data` of the JSON-RPC errors this crate answers a method call with:
/// `{"method": <method>}`.
#[inline]
pub(crate) fn method_data(method: &str) -> serde_json::Value {
    serde_json::json!({ "method": method })
}

impl ErrorStats {
    /// The answer to a call of `method`: `None` unless it is `sys/errorStats`.
    #[inline]
    pub(crate) fn answer_method(&self, method: &str) -> Option<StatsAnswer> {
        if method != STATS_METHOD {
            return None;
        }
        Some(if self.is_enabled() {
            StatsAnswer::Snapshot(self.snapshot())
        } else {
            StatsAnswer::MethodNotFound
        })
    }

    /// Answers one JSON-RPC request line if it calls `sys/errorStats`.
    ///
    /// - A `sys/errorStats` request gets `{"jsonrpc":"2.0","id":<its id>,"result":<snapshot>}`
    ///   when this instance is enabled, and a `-32601` method-not-found error when it is not
    ///   (clients feature-detect the method).
    /// - A line that is not valid JSON gets a `-32700` parse error with `"id": null`.
    /// - A `sys/errorStats` call whose `id` is neither a string, a number nor `null` gets a
    ///   `-32600` invalid-request error with `"id": null`; one without `"jsonrpc":"2.0"`, or
    ///   whose `params` is neither an object nor an array, gets `-32600` with its `id`.
    /// - Everything else returns `None`, for the server's own dispatch: other methods, JSON
    ///   that is not a request object (batches and other arrays, scalars), and a
    ///   `sys/errorStats` *notification* (no `id`), which JSON-RPC forbids answering.
    ///
    /// A member given twice counts with its last value, as `serde_json::Value` reads it.
    ///
    /// Never panics, whatever the input.
    ///
    /// ```
    /// use mcp_errors_core::metrics::{ErrorStats, MetricsConfig};
    /// use serde_json::{Value, json};
    ///
    /// let stats = ErrorStats::new(MetricsConfig::enabled());
    /// stats.record_parts(2300, "memory-bank", "E_MB_FILE_NOT_FOUND");
    ///
    /// let reply = stats.answer_request(r#"{"jsonrpc":"2.0","id":7,"method":"sys/errorStats"}"#);
    /// let reply: Value = serde_json::from_str(&reply.unwrap()).unwrap();
    /// assert_eq!(reply, json!({"jsonrpc": "2.0", "id": 7, "result": {
    ///     "total": 1, "byCode": {"2300": 1}, "byDomain": {"memory-bank": 1},
    ///     "bySymbol": {"E_MB_FILE_NOT_FOUND": 1}}}));
    ///
    /// assert_eq!(stats.answer_request(r#"{"jsonrpc":"2.0","id":8,"method":"tools/list"}"#), None);
    ///
    /// let off = ErrorStats::new(MetricsConfig::disabled());
    /// let reply = off.answer_request(r#"{"jsonrpc":"2.0","id":9,"method":"sys/errorStats"}"#);
    /// let reply: Value = serde_json::from_str(&reply.unwrap()).unwrap();
    /// assert_eq!(reply["error"]["code"], -32601);
    /// ```
    #[inline]
    pub fn answer_request(&self, line: &str) -> Option<String> {
        let request = match serde_json::from_str::<MaybeRequest>(line) {
            Ok(MaybeRequest(Some(request))) => request,
            // Valid JSON that is not an object (an array, a scalar).
            Ok(MaybeRequest(None)) => return None,
            Err(_) => {
                return Some(error_line(
                    &serde_json::Value::Null,
                    crate::jsonrpc::PARSE_ERROR,
                    "Parse error",
                ));
            }
        };
        let method = request.method.as_ref()?.as_str()?;
        if method != STATS_METHOD {
            return None;
        }
        let id = request.id?;
        if !matches!(
            id,
            serde_json::Value::Null | serde_json::Value::Number(_) | serde_json::Value::String(_)
        ) {
            return Some(error_line(
                &serde_json::Value::Null,
                crate::jsonrpc::INVALID_REQUEST,
                "Invalid Request",
            ));
        }
        if request.jsonrpc.as_ref().and_then(serde_json::Value::as_str) != Some("2.0")
            || request.params == Some(false)
        {
            return Some(error_line(
                &id,
                crate::jsonrpc::INVALID_REQUEST,
                "Invalid Request",
            ));
        }
        let result = match self.answer_method(method)? {
            StatsAnswer::Snapshot(snapshot) => snapshot,
            StatsAnswer::MethodNotFound => {
                return Some(error_line(
                    &id,
                    crate::jsonrpc::METHOD_NOT_FOUND,
                    METHOD_NOT_FOUND_MESSAGE,
                ));
            }
        };
        let response = StatsResponse {
            jsonrpc: "2.0",
            id: &id,
            result,
        };
        // Serializing a snapshot (maps of strings and integers) into a String cannot fail.
        serde_json::to_string(&response).ok()
    }
}

/// A request line: `None` for valid JSON that is not an object (an array, a scalar), which
/// is still read to its end, so that a syntax error anywhere is a parse error.
struct MaybeRequest(Option<StatsRequestProbe>);

/// The parts of a request object `answer_request` looks at; other members, and the contents
/// of `params`, are skipped without being built (but checked as a `serde_json::Value` would
/// be: [`Skipped`]). A member given twice keeps its last value.
#[derive(Default)]
struct StatsRequestProbe {
    jsonrpc: Option<serde_json::Value>,
    method: Option<serde_json::Value>,
    /// `None` when absent (a notification), `Some(Null)` for `"id": null`.
    id: Option<serde_json::Value>,
    /// Whether `params`, when present, is structured (an object or an array).
    params: Option<bool>,
}

impl<'de> serde::Deserialize<'de> for MaybeRequest {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::{MapAccess, SeqAccess, Visitor};

        struct Probe;
        impl<'de> Visitor<'de> for Probe {
            type Value = MaybeRequest;
            #[inline]
            fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut s: A) -> Result<MaybeRequest, A::Error> {
                while s.next_element::<Skipped>()?.is_some() {}
                Ok(MaybeRequest(None))
            }
            fn visit_bool<E>(self, _: bool) -> Result<MaybeRequest, E> {
                Ok(MaybeRequest(None))
            }
            fn visit_i64<E>(self, _: i64) -> Result<MaybeRequest, E> {
                Ok(MaybeRequest(None))
            }
            fn visit_u64<E>(self, _: u64) -> Result<MaybeRequest, E> {
                Ok(MaybeRequest(None))
            }
            fn visit_f64<E>(self, _: f64) -> Result<MaybeRequest, E> {
                Ok(MaybeRequest(None))
            }
            fn visit_str<E>(self, _: &str) -> Result<MaybeRequest, E> {
                Ok(MaybeRequest(None))
            }
            fn visit_unit<E>(self) -> Result<MaybeRequest, E> {
                Ok(MaybeRequest(None))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<MaybeRequest, A::Error> {
                let mut probe = StatsRequestProbe::default();
                while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
                    match &*key {
                        "jsonrpc" => probe.jsonrpc = Some(map.next_value()?),
                        "method" => probe.method = Some(map.next_value()?),
                        "id" => probe.id = Some(map.next_value()?),
                        "params" => probe.params = Some(map.next_value::<Structured>()?.0),
                        _ => {
                            map.next_value::<Skipped>()?;
                        }
                    }
                }
                Ok(MaybeRequest(Some(probe)))
            }
        }

        d.deserialize_any(Probe)
    }
}

/// Whether a value is an object or an array, read without building it (its contents as
/// [`Skipped`]).
struct Structured(bool);

impl<'de> serde::Deserialize<'de> for Structured {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::{MapAccess, SeqAccess, Visitor};

        struct Kind;
        impl<'de> Visitor<'de> for Kind {
            type Value = Structured;
            #[inline]
            fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Structured, A::Error> {
                while m.next_entry::<Skipped, Skipped>()?.is_some() {}
                Ok(Structured(true))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut s: A) -> Result<Structured, A::Error> {
                while s.next_element::<Skipped>()?.is_some() {}
                Ok(Structured(true))
            }
            fn visit_bool<E>(self, _: bool) -> Result<Structured, E> {
                Ok(Structured(false))
            }
            fn visit_i64<E>(self, _: i64) -> Result<Structured, E> {
                Ok(Structured(false))
            }
            fn visit_u64<E>(self, _: u64) -> Result<Structured, E> {
                Ok(Structured(false))
            }
            fn visit_f64<E>(self, _: f64) -> Result<Structured, E> {
                Ok(Structured(false))
            }
            fn visit_str<E>(self, _: &str) -> Result<Structured, E> {
                Ok(Structured(false))
            }
            fn visit_unit<E>(self) -> Result<Structured, E> {
                Ok(Structured(false))
            }
        }
        d.deserialize_any(Kind)
    }
}

/// Any JSON value, read to its end and dropped, with the checks a `serde_json::Value` makes:
/// a number beyond `f64`'s range is an error, which `serde::de::IgnoredAny` would skip unread.
/// So a line is a parse error here exactly when it is one for the server behind. Read as a
/// [`Structured`], whose answer it drops.
struct Skipped;

impl<'de> serde::Deserialize<'de> for Skipped {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Structured::deserialize(d).map(|_| Skipped)
    }
}

#[derive(serde::Serialize)]
struct StatsResponse<'a> {
    jsonrpc: &'static str,
    id: &'a serde_json::Value,
    result: StatsSnapshot,
}

#[inline]
fn error_line(id: &serde_json::Value, code: i32, message: &str) -> String {
    serde_json::json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": {"code": code, "message": message, "data": method_data(STATS_METHOD)},
    })
    .to_string()
}
