//! The JSON-RPC method `sys/errorStats` (seed 000): the one place that decides how it is
//! answered. [`ErrorStats::answer_request`] answers a raw request line; the rmcp integration
//! answers rmcp's `CustomRequest` through [`ErrorStats::answer_method`].

use super::{ErrorStats, StatsSnapshot};

/// The JSON-RPC method that returns the snapshot: `sys/errorStats`.
pub const STATS_METHOD: &str = "sys/errorStats";

/// What a call of `sys/errorStats` gets from an [`ErrorStats`].
#[derive(Debug)]
pub(crate) enum StatsAnswer {
    /// The counters are on: the snapshot is the `result`.
    Snapshot(StatsSnapshot),
    /// The counters are off: `-32601` method not found, so clients can feature-detect the
    /// method (seed 000).
    MethodNotFound,
}

/// The `message` of a `-32601` method-not-found error.
pub(crate) const METHOD_NOT_FOUND_MESSAGE: &str = "Method not found";

/// The `data` of the JSON-RPC errors this crate answers a method call with:
/// `{"method": <method>}`.
pub(crate) fn method_data(method: &str) -> serde_json::Value {
    serde_json::json!({ "method": method })
}

impl ErrorStats {
    /// The answer to a call of `method`: `None` unless it is `sys/errorStats`.
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
    ///   (seed 000: clients feature-detect the method).
    /// - A line that is not valid JSON gets a `-32700` parse error with `"id": null`.
    /// - A `sys/errorStats` call whose `id` is neither a string, a number nor `null` gets a
    ///   `-32600` invalid-request error.
    /// - Everything else returns `None`, for the server's own dispatch: other methods, JSON
    ///   that is not a request object (batches, scalars), and a `sys/errorStats`
    ///   *notification* (no `id`), which JSON-RPC forbids answering.
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
    pub fn answer_request(&self, line: &str) -> Option<String> {
        let request: StatsRequestProbe = match serde_json::from_str(line) {
            Ok(request) => request,
            Err(e) if e.is_data() => return None,
            Err(_) => {
                return Some(error_line(
                    &serde_json::Value::Null,
                    crate::jsonrpc::PARSE_ERROR,
                    "Parse error",
                ));
            }
        };
        let method = request.method.as_deref()?;
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

/// The parts of a request line `answer_request` looks at; other members are skipped (but
/// still syntax-checked) without being built.
#[derive(serde::Deserialize)]
struct StatsRequestProbe {
    #[serde(default)]
    method: Option<String>,
    /// `None` when absent (a notification), `Some(Null)` for `"id": null`.
    #[serde(default, deserialize_with = "present")]
    id: Option<serde_json::Value>,
}

fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<serde_json::Value>, D::Error> {
    <serde_json::Value as serde::Deserialize>::deserialize(d).map(Some)
}

#[derive(serde::Serialize)]
struct StatsResponse<'a> {
    jsonrpc: &'static str,
    id: &'a serde_json::Value,
    result: StatsSnapshot,
}

fn error_line(id: &serde_json::Value, code: i32, message: &str) -> String {
    serde_json::json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": {"code": code, "message": message, "data": method_data(STATS_METHOD)},
    })
    .to_string()
}
