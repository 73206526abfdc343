//! Envelopes: the JSON shapes an [`McpError`] takes on the wire.
//!
//! [`McpErrorExt`] gives every error, sized or behind `&dyn McpError` /
//! `Box<dyn McpError + Send + Sync>`, one method per shape. Each returns a small borrowed
//! view that implements [`Serialize`]: nothing is built until a serializer asks, and a
//! concrete error serializes straight into the output without an intermediate
//! `serde_json::Value` or `String` (the message is written through
//! [`Serializer::collect_str`], the fields through [`McpError::visit_data`]).
//!
//! | method | shape |
//! |---|---|
//! | [`to_error_object`](McpErrorExt::to_error_object) | JSON-RPC `error` member `{"code","message","data"}` |
//! | [`to_jsonrpc`](McpErrorExt::to_jsonrpc) | JSON-RPC error response `{"jsonrpc":"2.0","id","error"}` |
//! | [`to_tool_result`](McpErrorExt::to_tool_result) | MCP `CallToolResult` with `isError: true` |
//! | [`to_error_response`](McpErrorExt::to_error_response) | seed 001's `ErrorResponse` `{"code","message","retryable","details"}` |
//! | [`to_jsonrpc_result`](McpErrorExt::to_jsonrpc_result) | seed 001's domain failure `{"jsonrpc":"2.0","id","result":{"error":...}}` |
//!
//! Serialization fails (returns `Err`, never panics) only when a field's `Serialize` impl or
//! a `Display` impl fails, or when the writer does.

use core::cell::Cell;
use core::fmt;
use std::borrow::Cow;
use std::io;

use serde::ser::{Error as _, Serialize, SerializeMap, SerializeSeq, Serializer};

use crate::field_types::whole_ms;
use crate::{FieldRole, FieldSink, McpError, Verbosity, VisitData};

