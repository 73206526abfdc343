//! Tool arguments that fail to deserialize, in the taxonomy: [`parse`] reads a tool's
//! arguments into its parameter type and, when that fails, returns an [`ArgumentError`]: the
//! common `E_INVALID_PARAMS` (1000) of the Node fleet's numeric ranges, whose `data` names the offending argument as a
//! JSON Pointer and says what was expected.
//!
//! ```
//! use mcp_errors_core::arguments;
//! use mcp_errors_core::{McpError, McpErrorExt};
//!
//! #[derive(Debug, serde::Deserialize)]
//! struct NavigateArgs {
//!     url: String,
//! }
//!
//! let args = serde_json::json!({ "url": 42 });
//! let err = arguments::parse::<NavigateArgs>(&args).unwrap_err();
//! assert_eq!((err.code(), err.symbol()), (1000, "E_INVALID_PARAMS"));
//! assert_eq!(err.pointer(), "/url");
//! assert_eq!(err.expected(), Some("a string"));
//! assert_eq!(
//!     err.to_error_object().to_json_value().unwrap()["data"],
//!     serde_json::json!({
//!         "domain": "common", "symbol": "E_INVALID_PARAMS", "retryable": false,
//!         "details": "/url: invalid type: integer `42`, expected a string",
//!         "pointer": "/url", "expected": "a string",
//!     }),
//! );
//! ```
//!
//! The arguments are deserialized as `serde_json::from_value` does, through
//! [`serde_path_to_error`](https://docs.rs/serde_path_to_error), which tracks where the
//! deserializer is. Needs the `arguments` feature (every rmcp feature turns it on).

use core::fmt;

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::{ErrorEntry, ErrorKind, FieldEntry, FieldRole, FieldSink, McpError};

/// The catalog code of an [`ArgumentError`], `E_INVALID_PARAMS` (1000): that of
/// `CommonError::InvalidParams` (`CommonError::E_INVALID_PARAMS`), not the JSON-RPC code
/// [`jsonrpc::INVALID_PARAMS`](crate::jsonrpc::INVALID_PARAMS) (-32602).
pub const E_INVALID_PARAMS: i32 = 1000;

/// The former name of [`E_INVALID_PARAMS`] (1000), which read like
/// [`jsonrpc::INVALID_PARAMS`](crate::jsonrpc::INVALID_PARAMS) (-32602). Kept for one release.
#[doc(hidden)]
#[deprecated(
    note = "use `arguments::E_INVALID_PARAMS` (1000); the JSON-RPC code -32602 is `jsonrpc::INVALID_PARAMS`"
)]
pub const INVALID_PARAMS: i32 = E_INVALID_PARAMS;

const FIELDS: &[FieldEntry] = &[
    FieldEntry {
        name: "details",
        key: "details",
        role: FieldRole::Details,
    },
    FieldEntry {
        name: "pointer",
        key: "pointer",
        role: FieldRole::Data,
    },
    FieldEntry {
        name: "expected",
        key: "expected",
        role: FieldRole::Data,
    },
];

/// The catalog row of an [`ArgumentError`]: that of `CommonError::InvalidParams` (a facade
/// test ties the two), with the fields `details`, `pointer` and `expected`.
pub static ENTRY: ErrorEntry = ErrorEntry {
    code: E_INVALID_PARAMS,
    symbol: "E_INVALID_PARAMS",
    domain: "common",
    message: "Invalid parameters",
    retryable: false,
    kind: ErrorKind::Validation,
    variant: "InvalidParams",
    doc: "Invalid parameters\n\nA tool's arguments did not deserialize into its parameter type.",
    aliases: &[],
    help: Some("Fix the parameters and send the request again"),
    channel: crate::Channel::ToolError,
    error_type: None,
    fields: FIELDS,
};

/// A tool's arguments did not deserialize: the common `E_INVALID_PARAMS` (1000),
/// domain `common`, not retryable.
///
/// `data` holds `details` (``"/url: invalid type: integer `42`, expected a string"``),
/// `pointer` (the offending argument as a JSON Pointer, RFC 6901: `"/url"`,
/// `"/items/0/name"`; `""` for the arguments as a whole) and, when serde said,
/// `expected` (`"a string"`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgumentError {
    pointer: String,
    expected: Option<String>,
    details: String,
}

impl ArgumentError {
    /// The error of a deserialization that failed with `error` at `pointer` (a JSON Pointer,
    /// `""` for the whole value; for an unknown field, the field's own). A `missing field` error
    /// is reported at the object that lacks it, so the field's name is appended to the
    /// pointer.
    pub fn new(error: &serde_json::Error, pointer: impl Into<String>) -> ArgumentError {
        Self::from_message(&error.to_string(), pointer.into())
    }

    fn from_message(raw: &str, mut pointer: String) -> ArgumentError {
        let message = &bounded(raw);
        // The name from serde's whole text: the bounded one may have lost its closing quote.
        let expected = if let Some(field) = field_named(raw, "missing field `") {
            push_token(&mut pointer, field);
            Some("a value: the argument is required".to_owned())
        } else {
            message
                // The last one: the value serde quotes before it may hold the words too.
                .rsplit_once(", expected ")
                .map(|(_, expected)| expected.to_owned())
        };
        bound_pointer(&mut pointer);
        let details = if pointer.is_empty() {
            message.to_string()
        } else {
            format!("{pointer}: {message}")
        };
        ArgumentError {
            pointer,
            expected,
            details,
        }
    }