/// The envelopes of an [`McpError`], as methods on every error.
///
/// Implemented for every `E: ?Sized + VisitData`: every sized `McpError` and `dyn McpError`
/// (`+ Send + Sync`), so the methods work on a concrete error, on `&dyn McpError` and, by
/// auto-deref, on `Box<dyn McpError + Send + Sync>`. Bring it into scope with
/// `use mcp_errors::McpErrorExt;`.
///
/// ```
/// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
/// # use sample::PlaywrightError;
/// use mcp_errors_core::{McpError, McpErrorExt};
/// use serde_json::json;
///
/// let err = PlaywrightError::Nav {
///     reason: "net::ERR_NAME_NOT_RESOLVED".into(),
///     url: "https://example.invalid".into(),
/// };
/// let wire = serde_json::to_value(err.to_jsonrpc(1)).unwrap();
/// assert_eq!(wire, json!({"jsonrpc": "2.0", "id": 1, "error": {
///     "code": 2100, "message": "Navigation failed",
///     "data": {"domain": "playwright", "symbol": "E_PW_NAV", "retryable": true,
///              "details": "net::ERR_NAME_NOT_RESOLVED", "url": "https://example.invalid"}}}));
///
/// // The same through a trait object.
/// let boxed: Box<dyn McpError + Send + Sync> = Box::new(err);
/// assert_eq!(serde_json::to_value(boxed.to_jsonrpc(1)).unwrap(), wire);
/// ```
pub trait McpErrorExt: VisitData {
    /// The JSON-RPC `error` member: `{"code","message","data"}`.
    ///
    /// - `code`: [`McpError::code`]; `message`: the error's `Display`.
    /// - `data`: `domain` ([`McpError::domain`]), `symbol`, `retryable`; `details` (the
    ///   `Display` of the `#[mcp(details)]` field) when the variant has one; every
    ///   serialized field under its key; `retryAfterMs` when [`McpError::retry_after`] is
    ///   known; `stack` only under `MCP_ERRORS_VERBOSE` (see [`Verbosity`]).
    ///
    /// Options: [`code_as_string`](ErrorObjectView::code_as_string),
    /// [`plain_data`](ErrorObjectView::plain_data), [`verbosity`](ErrorObjectView::verbosity).
    ///
    /// ```
    /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
    /// # use sample::PlaywrightError;
    /// use mcp_errors_core::McpErrorExt;
    ///
    /// let err = PlaywrightError::Throttled { retry_after_secs: 2 };
    /// assert_eq!(
    ///     err.to_error_object().to_json_value().unwrap(),
    ///     serde_json::json!({"code": 2102, "message": "Too many launches", "data": {
    ///         "domain": "playwright", "symbol": "E_PW_THROTTLED", "retryable": true,
    ///         "retryAfterMs": 2000}}),
    /// );
    /// ```
    fn to_error_object(&self) -> ErrorObjectView<'_, Self> {
        ErrorObjectView {
            error: self,
            options: Options::default(),
        }
    }

    /// A JSON-RPC 2.0 error response: `{"jsonrpc":"2.0","id":...,"error":{...}}`, with the
    /// `error` member of [`to_error_object`](McpErrorExt::to_error_object).
    ///
    /// `id` is anything that converts into a [`RequestId`]: an integer, a string, or
    /// [`RequestId::Null`] (for a request whose id could not be read).
    ///
    /// ```
    /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
    /// # use sample::PlaywrightError;
    /// use mcp_errors_core::{McpErrorExt, RequestId};
    ///
    /// let err = PlaywrightError::Throttled { retry_after_secs: 1 };
    /// let by_number = err.to_jsonrpc(7).to_json_value().unwrap();
    /// let by_string = err.to_jsonrpc("req-7").to_json_value().unwrap();
    /// let by_null = err.to_jsonrpc(RequestId::Null).to_json_value().unwrap();
    /// assert_eq!(by_number["id"], 7);
    /// assert_eq!(by_string["id"], "req-7");
    /// assert!(by_null["id"].is_null());
    /// assert_eq!(by_number["error"]["code"], 2102);
    /// ```
    fn to_jsonrpc<'a>(&'a self, id: impl Into<RequestId<'a>>) -> JsonRpcErrorView<'a, Self> {
        JsonRpcErrorView {
            id: id.into(),
            object: self.to_error_object(),
        }
    }

    /// An MCP `CallToolResult` reporting the error to the model (seed 002's `toToolError`):
    ///
    /// ```text
    /// {"content":[{"type":"text","text":"E_PW_NAV: Navigation failed"}],"isError":true,
    ///  "_meta":{"errorType":"NetworkError","errorCode":"E_PW_NAV","retryable":true,
    ///           "code":2100,"domain":"playwright"}}
    /// ```
    ///
    /// The text is `"{symbol}: {message}"`; `_meta.errorType` is
    /// [`ErrorKind::error_type`](crate::ErrorKind::error_type) of [`McpError::kind`];
    /// `_meta.retryAfterMs` is added when the delay is known. There is deliberately no
    /// `structuredContent`: clients validate it against the tool's output schema even when
    /// `isError` is true. No stack is ever added here, whatever the [`Verbosity`].
    ///
    /// ```
    /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
    /// # use sample::PlaywrightError;
    /// use mcp_errors_core::McpErrorExt;
    ///
    /// let err = PlaywrightError::Nav { reason: "timeout".into(), url: "https://a.invalid".into() };
    /// assert_eq!(
    ///     err.to_tool_result().to_json_value().unwrap(),
    ///     serde_json::json!({
    ///         "content": [{"type": "text", "text": "E_PW_NAV: Navigation failed"}],
    ///         "isError": true,
    ///         "_meta": {"errorType": "NetworkError", "errorCode": "E_PW_NAV", "retryable": true,
    ///                   "code": 2100, "domain": "playwright"}}),
    /// );
    /// ```
    fn to_tool_result(&self) -> ToolResultView<'_, Self> {
        ToolResultView { error: self }
    }

    /// Seed 001's `ErrorResponse`, the `error` a tool returns inside a successful `result`:
    /// `{"code","message","retryable","details"}`.
    ///
    /// `details` maps the error as follows, and is omitted when it would be empty:
    ///
    /// | key | from |
    /// |---|---|
    /// | each data field's key | every serialized field, under its key (`#[mcp(rename = "originalError")]` gives seed 001's `details.originalError`, a field `field` its `details.field`) |
    /// | `reason` | the `Display` of the `#[mcp(details)]` field |
    /// | `suggestion` | [`McpError::help`] (`#[mcp(help = "...")]`) |
    /// | `retryAfterMs` | [`McpError::retry_after`], when known |
    /// | `stack` | only under `MCP_ERRORS_VERBOSE` (see [`Verbosity`]) |
    ///
    /// `domain` and `symbol` do not appear: seed 001's shape has no place for them.
    ///
    /// Options: [`code_as_string`](ErrorResponseView::code_as_string),
    /// [`verbosity`](ErrorResponseView::verbosity).
    ///
    /// ```
    /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
    /// # use sample::PlaywrightError;
    /// use mcp_errors_core::McpErrorExt;
    ///
    /// let err = PlaywrightError::Nav { reason: "dns".into(), url: "https://a.invalid".into() };
    /// assert_eq!(
    ///     err.to_error_response().to_json_value().unwrap(),
    ///     serde_json::json!({"code": 2100, "message": "Navigation failed", "retryable": true,
    ///         "details": {"reason": "dns", "url": "https://a.invalid",
    ///                     "suggestion": "check the URL"}}),
    /// );
    /// ```
    fn to_error_response(&self) -> ErrorResponseView<'_, Self> {
        ErrorResponseView {
            error: self,
            options: Options::default(),
        }
    }

    /// Seed 001's preferred domain failure: a *successful* JSON-RPC response whose `result`
    /// holds the [`to_error_response`](McpErrorExt::to_error_response) shape,
    /// `{"jsonrpc":"2.0","id":...,"result":{"error":{...}}}`.
    ///
    /// ```
    /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
    /// # use sample::PlaywrightError;
    /// use mcp_errors_core::McpErrorExt;
    ///
    /// let err = PlaywrightError::Throttled { retry_after_secs: 3 };
    /// assert_eq!(
    ///     err.to_jsonrpc_result(1).to_json_value().unwrap(),
    ///     serde_json::json!({"jsonrpc": "2.0", "id": 1, "result": {"error": {
    ///         "code": 2102, "message": "Too many launches", "retryable": true,
    ///         "details": {"retryAfterMs": 3000}}}}),
    /// );
    /// ```
    fn to_jsonrpc_result<'a>(
        &'a self,
        id: impl Into<RequestId<'a>>,
    ) -> JsonRpcResultView<'a, Self> {
        JsonRpcResultView {
            id: id.into(),
            response: self.to_error_response(),
        }
    }
}

impl<E: ?Sized + VisitData> McpErrorExt for E {}

// ---------------------------------------------------------------------------------------------
// Request ids

/// The `id` of a JSON-RPC response: an integer, a string, or `null`.
///
/// Borrows a string id when it can, so echoing a request's id allocates nothing. Integers
/// up to `i64` convert with `From` (`to_jsonrpc(1)`), strings from `&str`, `String`,
/// `&String` and `Cow<str>` (`to_jsonrpc("abc")`), and `Option<T>` maps `None` to `null`.
///
/// ```
/// use mcp_errors_core::RequestId;
///
/// assert_eq!(RequestId::from(1), RequestId::Number(1));
/// assert_eq!(RequestId::from("abc"), RequestId::String("abc".into()));
/// assert_eq!(RequestId::from(None::<i64>), RequestId::Null);
///
/// // Echo the id of a parsed request.
/// let request: serde_json::Value = serde_json::from_str(r#"{"id":"x-1","method":"m"}"#).unwrap();
/// let id = RequestId::from_json(&request["id"]).unwrap();
/// assert_eq!(serde_json::to_string(&id).unwrap(), r#""x-1""#);
/// assert_eq!(RequestId::from_json(&serde_json::json!(1.5)), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RequestId<'a> {
    /// An integer id.
    Number(i64),
    /// A string id.
    String(Cow<'a, str>),
    /// `null`: the id of the request could not be determined (parse errors).
    Null,
}

impl RequestId<'_> {
    /// Reads the `id` of a received request. `None` unless the value is an integer that fits
    /// `i64`, a string, or `null`.
    pub fn from_json(value: &serde_json::Value) -> Option<RequestId<'_>> {
        match value {
            serde_json::Value::Null => Some(RequestId::Null),
            serde_json::Value::Number(n) => n.as_i64().map(RequestId::Number),
            serde_json::Value::String(s) => Some(RequestId::String(Cow::Borrowed(s))),
            _ => None,
        }
    }

    /// An owned copy that borrows nothing.
    ///
    /// ```
    /// # use mcp_errors_core::RequestId;
    /// let owned: RequestId<'static> = RequestId::from(&String::from("a")).into_owned();
    /// assert_eq!(owned, RequestId::String("a".into()));
    /// ```
    pub fn into_owned(self) -> RequestId<'static> {
        match self {
            RequestId::Number(n) => RequestId::Number(n),
            RequestId::String(s) => RequestId::String(Cow::Owned(s.into_owned())),
            RequestId::Null => RequestId::Null,
        }
    }
}

macro_rules! request_id_from_int {
    ($($t:ty),*) => {$(
        impl From<$t> for RequestId<'_> {
            fn from(n: $t) -> Self {
                RequestId::Number(i64::from(n))
            }
        }
    )*};
}
request_id_from_int!(i8, i16, i32, i64, u8, u16, u32);

impl<'a> From<&'a str> for RequestId<'a> {
    fn from(s: &'a str) -> Self {
        RequestId::String(Cow::Borrowed(s))
    }
}

impl<'a> From<&'a String> for RequestId<'a> {
    fn from(s: &'a String) -> Self {
        RequestId::String(Cow::Borrowed(s))
    }
}

impl From<String> for RequestId<'_> {
    fn from(s: String) -> Self {
        RequestId::String(Cow::Owned(s))
    }
}

impl<'a> From<Cow<'a, str>> for RequestId<'a> {
    fn from(s: Cow<'a, str>) -> Self {
        RequestId::String(s)
    }
}

impl<'a> From<&'a RequestId<'_>> for RequestId<'a> {
    fn from(id: &'a RequestId<'_>) -> Self {
        match id {
            RequestId::Number(n) => RequestId::Number(*n),
            RequestId::String(s) => RequestId::String(Cow::Borrowed(s)),
            RequestId::Null => RequestId::Null,
        }
    }
}

impl<'a, T: Into<RequestId<'a>>> From<Option<T>> for RequestId<'a> {
    fn from(id: Option<T>) -> Self {
        id.map_or(RequestId::Null, Into::into)
    }
}

impl Serialize for RequestId<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            RequestId::Number(n) => serializer.serialize_i64(*n),
            RequestId::String(s) => serializer.serialize_str(s),
            RequestId::Null => serializer.serialize_unit(),
        }
    }
}

impl<'de> serde::Deserialize<'de> for RequestId<'static> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct IdVisitor;
        impl serde::de::Visitor<'_> for IdVisitor {
            type Value = RequestId<'static>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON-RPC id: an integer, a string or null")
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Self::Value, E> {
                Ok(RequestId::Number(v))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Self::Value, E> {
                i64::try_from(v)
                    .map(RequestId::Number)
                    .map_err(|_| E::custom(format_args!("request id {v} is out of range")))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Self::Value, E> {
                Ok(RequestId::String(Cow::Owned(v.to_owned())))
            }
            fn visit_string<E: serde::de::Error>(self, v: String) -> Result<Self::Value, E> {
                Ok(RequestId::String(Cow::Owned(v)))
            }
            fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
                Ok(RequestId::Null)
            }
            fn visit_none<E: serde::de::Error>(self) -> Result<Self::Value, E> {
                Ok(RequestId::Null)
            }
        }
        deserializer.deserialize_any(IdVisitor)
    }
}

// ---------------------------------------------------------------------------------------------
// Options and views

/// Options shared by the views; each view exposes the ones that apply to it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Options {
    code_as_string: bool,
    plain_data: bool,
    verbosity: Option<Verbosity>,
}

impl Options {
    fn stack(self) -> Option<Vec<String>> {
        self.verbosity
            .unwrap_or_else(Verbosity::from_env)
            .capture_stack()
    }
}