    /// The offending argument as a JSON Pointer (`"/url"`), `""` for the arguments as a whole.
    /// A pointer over 1 KiB (a huge unknown field's or map key's name) is cut, ending `…`.
    pub fn pointer(&self) -> &str {
        &self.pointer
    }

    /// What was expected there (`"a string"`), when the deserializer said.
    pub fn expected(&self) -> Option<&str> {
        self.expected.as_deref()
    }

    /// The full text: the pointer and the deserializer's message.
    pub fn details(&self) -> &str {
        &self.details
    }
}

impl fmt::Display for ArgumentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(ENTRY.message)
    }
}

impl std::error::Error for ArgumentError {}

impl McpError for ArgumentError {
    fn entry(&self) -> &'static ErrorEntry {
        &ENTRY
    }

    fn domain(&self) -> &'static str {
        ENTRY.domain
    }

    fn visit_data<S: FieldSink>(&self, sink: &mut S) -> Result<(), S::Error> {
        sink.details(&self.details)?;
        sink.field("pointer", &self.pointer)?;
        if let Some(expected) = &self.expected {
            sink.field("expected", expected)?;
        }
        Ok(())
    }

    fn __visit_data_dyn(
        &self,
        sink: &mut dyn crate::error::DynFieldSink,
    ) -> Result<(), serde_json::Error> {
        self.visit_data(&mut crate::error::DynAdapter(sink))
    }
}

/// Deserializes a tool's `arguments` into `T`, as `serde_json::from_value` does; on failure
/// an [`ArgumentError`] naming the offending argument.
///
/// # Errors
///
/// [`ArgumentError`] when `arguments` does not deserialize into `T`.
pub fn parse<T: DeserializeOwned>(arguments: &Value) -> Result<T, ArgumentError> {
    serde_path_to_error::deserialize(arguments)
        .map_err(|error| ArgumentError::new(error.inner(), pointer(error.path())))
}

/// [`parse`] of a tool's arguments as MCP sends them: an object, or nothing (`{}`).
///
/// # Errors
///
/// [`ArgumentError`] when `arguments` does not deserialize into `T`.
pub fn parse_object<T: DeserializeOwned>(
    arguments: Option<Map<String, Value>>,
) -> Result<T, ArgumentError> {
    parse(&Value::Object(arguments.unwrap_or_default()))
}

/// The JSON Pointer (RFC 6901) of serde's path `a[0].b/c`: `/a/0/b~1c`; the root is `""`. A
/// value serde buffers before deserializing it (inside `flatten`, an untagged or internally
/// tagged enum) is not followed: the pointer ends at the buffered value, and a field missing
/// inside it is named as if the buffered value lacked it.
fn pointer(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    let mut pointer = String::new();
    for segment in path {
        match segment {
            Segment::Seq { index } => push_token(&mut pointer, &index.to_string()),
            Segment::Map { key } | Segment::Enum { variant: key } => push_token(&mut pointer, key),
            Segment::Unknown => break,
        }
    }
    pointer
}

/// How many bytes of serde's text are kept on each side of its `, expected `: the text before
/// quotes the offending value, which may be megabytes; cut, the pointer and what was expected
/// still fit in a reply's budget.
const MAX_PART: usize = 256;

/// serde's message with each side of its last `, expected ` cut to [`MAX_PART`] bytes (at a
/// character boundary, ending `…`).
fn bounded(message: &str) -> std::borrow::Cow<'_, str> {
    fn cut(part: &str) -> std::borrow::Cow<'_, str> {
        if part.len() <= MAX_PART {
            return part.into();
        }
        format!("{}…", head(part, MAX_PART)).into()
    }
    match message.rsplit_once(", expected ") {
        Some((value, expected)) if value.len() > MAX_PART || expected.len() > MAX_PART => {
            format!("{}, expected {}", cut(value), cut(expected)).into()
        }
        Some(_) => message.into(),
        None => cut(message),
    }
}

/// The longest start of `s` of at most `max` bytes that ends at a character boundary.
fn head(s: &str, max: usize) -> &str {
    let mut end = max.min(s.len());
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

/// The name between the backticks after `prefix` (serde's ``missing field `url` ``), up to the
/// last backtick: a renamed field's name may hold one.
fn field_named<'m>(message: &'m str, prefix: &str) -> Option<&'m str> {
    let rest = message.strip_prefix(prefix)?;
    rest.rsplit_once('`').map(|(name, _)| name)
}

/// How many bytes of a JSON Pointer are kept: an argument's name is the caller's (an unknown
/// field, a map's key), and may be megabytes.
const MAX_POINTER: usize = 4 * MAX_PART;

/// Cuts `pointer` to [`MAX_POINTER`] bytes at a character boundary, not inside a `~0`/`~1`
/// escape, ending `…`: a cut pointer still shows where the argument is, but no longer
/// resolves.
fn bound_pointer(pointer: &mut String) {
    if pointer.len() <= MAX_POINTER {
        return;
    }
    pointer.truncate(head(pointer, MAX_POINTER).len());
    // Every `~` starts an escape: one at the end is an escape cut in half.
    if pointer.ends_with('~') {
        pointer.pop();
    }
    pointer.push('…');
}

/// Appends one reference token to a JSON Pointer, escaped (`~` as `~0`, `/` as `~1`).
fn push_token(pointer: &mut String, token: &str) {
    pointer.push('/');
    for c in token.chars() {
        match c {
            '~' => pointer.push_str("~0"),
            '/' => pointer.push_str("~1"),
            c => pointer.push(c),
        }
    }
}