/// The JSON-RPC `error` member of an error, from [`McpErrorExt::to_error_object`].
///
/// Serializes as `{"code","message","data"}`; the builder methods change the shape for
/// servers that expect another dialect:
///
/// ```
/// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
/// # use sample::PlaywrightError;
/// use mcp_errors_core::McpErrorExt;
///
/// let err = PlaywrightError::Nav { reason: "dns".into(), url: "games/invalid".into() };
/// // Seed 004's dialect: the code as a string, `data` with the variant's fields only.
/// assert_eq!(
///     err.to_error_object().code_as_string().plain_data().to_json_value().unwrap(),
///     serde_json::json!({"code": "2100", "message": "Navigation failed",
///                        "data": {"details": "dns", "url": "games/invalid"}}),
/// );
/// ```
pub struct ErrorObjectView<'a, E: ?Sized> {
    error: &'a E,
    options: Options,
}

/// A JSON-RPC 2.0 error response, from [`McpErrorExt::to_jsonrpc`]:
/// `{"jsonrpc":"2.0","id":...,"error":{...}}`. The builder methods are those of
/// [`ErrorObjectView`] and apply to the `error` member.
///
/// ```
/// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
/// # use sample::PlaywrightError;
/// use mcp_errors_core::McpErrorExt;
///
/// let err = PlaywrightError::Throttled { retry_after_secs: 1 };
/// let mut line = Vec::new();
/// err.to_jsonrpc(1).plain_data().write_json_line(&mut line).unwrap();
/// assert_eq!(
///     line,
///     b"{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":2102,\"message\":\"Too many launches\"}}\n"
/// );
/// ```
pub struct JsonRpcErrorView<'a, E: ?Sized> {
    id: RequestId<'a>,
    object: ErrorObjectView<'a, E>,
}

/// An MCP `CallToolResult` with `isError: true`, from [`McpErrorExt::to_tool_result`].
///
/// ```
/// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
/// # use sample::PlaywrightError;
/// use mcp_errors_core::McpErrorExt;
///
/// let err = PlaywrightError::Throttled { retry_after_secs: 2 };
/// let result = err.to_tool_result().to_json_value().unwrap();
/// assert_eq!(result["isError"], true);
/// assert_eq!(result["content"][0]["text"], "E_PW_THROTTLED: Too many launches");
/// assert_eq!(result["_meta"]["errorType"], "RateLimitError");
/// assert_eq!(result["_meta"]["retryAfterMs"], 2000);
/// ```
pub struct ToolResultView<'a, E: ?Sized> {
    error: &'a E,
}

/// Seed 001's `ErrorResponse`, from [`McpErrorExt::to_error_response`]:
/// `{"code","message","retryable","details"}`.
///
/// ```
/// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
/// # use sample::PlaywrightError;
/// use mcp_errors_core::McpErrorExt;
///
/// let err = PlaywrightError::Throttled { retry_after_secs: 2 };
/// let response = err.to_error_response().code_as_string().to_json_value().unwrap();
/// assert_eq!(response["code"], "2102");
/// assert_eq!(response["details"]["retryAfterMs"], 2000);
/// ```
pub struct ErrorResponseView<'a, E: ?Sized> {
    error: &'a E,
    options: Options,
}

/// Seed 001's domain failure, from [`McpErrorExt::to_jsonrpc_result`]:
/// `{"jsonrpc":"2.0","id":...,"result":{"error":{...}}}`. The builder methods are those of
/// [`ErrorResponseView`] and apply to `result.error`.
///
/// ```
/// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
/// # use sample::PlaywrightError;
/// use mcp_errors_core::McpErrorExt;
///
/// let err = PlaywrightError::Throttled { retry_after_secs: 2 };
/// let wire = err.to_jsonrpc_result("a").code_as_string().to_json_value().unwrap();
/// assert_eq!(wire["id"], "a");
/// assert_eq!(wire["result"]["error"]["code"], "2102");
/// ```
pub struct JsonRpcResultView<'a, E: ?Sized> {
    id: RequestId<'a>,
    response: ErrorResponseView<'a, E>,
}

impl<E: ?Sized> ErrorObjectView<'_, E> {
    /// Writes `code` as a JSON string (`"code":"1001"`), as seed 004's servers do.
    #[must_use]
    pub fn code_as_string(mut self) -> Self {
        self.options.code_as_string = true;
        self
    }

    /// Makes `data` hold only the variant's own data: the `details` text and the serialized
    /// fields, without `domain`, `symbol`, `retryable` and `retryAfterMs` (seed 004's
    /// `"data":{"path":"games/invalid"}`, seed 001's `"data":{"field":"order.customer.email"}`).
    /// `data` is left out when there is nothing to put in it: no field (a variant without data
    /// fields, or whose `Option` fields are all `None`), no details text and no stack.
    #[must_use]
    pub fn plain_data(mut self) -> Self {
        self.options.plain_data = true;
        self
    }

    /// Overrides `MCP_ERRORS_VERBOSE` for this envelope: whether and how much of a stack goes
    /// into `data.stack`.
    ///
    /// ```
    /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
    /// # use sample::PlaywrightError;
    /// use mcp_errors_core::{McpErrorExt, Verbosity};
    ///
    /// let err = PlaywrightError::Throttled { retry_after_secs: 1 };
    /// let quiet = err.to_error_object().verbosity(Verbosity::Off).to_json_value().unwrap();
    /// assert!(quiet["data"].get("stack").is_none());
    /// let loud = err.to_error_object().verbosity(Verbosity::Full).to_json_value().unwrap();
    /// assert!(loud["data"]["stack"].is_array());
    /// ```
    #[must_use]
    pub fn verbosity(mut self, verbosity: Verbosity) -> Self {
        self.options.verbosity = Some(verbosity);
        self
    }
}

impl<E: ?Sized> JsonRpcErrorView<'_, E> {
    /// See [`ErrorObjectView::code_as_string`].
    ///
    /// ```
    /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
    /// # use sample::PlaywrightError;
    /// use mcp_errors_core::McpErrorExt;
    /// let err = PlaywrightError::Throttled { retry_after_secs: 1 };
    /// let wire = err.to_jsonrpc(1).code_as_string().to_json_value().unwrap();
    /// assert_eq!(wire["error"]["code"], "2102");
    /// ```
    #[must_use]
    pub fn code_as_string(mut self) -> Self {
        self.object = self.object.code_as_string();
        self
    }

    /// See [`ErrorObjectView::plain_data`].
    ///
    /// ```
    /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
    /// # use sample::PlaywrightError;
    /// use mcp_errors_core::McpErrorExt;
    /// let err = PlaywrightError::Nav { reason: "r".into(), url: "u".into() };
    /// let wire = err.to_jsonrpc(1).plain_data().to_json_value().unwrap();
    /// assert_eq!(wire["error"]["data"], serde_json::json!({"details": "r", "url": "u"}));
    /// ```
    #[must_use]
    pub fn plain_data(mut self) -> Self {
        self.object = self.object.plain_data();
        self
    }

    /// See [`ErrorObjectView::verbosity`].
    ///
    /// ```
    /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
    /// # use sample::PlaywrightError;
    /// use mcp_errors_core::{McpErrorExt, Verbosity};
    /// let err = PlaywrightError::Throttled { retry_after_secs: 1 };
    /// let wire = err.to_jsonrpc(1).verbosity(Verbosity::Frames(3)).to_json_value().unwrap();
    /// assert!(wire["error"]["data"]["stack"].as_array().unwrap().len() <= 3);
    /// ```
    #[must_use]
    pub fn verbosity(mut self, verbosity: Verbosity) -> Self {
        self.object = self.object.verbosity(verbosity);
        self
    }
}

impl<E: ?Sized> ErrorResponseView<'_, E> {
    /// Writes `code` as a JSON string (`"code":"4001"`).
    ///
    /// ```
    /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
    /// # use sample::PlaywrightError;
    /// use mcp_errors_core::McpErrorExt;
    /// let err = PlaywrightError::Throttled { retry_after_secs: 1 };
    /// assert_eq!(err.to_error_response().code_as_string().to_json_value().unwrap()["code"], "2102");
    /// ```
    #[must_use]
    pub fn code_as_string(mut self) -> Self {
        self.options.code_as_string = true;
        self
    }

    /// Overrides `MCP_ERRORS_VERBOSE` for this envelope: whether and how much of a stack goes
    /// into `details.stack`.
    ///
    /// ```
    /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
    /// # use sample::PlaywrightError;
    /// use mcp_errors_core::{McpErrorExt, Verbosity};
    /// let err = PlaywrightError::Throttled { retry_after_secs: 1 };
    /// let wire = err.to_error_response().verbosity(Verbosity::Full).to_json_value().unwrap();
    /// assert!(wire["details"]["stack"].is_array());
    /// ```
    #[must_use]
    pub fn verbosity(mut self, verbosity: Verbosity) -> Self {
        self.options.verbosity = Some(verbosity);
        self
    }
}

impl<E: ?Sized> JsonRpcResultView<'_, E> {
    /// See [`ErrorResponseView::code_as_string`].
    ///
    /// ```
    /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
    /// # use sample::PlaywrightError;
    /// use mcp_errors_core::McpErrorExt;
    /// let err = PlaywrightError::Throttled { retry_after_secs: 1 };
    /// let wire = err.to_jsonrpc_result(1).code_as_string().to_json_value().unwrap();
    /// assert_eq!(wire["result"]["error"]["code"], "2102");
    /// ```
    #[must_use]
    pub fn code_as_string(mut self) -> Self {
        self.response = self.response.code_as_string();
        self
    }

    /// See [`ErrorResponseView::verbosity`].
    ///
    /// ```
    /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
    /// # use sample::PlaywrightError;
    /// use mcp_errors_core::{McpErrorExt, Verbosity};
    /// let err = PlaywrightError::Throttled { retry_after_secs: 1 };
    /// let wire = err.to_jsonrpc_result(1).verbosity(Verbosity::Off).to_json_value().unwrap();
    /// assert!(wire["result"]["error"]["details"].get("stack").is_none());
    /// ```
    #[must_use]
    pub fn verbosity(mut self, verbosity: Verbosity) -> Self {
        self.response = self.response.verbosity(verbosity);
        self
    }
}

macro_rules! view_common {
    ($($view:ident),*) => {$(
        impl<E: ?Sized + VisitData> $view<'_, E> {
            /// Serializes the envelope into a `String` of compact JSON.
            ///
            /// ```
            /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
            /// # use sample::PlaywrightError;
            /// use mcp_errors_core::McpErrorExt;
            /// let err = PlaywrightError::Throttled { retry_after_secs: 1 };
            /// let text = err.to_jsonrpc(1).to_json_string().unwrap();
            /// assert!(text.starts_with(r#"{"jsonrpc":"2.0","id":1,"error":{"code":2102,"#));
            /// ```
            pub fn to_json_string(&self) -> Result<String, serde_json::Error> {
                serde_json::to_string(self)
            }

            /// Serializes the envelope into a new byte vector of compact JSON.
            ///
            /// ```
            /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
            /// # use sample::PlaywrightError;
            /// use mcp_errors_core::McpErrorExt;
            /// let err = PlaywrightError::Throttled { retry_after_secs: 1 };
            /// let bytes = err.to_tool_result().to_json_vec().unwrap();
            /// assert!(bytes.starts_with(br#"{"content":[{"type":"text","#));
            /// ```
            pub fn to_json_vec(&self) -> Result<Vec<u8>, serde_json::Error> {
                serde_json::to_vec(self)
            }

            /// Converts the envelope into a `serde_json::Value` (allocates a tree: for tests and
            /// for merging into other values, not for the hot path).
            ///
            /// ```
            /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
            /// # use sample::PlaywrightError;
            /// use mcp_errors_core::McpErrorExt;
            /// let err = PlaywrightError::Throttled { retry_after_secs: 1 };
            /// assert_eq!(err.to_error_response().to_json_value().unwrap()["retryable"], true);
            /// ```
            pub fn to_json_value(&self) -> Result<serde_json::Value, serde_json::Error> {
                serde_json::to_value(self)
            }

            /// Writes the envelope as compact JSON into `writer`. Into a reused `Vec<u8>` with
            /// enough capacity, a sized error serializes without allocating.
            ///
            /// ```
            /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
            /// # use sample::PlaywrightError;
            /// use mcp_errors_core::McpErrorExt;
            /// let err = PlaywrightError::Throttled { retry_after_secs: 1 };
            /// let mut buf = Vec::with_capacity(256);
            /// err.to_jsonrpc(1).write_json(&mut buf).unwrap();
            /// assert!(buf.ends_with(b"}}}"));
            /// ```
            pub fn write_json<W: io::Write>(&self, writer: W) -> Result<(), serde_json::Error> {
                serde_json::to_writer(writer, self)
            }

            /// Writes the envelope as one line of JSON followed by `\n`, the framing of MCP's
            /// stdio transport (JSON text never contains a raw newline).
            ///
            /// ```
            /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
            /// # use sample::PlaywrightError;
            /// use mcp_errors_core::McpErrorExt;
            /// let err = PlaywrightError::Nav { reason: "a\nb".into(), url: "u".into() };
            /// let mut out = Vec::new();
            /// err.to_jsonrpc(1).write_json_line(&mut out).unwrap();
            /// assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), 1);
            /// assert!(out.ends_with(b"\n"));
            /// ```
            pub fn write_json_line<W: io::Write>(&self, mut writer: W) -> Result<(), serde_json::Error> {
                serde_json::to_writer(&mut writer, self)?;
                writer.write_all(b"\n").map_err(serde_json::Error::io)
            }
        }

        impl<E: ?Sized + fmt::Debug> fmt::Debug for $view<'_, E> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                view_debug(self, f)
            }
        }
    )*};
}

view_common!(
    ErrorObjectView,
    JsonRpcErrorView,
    ToolResultView,
    ErrorResponseView,
    JsonRpcResultView
);

/// What each view's `Debug` shows.
trait DebugView {
    fn debug_fields(&self, s: &mut fmt::DebugStruct<'_, '_>);
    const NAME: &'static str;
}

fn view_debug<V: DebugView>(view: &V, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let mut s = f.debug_struct(V::NAME);
    view.debug_fields(&mut s);
    s.finish_non_exhaustive()
}

impl<E: ?Sized + fmt::Debug> DebugView for ErrorObjectView<'_, E> {
    const NAME: &'static str = "ErrorObjectView";
    fn debug_fields(&self, s: &mut fmt::DebugStruct<'_, '_>) {
        s.field("error", &self.error)
            .field("options", &self.options);
    }
}

impl<E: ?Sized + fmt::Debug> DebugView for JsonRpcErrorView<'_, E> {
    const NAME: &'static str = "JsonRpcErrorView";
    fn debug_fields(&self, s: &mut fmt::DebugStruct<'_, '_>) {
        s.field("id", &self.id)
            .field("error", &self.object.error)
            .field("options", &self.object.options);
    }
}

impl<E: ?Sized + fmt::Debug> DebugView for ToolResultView<'_, E> {
    const NAME: &'static str = "ToolResultView";
    fn debug_fields(&self, s: &mut fmt::DebugStruct<'_, '_>) {
        s.field("error", &self.error);
    }
}

impl<E: ?Sized + fmt::Debug> DebugView for ErrorResponseView<'_, E> {
    const NAME: &'static str = "ErrorResponseView";
    fn debug_fields(&self, s: &mut fmt::DebugStruct<'_, '_>) {
        s.field("error", &self.error)
            .field("options", &self.options);
    }
}

impl<E: ?Sized + fmt::Debug> DebugView for JsonRpcResultView<'_, E> {
    const NAME: &'static str = "JsonRpcResultView";
    fn debug_fields(&self, s: &mut fmt::DebugStruct<'_, '_>) {
        s.field("id", &self.id)
            .field("error", &self.response.error)
            .field("options", &self.response.options);
    }
}

impl<E: ?Sized> Clone for ErrorObjectView<'_, E> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<E: ?Sized> Copy for ErrorObjectView<'_, E> {}

impl<E: ?Sized> Clone for ToolResultView<'_, E> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<E: ?Sized> Copy for ToolResultView<'_, E> {}

impl<E: ?Sized> Clone for ErrorResponseView<'_, E> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<E: ?Sized> Copy for ErrorResponseView<'_, E> {}

impl<E: ?Sized> Clone for JsonRpcErrorView<'_, E> {
    fn clone(&self) -> Self {
        JsonRpcErrorView {
            id: self.id.clone(),
            object: self.object,
        }
    }
}

impl<E: ?Sized> Clone for JsonRpcResultView<'_, E> {
    fn clone(&self) -> Self {
        JsonRpcResultView {
            id: self.id.clone(),
            response: self.response,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Serialization

const JSONRPC_VERSION: &str = "2.0";

impl<E: ?Sized + VisitData> Serialize for ErrorObjectView<'_, E> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let error = self.error;
        let plain = self.options.plain_data;
        let stack = self.options.stack();
        let with_data = !plain || stack.is_some() || visits_any_field(error);
        let mut map = serializer.serialize_map(Some(2 + usize::from(with_data)))?;
        map.serialize_entry("code", &Code::new(error.code(), self.options))?;
        map.serialize_entry("message", &Text(error))?;
        if with_data {
            map.serialize_entry(
                "data",
                &Data {
                    error,
                    plain,
                    stack: stack.as_deref(),
                },
            )?;
        }
        map.end()
    }
}

impl<E: ?Sized + VisitData> Serialize for JsonRpcErrorView<'_, E> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("jsonrpc", JSONRPC_VERSION)?;
        map.serialize_entry("id", &self.id)?;
        map.serialize_entry("error", &self.object)?;
        map.end()
    }
}

impl<E: ?Sized + VisitData> Serialize for ToolResultView<'_, E> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("content", &ToolContent(self.error))?;
        map.serialize_entry("isError", &true)?;
        map.serialize_entry("_meta", &ToolMeta(self.error))?;
        map.end()
    }
}

impl<E: ?Sized + VisitData> Serialize for ErrorResponseView<'_, E> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let error = self.error;
        let stack = self.options.stack();
        let with_details = error.help().is_some()
            || error.retry_after().is_some()
            || stack.is_some()
            || visits_any_field(error);
        let mut map = serializer.serialize_map(Some(3 + usize::from(with_details)))?;
        map.serialize_entry("code", &Code::new(error.code(), self.options))?;
        map.serialize_entry("message", &Text(error))?;
        map.serialize_entry("retryable", &error.retryable())?;
        if with_details {
            map.serialize_entry(
                "details",
                &ResponseDetails {
                    error,
                    stack: stack.as_deref(),
                },
            )?;
        }
        map.end()
    }
}

impl<E: ?Sized + VisitData> Serialize for JsonRpcResultView<'_, E> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        struct ErrorMember<'v, 'a, E: ?Sized>(&'v ErrorResponseView<'a, E>);
        impl<E: ?Sized + VisitData> Serialize for ErrorMember<'_, '_, E> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut map = serializer.serialize_map(Some(1))?;
                map.serialize_entry("error", self.0)?;
                map.end()
            }
        }

        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("jsonrpc", JSONRPC_VERSION)?;
        map.serialize_entry("id", &self.id)?;
        map.serialize_entry("result", &ErrorMember(&self.response))?;
        map.end()
    }
}

/// Whether the error hands at least one field or a details text to `data` (an `Option` field
/// that is `None` is not handed over). A dry run of [`McpError::visit_data`] that serializes
/// nothing: free for a sized error; through a trait object each field is converted once more.
fn visits_any_field<E: ?Sized + VisitData>(error: &E) -> bool {
    struct Probe(bool);
    impl FieldSink for Probe {
        type Error = serde_json::Error;
        fn field<T: ?Sized + Serialize>(
            &mut self,
            _: &'static str,
            _: &T,
        ) -> Result<(), Self::Error> {
            self.0 = true;
            Ok(())
        }
        fn details(&mut self, _: &dyn fmt::Display) -> Result<(), Self::Error> {
            self.0 = true;
            Ok(())
        }
    }
    let mut probe = Probe(false);
    // On failure, write the member anyway: the real pass then reports the error.
    error.visit_data_any(&mut probe).is_err() || probe.0
}

/// Whether the catalog row has a `#[mcp(details)]` field.
fn has_details_field<E: ?Sized + McpError>(error: &E) -> bool {
    error
        .entry()
        .fields
        .iter()
        .any(|f| f.role == FieldRole::Details)
}

/// [`McpError::retry_after`] in whole milliseconds, saturating.
fn retry_after_ms<E: ?Sized + McpError>(error: &E) -> Option<u64> {
    error.retry_after().map(whole_ms)
}

/// The `code` member, as a number or as a string.
struct Code {
    code: i32,
    as_string: bool,
}

impl Code {
    fn new(code: i32, options: Options) -> Code {
        Code {
            code,
            as_string: options.code_as_string,
        }
    }
}

impl Serialize for Code {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.as_string {
            serializer.collect_str(&self.code)
        } else {
            serializer.serialize_i32(self.code)
        }
    }
}

/// A `Display` value serialized as a JSON string through `collect_str` (no `String`).
///
/// A `Display` impl that fails on its own (not because the output failed) makes
/// serialization return an error instead of reaching `serde_json`'s internal `expect`.
struct Text<T>(T);

impl<T: fmt::Display> Serialize for Text<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let failed = Cell::new(false);
        let result = serializer.collect_str(&Guarded {
            inner: &self.0,
            failed: &failed,
        });
        if failed.get() {
            return Err(S::Error::custom(
                "a Display implementation returned an error",
            ));
        }
        result
    }
}

/// Forwards to `inner`, turning a spontaneous `fmt::Error` into a flag.
struct Guarded<'a, T> {
    inner: &'a T,
    failed: &'a Cell<bool>,
}

impl<T: fmt::Display> fmt::Display for Guarded<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct Probe<'a, 'b> {
            out: &'a mut fmt::Formatter<'b>,
            out_failed: bool,
        }
        impl fmt::Write for Probe<'_, '_> {
            fn write_str(&mut self, s: &str) -> fmt::Result {
                self.out
                    .write_str(s)
                    .inspect_err(|_| self.out_failed = true)
            }
        }

        let mut probe = Probe {
            out: f,
            out_failed: false,
        };
        match fmt::write(&mut probe, format_args!("{}", self.inner)) {
            Ok(()) => Ok(()),
            Err(e) if probe.out_failed => Err(e),
            Err(_) => {
                self.failed.set(true);
                Ok(())
            }
        }
    }
}

/// `"{symbol}: {message}"`, the text of a tool error.
struct SymbolAndMessage<'a, E: ?Sized>(&'a E);

impl<E: ?Sized + McpError> fmt::Display for SymbolAndMessage<'_, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.symbol())?;
        f.write_str(": ")?;
        fmt::Display::fmt(self.0, f)
    }
}

/// Which keys of a map the envelope writes itself; a data field under one of them is dropped
/// so the output never has duplicate keys.
struct Reserved {
    /// Keys always written.
    fixed: &'static [&'static str],
    /// Keys written in this instance (`retryAfterMs` when known, `stack` when captured, ...).
    present: [Option<&'static str>; 4],
}

impl Reserved {
    fn contains(&self, key: &str) -> bool {
        self.fixed.contains(&key) || self.present.iter().flatten().any(|k| *k == key)
    }
}

/// Drives a `SerializeMap` as the [`FieldSink`] of an error.
struct MapSink<'m, M> {
    map: &'m mut M,
    /// The key of the `#[mcp(details)]` text.
    details_key: &'static str,
    reserved: Reserved,
}

impl<M: SerializeMap> FieldSink for MapSink<'_, M> {
    type Error = M::Error;

    fn field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), M::Error> {
        if self.reserved.contains(key) {
            return Ok(());
        }
        self.map.serialize_entry(key, value)
    }

    fn details(&mut self, details: &dyn fmt::Display) -> Result<(), M::Error> {
        self.map.serialize_entry(self.details_key, &Text(details))
    }
}

/// The `data` member of an error object.
struct Data<'a, E: ?Sized> {
    error: &'a E,
    plain: bool,
    stack: Option<&'a [String]>,
}

impl<E: ?Sized + VisitData> Serialize for Data<'_, E> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let error = self.error;
        let mut map = serializer.serialize_map(None)?;
        let retry_after = if self.plain {
            None
        } else {
            retry_after_ms(error)
        };
        let details = has_details_field(error).then_some("details");
        let stack = self.stack.map(|_| "stack");
        let reserved = if self.plain {
            Reserved {
                fixed: &[],
                present: [details, stack, None, None],
            }
        } else {
            map.serialize_entry("domain", error.domain())?;
            map.serialize_entry("symbol", error.symbol())?;
            map.serialize_entry("retryable", &error.retryable())?;
            Reserved {
                fixed: &["domain", "symbol", "retryable"],
                present: [details, stack, retry_after.map(|_| "retryAfterMs"), None],
            }
        };
        error.visit_data_any(&mut MapSink {
            map: &mut map,
            details_key: "details",
            reserved,
        })?;
        if let Some(ms) = retry_after {
            map.serialize_entry("retryAfterMs", &ms)?;
        }
        if let Some(stack) = self.stack {
            map.serialize_entry("stack", stack)?;
        }
        map.end()
    }
}

/// The `details` member of seed 001's `ErrorResponse`.
struct ResponseDetails<'a, E: ?Sized> {
    error: &'a E,
    stack: Option<&'a [String]>,
}

impl<E: ?Sized + VisitData> Serialize for ResponseDetails<'_, E> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let error = self.error;
        let help = error.help();
        let retry_after = retry_after_ms(error);
        let mut map = serializer.serialize_map(None)?;
        // A data field may use one of these keys only when the envelope does not write it.
        let reserved = Reserved {
            fixed: &[],
            present: [
                has_details_field(error).then_some("reason"),
                help.map(|_| "suggestion"),
                retry_after.map(|_| "retryAfterMs"),
                self.stack.map(|_| "stack"),
            ],
        };
        error.visit_data_any(&mut MapSink {
            map: &mut map,
            details_key: "reason",
            reserved,
        })?;
        if let Some(help) = help {
            map.serialize_entry("suggestion", help)?;
        }
        if let Some(ms) = retry_after {
            map.serialize_entry("retryAfterMs", &ms)?;
        }
        if let Some(stack) = self.stack {
            map.serialize_entry("stack", stack)?;
        }
        map.end()
    }
}

/// `content` of a tool error: one text block.
struct ToolContent<'a, E: ?Sized>(&'a E);

impl<E: ?Sized + McpError> Serialize for ToolContent<'_, E> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        struct TextBlock<'a, E: ?Sized>(&'a E);
        impl<E: ?Sized + McpError> Serialize for TextBlock<'_, E> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut map = serializer.serialize_map(Some(2))?;
                map.serialize_entry("type", "text")?;
                map.serialize_entry("text", &Text(SymbolAndMessage(self.0)))?;
                map.end()
            }
        }

        let mut seq = serializer.serialize_seq(Some(1))?;
        seq.serialize_element(&TextBlock(self.0))?;
        seq.end()
    }
}

/// `_meta` of a tool error.
struct ToolMeta<'a, E: ?Sized>(&'a E);

impl<E: ?Sized + McpError> Serialize for ToolMeta<'_, E> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let error = self.0;
        let retry_after = retry_after_ms(error);
        let mut map = serializer.serialize_map(Some(5 + usize::from(retry_after.is_some())))?;
        map.serialize_entry("errorType", error.kind().error_type())?;
        map.serialize_entry("errorCode", error.symbol())?;
        map.serialize_entry("retryable", &error.retryable())?;
        map.serialize_entry("code", &error.code())?;
        map.serialize_entry("domain", error.domain())?;
        if let Some(ms) = retry_after {
            map.serialize_entry("retryAfterMs", &ms)?;
        }
        map.end()
    }
}
